/**
 * How a search bot rates an unfinished Ticket to Ride game: the score as if the game
 * ended now, except that a ticket not yet completed counts by how far it is from completion instead
 * of a flat loss. Completion is measured as the fewest trains still to lay on open routes, with
 * the seat's own routes free and, next to each of its stations, opponents' routes free too (TTRE-12:
 * a station borrows one of them at the end). Tickets share the trains: taken nearest first, each
 * needs what its path and the nearer tickets' paths need together. A finished ticket is worth
 * +points, one that needs the horizon or more −points, linearly in between. The horizon is HORIZON
 * trains, or fewer when the seat has fewer left or another seat's stock will end the game sooner
 * (TTRE-13). A longer horizon made tickets look cheap, and the search drew them until it could
 * finish none; counted one by one, a ticket drawn late looked free although the trains it needed
 * were already spoken for.
 * Longest-path and Globetrotter bonuses are left out; passenger majorities count (TTRG-13.4).
 * Trains still in stock count a little, and cards held by whether the seat's open ticket paths
 * need their colour.
 *
 * It ranks root moves one move ahead (which candidates get simulated) and scores every simulation,
 * cut after a few turns (search-levels.ts), so it has to weigh what is under way, not only the
 * points already on the board.
 */
import type { Hand } from './cards.js';
import { CARD_COLOURS, type Route, type TtrMap } from './map.js';
import { majorities, scoringInput } from './scoring.js';
import type { TtrState } from './state.js';

/**
 * Points a train still in stock is worth while the game runs: about what a route of 3–4 pays per
 * train. Without it the search spends trains on short routes that pay 1–2 points, since any claim
 * beats a draw within its horizon.
 */
const TRAIN_VALUE = 1.2;
/**
 * A card counts by what it is for: one of a colour the seat's open ticket paths still need (a
 * locomotive always is) is most of the way to a claim; any other card is only a future option.
 * With one flat value the search could not tell a useful face-up card from a blind draw.
 */
const NEEDED_CARD_VALUE = 0.7;
const SPARE_CARD_VALUE = 0.2;

/** Trains a ticket may still need and count as half done; a farther one counts as lost. */
const HORIZON = 12;
/** Trains a seat may still lay once another seat is down to its last: the final round gives it one more turn (TTRE-13.2). */
const SPARE_TURN_TRAINS = 4;

