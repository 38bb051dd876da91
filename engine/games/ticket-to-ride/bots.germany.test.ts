/**
 * The hard search bot beats the greedy bot in two-player Ticket to Ride (Germany). A
 * full game of hard at its real budget takes about 10 s of CPU, so CI plays four fixed seeds here
 * (hard's seat alternating) and the timeout leaves room for a busy machine; `npm run bench bots`
 * is the ladder with more games.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../core/index.js';
import { duel } from '../../core/search/duel.testkit.js';
import { ticketToRideGermany } from '../ticket-to-ride-germany/index.js';

describe('hard against greedy, Germany, 2 players', () => {
  it('hard wins at least 70% of four seeded games, from either seat', { timeout: 600_000 }, () => {
    const games = duel(ticketToRideGermany as AnyGame, 'hard', 2, Array.from({ length: 4 }, (_, g) => `issue22-hard-germany-${g}`));
    expect(games.map((g) => g.seat)).toEqual([0, 1, 0, 1]);
    expect(games.filter((g) => g.won).length / games.length).toBeGreaterThanOrEqual(0.7);
  });
});
