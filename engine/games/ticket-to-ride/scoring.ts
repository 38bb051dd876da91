/**
 * Final scoring for both editions (TTRE-14/15, TTRG-11/13/14), driven by the map: tickets with
 * Europe's station borrowing or Germany's country dead ends, the European Express, the
 * Globetrotter, passenger majorities, and the tie-breakers.
 */
import type { Outcome } from '../../core/contract.js';
import { components, type Edge, type UnionFind } from '../../core/graph.js';
import { longestTrail } from '../../core/longest-trail.js';
import { compareStandings, rankByStandings } from '../../core/kit/ranking.js';
import type { Route, Ticket, TtrMap } from './map.js';
import type { TtrState } from './state.js';

type ScoreLineT = Outcome['breakdown'][number][number];

export interface ScoringInput {
  map: TtrMap;
  players: number;
  /** Route id → seat. */
  routeOwners: Readonly<Record<number, number>>;
  tickets: readonly (readonly number[])[];
  stations: readonly { city: string; seat: number }[];
  stationsLeft: readonly number[];
  passengers: readonly Readonly<Record<string, number>>[];
  /** Points scored for claims during play; must equal a recount from the board. */
  routePoints: readonly number[];
}

export interface TicketResult {
  id: number;
  a: string;
  b: string;
  points: number;
  completed: boolean;
}

export interface PlayerScore {
  seat: number;
  total: number;
  routePoints: number;
  tickets: TicketResult[];
  ticketsCompleted: number;
  stationBorrows: { city: string; routeId: number | null }[];
  stationsBuilt: number;
  unusedStations: number;
  stationPoints: number;
  longestPath: number;
  longestPathBonus: number;
  globetrotterBonus: number;
  passengerPoints: number;
  passengerCount: number;
}

export interface ScoringResult {
  players: PlayerScore[];
  scores: number[];
  ranking: number[];
  breakdown: ScoreLineT[][];
}

const label = (r: Route) => `${r.a}–${r.b}`;
/**
 * TTRE-14.5 makes the assignment public: the cities alone do not say which of a double route's
 * two routes was borrowed when both are claimed, so the route's id, colour and owner are named too.
 */
const borrowedLabel = (r: Route, owner: number) => `${label(r)} (route ${r.id}, ${r.colour}) from seat ${owner}`;

/** TTRG-11.5: a route into a country ends in a node of its own, so paths cannot pass through. */
function edgeOf(map: TtrMap, r: Route): Edge {
  const node = (place: string) => (map.countries.includes(place) ? `${place}#${r.id}` : place);
  return { id: r.id, a: node(r.a), b: node(r.b), weight: r.length };
}

/** Nodes standing for a place: the city itself, or every route-end in the country. */
function nodesFor(map: TtrMap, place: string, edges: readonly Edge[]): string[] {
  if (!map.countries.includes(place)) return [place];
  return edges.flatMap((e) => [e.a, e.b]).filter((n) => n.startsWith(`${place}#`));
}

// Maps are static data: index each one's tickets once (scoring tries every combination of station borrowings).
const ticketIndexes = new WeakMap<TtrMap, ReadonlyMap<number, Ticket>>();

function ticketsById(map: TtrMap): ReadonlyMap<number, Ticket> {
  const known = ticketIndexes.get(map);
  if (known) return known;
  const byId = new Map(map.tickets.map((t) => [t.id, t]));
  ticketIndexes.set(map, byId);
  return byId;
}

/** `sets` must be the components of `edges`; a caller trying many edge sets on one base builds them incrementally. */
function ticketResults(
  map: TtrMap,
  ticketIds: readonly number[],
  edges: readonly Edge[],
  sets: UnionFind = components(edges),
): TicketResult[] {
  const byId = ticketsById(map);
  return ticketIds.map((id) => {
    const t = byId.get(id)!;
    const from = nodesFor(map, t.a, edges);
    const to = nodesFor(map, t.b, edges);
    const completed = from.some((x) => to.some((y) => x !== y && sets.same(x, y)));
    return { id, a: t.a, b: t.b, points: t.points, completed };
  });
}

const ticketTotal = (results: readonly TicketResult[]) =>
  results.reduce((n, t) => n + (t.completed ? t.points : -t.points), 0);
const completedCount = (results: readonly TicketResult[]) => results.filter((t) => t.completed).length;

