/**
 * RP-STREAM-6: which commits are quiet (tell nobody, so the notifier is not invoked for them), and
 * the share of a seeded game's commits that are, with a person seated and with every person gone.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../engine/games/index.js';
import type { CommitRecord, GameMeta, SeatRecord } from '../domain/game.js';
import { seededCommits } from '../../scripts/support/seeded-commits.js';
import { quietCommit, transitionOf } from './transition.js';

const NOW = new Date('2026-11-29T05:00:00.000Z');
const person: SeatRecord = { playerId: 'anna', name: 'Anna', bot: false };
const gone: SeatRecord = { playerId: null, name: null, bot: false, deleted: true };
const bot: SeatRecord = { playerId: null, name: null, bot: true, level: 'easy' };
const meta = (seats: SeatRecord[], watchedUntil?: string) =>
  ({ id: 'g1', game: 'vlaky-na-trati', seats, ...(watchedUntil ? { watchedUntil } : {}) }) as GameMeta;
const move = { key: 5, status: 'active' } as const;

describe('quietCommit (RP-STREAM-6)', () => {
  it('is quiet when no person holds a seat: every seat a bot, or its account gone', () => {
    expect(quietCommit(meta([bot, bot]), move, NOW)).toBe(true);
    expect(quietCommit(meta([gone, bot]), move, NOW)).toBe(true);
  });

  it('is not quiet while a person holds a seat (a forfeited one too: its account sockets get the game)', () => {
    expect(quietCommit(meta([person, bot]), move, NOW)).toBe(false);
  });

  it('is not quiet while a socket may watch the game, and is again once that time is past', () => {
    expect(quietCommit(meta([bot, bot], '2026-11-29T05:00:01.000Z'), move, NOW)).toBe(false);
    expect(quietCommit(meta([bot, bot], '2026-11-29T05:00:00.000Z'), move, NOW)).toBe(true);
  });

  it('never is for the commit that starts or ends the game (the end is recorded: ratings, search)', () => {
    expect(quietCommit(meta([bot, bot]), { key: 0, status: 'active' }, NOW)).toBe(false);
    expect(quietCommit(meta([bot, bot]), { key: 9, status: 'finished' }, NOW)).toBe(false);
    expect(quietCommit(meta([bot, bot]), { key: 9, status: 'aborted' }, NOW)).toBe(false);
  });

  it('makes a transition quiet only when every commit of it is', () => {
    const c = (key: number, quiet: boolean) =>
      ({
        key,
        records: [],
        before: [],
        toAct: [0],
        status: 'active',
        ...(quiet ? { quiet: true } : {}),
      }) as unknown as CommitRecord;
    const game = { meta: meta([bot, bot]), latest: null };
    expect(transitionOf(game, [c(3, true), c(4, true)])?.quiet).toBe(true);
    expect(transitionOf(game, [c(3, true), c(4, false)])?.quiet).toBe(false);
  });

  it.each([
    ['a person seated (vs bots)', [person, bot, bot], 0],
    ['every person gone', [gone, bot, bot], 1],
  ] as const)('the share of quiet commits over a seeded game with %s', (_, seats, share) => {
    const commits = ['a', 'b', 'c'].flatMap((seed) =>
      seededCommits(catalog['vlaky-na-trati'].game, 3, `quiet-${seed}`, 'vs-bots'),
    );
    const quiet = commits.filter((c) => quietCommit(meta([...seats]), c, NOW)).length;
    console.log(`${_}: ${quiet} of ${commits.length} commits quiet`);
    // Each game's finishing commit is never quiet.
    expect(quiet).toBe(share === 0 ? 0 : commits.length - 3);
  });
});
