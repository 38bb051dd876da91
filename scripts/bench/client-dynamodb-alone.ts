// The baseline of `npm run bench bundle`: the DynamoDB client alone, bundled like a handler. What
// the API's move path uses of it: the client, and a command (the shapes come with it).
export { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
