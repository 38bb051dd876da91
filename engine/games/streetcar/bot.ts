/**
 * The greedy bot (§5 of the brief): declares as soon as its route is complete, builds towards its own
 * terminals and stops, and drives so that it can still finish. It sees only its seat's view.
 */
import type { BotInput } from '../../core/index.js';
import type { StreetcarAction, TramTarget } from './actions.js';
import {
  terminalsOfLine,
  BUILDING_AT,
  EDGES,
  edgeOf,
  neighbour,
  sqOf,
  tileMask,
  rowOf,
  colOf,
  squareOfBuilding,
  portOf,
  type Edge,
} from './geometry.js';
import { targetKey } from './targets.js';
import { findTrip, successors, posIndex, posKey, POSITIONS } from './paths.js';
import type { TramPos } from './state.js';
import type { StreetcarView } from './view.js';

type Input = BotInput<StreetcarView, StreetcarAction>;

export interface Board {
  masks: number[];
  stops: Record<string, number>;
}

function boardOf(v: StreetcarView): Board {
  const masks = Array<number>(144).fill(-1);
  for (const t of v.board) masks[sqOf(t.row, t.col)] = tileMask(t.tile, t.rotation as 0 | 90 | 180 | 270);
  return { masks, stops: Object.fromEntries(Object.entries(v.stops).map(([l, p]) => [l, sqOf(p.row, p.col)])) };
}

function posOf(t: TramTarget | { terminal: number; exit: null }, from: Edge = 0): TramPos {
  return 'terminal' in t
    ? { at: 'terminal', terminal: t.terminal, exit: t.exit }
    : { at: 'tile', sq: sqOf(t.row, t.col), from, heading: edgeOf(t.heading) };
}

/** Squares where building helps towards a stop: its marker, or the free neighbours of a building without one. */
function stopTargets(b: Board, letter: string): number[] {
  if (b.stops[letter] !== undefined) return [b.stops[letter]!];
  const home = squareOfBuilding(letter);
  return EDGES.flatMap((e) => {
    const n = neighbour(home, e);
    return n !== null && b.masks[n]! < 0 ? [n] : [];
  });
}

const manhattan = (a: number, b: number): number => Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b));
const nearest = (from: number, to: readonly number[]): number =>
  to.reduce((best, t) => Math.min(best, manhattan(from, t)), 30);

interface Progress {
  /** Lower is better: what is left to build from the best open track end of a trip from `start`. */
  cost: number;
  /** The empty squares that the trip's open track ends face. */
  frontier: Set<number>;
}

/**
 * Walks every trip from `start` (states: position and stops passed, as in SC-9.3) and rates its open
 * track ends: stops still to pass, and the distance to the next one or to the end terminal.
 */
function progress(b: Board, start: number, end: number, stops: readonly string[]): Progress {
  const targets = stops.map((l) => stopTargets(b, l));
  const endPorts = [portOf(end, 0).sq, portOf(end, 1).sq];
  const stopBit = new Map(
    stops.flatMap((l, i) => (b.stops[l] === undefined ? [] : [[b.stops[l]!, 1 << i] as [number, number]])),
  );
  const full = (1 << stops.length) - 1;
  const first = { pos: { at: 'terminal', terminal: start, exit: null } as TramPos, mask: 0 };
  // Search states as numbers (position, then stops passed): this runs for every build a bot rates.
  const seen = new Uint8Array(POSITIONS << stops.length);
  seen[posIndex(first.pos) << stops.length] = 1;
  const queue = [first];
  const frontier = new Set<number>();
  let cost = 200;
  const rate = (sq: number, mask: number) => {
    let left = 0;
    let d = 30;
    for (let i = 0; i < stops.length; i++)
      if (!(mask & (1 << i))) {
        left++;
        d = Math.min(d, nearest(sq, targets[i]!));
      }
    if (left === 0) d = nearest(sq, endPorts);
    cost = Math.min(cost, left * 12 + d);
    frontier.add(sq);
  };
  for (const port of [0, 1] as const) if (b.masks[portOf(start, port).sq]! < 0) rate(portOf(start, port).sq, 0);
  for (let i = 0; i < queue.length; i++) {
    const { pos, mask } = queue[i]!;
    if (pos.at === 'tile') {
      const n = neighbour(pos.sq, pos.heading);
      if (n !== null && b.masks[n]! < 0 && !BUILDING_AT[n]) rate(n, mask);
    }
    for (const q of successors(b.masks, pos)) {
      if (q.at === 'terminal' && q.terminal === end) {
        if (mask === full) return { cost: -1000, frontier };
        continue;
      }
      const m = q.at === 'tile' ? mask | (stopBit.get(q.sq) ?? 0) : mask;
      const k = (posIndex(q) << stops.length) | m;
      if (!seen[k]) {
        seen[k] = 1;
        queue.push({ pos: q, mask: m });
      }
    }
  }
  return { cost, frontier };
}

