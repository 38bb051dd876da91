/**
 * Set-up shared by the Ticket to Ride: Germany rule suites: a started game, passenger helpers, and
 * a small fixture map for the (hyp.) scenarios.
 */
import { expect } from 'vitest';
import type { Route, Ticket, TtrMap } from './map.js';
import { germanyMap } from './maps.js';
import { createRules, type TtrRules } from './rules.js';
import type { TtrState } from './state.js';
import { fixtureRoute } from './rules.testkit.js';

/** Setup with seat 0 first; every seat announces 2 SHORT + 2 LONG and keeps the first two. */
export function started(rules: TtrRules, players = 2, seed = 'germany-scenarios'): TtrState {
  let s = rules.setup(seed, players, { firstPlayer: 0 });
  for (let seat = 0; seat < players; seat++) {
    s = rules.apply(s, seat, { type: 'choose_initial_tickets', short: 2 }).state;
    s = rules.apply(s, seat, { type: 'keep_initial_tickets', tickets: s.opening[seat]!.dealt.slice(0, 2) }).state;
  }
  expect(s.phase).toBe('turn');
  expect(s.current).toBe(0);
  return structuredClone(s);
}

/** Passenger counts without zero entries. */
export const nonZero = (r: Record<string, number> | undefined) =>
  Object.fromEntries(Object.entries(r ?? {}).filter(([, n]) => n > 0));

// ---------- a fixture map for the (hyp.) scenarios

const FIX_CITIES = ['C1', 'C2', 'P', 'Q', 'R', 'S', 'U', 'V', 'W'];
const FIX_COUNTRIES = ['X', 'Y'];
function germanyFixture(routes: Route[]): TtrMap {
  const places = [...FIX_CITIES, ...FIX_COUNTRIES];
  const tickets: Ticket[] = Array.from({ length: 60 }, (_, i) => ({
    id: 1000 + i,
    a: places[i % places.length]!,
    b: places[(i + 1 + (i % 4)) % places.length]!,
    points: i < 30 ? 3 + (i % 9) : 12 + (i % 11),
    long: i >= 30,
  }));
  return {
    id: 'germany',
    title: 'Germany fixture',
    cities: FIX_CITIES,
    countries: FIX_COUNTRIES,
    routes,
    tickets,
    routeScoring: { 1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18 },
    trainsPerPlayer: 45,
    stationsPerPlayer: 0,
    unusedStationPoints: 0,
    longestPathBonus: 0,
    globetrotterBonus: 15,
    passengers: {
      colours: { red: 10, black: 10, green: 10, yellow: 10, blue: 10, white: 10 },
      placement: Object.fromEntries(places.map((p) => [p, 1])),
      majorityFirst: 20,
      majoritySecond: 10,
    },
    cardsPerColour: 12,
    locomotives: 14,
  };
}

const fixture = germanyFixture([
  fixtureRoute(1, 'C1', 'X', 2, 'white', { toCountry: true }),
  fixtureRoute(2, 'C2', 'X', 2, 'gray', { toCountry: true }),
  // T22: a triple group P–Q; T23: a double group R–S.
  fixtureRoute(3, 'P', 'Q', 1, 'gray', { group: 200 }),
  fixtureRoute(4, 'P', 'Q', 1, 'gray', { group: 200 }),
  fixtureRoute(5, 'P', 'Q', 1, 'gray', { group: 200 }),
  fixtureRoute(6, 'R', 'S', 2, 'gray', { group: 201 }),
  fixtureRoute(7, 'R', 'S', 2, 'gray', { group: 201 }),
  // T14: blue, length 3; T16/T17: lengths 5, 6 and 7.
  fixtureRoute(8, 'U', 'V', 3, 'blue'),
  fixtureRoute(9, 'U', 'W', 5, 'gray'),
  fixtureRoute(10, 'V', 'W', 6, 'gray'),
  fixtureRoute(11, 'W', 'C1', 7, 'gray'),
]);

export const rules = createRules(germanyMap);
export const fx = createRules(fixture);

/** Ends a claim's turn: no passengers taken. */
export function skipPassengers(r: TtrRules, s: TtrState): TtrState {
  return s.pending?.kind === 'passengers'
    ? r.apply(s, s.current, { type: 'take_passengers', a: null, b: null }).state
    : s;
}
