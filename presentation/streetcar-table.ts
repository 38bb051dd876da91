/**
 * What the Streetcar table in the web client decides from the legal actions: which
 * squares a hand tile may go on, in which rotations, and which legal action a choice of tile, square
 * and rotation stands for. Placements and single exchanges are chosen on the table (tile, square,
 * rotation, confirm); everything else stays a tap on the board or a line in the list. Pure, so the
 * client only draws.
 */
import type { UiAction } from './game-ui.js';
import { num, str } from './loose.js';

/** A placement (SC-5) or a single exchange (SC-6) as listed in the legal actions. */
export interface Placement {
  type: 'place' | 'exchange';
  tile: string;
  row: number;
  col: number;
  rotation: number;
}

const ON_TABLE = new Set(['place', 'exchange']);

/** Whether the table offers this action itself (tile, square, rotation, confirm). */
export const onStreetcarTable = (action: UiAction): boolean => ON_TABLE.has(action.type);

export const squareKey = (row: number, col: number): string => `square:${row},${col}`;

/** Row and column of a `square:<row>,<col>` board key; null for any other key. */
export function parseSquare(key: string | null): { row: number; col: number } | null {
  const m = /^square:(\d+),(\d+)$/.exec(key ?? '');
  return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
}

/** The table's step while a hand tile is chosen: `tile:<id>` (GameUi.glowing narrows the board to it). */
export const tileMode = (tile: string): string => `tile:${tile}`;
export const modeTile = (mode: string | null): string | null =>
  mode?.startsWith('tile:') ? mode.slice('tile:'.length) : null;

/** The placements and single exchanges among the legal actions. */
export function placements(legal: readonly UiAction[]): Placement[] {
  return legal.flatMap((a) => {
    const [tile, row, col, rotation] = [str(a.tile), num(a.row), num(a.col), num(a.rotation)];
    if (!onStreetcarTable(a) || tile === undefined || row === undefined || col === undefined || rotation === undefined)
      return [];
    return [{ type: a.type as Placement['type'], tile, row, col, rotation }];
  });
}

/** The board keys of the squares where `tile` may go now, by placement or exchange. */
export function squaresFor(legal: readonly UiAction[], tile: string): string[] {
  return [...new Set(placements(legal).flatMap((p) => (p.tile === tile ? [squareKey(p.row, p.col)] : [])))];
}

/**
 * The board keys of the squares where a single exchange is legal now, for `tile` or for any hand tile
 * (null). They always hold a laid tile (SC-6.1) and placements never do (SC-5.3), so the board marks
 * them apart by what lies on the square.
 */
export function exchangeSquares(legal: readonly UiAction[], tile: string | null): string[] {
  const found = placements(legal).filter((p) => p.type === 'exchange' && (tile === null || p.tile === tile));
  return [...new Set(found.map((p) => squareKey(p.row, p.col)))];
}

/** Hand tiles that may go somewhere now. */
export const placeableTiles = (legal: readonly UiAction[]): Set<string> =>
  new Set(placements(legal).map((p) => p.tile));

/** Hand tiles that may go on this square now, in the order of the legal actions. */
export function tilesAt(legal: readonly UiAction[], row: number, col: number): string[] {
  return [...new Set(placements(legal).flatMap((p) => (p.row === row && p.col === col ? [p.tile] : [])))];
}

/** The rotations in which `tile` may go on the square, in ascending order (only these are offered). */
export function rotationsAt(legal: readonly UiAction[], tile: string, row: number, col: number): number[] {
  const found = placements(legal).flatMap((p) =>
    p.tile === tile && p.row === row && p.col === col ? [p.rotation] : [],
  );
  return [...new Set(found)].sort((a, b) => a - b);
}

/** The next legal rotation after `current`, clockwise (`step` 1) or anticlockwise (-1), wrapping round. */
export function nextRotation(rotations: readonly number[], current: number, step: 1 | -1): number {
  if (rotations.length === 0) return current;
  const at = rotations.indexOf(current);
  if (at < 0) return rotations[0]!;
  return rotations[(at + step + rotations.length) % rotations.length]!;
}

/** The legal action for this tile on this square at this rotation; undefined when it is not legal. */
export function placementAction(
  legal: readonly UiAction[],
  tile: string,
  row: number,
  col: number,
  rotation: number,
): UiAction | undefined {
  return legal.find(
    (a) => onStreetcarTable(a) && a.tile === tile && a.row === row && a.col === col && a.rotation === rotation,
  );
}

/** A hand (sorted tile ids, repeats allowed) as tile types with their counts, in hand order. */
export function handGroups(hand: readonly string[]): { tile: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const tile of hand) counts.set(tile, (counts.get(tile) ?? 0) + 1);
  return [...counts].map(([tile, count]) => ({ tile, count }));
}
