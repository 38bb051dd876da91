/** The public static data a client needs to draw the game (GameDefinition.components). */
import { BUILDINGS, DIE_FACES, ROUTE_CARDS, TERMINALS, TILE_TYPES } from './data.js';
import { TURNSTILE } from './setup.js';

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
