/**
 * Build legality (SC-5, SC-6, V2-2, AMB-3): conditions A–E for a tile on a square, exchange conditions,
 * and the enumeration of every legal placement and exchange for a hand. The board is read as an array of
 * segment masks (-1 = no tile), so a double exchange is checked by overriding two entries.
 */
import { BUILDING_AT, EDGES, hasPort, isTree, neighbour, opposite, portsOf, ROTATIONS, terminalPortAt, tileMask, type Edge, type Rotation } from './geometry.js';
import type { PlacedTile } from './state.js';

export interface Violation {
  code: string;
  rule: string;
  message: string;
}

export interface BuildRules {
  /** AMB-3 flag. */
  strict: boolean;
  /** V2-2: a placement must meet a track end of a tile already on the board. */
  mustConnect: boolean;
}

export const masksOf = (board: readonly (PlacedTile | null)[]): number[] => board.map((p) => (p ? tileMask(p.tile, p.rotation) : -1));

const PORTS: readonly number[] = Array.from({ length: 64 }, (_, m) => portsOf(m));
const portsAt = (masks: readonly number[], sq: number): number => (masks[sq]! < 0 ? 0 : PORTS[masks[sq]!]!);
const occupied = (masks: readonly number[], sq: number): boolean => masks[sq]! >= 0;

/** Whether a tile track end on (sq, e) is allowed by A, B and E, looking only at the immediate neighbour. */
function endAllowed(masks: readonly number[], sq: number, e: Edge): boolean {
  const n = neighbour(sq, e);
  if (n === null) return terminalPortAt(sq, e) !== undefined;
  if (BUILDING_AT[n]) return false;
  return !occupied(masks, n) || hasPort(portsAt(masks, n), opposite(e));
}

/** SC-5.4–5.7 for the tile already written into `masks` at `sq`. */
export function trackViolation(masks: readonly number[], sq: number, strict: boolean): Violation | null {
  const ports = portsAt(masks, sq);
  const faces = EDGES.map((e) => ({ e, n: neighbour(sq, e), mine: hasPort(ports, e) }));
  for (const { e, n, mine } of faces) if (mine && n === null && !terminalPortAt(sq, e)) return { code: 'off_board', rule: 'SC-5.4', message: 'Track would lead off the board at a closed border' };
  for (const { n, mine } of faces) if (mine && n !== null && BUILDING_AT[n]) return { code: 'into_building', rule: 'SC-5.5', message: `Track would lead into building ${BUILDING_AT[n]}` };
  for (const { e, n, mine } of faces)
    if (mine && n !== null && occupied(masks, n) && !hasPort(portsAt(masks, n), opposite(e))) return { code: 'dead_end', rule: 'SC-5.7', message: 'Track would run into the trackless side of a tile' };
  for (const { e, n, mine } of faces)
    if (!mine && n !== null && hasPort(portsAt(masks, n), opposite(e))) return { code: 'blocks_track', rule: 'SC-5.6', message: 'A neighbouring track end would not be continued' };
  if (strict) for (const { n } of faces) if (n !== null && !BUILDING_AT[n] && !occupied(masks, n) && unfillable(masks, n)) return { code: 'dead_end', rule: 'AMB-3', message: 'A track end would face a square that can never be filled' };
  return null;
}

/** AMB-3: an empty square that a track end faces, whose open sides number fewer than a tile's two ports. */
function unfillable(masks: readonly number[], sq: number): boolean {
  let required = 0;
  let allowed = 0;
  for (const e of EDGES) {
    const n = neighbour(sq, e);
    if (n !== null && hasPort(portsAt(masks, n), opposite(e))) required++;
    if (endAllowed(masks, sq, e)) allowed++;
  }
  return required > 0 && allowed < 2;
}

function connects(masks: readonly number[], sq: number): boolean {
  const ports = portsAt(masks, sq);
  return EDGES.some((e) => {
    const n = neighbour(sq, e);
    return hasPort(ports, e) && n !== null && hasPort(portsAt(masks, n), opposite(e));
  });
}

const withTile = (masks: readonly number[], sq: number, mask: number): number[] => {
  const out = masks.slice();
  out[sq] = mask;
  return out;
};

/** Runs `check` with `mask` written into `masks` at `sq`, restoring the entry afterwards (no copy: legalActions tries thousands). */
function trying<T>(masks: number[], sq: number, mask: number, check: () => T): T {
  const old = masks[sq]!;
  masks[sq] = mask;
  try {
    return check();
  } finally {
    masks[sq] = old;
  }
}

/** ACT-PLACE: SC-5.3 (C), then A, B, E, D, then V2-2. */
export function placementViolation(masks: number[], sq: number, mask: number, rules: BuildRules): Violation | null {
  if (BUILDING_AT[sq] || occupied(masks, sq)) return { code: 'on_building_or_occupied', rule: 'SC-5.3', message: 'The square is a building or already holds a tile' };
  return trying(masks, sq, mask, () => {
    const track = trackViolation(masks, sq, rules.strict);
    if (track) return track;
    if (rules.mustConnect && !connects(masks, sq)) return { code: 'no_connection', rule: 'V2-2', message: 'The tile must meet a track end already on the board' };
    return null;
  });
}

