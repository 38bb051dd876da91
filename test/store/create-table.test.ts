import { CreateTableCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { ensureTable, OldTableLayout } from '../../functions/store/create-table.js';

async function withStore(
  run: (db: ReturnType<Awaited<ReturnType<typeof startEmbeddedStore>>['client']>) => Promise<void>,
) {
  const store = await startEmbeddedStore();
  const db = store.client();
  try {
    await run(db);
  } finally {
    db.destroy();
    await store.close();
  }
}

describe('ensureTable and the layout of a local data folder', () => {
  it('marks a new table with its layout; a second start finds the mark and changes nothing', async () => {
    await withStore(async (db) => {
      await ensureTable(db, 'fresh');
      await db.send(new PutItemCommand({ TableName: 'fresh', Item: { pk: { S: 'GAME#x' }, sk: { S: 'META' } } }));
      await ensureTable(db, 'fresh');
      expect((await db.send(new ScanCommand({ TableName: 'fresh' }))).Items).toHaveLength(2);
    });
  });

  it('refuses a table from before the commit layout, and keeps every item of it, with a message saying what to do', async () => {
    await withStore(async (db) => {
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
      for (let i = 0; i < 3; i++)
        await db.send(
          new PutItemCommand({
            TableName: 'old',
            Item: { pk: { S: 'GAME#x' }, sk: { S: `EV#${String(i).padStart(10, '0')}` } },
          }),
        );
      const err = await ensureTable(db, 'old').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OldTableLayout);
      expect((err as Error).message).toMatch(/RAILPOST_DATA_DIR.*delete it/);
      expect((await db.send(new ScanCommand({ TableName: 'old' }))).Items).toHaveLength(3);
    });
  });
});
