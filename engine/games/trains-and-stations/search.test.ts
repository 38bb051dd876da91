/**
 * The hard search bot wins more than its share of multiplayer games against greedy
 * bots. Three seats, the hard seat rotated over them, seeded games, no clock
 * (engine/core/search/duel.testkit.ts): the fair share is a third, the test asks for half.
 */
import { describe, expect, it } from 'vitest';
import { duel } from '../../core/search/duel.testkit.js';
import { trainsAndStations } from './index.js';

const PLAYERS = 3;
const seeds = Array.from({ length: 6 }, (_, g) => `hard-vs-greedy-trains-and-stations-${PLAYERS}-${g}`);

describe('hard wins more than its share in Trains & Stations', () => {
  it('wins at least half of three-seat games against two greedy bots', () => {
    const games = duel(trainsAndStations, 'hard', PLAYERS, seeds);
    expect(new Set(games.map((g) => g.seat)).size).toBe(PLAYERS);
    expect(games.filter((g) => g.won).length / games.length).toBeGreaterThanOrEqual(0.5);
  }, 600_000);
});
