/**
 * Issue 22 #3: the hard search bot beats the greedy bot in two-player Ticket to Ride (Europe). A
 * full game of hard at its real budget takes 20–45 s of CPU, so CI plays one fixed seed per map
 * (this file and its twin for the other map) and the timeout leaves room for a busy machine;
 * `npm run bench bots` is the ladder with more games.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../core/index.js';
import { duel } from '../../core/search/duel.testkit.js';
import { ticketToRideEurope } from '../ticket-to-ride-europe/index.js';

describe('issue 22 #3: hard against greedy, Europe, 2 players', () => {
  it('hard wins the seeded game', { timeout: 240_000 }, () => {
    const games = duel(ticketToRideEurope as AnyGame, 'hard', 2, ['issue22-hard-europe-0']);
    expect(games.filter((g) => g.won).map((g) => g.seed)).toEqual(['issue22-hard-europe-0']);
  });
});
