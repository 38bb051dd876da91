/**
 * The hard search bot beats the greedy bot in two-player Ticket to Ride (Europe). A full game of
 * hard at its real budget (64 iterations) takes about 8 s of CPU, so CI plays six fixed seeds
 * (hard's seat alternating) at a test budget of 12 iterations, the smallest tried that still wins
 * 70% on both maps (6 won 4/6 here), about 2 s a game; greedy in the same seat on the same seeds
 * wins 3/6, so the bar is the search's doing, not the seeds'. `npm run bench bots` is the ladder
 * at the real budgets with more games.
 */
import { describe, expect, it } from 'vitest';
import { botFor, Rng, seedRng, type AnyGame } from '../../core/index.js';
import { duel, winShare } from '../../core/search/duel.testkit.js';
import { ticketToRideEurope } from '../ticket-to-ride-europe/index.js';
import type { TtrMap } from './map.js';
import type { TtrState } from './state.js';

const game = ticketToRideEurope as AnyGame;
const { routeScoring } = ticketToRideEurope.components as TtrMap;
const ROSTOV_ERZURUM = 31;
const [ERZURUM_SOCHI, ROSTOV_SOCHI, ROSTOV_SEVASTOPOL, KHARKOV_ROSTOV] = [54, 92, 91, 63];

/**
 * Seat 0 to move near the end (5 and 4 trains left), holding only Rostov–Erzurum (5 points) with
 * Erzurum–Sochi built, and one card each of pink, red, green and a locomotive. Blocked: seat 1 owns
 * every route into Rostov, so only a station (TTRE-12) at Rostov or Sochi finishes the ticket.
 */
function nearTheEnd(blocked: boolean): TtrState {
  let s = game.setup({ seed: 'stations', players: 2, options: { firstPlayer: 0 } }) as TtrState;
  const rng = new Rng(seedRng('stations'));
  while (s.phase !== 'turn' || s.current !== 0 || s.pending) {
    const seat = game.toAct(s)[0]!;
    s = game.apply(s, seat, game.bot({ seat, view: game.view(s, seat), legal: game.legalActions(s, seat), rng })).state;
  }
  s = structuredClone(s);
  s.tickets = s.tickets.map((held, seat) =>
    seat === 0 ? [ROSTOV_ERZURUM] : held.filter((id) => id !== ROSTOV_ERZURUM),
  );
  s.ticketDecks.short = s.ticketDecks.short.filter((id) => id !== ROSTOV_ERZURUM);
  const own = (route: number, seat: number, length: number) => {
    s.routeOwners[String(route)] = seat;
    s.routePoints[seat]! += routeScoring[length]!;
  };
  own(ERZURUM_SOCHI, 0, 3);
  if (blocked) {
    own(ROSTOV_SOCHI, 1, 2);
    own(ROSTOV_SEVASTOPOL, 1, 4);
    own(KHARKOV_ROSTOV, 1, 2);
  }
  s.trains = [5, 4];
  return s;
}

describe('the hard bot builds a station when it pays (TTRE-12)', () => {
  const choose = (s: TtrState) =>
    botFor(
      game,
      'hard',
    )({
      seat: 0,
      view: game.view(s, 0),
      legal: game.legalActions(s, 0),
      rng: new Rng(seedRng('choice')),
      options: { firstPlayer: 0 },
    });

  it('a station next to the blocked route, which finishes the ticket', () => {
    const s = nearTheEnd(true);
    expect(
      game.bot({ seat: 0, view: game.view(s, 0), legal: game.legalActions(s, 0), rng: new Rng(seedRng('choice')) })
        .type,
    ).not.toBe('build_station');
    expect(choose(s)).toMatchObject({ type: 'build_station', city: expect.stringMatching(/^(Rostov|Sochi)$/) });
  });

  it('no station where the route is open: it claims the route', () => {
    expect(choose(nearTheEnd(false))).toMatchObject({ type: 'claim_route', route: ROSTOV_SOCHI });
  });
});

const SEEDS = Array.from({ length: 6 }, (_, g) => `hard-vs-greedy-ticket-to-ride-europe-2-${g}`);

describe('hard against greedy, Europe, 2 players', () => {
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
