import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  ScanCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
  type AttributeDefinition,
  type AttributeValue,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type WriteRequest,
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
  if (indexes) return addDeadlineIndex(db, tableName);
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
  await waitUntilTableExists({ client: db, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
}

/**
 * A data folder from before the index: add it. dynalite cannot add an index to a table (it
 * accepts only throughput updates), so the table is rebuilt with it: every item read, the table
 * dropped and created again, the items written back. Local data is small; AWS never gets here.
 */
async function addDeadlineIndex(db: DynamoDBClient, tableName: string): Promise<void> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await db.send(new DeleteTableCommand({ TableName: tableName }));
  await waitUntilTableNotExists({ client: db, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
  await ensureTable(db, tableName);
  for (let i = 0; i < items.length; i += 25) {
    let batch: WriteRequest[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; batch && batch.length > 0; attempt++) {
      if (attempt > 0) await new Promise((ok) => setTimeout(ok, Math.min(1000, 25 * 2 ** attempt)));
      const out: { UnprocessedItems?: Record<string, WriteRequest[]> } = await db.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: batch } }));
      batch = out.UnprocessedItems?.[tableName];
    }
  }
}
