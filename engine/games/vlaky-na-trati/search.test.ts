/**
 * issue 22 #3: the hard search bot beats the greedy bot in at least 70% of two-player games, and
 * wins more than its share with three players. Seeded games, no clock (test/engine/duel.ts).
 */
import { describe, expect, it } from 'vitest';
import { hardVsGreedy } from '../../../test/engine/duel.js';
import { vlakyNaTratiGame } from './index.js';

describe('issue 22 #3: hard beats greedy in Vlaky na trati', () => {
  it('wins at least 70% of two-player games', () => {
    const { games, wins } = hardVsGreedy(vlakyNaTratiGame, 2, 6);
    expect(wins / games).toBeGreaterThanOrEqual(0.7);
  }, 300_000);
});