/** SC-6.2–6.4 for one old/new pair, before neighbours are looked at. */
export function swapViolation(old: PlacedTile | null, mask: number): Violation | null {
  if (!old) return { code: 'wrong_step', rule: 'SC-6.1', message: 'There is no tile on that square to exchange' };
  if (isTree(old.tile)) return { code: 'tree_tile', rule: 'SC-6.2', message: 'A tree tile can never be exchanged' };
  const oldMask = tileMask(old.tile, old.rotation);
  if ((oldMask & ~mask) !== 0) return { code: 'loses_track', rule: 'SC-6.3', message: 'The new tile must keep every segment of the old one' };
  if (oldMask === mask) return { code: 'nothing_added', rule: 'SC-6.4', message: 'The new tile must add at least one segment' };
  return null;
}

/** ACT-EXCHANGE: SC-6.2–6.5. */
export function exchangeViolation(board: readonly (PlacedTile | null)[], masks: number[], sq: number, mask: number, rules: BuildRules): Violation | null {
  return swapViolation(board[sq] ?? null, mask) ?? trying(masks, sq, mask, () => trackViolation(masks, sq, rules.strict));
}

/** ACT-DOUBLE-EXCHANGE: SC-6.8, with SC-6.5 checked on the board holding both new tiles. */
export function doubleExchangeViolation(board: readonly (PlacedTile | null)[], masks: readonly number[], a: { sq: number; mask: number }, b: { sq: number; mask: number }, rules: BuildRules): Violation | null {
  if (!EDGES.some((e) => neighbour(a.sq, e) === b.sq)) return { code: 'not_adjacent', rule: 'SC-6.8', message: 'A double exchange needs two orthogonally adjacent tiles' };
  const pair = swapViolation(board[a.sq] ?? null, a.mask) ?? swapViolation(board[b.sq] ?? null, b.mask);
  if (pair) return pair;
  const after = withTile(withTile(masks, a.sq, a.mask), b.sq, b.mask);
  return trackViolation(after, a.sq, rules.strict) ?? trackViolation(after, b.sq, rules.strict);
}

// ---------- enumeration

export interface Build {
  tile: string;
  sq: number;
  rotation: Rotation;
}

const distinct = (hand: readonly string[]): string[] => [...new Set(hand)].sort();

function* tilesInHand(hand: readonly string[]): Generator<{ tile: string; rotation: Rotation; mask: number }> {
  for (const tile of distinct(hand)) for (const rotation of ROTATIONS) yield { tile, rotation, mask: tileMask(tile, rotation) };
}

/** Every (tile, square, rotation) the hand may place. Equal placements in different rotations are listed separately. */
export function legalPlacements(masks: number[], hand: readonly string[], rules: BuildRules, limit = Infinity): Build[] {
  const out: Build[] = [];
  const empties = masks.flatMap((m, sq) => (m < 0 && !BUILDING_AT[sq] ? [sq] : []));
  for (const t of tilesInHand(hand))
    for (const sq of empties) {
      if (!placementViolation(masks, sq, t.mask, rules)) out.push({ tile: t.tile, sq, rotation: t.rotation });
      if (out.length >= limit) return out;
    }
  return out;
}

/** Per occupied square, the hand tiles that pass SC-6.2–6.4 there (neighbours not yet checked). */
function swapCandidates(board: readonly (PlacedTile | null)[], hand: readonly string[]): Map<number, { tile: string; rotation: Rotation; mask: number }[]> {
  const out = new Map<number, { tile: string; rotation: Rotation; mask: number }[]>();
  const tiles = [...tilesInHand(hand)];
  board.forEach((old, sq) => {
    if (!old || isTree(old.tile)) return;
    const fits = tiles.filter((t) => !swapViolation(old, t.mask));
    if (fits.length > 0) out.set(sq, fits);
  });
  return out;
}

export function legalExchanges(board: readonly (PlacedTile | null)[], masks: number[], hand: readonly string[], rules: BuildRules): Build[] {
  const out: Build[] = [];
  for (const [sq, fits] of swapCandidates(board, hand)) for (const t of fits) if (!trying(masks, sq, t.mask, () => trackViolation(masks, sq, rules.strict))) out.push({ tile: t.tile, sq, rotation: t.rotation });
  return out;
}

/** Every double exchange, each adjacent pair once (the lower square first). Two tiles of one type need two in hand. */
export function legalDoubleExchanges(board: readonly (PlacedTile | null)[], masks: readonly number[], hand: readonly string[], rules: BuildRules): [Build, Build][] {
  const out: [Build, Build][] = [];
  const candidates = swapCandidates(board, hand);
  for (const [a, fitsA] of candidates) {
    for (const e of [1, 2] as const) {
      const b = neighbour(a, e);
      const fitsB = b === null ? undefined : candidates.get(b);
      if (b === null || !fitsB) continue;
      for (const x of fitsA)
        for (const y of fitsB) {
          if (x.tile === y.tile && hand.filter((t) => t === x.tile).length < 2) continue;
          const after = withTile(withTile(masks, a, x.mask), b, y.mask);
          if (!trackViolation(after, a, rules.strict) && !trackViolation(after, b, rules.strict)) out.push([{ tile: x.tile, sq: a, rotation: x.rotation }, { tile: y.tile, sq: b, rotation: y.rotation }]);
        }
    }
  }
  return out;
}
