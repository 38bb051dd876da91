/**
 * Tile and board geometry (SC-2). Edges are numbered N=0, E=1, S=2, W=3 so that a 90° clockwise turn
 * adds 1. A tile in board orientation is a 6-bit mask over the six possible edge-to-edge segments, which
 * makes "keeps every segment" (SC-6.3) a subset test. Squares are numbered 0..143, row-major.
 */
import { BUILDINGS, TERMINALS, TILE_TYPES, tileType, type EdgeName } from './data.js';

export type Edge = 0 | 1 | 2 | 3;
export const EDGES: readonly Edge[] = [0, 1, 2, 3];
export const EDGE_NAMES: readonly EdgeName[] = ['N', 'E', 'S', 'W'];
export const edgeOf = (name: EdgeName): Edge => EDGE_NAMES.indexOf(name) as Edge;
export const opposite = (e: Edge): Edge => ((e + 2) % 4) as Edge;

export type Rotation = 0 | 90 | 180 | 270;
export const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

/** Bit of each unordered edge pair; -1 on the diagonal (no segment joins an edge to itself, SC-2.2). */
const SEGMENT_BIT: readonly (readonly number[])[] = [
  [-1, 0, 1, 2],
  [0, -1, 3, 4],
  [1, 3, -1, 5],
  [2, 4, 5, -1],
];
const SEGMENT_ENDS: readonly [Edge, Edge][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
];

export function segmentBit(a: Edge, b: Edge): number {
  const bit = SEGMENT_BIT[a]![b]!;
  if (bit < 0) throw new Error('streetcar: a segment joins two different edges');
  return 1 << bit;
}

export function segmentsOf(mask: number): [Edge, Edge][] {
  return SEGMENT_ENDS.filter((_, i) => mask & (1 << i));
}

const PORTS: readonly number[] = Array.from({ length: 64 }, (_, mask) =>
  segmentsOf(mask).reduce((ports, [a, b]) => ports | (1 << a) | (1 << b), 0),
);

/** SC-2.4: the edges that at least one segment uses, as a 4-bit set. */
export const portsOf = (mask: number): number => PORTS[mask]!;

export const hasPort = (ports: number, e: Edge): boolean => (ports & (1 << e)) !== 0;

/** SC-2.3: a rotation by `degrees` clockwise maps every edge e to e + degrees/90. */
export function rotateMask(mask: number, degrees: Rotation): number {
  const q = degrees / 90;
  let out = 0;
  for (const [a, b] of segmentsOf(mask)) out |= segmentBit(((a + q) % 4) as Edge, ((b + q) % 4) as Edge);
  return out;
}

/** Each tile type's mask in its four rotations (index rotation / 90); legal-move searches look these up thousands of times. */
const MASKS = new Map(
  TILE_TYPES.map((t) => {
    const base = t.connections.reduce((m, [a, b]) => m | segmentBit(edgeOf(a), edgeOf(b)), 0);
    return [t.id, ROTATIONS.map((r) => rotateMask(base, r))];
  }),
);

/** The segment mask of a tile type in a rotation, in board orientation. */
export function tileMask(tile: string, rotation: Rotation): number {
  const masks = MASKS.get(tile);
  if (masks === undefined) throw new Error(`streetcar: unknown tile ${tile}`);
  return masks[rotation / 90]!;
}

export const isTree = (tile: string): boolean => tileType(tile).tree;

/** Exits per mask and entry edge (index mask * 4 + entry). */
const EXITS: readonly (readonly Edge[])[] = Array.from({ length: 64 * 4 }, (_, i) =>
  segmentsOf(i >> 2).flatMap(([a, b]): Edge[] => (a === (i & 3) ? [b] : b === (i & 3) ? [a] : [])),
);

/** SC-2.14/2.15: the edges a tram entering at `entry` may leave by — only along one segment. */
export const exitsFrom = (mask: number, entry: Edge): Edge[] => EXITS[mask * 4 + entry]!.slice();

/** `exitsFrom` without the copy, for searches that only read it. */
export const exitsOf = (mask: number, entry: Edge): readonly Edge[] => EXITS[mask * 4 + entry]!;

// ---------- board

export const SIZE = 12;
export const SQUARES = SIZE * SIZE;
export const sqOf = (row: number, col: number): number => (row - 1) * SIZE + (col - 1);
export const rowOf = (sq: number): number => Math.floor(sq / SIZE) + 1;
export const colOf = (sq: number): number => (sq % SIZE) + 1;

const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];

/** Neighbours per square and edge (index sq * 4 + edge). */
const NEIGHBOURS: readonly (number | null)[] = Array.from({ length: SQUARES * 4 }, (_, i) => {
  const r = rowOf(i >> 2) + DR[i & 3]!;
  const c = colOf(i >> 2) + DC[i & 3]!;
  return r < 1 || r > SIZE || c < 1 || c > SIZE ? null : sqOf(r, c);
});

/** SC-2.6: the square an edge faces, or null off the grid (an outer edge, SC-2.7). */
export const neighbour = (sq: number, e: Edge): number | null => NEIGHBOURS[sq * 4 + e]!;

/** SC-1.1: the building letter on each square, or null. */
export const BUILDING_AT: readonly (string | null)[] = Array.from(
  { length: SQUARES },
  (_, sq) => BUILDINGS.find((b) => sqOf(b.row, b.col) === sq)?.letter ?? null,
);

/** SC-8.1: the building each square is an orthogonal neighbour of (SC-8.4: never two). */
export const BUILDING_NEXT_TO: readonly (string | null)[] = Array.from({ length: SQUARES }, (_, sq) => {
  if (BUILDING_AT[sq]) return null;
  const letters = EDGES.map((e) => neighbour(sq, e)).flatMap((n) =>
    n === null || !BUILDING_AT[n] ? [] : [BUILDING_AT[n]!],
  );
  if (letters.length > 1) throw new Error(`streetcar: square ${sq} neighbours two buildings, against SC-8.4`);
  return letters[0] ?? null;
});

export const squareOfBuilding = (letter: string): number => BUILDING_AT.indexOf(letter);

export interface TerminalPort {
  terminal: number;
  port: 0 | 1;
}

/** SC-2.8: terminal ports keyed by sq*4+edge. */
const TERMINAL_PORTS = new Map<number, TerminalPort>();
for (const t of TERMINALS) {
  t.squares.forEach((s, port) => {
    const sq = sqOf(s.row, s.col);
    if (neighbour(sq, edgeOf(t.edge)) !== null)
      throw new Error(`streetcar: terminal ${t.street} does not touch an outer edge`);
    TERMINAL_PORTS.set(sq * 4 + edgeOf(t.edge), { terminal: t.id, port: port as 0 | 1 });
  });
}

export const terminalPortAt = (sq: number, e: Edge): TerminalPort | undefined => TERMINAL_PORTS.get(sq * 4 + e);

/** The square and edge of a terminal's port. */
export function portOf(terminal: number, port: 0 | 1): { sq: number; edge: Edge } {
  const t = TERMINALS[terminal]!;
  const s = t.squares[port];
  return { sq: sqOf(s.row, s.col), edge: edgeOf(t.edge) };
}

export const terminalsOfLine = (line: number): [number, number] => {
  const ts = TERMINALS.filter((t) => t.line === line).map((t) => t.id);
  return [ts[0]!, ts[1]!];
};
