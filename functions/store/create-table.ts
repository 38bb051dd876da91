import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, waitUntilTableExists, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Creates the table for local use and tests, with the key schema infra/ deploys.
 * In AWS the CDK stack owns the table; this is never called there.
 */
export async function ensureTable(db: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await db.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException) && (err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  await waitUntilTableExists({ client: db, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
}
