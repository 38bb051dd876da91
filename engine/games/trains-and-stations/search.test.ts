/**
 * The hard search bot wins more than its share of multiplayer games against greedy
 * bots. Three seats, the hard seat rotated over them, seeded games, no clock
 * (engine/core/search/duel.testkit.ts): the fair share is a third, the test asks for half. To stay
 * fast it searches 24 iterations a move, not its real 64: the smallest tried that wins with a game
 * to spare (4/6; 12 won 3/6); greedy in the same seat on the same seeds wins 2/6, so the bar is the
 * search's doing, not the seeds'. `npm run bench bots` is the ladder at the real budgets.
 */
import { describe, expect, it } from 'vitest';
import { duel, winShare } from '../../core/search/duel.testkit.js';
import { trainsAndStations } from './index.js';

const PLAYERS = 3;
const seeds = Array.from({ length: 6 }, (_, g) => `hard-vs-greedy-trains-and-stations-${PLAYERS}-${g}`);

describe('hard wins more than its share in Trains & Stations', () => {
  it('at 24 iterations wins at least half of three-seat games against two greedy bots; greedy in its seat does not', () => {
    const games = duel(trainsAndStations, 'hard', PLAYERS, seeds, { iterations: 24 });
    expect(new Set(games.map((g) => g.seat)).size).toBe(PLAYERS);
    expect(winShare(games)).toBeGreaterThanOrEqual(0.5);
    expect(winShare(duel(trainsAndStations, 'easy', PLAYERS, seeds))).toBeLessThan(0.5);
  }, 600_000);
});
