/** Ratings and finished public games on every backend: the rating log, plans, boards, search and histories. */
import { describe, expect, it } from 'vitest';
import type { FinishedGameRecord, RatingEntry } from '../../../functions/domain/ratings.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import type { Harness } from './backends.js';
import { boardRow, inShards, sortedIds } from './board-fixtures.js';
import { uid } from './fixtures.js';

const entry = (version: number, at: string): RatingEntry => ({
  version,
  gameId: `g-${version}`,
  rating: 1500 + version,
  rd: 200,
  vol: 0.06,
  before: { rating: 1500, rd: 350, vol: 0.06 },
  at,
});

const finishedGame = (game: string, gameId: string, finishedAt: string, names: string[]): FinishedGameRecord => ({
  gameId,
  game,
  finishedAt,
  seats: names.map((name, seat) => ({
    seat,
    name,
    playerId: `p-${name.toLowerCase()}`,
    bot: false,
    place: seat + 1,
    score: 10 - seat,
    forfeited: false,
  })),
  rated: true,
});

export function ratingsSuite(h: Harness): void {
  describe('ratings (the log per kind, plans, boards)', () => {
    it('the log claims each version once; the newest is the rating; reads from a version and since a time', async () => {
      const p = `r-${uid()}`;
      const ratings = h.stores.ratings;
      expect(await ratings.latestRating(p, 'chess')).toBeNull();
      const log = [1, 2, 3, 11].map((v) => entry(v, `2026-11-${String(10 + v).padStart(2, '0')}T10:00:00.000Z`));
      for (const e of log) await ratings.putRating(p, 'chess', e);
      await ratings.putRating(p, 'go', entry(1, '2026-11-01T10:00:00.000Z'));
      await expect(ratings.putRating(p, 'chess', entry(2, '2026-11-30T10:00:00.000Z'))).rejects.toBeInstanceOf(
        WriteConflict,
      );
      expect(await ratings.latestRating(p, 'chess')).toEqual(log[3]);
      expect(await ratings.ratingsFrom(p, 'chess', 2)).toEqual(log.slice(1));
      expect(await ratings.ratingsSince(p, 'chess', '2026-11-13T00:00:00.000Z')).toEqual([log[3], log[2]]);
    });

    it('noteLatest keeps the newest entry of each kind, read for one player and for many', async () => {
      const [p, q] = [`n-${uid()}`, `n-${uid()}`];
      const ratings = h.stores.ratings;
      await ratings.noteLatest(p, 'chess', entry(2, '2026-11-02T10:00:00.000Z'));
      await ratings.noteLatest(p, 'chess', entry(1, '2026-11-01T10:00:00.000Z'));
      await ratings.noteLatest(p, 'go', entry(1, '2026-11-03T10:00:00.000Z'));
      const noted = new Map([
        ['chess', entry(2, '2026-11-02T10:00:00.000Z')],
        ['go', entry(1, '2026-11-03T10:00:00.000Z')],
      ]);
      expect(await ratings.ratingsOf(p)).toEqual(noted);
      expect(await ratings.ratingsOf(q)).toEqual(new Map());
      expect(await ratings.ratingsOfMany([p, q, p])).toEqual(new Map([[p, noted]]));
    });

    it('a plan is written once, marked done, and forgets a deleted player but keeps the seat', async () => {
      const gameId = `plan-${uid()}`;
      const seat = (playerId: string, place: number) => ({
        playerId,
        name: playerId.toUpperCase(),
        place,
        before: { rating: 1500, rd: 350, vol: 0.06 },
        base: 0,
      });
      const plan = {
        gameId,
        kind: 'chess',
        seats: [seat('a', 1), seat('b', 2)],
        finishedAt: '2026-11-21T10:00:00.000Z',
        done: false,
      };
      expect(await h.stores.ratings.getPlan(gameId)).toBeNull();
      await h.stores.ratings.putPlan(plan);
      await expect(h.stores.ratings.putPlan({ ...plan, kind: 'go' })).rejects.toBeInstanceOf(WriteConflict);
      await h.stores.ratings.markPlanDone(gameId);
      await h.stores.deletion.forgetInPlan(gameId, 'b');
      expect(await h.stores.ratings.getPlan(gameId)).toEqual({
        ...plan,
        done: true,
        seats: [seat('a', 1), { ...seat('b', 2), playerId: '', name: '' }],
      });
    });

    it("a board shard is replaced only from the revision read; the board is every shard's rows", async () => {
      const kind = `board-${uid()}`;
      const [a, b] = inShards(2).map(([id]) => id!);
      const row = (playerId: string) => boardRow(playerId, 1, 1600);
      const ratings = h.stores.ratings;
      expect(await ratings.getBoardShard(kind, a!)).toEqual({ entries: [], revision: 0 });
      expect(await ratings.getBoard(kind)).toEqual([]);
      await ratings.replaceBoardShard(kind, a!, [row(a!)], 0);
      await expect(ratings.replaceBoardShard(kind, a!, [], 0)).rejects.toBeInstanceOf(WriteConflict);
      await expect(ratings.replaceBoardShard(kind, a!, [], 2)).rejects.toBeInstanceOf(WriteConflict);
      // Another shard has its own revision.
      await ratings.replaceBoardShard(kind, b!, [row(b!)], 0);
      expect(await ratings.getBoardShard(kind, a!)).toEqual({ entries: [row(a!)], revision: 1 });
      expect(sortedIds(await ratings.getBoard(kind))).toEqual([a, b].sort());
    });
  });

  describe('finished public games (search and histories)', () => {
    it('pages newest first by game and of all games, narrows by any part of a name, and lists each player their own', async () => {
      const game = `fin-${uid()}`;
      const written = Array.from({ length: 7 }, (_, i) =>
        finishedGame(game, `g${i}`, `2026-11-2${i}T10:00:00.000Z`, i % 2 ? ['Anna', 'Ben'] : ['Cleo', 'Dan']),
      );
      for (const g of written) await h.stores.finished.put(g);
      await h.stores.finished.put(written[0]!);
      const newest = [...written].reverse();
      const first = await h.stores.finished.search(game, null, 3, null);
      expect(first).toEqual({ items: newest.slice(0, 3), next: ['2026-11-24T10:00:00.000Z', 'g4'] });
      const second = await h.stores.finished.search(game, null, 3, first.next);
      expect(second.items).toEqual(newest.slice(3, 6));
      expect(await h.stores.finished.search(game, null, 3, second.next)).toEqual({
        items: newest.slice(6),
        next: null,
      });
      expect((await h.stores.finished.search(game, 'NN', 10, null)).items).toEqual(
        newest.filter((g) => g.gameId.match(/[135]/)),
      );
      expect((await h.stores.finished.search(null, null, 500, null)).items).toEqual(expect.arrayContaining(written));
      expect((await h.stores.finished.playedBy('p-cleo', 2, null)).items).toEqual([written[6], written[4]]);
    });
  });
}
