/**
 * Build legality (SC-5, SC-6, V2-2, AMB-3): conditions A–E for a tile on a square, exchange conditions,
 * and the enumeration of every legal placement and exchange for a hand. The board is read as an array of
 * segment masks (-1 = no tile), so a double exchange is checked by overriding two entries.
 */
import {
  BUILDING_AT,
  EDGES,
  hasPort,
  isTree,
  neighbour,
  opposite,
  portsOf,
  ROTATIONS,
  terminalPortAt,
  tileMask,
  type Edge,
  type Rotation,
} from './geometry.js';
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

export const masksOf = (board: readonly (PlacedTile | null)[]): number[] =>
  board.map((p) => (p ? tileMask(p.tile, p.rotation) : -1));

const portsAt = (masks: readonly number[], sq: number): number => (masks[sq]! < 0 ? 0 : portsOf(masks[sq]!));
const occupied = (masks: readonly number[], sq: number): boolean => masks[sq]! >= 0;

/** Whether a tile track end on (sq, e) is allowed by A, B and E, looking only at the immediate neighbour. */
function endAllowed(masks: readonly number[], sq: number, e: Edge): boolean {
  const n = neighbour(sq, e);
  if (n === null) return terminalPortAt(sq, e) !== undefined;
  if (BUILDING_AT[n]) return false;
  return !occupied(masks, n) || hasPort(portsAt(masks, n), opposite(e));
}

/**
 * What the squares around a square ask of a tile on it, as 4-bit edge sets packed into one number
 * (offsets below). It never reads the square itself, so legalActions works it out once per square
 * and then judges every tile and rotation there with a few bit operations.
 */
const OFF_BOARD = 0; // a border without a terminal port (SC-5.4)
const BUILDING = 4; // a building (SC-5.5)
const DEAD_END = 8; // a tile without track facing back (SC-5.7)
const TRACK_END = 12; // a track end facing this square (SC-5.6, V2-2)
const UNFILLABLE_WITH = 16; // AMB-3: an empty square that a track end of ours on this edge would leave unfillable
const UNFILLABLE_WITHOUT = 20; // AMB-3: an empty square left unfillable unless our tile has a track end on this edge
const edgesIn = (surroundings: number, field: number): number => (surroundings >>> field) & 15;

/**
 * AMB-3 for an empty square `n` beside a new tile on its `toTile` side: the track ends facing it and
 * the sides a tile on it could use, not counting that side, which the new tile's track end there fills
 * for both (a tile face without a track end allows none).
 */
function openSidesBeside(masks: readonly number[], n: number, toTile: Edge): { required: number; allowed: number } {
  let required = 0;
  let allowed = 0;
  for (const e of EDGES) {
    if (e === toTile) continue;
    const far = neighbour(n, e);
    if (far !== null && hasPort(portsAt(masks, far), opposite(e))) required++;
    if (endAllowed(masks, n, e)) allowed++;
  }
  return { required, allowed };
}

/** The surroundings of `sq` (the fields above); `sq` must be no building. */
export function surroundingsOf(masks: readonly number[], sq: number): number {
  let out = 0;
  for (const e of EDGES) {
    const n = neighbour(sq, e);
    const bit = 1 << e;
    if (n === null) {
      if (!terminalPortAt(sq, e)) out |= bit << OFF_BOARD;
      continue;
    }
    const facing = hasPort(portsAt(masks, n), opposite(e));
    if (BUILDING_AT[n]) out |= bit << BUILDING;
    if (occupied(masks, n) && !facing) out |= bit << DEAD_END;
    if (facing) out |= bit << TRACK_END;
    if (!BUILDING_AT[n] && !occupied(masks, n)) {
      const { required, allowed } = openSidesBeside(masks, n, opposite(e));
      if (allowed === 0) out |= bit << UNFILLABLE_WITH;
      if (required > 0 && allowed < 2) out |= bit << UNFILLABLE_WITHOUT;
    }
  }
  return out;
}

type TrackFault = 'off_board' | 'into_building' | 'dead_end' | 'blocks_track' | 'unfillable';

/** SC-5.4–5.7 (and AMB-3 when strict) for a tile with `ports` amid `surroundings`: the first rule broken, in that order. */
function trackFault(surroundings: number, ports: number, strict: boolean): TrackFault | null {
  if (ports & edgesIn(surroundings, OFF_BOARD)) return 'off_board';
  if (ports & edgesIn(surroundings, BUILDING)) return 'into_building';
  if (ports & edgesIn(surroundings, DEAD_END)) return 'dead_end';
  if (~ports & edgesIn(surroundings, TRACK_END)) return 'blocks_track';
  if (strict && (ports & edgesIn(surroundings, UNFILLABLE_WITH)) | (~ports & edgesIn(surroundings, UNFILLABLE_WITHOUT)))
    return 'unfillable';
  return null;
}

