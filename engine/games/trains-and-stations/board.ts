/**
 * Board and card data (spec §15, BD-1…BD-7), loaded and checked at module load. The default board is
 * a RECONSTRUCTION (data/board.json, `reconstructed_design`), kept as data so the published board can
 * replace it without code changes. Routes are derived from the track graph, never trusted from the file.
 */
import * as z from 'zod';
import { UnionFind } from '../../core/index.js';
import boardData from './data/board.json' with { type: 'json' };

export const FACES = ['TRAIN', 'LOCKED_TRAIN', 'RANCH', 'MINE', 'HOTEL', 'COIN'] as const;
export type Face = (typeof FACES)[number];
export const BUILDINGS = ['RANCH', 'MINE', 'HOTEL'] as const;
export type BuildingType = (typeof BUILDINGS)[number];
export const GOODS = ['workers', 'coal', 'cattle', 'food', 'silver', 'gold'] as const;
export type Good = (typeof GOODS)[number];
export const BONUS_KINDS = ['VP', 'SPECIAL_CARD', 'BONUS_DIE'] as const;

const Id = z.string().min(1).max(32);
const GoodSchema = z.enum(GOODS);

export const BoardDataSchema = z.object({
  cities: z.array(
    z.object({
      id: Id,
      name: z.string(),
      sites: z.union([z.literal(2), z.literal(3)]),
      bonus: z.object({ kind: z.enum(BONUS_KINDS), amount: z.number().int().min(1) }),
      xy: z.tuple([z.number(), z.number()]),
    }),
  ),
  routes: z.array(z.object({ id: Id, name: z.string(), spaces: z.array(Id) })),
  track_spaces: z.array(z.object({ id: Id, neighbours: z.array(Id), adjacentCities: z.array(Id) })),
  goods_spaces: z.object({
    RANCH: z.array(z.array(GoodSchema)),
    HOTEL: z.array(z.array(GoodSchema)),
    MINE: z.array(z.array(GoodSchema)),
  }),
  goods_types: z.array(
    z.object({
      type: GoodSchema,
      monopolyVP: z.number().int(),
      storableIn: z.array(z.enum(BUILDINGS)),
      count: z.number().int().min(1),
    }),
  ),
  special_cards: z.array(
    z.discriminatedUnion('kind', [
      z.object({ id: Id, kind: z.literal('TASK'), cities: z.tuple([Id, Id]), vp: z.number().int().min(1) }),
      z.object({ id: Id, kind: z.literal('GOODS'), goods: z.array(GoodSchema).min(1) }),
    ]),
  ),
  constants: z.object({
    vpTotalByPlayers: z.object({ 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
    startVP: z.number().int(),
    startCoins: z.number().int(),
    coinCap: z.number().int(),
    coinsPerCoinDie: z.number().int(),
    rerollCost: z.number().int(),
    strikeLockedTrains: z.number().int(),
    strikePenaltyVP: z.number().int(),
    maxOwnDicePerRoll: z.number().int(),
    dicePerColour: z.number().int(),
    bonusDice: z.number().int(),
    specialDealt: z.number().int(),
    specialKept: z.number().int(),
    recallMinDiceOnBoard: z.number().int(),
    buildingsPerColour: z.object({ RANCH: z.number().int(), MINE: z.number().int(), HOTEL: z.number().int() }),
  }),
});
export type BoardData = z.infer<typeof BoardDataSchema>;

/** Components that are not on the board data (TS-1.4, TS-1.8). */
export const COINS_TOTAL = 25;

export type City = BoardData['cities'][number];
export type SpecialCard = BoardData['special_cards'][number];
export type TaskCard = Extract<SpecialCard, { kind: 'TASK' }>;

export interface Space {
  id: string;
  route: string;
  neighbours: string[];
  cities: string[];
}

export interface Route {
  id: string;
  name: string;
  spaces: string[];
  /** Every city next to any of its spaces (TS-7.1), in the order of the board's city list. */
  cities: string[];
}

export interface Board {
  cities: City[];
  city: Map<string, City>;
  routes: Route[];
  route: Map<string, Route>;
  spaces: Map<string, Space>;
  /** Upgrade chains per goods space, tiers of goods (BD-4). */
  chains: Record<BuildingType, Good[][]>;
  goods: BoardData['goods_types'];
  monopolyVP: Record<Good, number>;
  deckSize: Record<Good, number>;
  specials: SpecialCard[];
  special: Map<string, SpecialCard>;
  constants: BoardData['constants'];
}

/** Builds and validates a board (BD-3): routes are the components of the track graph. */
export function loadBoard(raw: unknown): Board {
  const data = BoardDataSchema.parse(raw);
  const city = new Map(data.cities.map((c) => [c.id, c]));
  if (city.size !== data.cities.length) throw new Error('board: duplicate city id');
  const byId = new Map(data.track_spaces.map((t) => [t.id, t]));
  if (byId.size !== data.track_spaces.length) throw new Error('board: duplicate track space id');
  for (const t of data.track_spaces) {
    if (city.has(t.id)) throw new Error(`board: ${t.id} is both a city and a track space`);
    for (const c of t.adjacentCities) if (!city.has(c)) throw new Error(`board: ${t.id} touches unknown city ${c}`);
    for (const n of t.neighbours)
      if (!byId.get(n)?.neighbours.includes(t.id)) throw new Error(`board: adjacency ${t.id}–${n} is not symmetric`);
  }

  const uf = new UnionFind();
  for (const t of data.track_spaces) for (const n of t.neighbours) uf.union(t.id, n);
  const routes: Route[] = data.routes.map((r) => {
    const touched = new Set(r.spaces.flatMap((s) => byId.get(s)?.adjacentCities ?? []));
    return {
      id: r.id,
      name: r.name,
      spaces: r.spaces,
      cities: data.cities.map((c) => c.id).filter((c) => touched.has(c)),
    };
  });
  const routeOf = new Map<string, string>();
  for (const r of routes) {
    const root = uf.find(r.spaces[0] ?? '');
    for (const s of r.spaces) {
      if (!byId.has(s)) throw new Error(`board: route ${r.id} lists unknown space ${s}`);
      if (routeOf.has(s)) throw new Error(`board: space ${s} is in two routes`);
      if (uf.find(s) !== root) throw new Error(`board: route ${r.id} is not connected`);
      routeOf.set(s, r.id);
    }
    if (r.cities.length < 2) throw new Error(`board: route ${r.id} touches fewer than 2 cities`);
  }
  for (const t of data.track_spaces) {
    const r = routeOf.get(t.id);
    if (!r) throw new Error(`board: space ${t.id} is in no route`);
    for (const n of t.neighbours)
      if (routeOf.get(n) !== r) throw new Error(`board: routes ${r} and ${routeOf.get(n)} touch at ${t.id}`);
  }
  const cityGraph = new UnionFind();
  for (const r of routes) for (const c of r.cities) cityGraph.union(r.cities[0] ?? c, c);
  if (new Set(data.cities.map((c) => cityGraph.find(c.id))).size > 1)
    throw new Error('board: the cities are not all linked by routes');
  for (const card of data.special_cards) {
    if (card.kind === 'TASK' && (card.cities[0] === card.cities[1] || !card.cities.every((c) => city.has(c))))
      throw new Error(`board: task ${card.id} needs two different known cities`);
  }
  if (new Set(data.goods_types.map((g) => g.type)).size !== GOODS.length)
    throw new Error('board: every good needs exactly one goods type entry');

  const spaces = new Map<string, Space>(
    data.track_spaces.map((t) => [
      t.id,
      { id: t.id, route: routeOf.get(t.id) ?? '', neighbours: t.neighbours, cities: t.adjacentCities },
    ]),
  );
  const goodsBy = (f: (g: BoardData['goods_types'][number]) => number) =>
    Object.fromEntries(data.goods_types.map((g) => [g.type, f(g)])) as Record<Good, number>;
  return {
    cities: data.cities,
    city,
    routes,
    route: new Map(routes.map((r) => [r.id, r])),
    spaces,
    chains: { RANCH: data.goods_spaces.RANCH, HOTEL: data.goods_spaces.HOTEL, MINE: data.goods_spaces.MINE },
    goods: data.goods_types,
    monopolyVP: goodsBy((g) => g.monopolyVP),
    deckSize: goodsBy((g) => g.count),
    specials: data.special_cards,
    special: new Map(data.special_cards.map((c) => [c.id, c])),
    constants: data.constants,
  };
}

const FileSchema = z.object({ reconstruction: z.boolean(), reconstructed_design: z.unknown() });

/** The default board: the reconstruction in data/board.json. */
export const defaultBoard: Board = loadBoard(FileSchema.parse(boardData).reconstructed_design);

/** The unordered city pair that identifies "identical" task cards (AMB-13). */
export const taskKey = (t: TaskCard) => [...t.cities].sort().join('–');
