/** The public static data a client needs to draw the game (GameDefinition.components). */
import * as z from 'zod';
import { Coord, EdgeName, Rotation, TerminalId, TileId } from './actions.js';
import { BUILDINGS, DIE_FACES, ROUTE_CARDS, TERMINALS, TILE_TYPES } from './data.js';
import { StreetcarDieFaceSchema, StreetcarSquareSchema } from './schemas.js';
import { TURNSTILE } from './setup.js';

const Int = z.number().int().min(0);

/** The published shape of `components`, for the catalog's answer. */
export const StreetcarComponentsSchema = z
  .strictObject({
    grid: z.strictObject({ rows: Int, cols: Int, orientation: z.string() }),
    buildings: z.array(z.strictObject({ letter: z.string().length(1), name: z.string(), row: Coord, col: Coord })),
    terminals: z.array(
      z.strictObject({
        id: TerminalId,
        line: Int,
        street: z.string(),
        edge: EdgeName,
        squares: z.tuple([StreetcarSquareSchema, StreetcarSquareSchema]),
      }),
    ),
    tiles: z.array(
      z.strictObject({
        id: TileId,
        segments: z.array(z.tuple([EdgeName, EdgeName])).meta({ description: 'The edges each track joins' }),
        tree: z.boolean(),
        drawPile: Int,
        startTiles: Int,
      }),
    ),
    rotations: z.string(),
    routeCards: z.array(z.strictObject({ id: z.string(), frame: z.enum(['red', 'blue']) })),
    dieFaces: z.array(StreetcarDieFaceSchema),
    turnstile: z.array(z.strictObject({ row: Coord, col: Coord, rotation: Rotation })),
  })
  .meta({
    id: 'StreetcarComponents',
    description: "Streetcar's board, buildings, terminals, tiles, route cards and die",
  });

export const components = {
  grid: { rows: 12, cols: 12, orientation: 'row 1 at the top (N), column 1 at the left (W)' },
  buildings: BUILDINGS,
  terminals: TERMINALS,
  tiles: TILE_TYPES.map((t) => ({
    id: t.id,
    segments: t.connections,
    tree: t.tree,
    drawPile: t.drawPile,
    startTiles: t.startTiles,
  })),
  rotations: 'degrees clockwise; 90 maps N→E, E→S, S→W, W→N',
  routeCards: ROUTE_CARDS.map((c) => ({ id: c.id, frame: c.frame })),
  dieFaces: DIE_FACES,
  turnstile: TURNSTILE,
};
