/**
 * Issue 22 #3: the hard search bot beats the greedy bot in two-player Ticket to Ride (Germany). A
 * full game of hard at its real budget takes 20–45 s of CPU, so CI plays one fixed seed per map
 * (this file and its twin for the other map) and the timeout leaves room for a busy machine;
 * `npm run bench bots` is the ladder with more games.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../core/index.js';
import { duel } from '../../core/search/duel.testkit.js';
import { ticketToRideGermany } from '../ticket-to-ride-germany/index.js';

describe('issue 22 #3: hard against greedy, Germany, 2 players', () => {
  it('hard wins the seeded game', { timeout: 240_000 }, () => {
    const games = duel(ticketToRideGermany as AnyGame, 'hard', 2, ['issue22-hard-germany-0']);
    expect(games.filter((g) => g.won).map((g) => g.seed)).toEqual(['issue22-hard-germany-0']);
  });
});