/** How close the board is to completing the seat's schedule, from either terminal; higher is better. */
export function potential(b: Board, line: number, stops: readonly string[]): number {
  const [a, z] = terminalsOfLine(line);
  const ca = progress(b, a, z, stops).cost;
  const cz = progress(b, z, a, stops).cost;
  return -(Math.min(ca, cz) + 0.1 * Math.max(ca, cz));
}

/** The squares worth trying: in front of the seat's open track ends, beside its terminals and stops. */
export function candidateSquares(b: Board, line: number, stops: readonly string[]): Set<number> {
  const out = new Set<number>();
  const [a, z] = terminalsOfLine(line);
  for (const [from, to] of [
    [a, z],
    [z, a],
  ] as const)
    for (const s of progress(b, from, to, stops).frontier) out.add(s);
  for (const l of stops) for (const s of stopTargets(b, l)) out.add(s);
  return out;
}

export function afterBuild(b: Board, a: StreetcarAction): Board | null {
  const masks = b.masks.slice();
  const stops = { ...b.stops };
  const put = (t: { row: number; col: number; tile: string; rotation: 0 | 90 | 180 | 270 }, placed: boolean) => {
    const sq = sqOf(t.row, t.col);
    masks[sq] = tileMask(t.tile, t.rotation);
    if (!placed) return;
    for (const e of EDGES) {
      const n = neighbour(sq, e);
      const letter = n === null ? null : BUILDING_AT[n];
      if (letter && stops[letter] === undefined) stops[letter] = sq;
    }
  };
  if (a.type === 'place') put(a, true);
  else if (a.type === 'exchange') put(a, false);
  else if (a.type === 'double_exchange') {
    put(a.first, false);
    put(a.second, false);
  } else return null;
  return { masks, stops };
}

/**
 * The builds worth trying: placements in front of the seat's network or beside its stops, and
 * exchanges; one per square, tile and resulting track.
 */
