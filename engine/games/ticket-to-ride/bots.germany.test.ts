/**
 * The hard search bot beats the greedy bot in two-player Ticket to Ride (Germany). A full game of
 * hard at its real budget (64 iterations) takes about 10 s of CPU, so CI plays six fixed seeds
 * (hard's seat alternating) at the test budget of its twin for the other map, 12 iterations, about
 * 2.5 s a game; greedy in the same seat on the same seeds wins 2/6, so the bar is the search's
 * doing, not the seeds'. `npm run bench bots` is the ladder at the real budgets with more games.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../core/index.js';
import { duel, winShare } from '../../core/search/duel.testkit.js';
import { ticketToRideGermany } from '../ticket-to-ride-germany/index.js';

const game = ticketToRideGermany as AnyGame;
const SEEDS = Array.from({ length: 6 }, (_, g) => `hard-vs-greedy-ticket-to-ride-germany-2-${g}`);

describe('hard against greedy, Germany, 2 players', () => {
  it(
    'hard at 12 iterations wins at least 70% of six seeded games, from either seat; greedy in its seat does not',
    { timeout: 300_000 },
    () => {
      const games = duel(game, 'hard', 2, SEEDS, { iterations: 12 });
      expect(games.map((g) => g.seat)).toEqual([0, 1, 0, 1, 0, 1]);
      expect(winShare(games)).toBeGreaterThanOrEqual(0.7);
      expect(winShare(duel(game, 'easy', 2, SEEDS))).toBeLessThan(0.7);
    },
  );
});