/**
 * TTRE-14.5: every combination of borrowings (each station: none, or one opponent route at its
 * city); the best ticket total wins, then the most completed tickets, then the first found.
 */
function bestBorrowing(map: TtrMap, seat: number, input: ScoringInput, own: readonly Edge[]) {
  const stations = input.stations.filter((s) => s.seat === seat);
  const options = stations.map((st) => [
    null,
    ...map.routes.filter(
      (r) =>
        (r.a === st.city || r.b === st.city) &&
        input.routeOwners[r.id] !== undefined &&
        input.routeOwners[r.id] !== seat,
    ),
  ]);
  const base = components(own);
  let best = {
    results: ticketResults(map, input.tickets[seat] ?? [], own, base),
    borrows: stations.map((st) => ({ city: st.city, routeId: null as number | null })),
  };
  const choose = (i: number, picked: (Route | null)[]): void => {
    if (i === options.length) {
      const borrowed = picked.filter((r): r is Route => r !== null).map((r) => edgeOf(map, r));
      const sets = base.copy();
      for (const e of borrowed) sets.union(e.a, e.b);
      const results = ticketResults(map, input.tickets[seat] ?? [], [...own, ...borrowed], sets);
      const better =
        ticketTotal(results) - ticketTotal(best.results) || completedCount(results) - completedCount(best.results);
      if (better > 0)
        best = { results, borrows: stations.map((st, k) => ({ city: st.city, routeId: picked[k]?.id ?? null })) };
      return;
    }
    for (const option of options[i]!) choose(i + 1, [...picked, option]);
  };
  choose(0, []);
  return best;
}

/** TTRG-13.4: per colour, 20 to the most (all tied firsts), 10 to the runners-up if the first was alone; only holders of ≥1 take part. */
export function majorities(map: TtrMap, input: ScoringInput): { points: number[]; lines: ScoreLineT[][] } {
  const points = Array.from({ length: input.players }, () => 0);
  const lines: ScoreLineT[][] = Array.from({ length: input.players }, () => []);
  const rules = map.passengers;
  if (!rules) return { points, lines };
  for (const colour of Object.keys(rules.colours)) {
    const counts = input.passengers.map((p) => p[colour] ?? 0);
    const holders = counts.map((n, seat) => ({ n, seat })).filter((x) => x.n >= 1);
    if (holders.length === 0) continue;
    const top = Math.max(...holders.map((h) => h.n));
    const first = holders.filter((h) => h.n === top);
    const award = (seats: { seat: number; n: number }[], pts: number, place: string) => {
      for (const h of seats) {
        points[h.seat]! += pts;
        lines[h.seat]!.push({ item: `passengers ${colour}`, points: pts, detail: `${place} with ${h.n}` });
      }
    };
    award(first, rules.majorityFirst, first.length > 1 ? 'shared most' : 'most');
    if (first.length === 1) {
      const rest = holders.filter((h) => h.n < top);
      if (rest.length > 0) {
        const second = Math.max(...rest.map((h) => h.n));
        award(
          rest.filter((h) => h.n === second),
          rules.majoritySecond,
          'second most',
        );
      }
    }
  }
  return { points, lines };
}

/** What scoring reads of a state: at the end, or during play for a search bot's estimate. */
export function scoringInput(map: TtrMap, s: TtrState): ScoringInput {
  return {
    map,
    players: s.players,
    routeOwners: Object.fromEntries(Object.entries(s.routeOwners).map(([id, seat]) => [Number(id), seat])),
    tickets: s.tickets,
    stations: s.stations,
    stationsLeft: s.stationsLeft,
    passengers: s.passengers,
    routePoints: s.routePoints,
  };
}

