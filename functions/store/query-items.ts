import { QueryCommand, type DynamoDBClient, type QueryCommandInput } from '@aws-sdk/client-dynamodb';
import type { Item } from './attributes.js';

/** The items of a query, page after page, read only as far as the caller iterates. */
export async function* queryItems(
  db: DynamoDBClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<Item> {
  let start: Item | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}
