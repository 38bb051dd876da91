import { CreateTableCommand, DescribeTableCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { ensureTable } from '../../functions/store/create-table.js';

describe('ensureTable on a local data folder from before the deadline index', () => {
  it('rebuilds the table with the index and keeps every item', async () => {
    const store = await startEmbeddedStore();
    const db = store.client();
    try {
      await db.send(
        new CreateTableCommand({
          TableName: 'old',
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
      for (let i = 0; i < 60; i++) await db.send(new PutItemCommand({ TableName: 'old', Item: { pk: { S: 'GAME#x' }, sk: { S: `EV#${String(i).padStart(10, '0')}` }, n: { N: String(i) } } }));
      await db.send(new PutItemCommand({ TableName: 'old', Item: { pk: { S: 'GAME#y' }, sk: { S: 'HEAD' }, dueShard: { S: 'DUE#1' }, dueAt: { S: '2026-01-01T00:00:00.000Z' } } }));

      await ensureTable(db, 'old');

      const indexes = (await db.send(new DescribeTableCommand({ TableName: 'old' }))).Table?.GlobalSecondaryIndexes ?? [];
      expect(indexes.map((i) => i.IndexName)).toEqual(['Deadlines']);
      const events = await db.send(new QueryCommand({ TableName: 'old', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'GAME#x' } } }));
      expect(events.Items?.map((i) => Number(i.n?.N))).toEqual(Array.from({ length: 60 }, (_, i) => i));
      const due = await db.send(new QueryCommand({ TableName: 'old', IndexName: 'Deadlines', KeyConditionExpression: 'dueShard = :s', ExpressionAttributeValues: { ':s': { S: 'DUE#1' } } }));
      expect(due.Items?.map((i) => i.pk?.S)).toEqual(['GAME#y']);
      // A second start finds the index and changes nothing.
      await ensureTable(db, 'old');
      expect((await db.send(new QueryCommand({ TableName: 'old', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'GAME#x' } } }))).Items).toHaveLength(60);
    } finally {
      db.destroy();
      await store.close();
    }
  });
});
