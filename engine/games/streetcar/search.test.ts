/**
 * The hard search bot beats the greedy bot in at least 70% of two-player games. Seeded games, no
 * clock (engine/core/search/duel.testkit.ts). Only a game the hard bot finishes first counts: a
 * stalemate ranks every seat first with no points (SC-12.3) and is no win. Each of six seeds is
 * dealt twice, hard in seat 0 and then in seat 1, so a deal that favours one seat counts once for
 * hard and once against it: greedy in hard's seat finishes first in 6/12, where on six distinct
 * seeds it did in 4/6, just under the bar. To stay fast hard searches 16 iterations a move, not
 * its real 64: it finishes first in 12/12 here in about 8 s (13 s at 64, also 12/12); on the next
 * six seeds dealt twice, where greedy finishes first in 5/12, 16 iterations win 9/12, 32 win 10/12
 * and 64 win 11/12. `npm run bench bots` is the ladder at the real budgets.
 */
import { describe, expect, it } from 'vitest';
import { bothSeats, duel, type DuelGame } from '../../core/search/duel.testkit.js';
import { streetcar } from './index.js';

const seeds = bothSeats('hard-vs-greedy-streetcar-2-', 6);
const finishedFirst = (games: readonly DuelGame[]) =>
  games.filter((g) => g.won && g.scores[g.seat] === 1).length / games.length;

describe('hard beats greedy in Streetcar', () => {
  it('at 16 iterations finishes first in at least 70% of two-player games, each deal from both seats; greedy in its seat does not (SC-12.1)', () => {
    const games = duel(streetcar, 'hard', 2, seeds, { iterations: 16 });
    expect(games.map((g) => g.seat)).toEqual(seeds.map((_, g) => g % 2));
    expect(finishedFirst(games)).toBeGreaterThanOrEqual(0.7);
    expect(finishedFirst(duel(streetcar, 'easy', 2, seeds))).toBeLessThan(0.7);
  }, 300_000);
});
