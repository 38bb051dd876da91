import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathTo, shortestPaths, type Edge } from '../../core/graph.js';
import europeData from './data/europe.json' with { type: 'json' };
import germanyData from './data/germany.json' with { type: 'json' };
import type { TtrMap } from './map.js';
import { europeMap, germanyMap, loadMap } from './maps.js';

const shared = new URL('../../../../shared/reference/', import.meta.url);

describe('the reference data is the shared reference, verbatim', () => {
  it.each([
    ['ttr-europe.json', europeData],
    ['ttr-germany.json', germanyData],
  ])('%s', (file, data) => {
    const path = new URL(file, shared);
    expect(existsSync(path), `${path.pathname} is missing: CI keeps shared/ beside the repository`).toBe(true);
    expect(data).toEqual(JSON.parse(readFileSync(path, 'utf8')));
  });
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const byLength = (m: TtrMap) => {
  const out: Record<string, number> = {};
  for (const r of m.routes) out[r.length] = (out[r.length] ?? 0) + 1;
  return out;
};
const groupsOfSize = (m: TtrMap, n: number) => {
  const sizes = new Map<number, number>();
  for (const r of m.routes) sizes.set(r.group, (sizes.get(r.group) ?? 0) + 1);
  return [...sizes.values()].filter((s) => s === n).length;
};

describe('Ticket to Ride Europe data (TTRE-1)', () => {
  const m = europeMap;
  const checks = europeData.checks;
  it('TTRE-1.1: 47 cities, 101 routes on 90 pairs, 300 train spaces', () => {
    expect(m.cities).toHaveLength(checks.city_count);
    expect(m.routes).toHaveLength(checks.route_entries);
    expect(sum(m.routes.map((r) => r.length))).toBe(checks.total_route_length);
    expect(new Set(m.routes.map((r) => r.group)).size).toBe(checks.city_pairs);
    expect(groupsOfSize(m, 2)).toBe(checks.double_route_pairs);
  });
  it('TTRE-1.9: only lengths of the scoring table (1, 2, 3, 4, 6, 8), counted as on the board', () => {
    expect(byLength(m)).toEqual(checks.routes_by_length);
  });
  it('TTRE-9/10: 18 tunnels, 13 ferries with 17 locomotive symbols, 37 grey routes', () => {
    expect(m.routes.filter((r) => r.tunnel)).toHaveLength(checks.tunnel_entries);
    expect(m.routes.filter((r) => r.ferry > 0)).toHaveLength(checks.ferry_entries);
    expect(sum(m.routes.map((r) => r.ferry))).toBe(checks.ferry_locomotive_symbols);
    expect(m.routes.filter((r) => r.colour === 'gray')).toHaveLength(checks.gray_entries);
  });
  it('TTRE-1.4/1.5: 110 train cards; 40 regular tickets worth 321 and 6 long worth 123', () => {
    expect(m.cardsPerColour * 8 + m.locomotives).toBe(110);
    const regular = m.tickets.filter((t) => !t.long);
    const long = m.tickets.filter((t) => t.long);
    expect([regular.length, sum(regular.map((t) => t.points))]).toEqual([
      checks.regular_tickets,
      checks.regular_ticket_points_sum,
    ]);
    expect([long.length, sum(long.map((t) => t.points))]).toEqual([checks.long_tickets, checks.long_ticket_points_sum]);
  });
});

describe('Ticket to Ride Germany data (TTRG-1, TTRG-2)', () => {
  const m = germanyMap;
  const checks = germanyData.checks;
  it('TTRG-1.1: 35 cities, 5 countries, 110 routes on 85 pairs, 313 train spaces, 21 double and 2 triple routes', () => {
    expect(m.cities).toHaveLength(checks.city_count);
    expect(m.countries).toHaveLength(checks.country_count);
    expect(m.routes).toHaveLength(checks.route_entries);
    expect(sum(m.routes.map((r) => r.length))).toBe(checks.total_route_length);
    expect(new Set(m.routes.map((r) => r.group)).size).toBe(checks.location_pairs);
    expect(groupsOfSize(m, 2)).toBe(checks.double_pairs);
    expect(groupsOfSize(m, 3)).toBe(checks.triple_pairs);
    expect(m.routes.filter((r) => r.toCountry)).toHaveLength(checks.country_route_entries);
  });
  it('TTRG-1.7/1.8: lengths 1–7 only, counted as on the board; no tunnels or ferries (TTRG-1.9)', () => {
    expect(byLength(m)).toEqual(checks.routes_by_length);
    expect(m.routes.some((r) => r.tunnel || r.ferry > 0)).toBe(false);
    expect(m.stationsPerPlayer).toBe(0);
  });
  it('TTRG-1.4: 55 short tickets worth 415 and 34 long worth 526', () => {
    const short = m.tickets.filter((t) => !t.long);
    const long = m.tickets.filter((t) => t.long);
    expect([short.length, sum(short.map((t) => t.points))]).toEqual([
      checks.short_tickets,
      checks.short_ticket_points_sum,
    ]);
    expect([long.length, sum(long.map((t) => t.points))]).toEqual([checks.long_tickets, checks.long_ticket_points_sum]);
  });
  it('TTRG-1.6/2.2: 60 passengers, 27 on the seven big cities and one on each of 33 other places', () => {
    const placement = m.passengers!.placement;
    expect(sum(Object.values(m.passengers!.colours))).toBe(checks.passenger_total);
    expect(sum(Object.values(placement))).toBe(60);
    expect(Object.values(placement).filter((n) => n === 1)).toHaveLength(33);
    expect(placement).toMatchObject({
      Berlin: 5,
      Hamburg: 4,
      Leipzig: 3,
      Köln: 4,
      Frankfurt: 4,
      Stuttgart: 3,
      München: 4,
    });
  });
});

/** Shortest path with countries as dead ends (each route into a country ends in its own node). */
function shortest(m: TtrMap, a: string, b: string): number {
  const node = (place: string, id: number) => (m.countries.includes(place) ? `${place}#${id}` : place);
  const edges: Edge[] = m.routes.map((r) => ({ id: r.id, a: node(r.a, r.id), b: node(r.b, r.id), weight: r.length }));
  const nodes = (place: string) =>
    m.countries.includes(place) ? edges.flatMap((e) => [e.a, e.b]).filter((n) => n.startsWith(`${place}#`)) : [place];
  let best = Infinity;
  for (const from of nodes(a)) {
    const paths = shortestPaths(edges, from);
    for (const to of nodes(b)) if (pathTo(paths, to)) best = Math.min(best, paths.dist.get(to)!);
  }
  return best;
}

describe('ticket values against the map (the data notes)', () => {
  it('Europe: 44 of 46 tickets are worth exactly their shortest path; London–Wien and Edinburgh–Athina one more', () => {
    const off = europeMap.tickets.filter((t) => t.points !== shortest(europeMap, t.a, t.b));
    expect(off.map((t) => `${t.a}-${t.b}:${t.points - shortest(europeMap, t.a, t.b)}`).sort()).toEqual([
      'Edinburgh-Athina:1',
      'London-Wien:1',
    ]);
  });

  it('Germany (countries as dead ends): 88 of 89 tickets equal their shortest path; Kiel–Stuttgart is one more', () => {
    const off = germanyMap.tickets.filter((t) => t.points !== shortest(germanyMap, t.a, t.b));
    expect(off.map((t) => `${t.a}-${t.b}:${t.points - shortest(germanyMap, t.a, t.b)}`)).toEqual(['Kiel-Stuttgart:1']);
  });
});

describe('bad map data is a configuration error (TTRG-T42, TTRE-1.9)', () => {
  it('TTRG-1.8: a route of length 8 on the Germany table is rejected', () => {
    const bad = structuredClone(germanyData);
    bad.routes[0]!.length = 8;
    expect(() => loadMap('germany', 'bad', bad)).toThrow(/length 8/);
  });
  it('TTRG-2.2: 34 places with one passenger is rejected', () => {
    const bad = structuredClone(germanyData) as typeof germanyData & { passenger_placement: Record<string, number> };
    bad.passenger_placement = { ...bad.passenger_placement, Extra: 1 };
    bad.cities = [...bad.cities, 'Extra'];
    expect(() => loadMap('germany', 'bad', bad)).toThrow(/TTRG-2.2/);
  });
  it('TTRE-1.9: a length-5 route on the Europe table is rejected', () => {
    const bad = structuredClone(europeData);
    bad.routes[0]!.length = 5;
    expect(() => loadMap('europe', 'bad', bad)).toThrow(/length 5/);
  });
});
