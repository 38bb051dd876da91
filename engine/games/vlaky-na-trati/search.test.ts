/**
 * The hard search bot beats the greedy bot in at least 70% of two-player games.
 * Seeded games, no clock (engine/core/search/duel.testkit.ts).
 */
import { describe, expect, it } from 'vitest';
import { duel } from '../../core/search/duel.testkit.js';
import { vlakyNaTratiGame } from './index.js';

const seeds = Array.from({ length: 6 }, (_, g) => `hard-vs-greedy-vlaky-na-trati-2-${g}`);

describe('hard beats greedy in Vlaky na trati', () => {
  it('wins at least 70% of two-player games', () => {
    const games = duel(vlakyNaTratiGame, 'hard', 2, seeds);
    expect(games.filter((g) => g.won).length / games.length).toBeGreaterThanOrEqual(0.7);
  }, 300_000);
});
