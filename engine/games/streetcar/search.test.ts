/**
 * The hard search bot beats the greedy bot in at least 70% of two-player games.
 * Seeded games, no clock (engine/core/search/duel.testkit.ts). Only a game the hard bot finishes
 * first counts: a stalemate ranks every seat first with no points (SC-12.3) and is no win.
 */
import { describe, expect, it } from 'vitest';
import { duel } from '../../core/search/duel.testkit.js';
import { streetcar } from './index.js';

const seeds = Array.from({ length: 6 }, (_, g) => `hard-vs-greedy-streetcar-2-${g}`);

describe('hard beats greedy in Streetcar', () => {
  it('finishes first in at least 70% of two-player games (SC-12.1)', () => {
    const games = duel(streetcar, 'hard', 2, seeds);
    const won = games.filter((g) => g.won && g.scores[g.seat] === 1);
    expect(won.length / games.length).toBeGreaterThanOrEqual(0.7);
  }, 300_000);
});
