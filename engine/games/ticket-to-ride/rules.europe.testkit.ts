/**
 * Set-up shared by the Ticket to Ride: Europe rule suites: a started game, and a small fixture map
 * for the (hyp.) scenarios and routes the real board lacks.
 */
import { expect } from 'vitest';
import type { CardType, Route, Ticket, TtrMap } from './map.js';
import { europeMap } from './maps.js';
import { createRules, type TtrRules } from './rules.js';
import type { TtrState } from './state.js';
import { fixtureRoute } from './rules.testkit.js';

export const N = (n: number, card: CardType): CardType[] => Array.from({ length: n }, () => card);

/** Setup with seat 0 first, every seat keeping its first two opening tickets; a clone to edit. */
export function started(rules: TtrRules, players = 2, seed = 'europe-scenarios'): TtrState {
  let s = rules.setup(seed, players, { firstPlayer: 0 });
  for (let seat = 0; seat < players; seat++) {
    s = rules.apply(s, seat, { type: 'keep_initial_tickets', tickets: s.opening[seat]!.dealt.slice(1, 3) }).state;
  }
  expect(s.phase).toBe('turn');
  expect(s.current).toBe(0);
  return structuredClone(s);
}

// ---------- a fixture map for the (hyp.) scenarios and routes the real board lacks

const FIX_CITIES = ['X', 'Y', 'P', 'Q', 'R', 'S', 'T', 'U'];
function europeFixture(routes: Route[]): TtrMap {
  const tickets: Ticket[] = Array.from({ length: 46 }, (_, i) => ({
    id: i + 1,
    a: FIX_CITIES[i % FIX_CITIES.length]!,
    b: FIX_CITIES[(i + 1 + (i % 3)) % FIX_CITIES.length]!,
    points: 5 + (i % 7),
    long: i < 6,
  }));
  return {
    id: 'europe',
    title: 'Europe fixture',
    cities: FIX_CITIES,
    countries: [],
    routes,
    tickets,
    routeScoring: { 1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21 },
    trainsPerPlayer: 45,
    stationsPerPlayer: 3,
    unusedStationPoints: 4,
    longestPathBonus: 10,
    globetrotterBonus: 0,
    passengers: null,
    cardsPerColour: 12,
    locomotives: 14,
  };
}

export const fixture = europeFixture([
  // T15/T16: a double route X–Y, RED and GREY, both length 2.
  fixtureRoute(1, 'X', 'Y', 2, 'red', { group: 100 }),
  fixtureRoute(2, 'X', 'Y', 2, 'gray', { group: 100 }),
  // T18/T21: a red tunnel of length 2. T23: a tunnel of length 1.
  fixtureRoute(3, 'P', 'Q', 2, 'red', { tunnel: true }),
  fixtureRoute(4, 'Q', 'R', 1, 'yellow', { tunnel: true }),
  fixtureRoute(5, 'S', 'T', 3, 'gray'),
]);

export const rules = createRules(europeMap);
export const fx = createRules(fixture);
