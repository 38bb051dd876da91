/**
 * Where tiles come from (SC-7, V3, V5): blind draws from the four stacks, the V5 display, drivers' open
 * tiles, and the refill that combines them. These helpers change the draft (or, at setup, the new state)
 * they are given.
 */
import type { Rng } from '../../core/index.js';
import type { ScDraft, StreetcarState } from './state.js';

/** SC-7.2: the largest stack, lowest index on ties; null when all four are empty. */
export function largestStack(stacks: readonly string[][]): number | null {
  let best: number | null = null;
  stacks.forEach((st, i) => {
    if (st.length > 0 && (best === null || st.length > stacks[best]!.length)) best = i;
  });
  return best;
}

/** V3-1: the stack with the fewest tiles, lowest index on ties. */
export function smallestStack(stacks: readonly string[][]): number {
  let best = 0;
  stacks.forEach((st, i) => {
    if (st.length < stacks[best]!.length) best = i;
  });
  return best;
}

export const stackTotal = (s: StreetcarState): number => s.stacks.reduce((n, st) => n + st.length, 0);

/** SC-7.2: takes up to `n` tiles from the largest stacks into the seat's hand; which tiles, from which stacks. */
export function takeBlind(s: StreetcarState, seat: number, n: number): { tiles: string[]; stacks: number[] } {
  const tiles: string[] = [];
  const stacks: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = largestStack(s.stacks);
    if (k === null) break;
    tiles.push(s.stacks[k]!.shift()!);
    stacks.push(k);
  }
  s.players[seat]!.hand.push(...tiles);
  return { tiles, stacks };
}

/** Draws up to `n` tiles blind, the drawer alone seeing which (SC-15.5); how many came. */
export function drawBlind(d: ScDraft, seat: number, n: number): number {
  const { tiles, stacks } = takeBlind(d.state, seat, n);
  if (tiles.length > 0)
    d.emitSecret({ type: 'draw', data: { seat, tiles, stacks } }, [seat], {
      type: 'draw',
      data: { seat, count: tiles.length, stacks },
    });
  return tiles.length;
}

/** V3-1: tiles given back are shuffled into the smallest stack. */
export function returnToStack(s: StreetcarState, tiles: readonly string[], rng: Rng): number {
  const k = smallestStack(s.stacks);
  s.stacks[k] = rng.shuffle([...s.stacks[k]!, ...tiles]);
  return k;
}

/** The face-up tiles a refilling builder chooses from now, if any (V5-2 first, then SC-7.4). */
export function choicePool(s: StreetcarState): { from: 'display' | 'open'; tiles: string[] } | null {
  if (s.display.length > 0) return { from: 'display', tiles: s.display };
  if (stackTotal(s) === 0 && s.open.length > 0) return { from: 'open', tiles: s.open };
  return null;
}

/** Takes a face-up tile from the pool on offer into the seat's hand. */
export function takeFace(d: ScDraft, seat: number, tile: string): void {
  const pool = choicePool(d.state)!;
  pool.tiles.splice(pool.tiles.indexOf(tile), 1);
  d.state.players[seat]!.hand.push(tile);
  d.emit('take', { seat, tile, from: pool.from });
}

/**
 * SC-7.1–7.5, V5-2: fills the hand up to its limit as far as no choice is needed. Returns true when the
 * builder must choose (ACT-TAKE): fewer tiles are needed than the pool holds and the pool has two kinds.
 */
export function refill(d: ScDraft, seat: number): boolean {
  const p = d.state.players[seat]!;
  while (p.hand.length < p.handLimit) {
    const pool = choicePool(d.state);
    if (pool) {
      const need = p.handLimit - p.hand.length;
      if (need < pool.tiles.length && new Set(pool.tiles).size > 1) return true;
      takeFace(d, seat, pool.tiles[0]!);
      continue;
    }
    if (drawBlind(d, seat, p.handLimit - p.hand.length) === 0) break;
  }
  return false;
}

/** V5-1: turns tiles from the stacks face up until the display holds 8; the tiles turned. */
export function fillDisplay(s: StreetcarState): string[] {
  const tiles: string[] = [];
  while (s.display.length < 8) {
    const k = largestStack(s.stacks);
    if (k === null) break;
    const t = s.stacks[k]!.shift()!;
    s.display.push(t);
    tiles.push(t);
  }
  return tiles;
}

/** V5-3: the display goes back to 8 from the stacks; those tiles are face up, so the event is public. */
export function refillDisplay(d: ScDraft): void {
  const tiles = fillDisplay(d.state);
  if (tiles.length > 0) d.emit('display_refilled', { tiles });
}
