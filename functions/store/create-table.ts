import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { DEADLINE_INDEX } from './keys.js';

const DEADLINE_ATTRIBUTES: AttributeDefinition[] = [
  { AttributeName: 'dueShard', AttributeType: 'S' },
  { AttributeName: 'dueAt', AttributeType: 'S' },
];

const DEADLINE_GSI: GlobalSecondaryIndex = {
  IndexName: DEADLINE_INDEX,
  KeySchema: [
    { AttributeName: 'dueShard', KeyType: 'HASH' },
    { AttributeName: 'dueAt', KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: 'KEYS_ONLY' },
};

/**
 * Creates the table for local use and tests, with the key schema and index infra/ deploys; a
 * table from an older local data folder gets the index added. In AWS the CDK stack owns the
 * table; this is never called there.
 */
export async function ensureTable(db: DynamoDBClient, tableName: string): Promise<void> {
  let indexes: string[] | null = null;
  try {
    const out = await db.send(new DescribeTableCommand({ TableName: tableName }));
    indexes = (out.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '');
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException) && (err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  if (indexes?.includes(DEADLINE_INDEX)) return;
  if (indexes) {
    await db.send(new UpdateTableCommand({ TableName: tableName, AttributeDefinitions: DEADLINE_ATTRIBUTES, GlobalSecondaryIndexUpdates: [{ Create: DEADLINE_GSI }] }));
  } else {
    await db.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }, ...DEADLINE_ATTRIBUTES],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [DEADLINE_GSI],
      }),
    );
  }
  await waitUntilTableExists({ client: db, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
}
