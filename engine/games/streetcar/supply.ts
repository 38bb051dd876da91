/**
 * Where tiles come from (SC-7, V3, V5): blind draws from the four stacks, the V5 display, drivers' open
 * tiles, and the refill that combines them. These helpers mutate the (already cloned) state they are given.
 */
import type { GameEvent, Rng } from '../../core/index.js';
import type { StreetcarState } from './state.js';

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

/** Draws up to `n` tiles blind; the drawer alone sees which (SC-15.5). */
export function drawBlind(s: StreetcarState, seat: number, n: number): GameEvent[] {
  const tiles: string[] = [];
  const from: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = largestStack(s.stacks);
    if (k === null) break;
    tiles.push(s.stacks[k]!.shift()!);
    from.push(k);
  }
  if (tiles.length === 0) return [];
  s.players[seat]!.hand.push(...tiles);
  return [{ type: 'draw', data: { seat, tiles, stacks: from }, visibleTo: [seat], redacted: { type: 'draw', data: { seat, count: tiles.length, stacks: from } } }];
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

export function takeFace(s: StreetcarState, seat: number, tile: string): GameEvent {
  const pool = choicePool(s)!;
  pool.tiles.splice(pool.tiles.indexOf(tile), 1);
  s.players[seat]!.hand.push(tile);
  return { type: 'take', data: { seat, tile, from: pool.from } };
}

/**
 * SC-7.1–7.5, V5-2: fills the hand up to its limit as far as no choice is needed. Returns true when the
 * builder must choose (ACT-TAKE): fewer tiles are needed than the pool holds and the pool has two kinds.
 */
export function refill(s: StreetcarState, seat: number, events: GameEvent[]): boolean {
  const p = s.players[seat]!;
  while (p.hand.length < p.handLimit) {
    const pool = choicePool(s);
    if (pool) {
      const need = p.handLimit - p.hand.length;
      if (need < pool.tiles.length && new Set(pool.tiles).size > 1) return true;
      events.push(takeFace(s, seat, pool.tiles[0]!));
      continue;
    }
    const drawn = drawBlind(s, seat, p.handLimit - p.hand.length);
    if (drawn.length === 0) break;
    events.push(...drawn);
  }
  return false;
}

/** V5-3: the display goes back to 8 from the stacks; those tiles are face up, so the event is public. */
export function refillDisplay(s: StreetcarState, events: GameEvent[]): void {
  const tiles: string[] = [];
  while (s.display.length < 8) {
    const k = largestStack(s.stacks);
    if (k === null) break;
    const t = s.stacks[k]!.shift()!;
    s.display.push(t);
    tiles.push(t);
  }
  if (tiles.length > 0) events.push({ type: 'display_refilled', data: { tiles } });
}