export function buildsWorthTrying(
  b: Board,
  line: number,
  stops: readonly string[],
  builds: readonly StreetcarAction[],
  near = candidateSquares(b, line, stops),
): StreetcarAction[] {
  const seen = new Set<string>();
  return builds.filter((a) => {
    if (a.type === 'double_exchange') return false;
    if (a.type === 'place' && !near.has(sqOf(a.row, a.col))) return false;
    if (a.type !== 'place' && a.type !== 'exchange') return false;
    const key = `${a.type}${a.row},${a.col},${a.tile},${tileMask(a.tile, a.rotation)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How good a build leaves the board for the seat's schedule; an exchange costs a little (it does not draw). */
export const buildScore = (b: Board, line: number, stops: readonly string[], a: StreetcarAction): number =>
  potential(afterBuild(b, a)!, line, stops) - (a.type === 'exchange' ? 0.5 : 0);

function bestBuild(input: Input, builds: StreetcarAction[]): StreetcarAction {
  const { view, rng } = input;
  const you = view.you!;
  const b = boardOf(view);
  const base = potential(b, you.line, you.stops);
  let best: StreetcarAction[] = [];
  let bestScore = -Infinity;
  for (const a of buildsWorthTrying(b, you.line, you.stops, builds)) {
    const score = buildScore(b, you.line, you.stops, a);
    if (score > bestScore) [best, bestScore] = [[a], score];
    else if (score === bestScore) best.push(a);
  }
  if (best.length > 0 && bestScore > base) return rng.pick(best);
  // Nothing helps: place a tile elsewhere (so the hand turns over), choosing among a sample the one that
  // harms the seat's own network least.
  const places = builds.filter((a) => a.type === 'place');
  const pool = places.length > 0 ? places : builds;
  const sample = Array.from({ length: Math.min(12, pool.length) }, () => rng.pick(pool));
  const rated = sample.map((a) => ({
    a,
    score: afterBuild(b, a) ? potential(afterBuild(b, a)!, you.line, you.stops) : -Infinity,
  }));
  return rated.reduce((x, y) => (y.score > x.score ? y : x)).a;
}

/** Moves: win if possible, otherwise most stops visited, keeping a way to finish. */
function bestMove(input: Input, moves: Extract<StreetcarAction, { type: 'move' }>[]): StreetcarAction {
  const { view } = input;
  const you = view.you!;
  const me = view.players[input.seat]!;
  const b = boardOf(view);
  const info = new Map(view.moves.map((m) => [`${targetKey(m.to)}|${m.visited.join('')}`, m]));
  const score = (m: Extract<StreetcarAction, { type: 'move' }>): number => {
    const o = info.get(`${targetKey(m.to)}|${m.visited.join('')}`);
    if (o?.arrived) return m.visited.length === you.stops.length ? 1000 : -1000;
    const rest = me.end === null ? null : findTrip(b.masks, b.stops, you.stops, posOf(m.to), m.visited, me.end);
    // Alive first, then stops, then the shortest remaining trip, so the tram does not circle.
    return (rest ? 500 - rest.length : 0) + m.visited.length * 10;
  };
  return moves.reduce((x, y) => (score(y) > score(x) ? y : x));
}

export function greedyBot(input: Input): StreetcarAction {
  const { legal, view, rng } = input;
  const declare = legal.find((a) => a.type === 'declare');
  if (declare) return declare;
  const moves = legal.filter((a): a is Extract<StreetcarAction, { type: 'move' }> => a.type === 'move');
  if (moves.length > 0) return bestMove(input, moves);
  if (legal.some((a) => a.type === 'roll')) {
    const restart = legal.find((a) => a.type === 'restart');
    return view.you?.canStillFinish === false && restart ? restart : legal.find((a) => a.type === 'roll')!;
  }
  const builds = legal.filter((a) => a.type === 'place' || a.type === 'exchange' || a.type === 'double_exchange');
  if (view.circuitPhase === 'B') return circuitMove(input, builds);
  if (builds.length > 0) return bestBuild(input, builds);
  const rest = legal.filter((a) => a.type !== 'pass');
  return rng.pick(rest.length > 0 ? rest : legal);
}

/** V1 phase B: enter, step towards the next goal while it can be reached, otherwise build, otherwise end the turn. */
function circuitMove(input: Input, builds: StreetcarAction[]): StreetcarAction {
  const { legal, view, seat } = input;
  const enter = legal.find((a) => a.type === 'enter');
  if (enter) return enter;
  const distance = goalDistance(input);
  const steps = legal
    .filter((a): a is Extract<StreetcarAction, { type: 'step' }> => a.type === 'step')
    .map((a) => ({ a, d: distance(posOf(a.to)) }));
  const best = steps.reduce<{ a: StreetcarAction; d: number } | null>(
    (x, y) => (x === null || y.d < x.d ? y : x),
    null,
  );
  if (best && best.d < UNREACHABLE) return best.a;
  const tram = view.trams.find((t) => t.seat === seat);
  if (
    legal.some((a) => a.type === 'turn180') &&
    tram?.from &&
    'row' in tram.at &&
    distance(posOf({ ...tram.at, heading: tram.from })) < UNREACHABLE
  )
    return { type: 'turn180' };
  if (builds.length > 0 && view.step.kind === 'build' && view.step.actions < 3) return bestBuild(input, builds);
  return legal.find((a) => a.type === 'end_turn') ?? legal[0]!;
}

const UNREACHABLE = 99;

/** Steps from a position to the tram's next goal: an uncredited stop it still needs, then the right terminal. */
function goalDistance(input: Input): (from: TramPos) => number {
  const { view, seat } = input;
  const me = view.players[seat]!;
  const you = view.you!;
  const b = boardOf(view);
  const stopSqs = new Set(
    you.stops.filter((l) => !me.visited.includes(l) && b.stops[l] !== undefined).map((l) => b.stops[l]!),
  );
  const wantStop = me.leg === 'return' ? me.visited.length < you.stops.length : me.visited.length === 0;
  const goalTerminal = me.leg === 'out' ? me.end : me.start;
  return (from) => {
    const seen = new Set([posKey(from)]);
    let layer = [from];
    for (let d = 0; d < UNREACHABLE && layer.length > 0; d++) {
      for (const p of layer) {
        if (wantStop && p.at === 'tile' && stopSqs.has(p.sq)) return d;
        if (!wantStop && p.at === 'terminal' && p.terminal === goalTerminal) return d;
      }
      const next: TramPos[] = [];
      for (const p of layer)
        for (const q of successors(b.masks, p))
          if (!seen.has(posKey(q))) {
            seen.add(posKey(q));
            next.push(q);
          }
      layer = next;
    }
    return UNREACHABLE;
  };
}
