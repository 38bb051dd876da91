/**
 * How far a builder is from finishing, for the search bot's estimate: the cheapest trip
 * from one of its terminals through its required stops to the other (SC-9.3) over the board as it
 * is and the empty squares it could still fill. Existing track is followed as a tram follows it
 * (SC-2.14, SC-2.15); an empty buildable square costs a tile and may be crossed between any two of
 * its edges whose far sides could take track (SC-5.4, SC-5.5, SC-5.7). Crossing an empty square next
 * to a building without a stop passes that stop, since the tile placed there gets its marker (SC-8.2).
 *
 * A trip is priced in sixths of a turn: a tile at TILE_COST (a builder lays about one and a half
 * useful tiles a turn) and each node the tram enters at STEP_COST (about three steps a roll), so the
 * plan weighs building a shorter trip against building sooner. Dijkstra over (position, stops
 * passed) with integer costs in buckets. Choice: track ends of neighbouring tiles that a tile on the
 * plan would also have to continue (SC-5.6) are not priced.
 */
import type { Board } from './bot.js';
import {
  BUILDING_AT,
  BUILDING_NEXT_TO,
  EDGES,
  exitsOf,
  neighbour,
  opposite,
  portOf,
  squareOfBuilding,
  terminalPortAt,
  terminalsOfLine,
  type Edge,
} from './geometry.js';
import { POSITIONS } from './paths.js';

export const TILE_COST = 4;
export const STEP_COST = 2;
/** Sixths of a turn in a turn. */
export const PER_TURN = 6;
/** Turns charged to a schedule the board can no longer complete: as far behind as a barely started builder. */
export const STUCK = 40;

/** Plans remembered; a search asks about the same boards again (each world deals hands, not a board). */
const MEMO_SIZE = 4096;
const memo = new Map<string, number>();

/** A builder's turns to finish (build, declare and drive) on board `b`, from the better of its terminals. */
export function planTurns(b: Board, line: number, required: readonly string[]): number {
  const key = `${b.masks.join(',')}|${JSON.stringify(b.stops)}|${line}|${required.join('')}`;
  let turns = memo.get(key);
  if (turns === undefined) {
    const [a, z] = terminalsOfLine(line);
    const costs = [planCost(b.masks, b.stops, required, a, z), planCost(b.masks, b.stops, required, z, a)].filter(
      (c) => c !== null,
    );
    turns = costs.length === 0 ? STUCK : Math.min(...costs) / PER_TURN;
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, turns);
  }
  return turns;
}

/** Sentinel for a position that was never reached. */
const FAR = 1 << 30;
/** At most three required stops (SC-1.8). */
const MAX_STOPS = 3;
// Reused by every call (searches call this thousands of times a move; it never runs re-entrantly).
const bestCost = new Int32Array(POSITIONS << MAX_STOPS);
const buckets: number[][] = [];

/**
 * The cheapest trip from terminal `from` through every stop in `required` into terminal `to`, in
 * sixths of a turn, or null if the board leaves none. `masks` as in placement.ts (-1 empty).
 */
function planCost(
  masks: readonly number[],
  stops: Readonly<Record<string, number>>,
  required: readonly string[],
  from: number,
  to: number,
): number | null {
  const n = required.length;
  const full = (1 << n) - 1;
  // Per square, the stop bit passing it earns: its marker's, or a marker-less building's beside it.
  const bitAt = new Int8Array(144).fill(-1);
  const emptyBit = new Int8Array(144).fill(-1);
  required.forEach((letter, i) => {
    const sq = stops[letter];
    if (sq !== undefined) bitAt[sq] = i;
    else
      for (const e of EDGES) {
        const nb = neighbour(squareOfBuilding(letter), e);
        if (nb !== null && masks[nb]! < 0 && BUILDING_NEXT_TO[nb] === letter) emptyBit[nb] = i;
      }
  });
  // States: position (paths.ts numbering; tiles only, as sq * 4 + heading) times stops passed.
  const best = bestCost.subarray(0, POSITIONS << n).fill(FAR);
  for (const b of buckets) if (b) b.length = 0;
  const push = (pos: number, mask: number, cost: number) => {
    const k = (pos << n) | mask;
    if (cost >= best[k]!) return;
    best[k] = cost;
    (buckets[cost] ??= []).push(k);
  };
  // Entering square `sq` by edge `entry` with `mask` passed so far, at `cost` before this square.
  const enter = (sq: number, entry: Edge, mask: number, cost: number) => {
    if (BUILDING_AT[sq]) return;
    const tile = masks[sq]!;
    if (tile >= 0) {
      const m = bitAt[sq]! >= 0 ? mask | (1 << bitAt[sq]!) : mask;
      for (const exit of exitsOf(tile, entry)) push(sq * 4 + exit, m, cost + STEP_COST);
      return;
    }
    const m = emptyBit[sq]! >= 0 ? mask | (1 << emptyBit[sq]!) : mask;
    for (const exit of EDGES) {
      if (exit === entry || !canLeave(masks, sq, exit)) continue;
      push(sq * 4 + exit, m, cost + STEP_COST + TILE_COST);
    }
  };
  for (const port of [0, 1] as const) {
    const p = portOf(from, port);
    enter(p.sq, p.edge, 0, 0);
  }
  for (let cost = 0; cost < buckets.length; cost++) {
    const bucket = buckets[cost];
    if (!bucket) continue;
    for (let i = 0; i < bucket.length; i++) {
      const k = bucket[i]!;
      if (best[k] !== cost) continue;
      const mask = k & full;
      const pos = k >> n;
      const sq = pos >> 2;
      const heading = (pos & 3) as Edge;
      const next = neighbour(sq, heading);
      if (next !== null) {
        enter(next, opposite(heading), mask, cost);
        continue;
      }
      const port = terminalPortAt(sq, heading);
      if (!port) continue;
      if (port.terminal === to) {
        if (mask === full) return cost + STEP_COST;
        continue;
      }
      // Through another terminal's loop (SC-2.14): a step for the terminal, out by its other port.
      const out = portOf(port.terminal, (1 - port.port) as 0 | 1);
      enter(out.sq, out.edge, mask, cost + STEP_COST);
    }
  }
  return null;
}

/** SC-5.4, SC-5.5, SC-5.7: whether a tile on empty `sq` may have track on edge `e`. */
function canLeave(masks: readonly number[], sq: number, e: Edge): boolean {
  const nb = neighbour(sq, e);
  if (nb === null) return terminalPortAt(sq, e) !== undefined;
  if (BUILDING_AT[nb]) return false;
  const tile = masks[nb]!;
  return tile < 0 || exitsOf(tile, opposite(e)).length > 0;
}