/** V2-2: the tile meets a track end already on the board. */
const connects = (surroundings: number, ports: number): boolean => (ports & edgesIn(surroundings, TRACK_END)) !== 0;

function explain(fault: TrackFault, sq: number, surroundings: number, ports: number): Violation {
  switch (fault) {
    case 'off_board':
      return { code: 'off_board', rule: 'SC-5.4', message: 'Track would lead off the board at a closed border' };
    case 'into_building': {
      const e = EDGES.find((x) => hasPort(ports & edgesIn(surroundings, BUILDING), x))!;
      return {
        code: 'into_building',
        rule: 'SC-5.5',
        message: `Track would lead into building ${BUILDING_AT[neighbour(sq, e)!]}`,
      };
    }
    case 'dead_end':
      return { code: 'dead_end', rule: 'SC-5.7', message: 'Track would run into the trackless side of a tile' };
    case 'blocks_track':
      return { code: 'blocks_track', rule: 'SC-5.6', message: 'A neighbouring track end would not be continued' };
    case 'unfillable':
      return { code: 'dead_end', rule: 'AMB-3', message: 'A track end would face a square that can never be filled' };
  }
}

function violationAt(masks: readonly number[], sq: number, mask: number, strict: boolean): Violation | null {
  const surroundings = surroundingsOf(masks, sq);
  const fault = trackFault(surroundings, portsOf(mask), strict);
  return fault && explain(fault, sq, surroundings, portsOf(mask));
}

/** SC-5.4–5.7 for the tile already written into `masks` at `sq`. */
export const trackViolation = (masks: readonly number[], sq: number, strict: boolean): Violation | null =>
  violationAt(masks, sq, masks[sq]!, strict);

/** C, A, B, E, D and V2-2 for a tile with `ports` on an empty square with `surroundings`. */
const placementFits = (surroundings: number, ports: number, rules: BuildRules): boolean =>
  trackFault(surroundings, ports, rules.strict) === null && (!rules.mustConnect || connects(surroundings, ports));

/** ACT-PLACE: SC-5.3 (C), then A, B, E, D, then V2-2. */
export function placementViolation(
  masks: readonly number[],
  sq: number,
  mask: number,
  rules: BuildRules,
): Violation | null {
  if (BUILDING_AT[sq] || occupied(masks, sq))
    return {
      code: 'on_building_or_occupied',
      rule: 'SC-5.3',
      message: 'The square is a building or already holds a tile',
    };
  const track = violationAt(masks, sq, mask, rules.strict);
  if (track) return track;
  if (rules.mustConnect && !connects(surroundingsOf(masks, sq), portsOf(mask)))
    return { code: 'no_connection', rule: 'V2-2', message: 'The tile must meet a track end already on the board' };
  return null;
}

/** SC-6.3/6.4: what is wrong with replacing a tile of `oldMask` by one of `mask`, if anything. */
const upgradeFault = (oldMask: number, mask: number): 'loses_track' | 'nothing_added' | null =>
  (oldMask & ~mask) !== 0 ? 'loses_track' : oldMask === mask ? 'nothing_added' : null;

/** SC-6.2–6.4 for one old/new pair, before neighbours are looked at. */
export function swapViolation(old: PlacedTile | null, mask: number): Violation | null {
  if (!old) return { code: 'wrong_step', rule: 'SC-6.1', message: 'There is no tile on that square to exchange' };
  if (isTree(old.tile)) return { code: 'tree_tile', rule: 'SC-6.2', message: 'A tree tile can never be exchanged' };
  switch (upgradeFault(tileMask(old.tile, old.rotation), mask)) {
    case 'loses_track':
      return { code: 'loses_track', rule: 'SC-6.3', message: 'The new tile must keep every segment of the old one' };
    case 'nothing_added':
      return { code: 'nothing_added', rule: 'SC-6.4', message: 'The new tile must add at least one segment' };
    case null:
      return null;
  }
}

/** ACT-EXCHANGE: SC-6.2–6.5. */
export function exchangeViolation(
  board: readonly (PlacedTile | null)[],
  masks: readonly number[],
  sq: number,
  mask: number,
  rules: BuildRules,
): Violation | null {
  return swapViolation(board[sq] ?? null, mask) ?? violationAt(masks, sq, mask, rules.strict);
}

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

