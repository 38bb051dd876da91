/**
 * Leaderboards in shards on every backend (functions/service/leaderboard.ts, docs/hot-items.md): rows
 * spread over the shards, the merged read is the board one item would keep, racing writers all land,
 * and nobody is listed twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardEntry } from '../../../functions/domain/ratings.js';
import { BOARD_SHARDS, keys } from '../../../functions/store/keys.js';
import { Leaderboard, ranked } from '../../../functions/service/leaderboard.js';
import { boardRow, inShards } from './board-fixtures.js';
import type { Harness } from './backends.js';
import { uid } from './fixtures.js';

const shown = (rows: readonly BoardEntry[]) => rows.map((r) => [r.playerId, r.rating, r.version]);

export function boardsSuite(h: Harness): void {
  describe('leaderboards in shards', () => {
    it('spreads rows over the shards, each shard holding only its own players, and reads the best of all of them', async () => {
      const kind = `spread-${uid()}`;
      const board = new Leaderboard(h.stores.ratings);
      const players = Array.from({ length: 40 }, (_, i) => `sp-${i}`);
      for (const [i, p] of players.entries()) await board.put(kind, boardRow(p, 1, 1400 + i));
      const shards = new Set(players.map((p) => keys.boardShardOf(p, BOARD_SHARDS)));
      expect(shards.size).toBeGreaterThan(BOARD_SHARDS / 2);
      for (const p of players) {
        const { entries } = await h.stores.ratings.getBoardShard(kind, p);
        const shard = keys.boardShardOf(p, BOARD_SHARDS);
        expect(entries.filter((e) => keys.boardShardOf(e.playerId, BOARD_SHARDS) !== shard)).toEqual([]);
        expect(entries.map((e) => e.playerId)).toContain(p);
      }
      expect((await board.top(kind)).map((r) => r.playerId)).toEqual([...players].reverse());
      expect((await board.top(kind, 3)).map((r) => r.playerId)).toEqual(['sp-39', 'sp-38', 'sp-37']);
    });

    it('the merged read is the best N of every player’s newest rating, as one board would keep it, and lists nobody twice', async () => {
      const size = 3;
      // Crowded shards make shards drop rows; a few players elsewhere make the merge choose.
      const [first, second, ...rest] = inShards(6, 5);
      const pool = [...first!, ...second!, ...rest.map((ids) => ids[0]!)];
      const update = fc.record({ player: fc.nat(pool.length - 1), rating: fc.integer({ min: 1400, max: 1410 }) });
      await fc.assert(
        fc.asyncProperty(fc.array(update, { minLength: 1, maxLength: 20 }), fc.boolean(), async (updates, rising) => {
          const kind = `prop-${uid()}`;
          const board = new Leaderboard(h.stores.ratings, size);
          const newest = new Map<string, BoardEntry>();
          for (const u of updates) {
            const p = pool[u.player]!;
            const before = newest.get(p);
            const rating = rising ? Math.max(u.rating, before?.rating ?? 0) : u.rating;
            const row = boardRow(p, (before?.version ?? 0) + 1, rating);
            newest.set(p, row);
            await board.put(kind, row);
          }
          const top = await board.top(kind);
          expect(new Set(top.map((r) => r.playerId)).size).toBe(top.length);
          expect(top).toEqual(ranked(top));
          for (const row of top) expect(row).toEqual(newest.get(row.playerId));
          // With ratings that never fall, one board and the shards both keep exactly the best N.
          if (rising) expect(shown(top)).toEqual(shown(ranked([...newest.values()]).slice(0, size)));
          else expect(top.length).toBe(Math.min(size, newest.size));
        }),
        { numRuns: 12 },
      );
    });

    it('racing updates to one shard all land, and a player racing their own entries is listed once, at the newest', async () => {
      const kind = `race-${uid()}`;
      const board = new Leaderboard(h.stores.ratings);
      const [crowd] = inShards(1, 8);
      await Promise.all(crowd!.map((p, i) => board.put(kind, boardRow(p, 1, 1500 + i))));
      expect((await board.top(kind)).map((r) => r.playerId)).toEqual([...crowd!].reverse());
      const p = crowd![0]!;
      await Promise.all([3, 5, 2, 4].map((v) => board.put(kind, boardRow(p, v, 1600 + v))));
      const listed = (await board.top(kind)).filter((r) => r.playerId === p);
      expect(listed).toEqual([boardRow(p, 5, 1605)]);
    });

    it('a player whose rating fell goes off their full shard when a better one comes, and off the merged board', async () => {
      const kind = `fall-${uid()}`;
      const board = new Leaderboard(h.stores.ratings, 2);
      const [[a, b, c], [d]] = inShards(2, 3) as [string[], string[]];
      await board.put(kind, boardRow(a!, 1, 1600));
      await board.put(kind, boardRow(b!, 1, 1500));
      await board.put(kind, boardRow(d!, 1, 1450));
      await board.put(kind, boardRow(a!, 2, 1400));
      expect(shown(await board.top(kind))).toEqual([
        [b, 1500, 1],
        [d, 1450, 1],
      ]);
      await board.put(kind, boardRow(c!, 1, 1550));
      expect((await h.stores.ratings.getBoardShard(kind, a!)).entries.map((r) => r.playerId)).toEqual([c, b]);
      expect((await board.top(kind)).map((r) => r.playerId)).toEqual([c, b]);
      // A newer, better entry brings them back.
      await board.put(kind, boardRow(a!, 3, 1700));
      expect((await board.top(kind)).map((r) => r.playerId)).toEqual([a, c]);
      // b went off the shard for a: a shard that drops a row does not get it back.
      await board.drop(kind, a!);
      expect((await board.top(kind)).map((r) => r.playerId)).toEqual([c, d]);
    });
  });
}
