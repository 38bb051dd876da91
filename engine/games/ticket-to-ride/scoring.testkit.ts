/**
 * Set-up shared by the Ticket to Ride scoring suites: small hypothetical boards with an edition's
 * rules, and scoring input from who owns which route.
 */
import type { Route, Ticket, TtrMap } from './map.js';
import type { ScoringInput } from './scoring.js';

export type R = [id: number, a: string, b: string, length: number];

/** A small hypothetical board with the rules of an edition (the specs' "(hyp.)" fixtures). */
export function board(
  edition: TtrMap,
  routes: R[],
  tickets: [id: number, a: string, b: string, points: number][],
  countries: string[] = [],
): TtrMap {
  const places = [...new Set(routes.flatMap(([, a, b]) => [a, b]).concat(tickets.flatMap(([, a, b]) => [a, b])))];
  return {
    ...edition,
    cities: places.filter((p) => !countries.includes(p)),
    countries,
    routes: routes.map(([id, a, b, length]): Route => ({
      id,
      a,
      b,
      length,
      colour: 'gray',
      tunnel: false,
      ferry: 0,
      group: id,
      toCountry: countries.includes(b),
    })),
    tickets: tickets.map(([id, a, b, points]): Ticket => ({ id, a, b, points, long: false })),
  };
}

export function input(
  map: TtrMap,
  players: number,
  owners: Record<number, number>,
  fields: Partial<ScoringInput> = {},
): ScoringInput {
  const routePoints = Array.from({ length: players }, (_, seat) =>
    map.routes.filter((r) => owners[r.id] === seat).reduce((n, r) => n + (map.routeScoring[r.length] ?? 0), 0),
  );
  return {
    map,
    players,
    routeOwners: owners,
    tickets: Array.from({ length: players }, () => []),
    stations: [],
    stationsLeft: Array.from({ length: players }, () => map.stationsPerPlayer),
    passengers: Array.from({ length: players }, () => ({})),
    routePoints,
    ...fields,
  };
}

export const A = 0;
export const B = 1;
export const C = 2;
