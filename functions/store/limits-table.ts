import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  GetItemCommand,
  UpdateItemCommand,
  waitUntilTableExists,
  type DeleteItemCommandInput,
  type DynamoDBClient,
  type GetItemCommandInput,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';

/**
 * The rate-limit counters live in a table of their own: the key schema is the one
 * rate-limiter-flexible's DynamoDB store expects (`key`, with `expire` as its TTL attribute), and
 * the counters stay off the game table's stream. Losing them only resets the windows.
 */
export const LIMITS_KEY = 'key';
export const LIMITS_TTL_ATTRIBUTE = 'expire';

/**
 * The calls rate-limiter-flexible makes on its `storeClient`, sent through our own client (the
 * library wants the aggregated `DynamoDB` class; this way the service keeps one client, with its
 * retries, endpoint and test hooks).
 */
export function limitsStoreClient(db: DynamoDBClient) {
  return {
    getItem: (input: GetItemCommandInput) => db.send(new GetItemCommand(input)),
    updateItem: (input: UpdateItemCommandInput) => db.send(new UpdateItemCommand(input)),
    deleteItem: (input: DeleteItemCommandInput) => db.send(new DeleteItemCommand(input)),
  };
}

/** Creates the limits table for local use and tests; in AWS the CDK stack owns it. */
export async function ensureLimitsTable(db: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await db.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: LIMITS_KEY, AttributeType: 'S' }],
      KeySchema: [{ AttributeName: LIMITS_KEY, KeyType: 'HASH' }],
    }),
  );
  await waitUntilTableExists({ client: db, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
}