export function finalScoring(input: ScoringInput): ScoringResult {
  const { map } = input;
  const seats = Array.from({ length: input.players }, (_, seat) => seat);
  const ownRoutes = seats.map((seat) => map.routes.filter((r) => input.routeOwners[r.id] === seat));
  const ownEdges = ownRoutes.map((routes) => routes.map((r) => edgeOf(map, r)));

  const recount = ownRoutes.map((routes) => routes.reduce((n, r) => n + (map.routeScoring[r.length] ?? 0), 0));
  seats.forEach((seat) => {
    // TTRE-14.1: the running score must match the board.
    if (recount[seat] !== input.routePoints[seat])
      throw new Error(
        `route points of seat ${seat} (${input.routePoints[seat]}) differ from the board (${recount[seat]})`,
      );
  });

  const tickets = seats.map((seat) => bestBorrowing(map, seat, input, ownEdges[seat]!));
  const longest = seats.map((seat) => (map.longestPathBonus > 0 ? longestTrail(ownEdges[seat]!) : 0));
  const maxLongest = Math.max(0, ...longest);
  const completed = tickets.map((t) => completedCount(t.results));
  const maxCompleted = Math.max(0, ...completed);
  const passengers = majorities(map, input);

  const players: PlayerScore[] = seats.map((seat) => {
    const results = tickets[seat]!.results;
    const unusedStations = input.stationsLeft[seat] ?? 0;
    const longestPathBonus =
      map.longestPathBonus > 0 && maxLongest > 0 && longest[seat] === maxLongest ? map.longestPathBonus : 0;
    const globetrotterBonus =
      map.globetrotterBonus > 0 && maxCompleted > 0 && completed[seat] === maxCompleted ? map.globetrotterBonus : 0;
    const stationPoints = unusedStations * map.unusedStationPoints;
    const total =
      recount[seat]! +
      ticketTotal(results) +
      stationPoints +
      longestPathBonus +
      globetrotterBonus +
      passengers.points[seat]!;
    return {
      seat,
      total,
      routePoints: recount[seat]!,
      tickets: results,
      ticketsCompleted: completed[seat]!,
      stationBorrows: tickets[seat]!.borrows,
      stationsBuilt: map.stationsPerPlayer - unusedStations,
      unusedStations,
      stationPoints,
      longestPath: longest[seat]!,
      longestPathBonus,
      globetrotterBonus,
      passengerPoints: passengers.points[seat]!,
      passengerCount: Object.values(input.passengers[seat] ?? {}).reduce((a, b) => a + b, 0),
    };
  });

  const routesById = new Map(map.routes.map((r) => [r.id, r]));
  const breakdown = players.map((p) => {
    const lines: ScoreLineT[] = [
      { item: 'routes', points: p.routePoints, detail: `${ownRoutes[p.seat]!.length} routes` },
    ];
    for (const t of p.tickets)
      lines.push({
        item: `ticket ${t.a}–${t.b}`,
        points: t.completed ? t.points : -t.points,
        detail: t.completed ? 'completed' : 'not completed',
      });
    for (const b of p.stationBorrows) {
      const route = b.routeId === null ? null : routesById.get(b.routeId)!;
      lines.push({
        item: `station at ${b.city}`,
        points: 0,
        detail: route ? `borrows ${borrowedLabel(route, input.routeOwners[route.id]!)}` : 'borrows no route',
      });
    }
    if (map.stationsPerPlayer > 0)
      lines.push({
        item: 'unused stations',
        points: p.stationPoints,
        detail: `${p.unusedStations} × ${map.unusedStationPoints}`,
      });
    if (map.longestPathBonus > 0)
      lines.push({ item: 'European Express', points: p.longestPathBonus, detail: `longest path ${p.longestPath}` });
    if (map.globetrotterBonus > 0)
      lines.push({
        item: 'Globetrotter',
        points: p.globetrotterBonus,
        detail: `${p.ticketsCompleted} tickets completed`,
      });
    lines.push(...passengers.lines[p.seat]!);
    return lines;
  });

  return { players, scores: players.map((p) => p.total), ranking: rank(map, players), breakdown };
}

/**
 * Places with the tie-breakers applied to the whole table (TTRE-15, TTRG-14): score, completed
 * tickets, then Europe: fewest stations built, and the Express if exactly one tied player has it;
 * Germany: most passengers. Players still tied share a place.
 */
function rank(map: TtrMap, players: readonly PlayerScore[]): number[] {
  const europe = map.longestPathBonus > 0;
  const standing = (p: PlayerScore) => [p.total, p.ticketsCompleted, europe ? -p.stationsBuilt : p.passengerCount];
  // A last tie-break worth 1 to the one holder of the Express among players tied so far; Germany has no Express.
  const soleExpress = (p: PlayerScore) =>
    p.longestPathBonus > 0 &&
    players.filter((o) => o.longestPathBonus > 0 && compareStandings(standing(o), standing(p)) === 0).length === 1;
  return rankByStandings(players.map((p) => [...standing(p), soleExpress(p) ? 1 : 0]));
}
