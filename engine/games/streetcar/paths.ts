/**
 * Following track the way a tram may (SC-2.13–2.19): one step at a time, along a single segment, never
 * reversing, through terminal loops. On top of the step: trip verification (SC-9.3, a search over
 * (position, visited-stop set), AMB-18) and the outcomes of a die roll (SC-11.3–11.7).
 */
import type { DieFace } from './data.js';
import { colOf, exitsFrom, neighbour, opposite, portOf, rowOf, terminalPortAt, type Edge } from './geometry.js';
import type { TramPos, WitnessNode } from './state.js';

/** SC-2.14: every position one step ahead (several at a junction); [] at a dead end. */
export function successors(masks: readonly number[], pos: TramPos): TramPos[] {
  if (pos.at === 'terminal') {
    const ports: (0 | 1)[] = pos.exit === null ? [0, 1] : [pos.exit];
    return ports.flatMap((p) => {
      const { sq, edge } = portOf(pos.terminal, p);
      return enterTile(masks, sq, edge);
    });
  }
  const next = neighbour(pos.sq, pos.heading);
  if (next !== null) return enterTile(masks, next, opposite(pos.heading));
  const port = terminalPortAt(pos.sq, pos.heading);
  return port ? [{ at: 'terminal', terminal: port.terminal, exit: (1 - port.port) as 0 | 1 }] : [];
}

function enterTile(masks: readonly number[], sq: number, entry: Edge): TramPos[] {
  const mask = masks[sq]!;
  if (mask < 0) return [];
  return exitsFrom(mask, entry).map((heading) => ({ at: 'tile', sq, from: entry, heading }));
}

export const posKey = (p: TramPos): string => (p.at === 'tile' ? `${p.sq}:${p.heading}` : `T${p.terminal}:${p.exit}`);
export const nodeOf = (p: TramPos): WitnessNode =>
  p.at === 'tile' ? { row: rowOf(p.sq), col: colOf(p.sq) } : { terminal: p.terminal };

/** Which square carries which stop, for the stops that matter to a search. */
export type StopSquares = ReadonlyMap<number, string>;

export const stopSquares = (stops: Readonly<Record<string, number>>, letters: readonly string[]): Map<number, string> =>
  new Map(letters.flatMap((l) => (stops[l] === undefined ? [] : [[stops[l]!, l] as [number, string]])));

/** SC-2.18: the letters visited after entering `p`. */
function visit(visited: readonly string[], p: TramPos, required: StopSquares): string[] {
  const letter = p.at === 'tile' ? required.get(p.sq) : undefined;
  return letter === undefined || visited.includes(letter) ? visited.slice() : [...visited, letter].sort();
}

interface Walk {
  pos: TramPos;
  visited: string[];
  path: WitnessNode[];
}

const walkKey = (w: Walk): string => `${posKey(w.pos)}|${w.visited.join('')}`;

/** A position as a number below 1024 (tile: square and heading; terminal: terminal and exit), as `posKey` tells positions apart. */
export const posIndex = (p: TramPos): number =>
  p.at === 'tile' ? p.sq * 4 + p.heading : 576 + p.terminal * 3 + (p.exit ?? 2);
/** How many numbers `posIndex` uses. */
export const POSITIONS = 576 + 12 * 3;

/** The visited-stop sets one search meets, numbered, so that a search state is a number rather than a string. */
class VisitedSets {
  private readonly ids = new Map<string, number>();
  private readonly sets: string[][] = [];
  /** Per set and stop letter, the set after visiting it. */
  private readonly next = new Map<string, number>();

  id(visited: string[]): number {
    const key = visited.join('');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.ids.set(key, id);
      this.sets.push(visited);
    }
    return id;
  }

  joined(id: number): string {
    return this.sets[id]!.join('');
  }

  /** SC-2.18: the set after entering `p`. */
  after(id: number, p: TramPos, required: StopSquares): number {
    const letter = p.at === 'tile' ? required.get(p.sq) : undefined;
    if (letter === undefined) return id;
    const step = `${id}${letter}`;
    let to = this.next.get(step);
    if (to === undefined) {
      to = this.id(visit(this.sets[id]!, p, required));
      this.next.set(step, to);
    }
    return to;
  }
}

/**
 * SC-9.3/9.4: a walk from `from` that passes every required stop and then enters `end`, entering `end`
 * nowhere before. `required` lists every required building; all must have a stop (SC-8.7).
 * Returns the nodes entered (the witness, SC-10.4) or null. A breadth-first search over (position,
 * visited set); the first walk found is the witness.
 */
