/**
 * Component data, copied from shared/reference/streetcar.json and validated at load: a bad file is a
 * configuration error, not a game state. Terminals get ids 0..11 (line 1's two terminals are 0 and 1, …).
 */
import * as z from 'zod';
import raw from './data/streetcar.json' with { type: 'json' };
import type { DieFace } from './schemas.js';

const EdgeName = z.enum(['N', 'E', 'S', 'W']);
const Square = z.object({ row: z.number().int().min(1).max(12), col: z.number().int().min(1).max(12) });

const ReferenceSchema = z.object({
  buildings: z.array(
    z.object({ letter: z.string().length(1), name_de: z.string(), row: z.number().int(), col: z.number().int() }),
  ),
  lines: z.array(
    z.object({
      line: z.number().int(),
      color: z.string(),
      terminals: z
        .array(
          z.object({
            edge: z.enum(['top', 'right', 'bottom', 'left']),
            adjacent_squares: z.array(Square).length(2),
            street_de: z.string(),
          }),
        )
        .length(2),
    }),
  ),
  track_tiles: z.array(
    z.object({
      id: z.string(),
      connections: z.array(z.tuple([EdgeName, EdgeName])),
      tree: z.boolean(),
      draw_pile: z.number().int(),
      start_tiles: z.number().int(),
      total: z.number().int(),
    }),
  ),
  route_cards: z.array(
    z.object({ id: z.string(), frame: z.enum(['red', 'blue']), rows: z.record(z.string(), z.array(z.string())) }),
  ),
  die: z.object({ faces_probable: z.array(z.enum(['1', '2', '3', '4', 'H'])) }),
});

const data = ReferenceSchema.parse(raw);

export type EdgeName = z.infer<typeof EdgeName>;
export type Square = z.infer<typeof Square>;

export interface TileType {
  id: string;
  connections: [EdgeName, EdgeName][];
  tree: boolean;
  drawPile: number;
  startTiles: number;
}

export interface Terminal {
  id: number;
  line: number;
  street: string;
  edge: EdgeName;
  squares: [Square, Square];
}

export interface Building {
  letter: string;
  name: string;
  row: number;
  col: number;
}

export interface RouteCard {
  id: string;
  frame: 'red' | 'blue';
  rows: Record<string, string[]>;
}

/** SC-1.9: a number of steps, or H (to the next stop or terminal); published in the view and the log. */
export type { DieFace } from './schemas.js';

const SIDE: Record<'top' | 'right' | 'bottom' | 'left', EdgeName> = { top: 'N', right: 'E', bottom: 'S', left: 'W' };

export const TILE_TYPES: readonly TileType[] = data.track_tiles.map((t) => ({
  id: t.id,
  connections: t.connections,
  tree: t.tree,
  drawPile: t.draw_pile,
  startTiles: t.start_tiles,
}));
export const TILE_IDS = TILE_TYPES.map((t) => t.id);
export const BUILDINGS: readonly Building[] = data.buildings.map((b) => ({
  letter: b.letter,
  name: b.name_de,
  row: b.row,
  col: b.col,
}));
export const LINES: readonly number[] = data.lines.map((l) => l.line);
export const TERMINALS: readonly Terminal[] = data.lines.flatMap((l, i) =>
  l.terminals.map((t, k) => ({
    id: 2 * i + k,
    line: l.line,
    street: t.street_de,
    edge: SIDE[t.edge],
    squares: [t.adjacent_squares[0]!, t.adjacent_squares[1]!] as [Square, Square],
  })),
);
export const ROUTE_CARDS: readonly RouteCard[] = data.route_cards;
export const DIE_FACES: readonly DieFace[] = data.die.faces_probable.map((f) =>
  f === 'H' ? 'H' : (Number(f) as 1 | 2 | 3 | 4),
);

for (const t of TILE_TYPES)
  if (data.track_tiles.find((x) => x.id === t.id)!.total !== t.drawPile + t.startTiles)
    throw new Error(`streetcar: tile ${t.id} counts do not add up`);
for (const c of ROUTE_CARDS)
  for (const l of LINES)
    if ((c.rows[String(l)] ?? []).some((b) => !BUILDINGS.some((x) => x.letter === b)))
      throw new Error(`streetcar: route card ${c.id} names an unknown building`);

/** SC-3.2: each hand starts with 3 straights and 2 curves from the start tiles. */
export const START_HAND: readonly string[] = ['straight', 'straight', 'straight', 'curve', 'curve'];

export function tileType(id: string): TileType {
  const t = TILE_TYPES.find((x) => x.id === id);
  if (!t) throw new Error(`streetcar: unknown tile ${id}`);
  return t;
}
