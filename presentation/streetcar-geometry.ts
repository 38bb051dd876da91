/** Where things are on the Streetcar board: its squares, its margin, the edges of a tile, and the lines' colours. */
import type { components } from '../engine/games/streetcar/components.js';

export type StreetcarComponents = typeof components;

export type Edge = 'N' | 'E' | 'S' | 'W';

export const CELL = 50;
export const M = 56;
export const N = 12;
export const BOARD = N * CELL;

/** Colours of lines 1..6 as printed (red, yellow, green, blue, magenta, white). */
export const LINE_COLOURS: readonly string[] = ['#D7262E', '#F2D03B', '#2E9E48', '#2F6FD0', '#D63AAF', '#FFFFFF'];
export const lineColour = (line: number): string => LINE_COLOURS[line - 1] ?? '#888';

export const x0 = (col: number) => M + (col - 1) * CELL;
export const y0 = (row: number) => M + (row - 1) * CELL;

/** Midpoint of an edge in tile coordinates (0..CELL). */
export const MID: Record<Edge, [number, number]> = {
  N: [CELL / 2, 0],
  E: [CELL, CELL / 2],
  S: [CELL / 2, CELL],
  W: [0, CELL / 2],
};
/** The corner between two adjacent edges (the centre of a curve). */
function corner(a: Edge, b: Edge): [number, number] {
  const s = new Set([a, b]);
  return [s.has('E') ? CELL : 0, s.has('S') ? CELL : 0];
}
const OPPOSITE: Record<Edge, Edge> = { N: 'S', S: 'N', E: 'W', W: 'E' };

/** One segment in tile coordinates: a line for a straight, a quarter arc for a curve. */
export function segmentPath(a: Edge, b: Edge): string {
  const [ax, ay] = MID[a];
  const [bx, by] = MID[b];
  if (OPPOSITE[a] === b) return `M${ax},${ay} L${bx},${by}`;
  const [cx, cy] = corner(a, b);
  const sweep = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 ? 1 : 0;
  return `M${ax},${ay} A${CELL / 2},${CELL / 2} 0 0 ${sweep} ${bx},${by}`;
}