export function findTrip(
  masks: readonly number[],
  stops: Readonly<Record<string, number>>,
  required: readonly string[],
  from: TramPos,
  visited: readonly string[],
  end: number,
): WitnessNode[] | null {
  if (required.some((l) => stops[l] === undefined)) return null;
  const wanted = stopSquares(stops, required);
  const all = [...required].sort().join('');
  const sets = new VisitedSets();
  // The queue as parallel arrays: each state's position, visited set and the state it was reached from.
  const positions: TramPos[] = [from];
  const visits = [sets.id([...visited].sort())];
  const parents = [-1];
  const seen = new Set([visits[0]! * 1024 + posIndex(from)]);
  const trace = (i: number, last: WitnessNode): WitnessNode[] => {
    const out: WitnessNode[] = [last];
    for (let k = i; k >= 0; k = parents[k]!) out.push(nodeOf(positions[k]!));
    return out.reverse();
  };
  for (let i = 0; i < positions.length; i++) {
    for (const p of successors(masks, positions[i]!)) {
      if (p.at === 'terminal' && p.terminal === end) {
        if (sets.joined(visits[i]!) === all) return trace(i, nodeOf(p));
        continue;
      }
      const v = sets.after(visits[i]!, p, wanted);
      const key = v * 1024 + posIndex(p);
      if (seen.has(key)) continue;
      seen.add(key);
      positions.push(p);
      visits.push(v);
      parents.push(i);
    }
  }
  return null;
}

/** SC-2.19: two terminals are connected by drivable track. */
export const terminalsConnected = (masks: readonly number[], a: number, b: number): boolean =>
  findTrip(masks, {}, [], { at: 'terminal', terminal: a, exit: null }, [], b) !== null;

export interface MoveOption {
  to: TramPos;
  visited: string[];
  /** The move entered the driver's end terminal (SC-11.5). */
  arrived: boolean;
  /** The nodes entered, for the client to draw. */
  path: WitnessNode[];
}

export interface MoveContext {
  masks: readonly number[];
  /** Squares of every stop marker on the board (H, SC-11.6). */
  allStops: ReadonlySet<number>;
  /** Squares of the driver's required stops. */
  required: StopSquares;
  end: number;
}

/**
 * SC-11.3–11.7: the distinct outcomes (end position, visited set) of a roll. A tram that cannot take a
 * single step stays (SC-11.8). An H walk that would come back to a (position, visited) state it already
 * had is not a separate outcome, so a walk that only loops ends nowhere; with no outcome at all the tram stays.
 */
export function moveOptions(ctx: MoveContext, tram: TramPos, visited: readonly string[], face: DieFace): MoveOption[] {
  const start: Walk = { pos: tram, visited: [...visited], path: [] };
  if (successors(ctx.masks, tram).length === 0) return [{ to: tram, visited: [...visited], arrived: false, path: [] }];
  const finals = new Map<string, MoveOption>();
  const finish = (w: Walk, arrived: boolean) => {
    const key = arrived ? `end|${w.visited.join('')}` : walkKey(w);
    if (!finals.has(key)) finals.set(key, { to: w.pos, visited: w.visited, arrived, path: w.path });
  };
  const advance = (w: Walk, onward: (next: Walk) => void) => {
    const next = successors(ctx.masks, w.pos);
    if (next.length === 0) return finish(w, false);
    for (const p of next) {
      const n: Walk = { pos: p, visited: visit(w.visited, p, ctx.required), path: [...w.path, nodeOf(p)] };
      if (p.at === 'terminal' && p.terminal === ctx.end) finish(n, true);
      else onward(n);
    }
  };
  if (face === 'H') {
    const seen = new Set([walkKey(start)]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++)
      advance(queue[i]!, (n) => {
        if (n.pos.at === 'terminal' || ctx.allStops.has(n.pos.sq)) return finish(n, false);
        const k = walkKey(n);
        if (!seen.has(k)) {
          seen.add(k);
          queue.push(n);
        }
      });
  } else {
    let frontier = [start];
    for (let step = 0; step < face; step++) {
      const layer = new Map<string, Walk>();
      for (const w of frontier)
        advance(w, (n) => {
          if (!layer.has(walkKey(n))) layer.set(walkKey(n), n);
        });
      frontier = [...layer.values()];
    }
    for (const w of frontier) finish(w, false);
  }
  // An H walk trapped in a loop without stop, terminal or dead end has nowhere to end: the tram stays.
  return finals.size > 0 ? [...finals.values()] : [{ to: tram, visited: [...visited], arrived: false, path: [] }];
}
