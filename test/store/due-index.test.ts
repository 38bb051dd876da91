/**
 * The sweep reads every due entry of the deadline index, page after page: nothing due waits for
 * a later sweep behind a per-shard cap (docs/architecture.md "Sweeper"). On dynalite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { dueInIndex } from '../../functions/store/due-index.js';
import { keys } from '../../functions/store/keys.js';
import { TimeTable } from '../../functions/store/time-table.js';
import { traceCalls } from '../../functions/store/trace.js';

let store: Awaited<ReturnType<typeof startEmbeddedStore>>;
const tableName = `railpost-due-${randomUUID().slice(0, 8)}`;
beforeAll(async () => {
  store = await startEmbeddedStore();
  await ensureTable(store.client(), tableName);
});
afterAll(() => store.close());

/** `n` game ids whose deadline entries all fall in shard DUE#0. */
function idsOfShardZero(n: number): string[] {
  const ids: string[] = [];
  for (let i = 0; ids.length < n; i++) if (keys.dueShard(`g${i}`) === 'DUE#0') ids.push(`g${i}`);
  return ids;
}

describe('the deadline index read to its end', () => {
  it('250 due in one shard are all found, over three pages of 100, and an entry due later is not', async () => {
    const client = store.client();
    const times = new TimeTable(client, tableName);
    const ids = idsOfShardZero(251);
    for (const [i, id] of ids.entries())
      await times.setDue(id, i < 250 ? '2026-11-29T05:00:00.000Z' : '2026-11-29T07:00:00.000Z', 1, 'exact');
    const now = new Date('2026-11-29T06:00:00.000Z');
    let queries = 0;
    traceCalls(client, (call) => {
      if (call.command === 'QueryCommand') queries++;
    });
    const paged = await dueInIndex(client, tableName, (shard) => `DUE#${shard}`, now, 100);
    expect(paged.map((d) => d.pk).sort()).toEqual(ids.slice(0, 250).map(keys.game).sort());
    // Shard 0: 100 + 100 + 50; the other three shards: one empty page each.
    expect(queries).toBe(6);
    expect((await times.dueGames(now)).map((d) => d.gameId).sort()).toEqual(ids.slice(0, 250).sort());
  });
});
