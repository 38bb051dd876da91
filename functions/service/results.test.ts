/**
 * Ratings from a finished game's places, pairwise in one Glicko-2 rating period
 * (docs/playing.md, "Ratings"), applied exactly once per game; bot and aborted games never count.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnyGame, GameRegistry, Outcome } from '../../engine/core/index.js';
import { memoryStores } from '../store/memory/index.js';
import type { Stores } from '../store/ports/stores.js';
import type { CommitRecord, GameMeta, SeatRecord } from '../domain/game.js';
import { INITIAL_RATING, ratedAfter } from './rating.js';
import { Leaderboard } from './leaderboard.js';
import { Results } from './results.js';

/** A game whose state is its own outcome (scores, higher better): the places are whatever a test says. */
const scored = {
  id: 'scored',
  outcome: (state: { scores: number[] }) => ({
    scores: state.scores,
    ranking: state.scores.map((s) => 1 + state.scores.filter((o) => o > s).length),
    breakdown: state.scores.map(() => []),
  }),
} as unknown as AnyGame;
const registry: GameRegistry = {
  get: async (id) => (id === 'scored' ? scored : undefined),
  facts: () => undefined,
  listed: () => [],
};

let games: Stores['games'];
let ratings: Stores['ratings'];
let finished: Stores['finished'];
let results: Results;
let counter = 0;

beforeEach(() => {
  ({ games, ratings, finished } = memoryStores());
  results = new Results(games, ratings, finished, registry);
});

const person = (id: string): SeatRecord => ({ playerId: id, name: id.toUpperCase(), bot: false });
const bot: SeatRecord = { playerId: null, name: 'Bot 1', bot: true, level: 'easy' };

/** Stores a game at its end: `scores` per seat, `forfeited` seats out, or aborted. */
async function ended(
  seats: SeatRecord[],
  scores: number[],
  how: { forfeited?: number[]; status?: CommitRecord['status']; visibility?: GameMeta['visibility'] } = {},
): Promise<string> {
  const id = `g${++counter}`;
  const meta: GameMeta = {
    id,
    game: 'scored',
    options: {},
    players: seats.length,
    seats,
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    createdBy: seats[0]!.playerId ?? 'x',
    inviteCode: 'code',
    seedCommitment: 'c',
    seed: 's',
    revision: 2,
    ...(how.visibility ? { visibility: how.visibility } : {}),
  };
  await games.putMeta(meta);
  await games.putCommit(
    id,
    {
      key: 0,
      version: 1,
      records: [],
      before: [],
      toAct: [],
      status: how.status ?? 'finished',
      state: { scores },
      forfeited: how.forfeited ?? [],
      recentKeys: {},
      at: `2026-11-01T11:00:${String(counter).padStart(2, '0')}.000Z`,
    },
    'high-card',
  );
  return id;
}

const ratingOf = async (player: string) => (await ratings.ratingsOf(player)).get('scored');

