import {
  CreateTableCommand,
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  ResourceNotFoundException,
  ScanCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { DEADLINE_INDEX, keys } from './keys.js';

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

/** The layout this code reads and writes (docs/architecture.md, "Store: one read, one write"). */
export const TABLE_LAYOUT = 2;

/** A local data folder whose table holds items in a layout this code cannot read. */
export class OldTableLayout extends Error {
  override readonly name = 'OldTableLayout';
}

/**
 * Creates the table for local use and tests, with the key schema and index infra/ deploys, and
 * marks it with the layout its items follow. An existing table must carry that mark, or be empty:
 * a data folder from before the commit layout is refused with a message saying what to do (the
 * older layout is not converted). In AWS the CDK stack owns the table; this is never called there.
 */
export async function ensureTable(db: DynamoDBClient, tableName: string): Promise<void> {
  let indexed = false;
  try {
    const { Table } = await db.send(new DescribeTableCommand({ TableName: tableName }));
    indexed = (Table?.GlobalSecondaryIndexes ?? []).some((i) => i.IndexName === DEADLINE_INDEX);
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException) && (err as Error).name !== 'ResourceNotFoundException') throw err;
    await createTable(db, tableName);
    indexed = true;
  }
  const marker = { pk: { S: keys.format.pk }, sk: { S: keys.format.sk } };
  const { Item } = await db.send(new GetItemCommand({ TableName: tableName, Key: marker, ConsistentRead: true }));
  const layout = Number(Item?.layout?.N ?? 0);
  if (layout === TABLE_LAYOUT) return;
  const { Items } = await db.send(new ScanCommand({ TableName: tableName, Limit: 1 }));
  if (!indexed || layout > TABLE_LAYOUT || (Items ?? []).length > 0) {
    throw new OldTableLayout(
      `The table ${tableName} holds data in layout ${layout || 1}; this version of railpost reads layout ${TABLE_LAYOUT} only. ` +
        'Local data from before it cannot be read: move the data folder (RAILPOST_DATA_DIR, default ./.data) away or delete it, then start again.',
    );
  }
  await db.send(new PutItemCommand({ TableName: tableName, Item: { ...marker, layout: { N: String(TABLE_LAYOUT) } } }));
}

async function createTable(db: DynamoDBClient, tableName: string): Promise<void> {
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        ...DEADLINE_ATTRIBUTES,
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [DEADLINE_GSI],
    }),
  );
  await waitUntilTableExists({ client: db, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
}
