/**
 * The two boards, loaded from the reference data (copied from shared/reference so the engine is
 * self-contained) and checked at load: a bad file is a configuration error, not a game state.
 */
import * as z from 'zod';
import europeData from './data/europe.json' with { type: 'json' };
import germanyData from './data/germany.json' with { type: 'json' };
import { CARD_COLOURS, type Route, type TtrMap } from './map.js';

const ReferenceSchema = z.object({
  components: z.object({
    trains_per_player: z.number().int(),
    stations_per_player: z.number().int().optional(),
    train_cards: z.object({ per_color: z.number().int(), locomotives: z.number().int() }),
    longest_path_bonus_european_express: z.number().int().optional(),
    unused_station_points: z.number().int().optional(),
    globetrotter_bonus: z.number().int().optional(),
    passengers: z.object({ colors: z.record(z.string(), z.number().int()) }).optional(),
    passenger_majority_points: z.object({ first: z.number().int(), second: z.number().int() }).optional(),
  }),
  route_scoring: z.record(z.string(), z.number().int()),
  cities: z.array(z.string()),
  countries: z.array(z.string()).optional(),
  passenger_placement: z.record(z.string(), z.number().int()).optional(),
  routes: z.array(
    z.object({
      id: z.number().int(),
      a: z.string(),
      b: z.string(),
      length: z.number().int(),
      color: z.enum([...CARD_COLOURS, 'gray']),
      tunnel: z.boolean(),
      ferry: z.number().int(),
      to_country: z.boolean().optional(),
    }),
  ),
  tickets: z.array(z.object({ a: z.string(), b: z.string(), points: z.number().int(), long: z.boolean() })),
});

/** Germany's seven big cities and their passengers; every other location holds one (TTRG-2.2). */
const BIG_CITIES = 7;

export function loadMap(id: TtrMap['id'], title: string, raw: unknown): TtrMap {
  const data = ReferenceSchema.parse(raw);
  const c = data.components;
  const scoring = Object.fromEntries(Object.entries(data.route_scoring).map(([len, pts]) => [Number(len), pts]));
  const places = new Set([...data.cities, ...(data.countries ?? [])]);
  const groupOf = new Map<string, number>();
  const routes: Route[] = data.routes.map((r) => {
    const pair = [r.a, r.b].sort().join('|');
    if (!groupOf.has(pair)) groupOf.set(pair, r.id);
    return {
      id: r.id,
      a: r.a,
      b: r.b,
      length: r.length,
      colour: r.color,
      tunnel: r.tunnel,
      ferry: r.ferry,
      group: groupOf.get(pair)!,
      toCountry: r.to_country ?? false,
    };
  });
  for (const r of routes) {
    // TTRE-1.9 / TTRG-1.8: only lengths the scoring table knows.
    if (scoring[r.length] === undefined)
      throw new Error(`${id}: route ${r.id} has length ${r.length}, which the scoring table lacks`);
    if (!places.has(r.a) || !places.has(r.b)) throw new Error(`${id}: route ${r.id} joins an unknown place`);
  }
  const tickets = data.tickets.map((t, i) => ({ id: i + 1, ...t }));
  for (const t of tickets)
    if (!places.has(t.a) || !places.has(t.b)) throw new Error(`${id}: ticket ${t.id} names an unknown place`);

  let passengers: TtrMap['passengers'] = null;
  if (c.passengers && data.passenger_placement && c.passenger_majority_points) {
    const placement = data.passenger_placement;
    const total = Object.values(c.passengers.colors).reduce((a, b) => a + b, 0);
    const placed = Object.values(placement).reduce((a, b) => a + b, 0);
    const singles = Object.values(placement).filter((n) => n === 1).length;
    if (placed !== total || Object.keys(placement).length - singles !== BIG_CITIES || singles !== total - 27) {
      throw new Error(
        `${id}: passenger placement must put 27 on the 7 big cities and 1 on each of 33 other places (TTRG-2.2)`,
      );
    }
    for (const place of Object.keys(placement))
      if (!places.has(place)) throw new Error(`${id}: passengers placed on unknown ${place}`);
    passengers = {
      colours: c.passengers.colors,
      placement,
      majorityFirst: c.passenger_majority_points.first,
      majoritySecond: c.passenger_majority_points.second,
    };
  }

  return {
    id,
    title,
    cities: data.cities,
    countries: data.countries ?? [],
    routes,
    tickets,
    routeScoring: scoring,
    trainsPerPlayer: c.trains_per_player,
    stationsPerPlayer: c.stations_per_player ?? 0,
    unusedStationPoints: c.unused_station_points ?? 0,
    longestPathBonus: c.longest_path_bonus_european_express ?? 0,
    globetrotterBonus: c.globetrotter_bonus ?? 0,
    passengers,
    cardsPerColour: c.train_cards.per_color,
    locomotives: c.train_cards.locomotives,
  };
}

export const europeMap = loadMap('europe', 'Ticket to Ride: Europe', europeData);
export const germanyMap = loadMap('germany', 'Ticket to Ride: Germany', germanyData);