export function createEstimate(map: TtrMap): (s: TtrState) => number[] {
  const countries = new Set(map.countries);
  const ids = new Map<string, number>();
  const nodeOf = (name: string) => ids.get(name) ?? (ids.set(name, ids.size), ids.size - 1);
  // A country is a dead end: each route into it ends in a node of its own (TTRG-11.5).
  const endOf = (r: Route, place: string) => nodeOf(countries.has(place) ? `${place}#${r.id}` : place);
  const ends = map.routes.map((r) => [endOf(r, r.a), endOf(r, r.b)] as const);
  const placeNodes = (place: string) =>
    countries.has(place)
      ? map.routes.flatMap((r, i) => (r.a === place ? [ends[i]![0]] : r.b === place ? [ends[i]![1]] : []))
      : [nodeOf(place)];
  const tickets = new Map(
    map.tickets.map((t) => [t.id, { points: t.points, from: placeNodes(t.a), to: new Set(placeNodes(t.b)) }]),
  );
  const cityNodes = map.routes.map((r) => [r.a, r.b]);
  const n = ids.size;
  const adjacent: number[][] = Array.from({ length: n }, () => []);
  ends.forEach(([a, b], i) => {
    adjacent[a]!.push(i);
    adjacent[b]!.push(i);
  });

  /**
   * Fewest trains from any of `from` to any of `to` with these route weights (Infinity if cut
   * off), and the routes still to claim on one such path.
   */
  function gap(
    weight: Float64Array,
    from: readonly number[],
    to: ReadonlySet<number>,
  ): { trains: number; open: number[] } {
    const dist = new Float64Array(n).fill(Infinity);
    const via = new Int32Array(n).fill(-1);
    const done = new Uint8Array(n);
    for (const f of from) dist[f] = 0;
    for (;;) {
      let u = -1;
      for (let v = 0; v < n; v++) if (!done[v] && dist[v]! < Infinity && (u < 0 || dist[v]! < dist[u]!)) u = v;
      if (u < 0) return { trains: Infinity, open: [] };
      if (to.has(u)) {
        const open: number[] = [];
        for (let v = u; via[v]! >= 0;) {
          const i = via[v]!;
          if (weight[i]! > 0) open.push(i);
          const [a, b] = ends[i]!;
          v = a === v ? b : a;
        }
        return { trains: dist[u]!, open };
      }
      done[u] = 1;
      for (const i of adjacent[u]!) {
        const [a, b] = ends[i]!;
        const v = a === u ? b : a;
        const d = dist[u]! + weight[i]!;
        if (d < dist[v]!) {
          dist[v] = d;
          via[v] = i;
        }
      }
    }
  }

  /** What a hand is worth towards the routes still to claim (indexes into `map.routes`). */
  function handValue(hand: Hand, open: readonly number[]): number {
    const need = new Map<string, number>();
    for (const i of new Set(open)) {
      const r = map.routes[i]!;
      need.set(r.colour, (need.get(r.colour) ?? 0) + r.length);
    }
    let useful = hand.loco;
    let spare = 0;
    for (const c of CARD_COLOURS) {
      const fits = Math.min(hand[c], need.get(c) ?? 0);
      useful += fits;
      spare += hand[c] - fits;
    }
    // Gray routes take any one colour: the spare cards cover them up to their length.
    const gray = Math.min(spare, need.get('gray') ?? 0);
    return (useful + gray) * NEEDED_CARD_VALUE + (spare - gray) * SPARE_CARD_VALUE;
  }

  return (s) => {
    const passengers = majorities(map, scoringInput(map, s)).points;
    return Array.from({ length: s.players }, (_, seat) => {
      const stationCities = new Set(s.stations.filter((st) => st.seat === seat).map((st) => st.city));
      const weight = new Float64Array(map.routes.length);
      map.routes.forEach((r, i) => {
        const owner = s.routeOwners[String(r.id)];
        weight[i] =
          owner === seat
            ? 0
            : owner === undefined
              ? r.length
              : cityNodes[i]!.some((c) => stationCities.has(c))
                ? 0
                : Infinity;
      });
      // The game lasts until a seat is down to its last trains, so the others' stock bounds what is left to lay too.
      const others = s.trains.filter((_, o) => o !== seat);
      const horizon = Math.max(1, Math.min(HORIZON, s.trains[seat]!, ...others.map((t) => t + SPARE_TURN_TRAINS)));
      let score =
        s.routePoints[seat]! +
        s.stationsLeft[seat]! * map.unusedStationPoints +
        passengers[seat]! +
        s.trains[seat]! * TRAIN_VALUE;
      // Tickets share the seat's trains: nearest first, each counts by the trains its path and the nearer ones' need together.
      const paths = s.tickets[seat]!.map((id) => {
        const t = tickets.get(id)!;
        return { points: t.points, ...gap(weight, t.from, t.to) };
      });
      paths.sort((x, y) => x.trains - y.trains);
      const open = new Set<number>();
      let committed = 0;
      for (const p of paths) {
        let need = committed;
        if (p.trains === Infinity) need = Infinity;
        else for (const i of p.open) if (!open.has(i)) need += map.routes[i]!.length;
        score += p.points * (1 - (2 * Math.min(need, horizon)) / horizon);
        if (need <= horizon) {
          for (const i of p.open) open.add(i);
          committed = need;
        }
      }
      return score + handValue(s.hands[seat]!, [...open]);
    });
  };
}