/** ACT-DOUBLE-EXCHANGE: SC-6.8, with SC-6.5 checked on the board holding both new tiles. */
export function doubleExchangeViolation(
  board: readonly (PlacedTile | null)[],
  masks: number[],
  a: { sq: number; mask: number },
  b: { sq: number; mask: number },
  rules: BuildRules,
): Violation | null {
  if (!EDGES.some((e) => neighbour(a.sq, e) === b.sq))
    return { code: 'not_adjacent', rule: 'SC-6.8', message: 'A double exchange needs two orthogonally adjacent tiles' };
  const pair = swapViolation(board[a.sq] ?? null, a.mask) ?? swapViolation(board[b.sq] ?? null, b.mask);
  if (pair) return pair;
  return (
    trying(masks, b.sq, b.mask, () => violationAt(masks, a.sq, a.mask, rules.strict)) ??
    trying(masks, a.sq, a.mask, () => violationAt(masks, b.sq, b.mask, rules.strict))
  );
}

// ---------- enumeration

export interface Build {
  tile: string;
  sq: number;
  rotation: Rotation;
}

interface Candidate {
  tile: string;
  rotation: Rotation;
  mask: number;
  ports: number;
}

/** The hand's tile types in order, each in every rotation. */
const tilesInHand = (hand: readonly string[]): Candidate[] =>
  [...new Set(hand)].sort().flatMap((tile) =>
    ROTATIONS.map((rotation) => {
      const mask = tileMask(tile, rotation);
      return { tile, rotation, mask, ports: portsOf(mask) };
    }),
  );

/** Every (tile, square, rotation) the hand may place. Equal placements in different rotations are listed separately. */
export function legalPlacements(
  masks: readonly number[],
  hand: readonly string[],
  rules: BuildRules,
  limit = Infinity,
): Build[] {
  const out: Build[] = [];
  const empties: number[] = [];
  for (let sq = 0; sq < masks.length; sq++) if (masks[sq]! < 0 && !BUILDING_AT[sq]) empties.push(sq);
  // Worked out on first use: a search for any one placement mostly stops at the first tile.
  const around = new Array<number>(empties.length).fill(-1);
  for (const t of tilesInHand(hand))
    for (let i = 0; i < empties.length; i++) {
      if (around[i]! < 0) around[i] = surroundingsOf(masks, empties[i]!);
      if (placementFits(around[i]!, t.ports, rules)) out.push({ tile: t.tile, sq: empties[i]!, rotation: t.rotation });
      if (out.length >= limit) return out;
    }
  return out;
}

/** Per occupied square, the hand tiles that pass SC-6.2–6.4 there (neighbours not yet checked). */
export type SwapCandidates = ReadonlyMap<number, readonly Candidate[]>;

/** The swap candidates of a hand on a board whose masks are `masks`; exchanges and double exchanges both start from them. */
export function swapCandidates(
  board: readonly (PlacedTile | null)[],
  masks: readonly number[],
  hand: readonly string[],
): SwapCandidates {
  const out = new Map<number, Candidate[]>();
  const tiles = tilesInHand(hand);
  board.forEach((old, sq) => {
    if (!old || isTree(old.tile)) return;
    const fits = tiles.filter((t) => !upgradeFault(masks[sq]!, t.mask));
    if (fits.length > 0) out.set(sq, fits);
  });
  return out;
}

export function legalExchanges(
  masks: readonly number[],
  candidates: SwapCandidates,
  rules: BuildRules,
  limit = Infinity,
): Build[] {
  const out: Build[] = [];
  for (const [sq, fits] of candidates) {
    const around = surroundingsOf(masks, sq);
    for (const t of fits) {
      if (!trackFault(around, t.ports, rules.strict)) out.push({ tile: t.tile, sq, rotation: t.rotation });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** Every double exchange, each adjacent pair once (the lower square first). Two tiles of one type need two in hand. */
export function legalDoubleExchanges(
  masks: number[],
  candidates: SwapCandidates,
  hand: readonly string[],
  rules: BuildRules,
  limit = Infinity,
): [Build, Build][] {
  const out: [Build, Build][] = [];
  for (const [a, fitsA] of candidates) {
    for (const e of [1, 2] as const) {
      const b = neighbour(a, e);
      const fitsB = b === null ? undefined : candidates.get(b);
      if (b === null || !fitsB) continue;
      // Each square's surroundings depend on the other square's new tile only.
      const aroundA = fitsB.map((y) => trying(masks, b, y.mask, () => surroundingsOf(masks, a)));
      const aroundB = fitsA.map((x) => trying(masks, a, x.mask, () => surroundingsOf(masks, b)));
      fitsA.forEach((x, i) =>
        fitsB.forEach((y, j) => {
          if (x.tile === y.tile && hand.filter((t) => t === x.tile).length < 2) return;
          if (!trackFault(aroundA[j]!, x.ports, rules.strict) && !trackFault(aroundB[i]!, y.ports, rules.strict))
            out.push([
              { tile: x.tile, sq: a, rotation: x.rotation },
              { tile: y.tile, sq: b, rotation: y.rotation },
            ]);
        }),
      );
      if (out.length >= limit) return out;
    }
  }
  return out;
}