describe('rating a finished game', () => {
  it('a 4-player ranking with a tie is pairwise results in one period: the winner gains, tied seats draw each other, the last loses most', async () => {
    const id = await ended(['a', 'b', 'c', 'd'].map(person), [30, 20, 20, 10]);
    await results.record(id);
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map(ratingOf));
    const expected = ratedAfter([INITIAL_RATING, INITIAL_RATING, INITIAL_RATING, INITIAL_RATING], [1, 2, 2, 4]);
    expect([a, b, c, d].map((r) => r!.rating)).toEqual(expected.map((r) => r.rating));
    expect(a!.rating).toBeGreaterThan(1500);
    // b and c beat d, lost to a and drew with each other: from equal ratings that is even.
    expect(b!.rating).toBeCloseTo(1500, 6);
    expect(c!.rating).toBe(b!.rating);
    expect(d!.rating).toBeLessThan(1500);
    expect(a!.rd).toBeLessThan(350);
    expect([a, b, c, d].map((r) => r!.version)).toEqual([1, 1, 1, 1]);
    expect((await new Leaderboard(ratings).top('scored')).map((e) => e.playerId)).toEqual([
      'a',
      expect.any(String),
      expect.any(String),
      'd',
    ]);
  });

  it('a forfeit counts as a loss: the seat that forfeited loses rating even with the best score', async () => {
    const id = await ended(['e', 'f', 'g'].map(person), [50, 10, 5], { forfeited: [0] });
    await results.record(id);
    const [e, f, g] = await Promise.all(['e', 'f', 'g'].map(ratingOf));
    expect(e!.rating).toBeLessThan(1500);
    expect(f!.rating).toBeGreaterThan(g!.rating);
    expect(g!.rating).toBeGreaterThan(e!.rating);
  });

  it('games with a bot seat and aborted games change no rating', async () => {
    await results.record(await ended([person('h'), bot], [10, 0]));
    await results.record(await ended([person('h'), person('i')], [10, 0], { status: 'aborted' }));
    expect(await ratingOf('h')).toBeUndefined();
    expect(await ratingOf('i')).toBeUndefined();
    expect(await new Leaderboard(ratings).top('scored')).toEqual([]);
  });

  it('exactly once: racing and repeated updates of one game write one entry per player, and later games build on it', async () => {
    const first = await ended(['j', 'k'].map(person), [10, 0]);
    await Promise.all(Array.from({ length: 6 }, () => results.record(first)));
    await results.record(first);
    for (const p of ['j', 'k'])
      expect((await ratings.ratingsFrom(p, 'scored', 1)).map((e) => e.gameId)).toEqual([first]);
    const [j] = ratedAfter([INITIAL_RATING, INITIAL_RATING], [1, 2]);
    expect((await ratingOf('j'))!.rating).toBe(j!.rating);
    // Two games of one player finishing at once (against others: RP-RATE-2 counts a pair once a day): each applies once, one after the other.
    const second = await ended(['j', 'l'].map(person), [0, 10]);
    const third = await ended(['l', 'k'].map(person), [0, 10]);
    await Promise.all([results.record(second), results.record(third), results.record(second), results.record(third)]);
    const log = await ratings.ratingsFrom('l', 'scored', 1);
    expect(log.map((e) => e.version)).toEqual([1, 2]);
    expect(new Set(log.map((e) => e.gameId))).toEqual(new Set([second, third]));
    // The later entry starts where the earlier one ended.
    expect(log[1]!.before.rating).toBe(log[0]!.rating);
    for (const p of ['j', 'k']) {
      expect((await ratings.ratingsFrom(p, 'scored', 1)).map((e) => e.version)).toEqual([1, 2]);
      expect((await ratingOf(p))!.version).toBe(2);
    }
    expect((await new Leaderboard(ratings).top('scored')).map((e) => e.version)).toEqual([2, 2, 2]);
  });

  it('a public finished game goes into the search index and its players’ histories; a private one does not', async () => {
    const open = await ended([person('m'), bot], [3, 9], { visibility: 'public' });
    const hidden = await ended([person('m'), person('n')], [3, 9]);
    await results.record(open);
    await results.record(hidden);
    const page = await finished.search('scored', 'm', 10, null);
    expect(page.items.map((g) => g.gameId)).toEqual([open]);
    expect(page.items[0]!.seats.map((s) => [s.name, s.place])).toEqual([
      ['M', 2],
      ['Bot 1', 1],
    ]);
    expect((await finished.playedBy('m', 10, null)).items.map((g) => g.gameId)).toEqual([open]);
    expect((await finished.search(null, 'nobody', 10, null)).items).toEqual([]);
  });

  it('forgetting a deleted account takes it off the leaderboard and out of the finished games’ names', async () => {
    const id = await ended([person('zed'), person('yan')], [5, 1], { visibility: 'public' });
    await results.record(id);
    await results.forget('zed');
    expect((await new Leaderboard(ratings).top('scored')).map((e) => e.playerId)).toEqual(['yan']);
    expect((await finished.search(null, 'zed', 10, null)).items).toEqual([]);
    const [game] = (await finished.playedBy('yan', 10, null)).items;
    expect(game!.seats.map((seat) => [seat.name, seat.playerId])).toEqual([
      [null, null],
      ['YAN', 'yan'],
    ]);
  });
});
