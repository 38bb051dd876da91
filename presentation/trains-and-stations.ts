/**
 * Trains & Stations: the US map with its cities (building sites, buildings, city bonus) and every
 * route's track spaces, the dice on the track (own dice in the seat's colour, pattern and number;
 * white bonus dice white), the dice in play with their faces, the three goods spaces and the unused
 * goods decks (the market), the public counters, and one line per player (VP, coins, dice, buildings
 * left, saved dice, revealed tasks; the outcome once the game is over).
 *
 * The parts: the layout (ts-layout.ts), the map (ts-map.ts), what is below it (ts-panel.ts).
 *
 * Clickable places carry `data-target` keys (see trains-and-stations.ui.ts): `space:<id>`,
 * `route:<id>`, `city:<id>`, `building:<id>`, `die:<id>` (dice in play and saved dice),
 * `goods:<RANCH|MINE|HOTEL>` (goods spaces), `deck:<good>` (unused decks) and `player:<seat>`.
 */
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import { playerPatterns } from './players.js';
import { h, svgDocument } from './svg.js';
import type { RenderBoardOptions } from './board-options.js';
import type { TsComponents } from './ts-layout.js';
import { drawCities, drawRoutes } from './ts-map.js';
import { drawPanel, drawPlayerRows } from './ts-panel.js';
import { tsPicture } from './ts-picture.js';

export type { TsComponents } from './ts-layout.js';

export function renderTrainsAndStations(c: TsComponents, view: TsView, options: RenderBoardOptions): string {
  const picture = tsPicture(c, view, options);
  const { L, W, say } = picture;
  const routes = drawRoutes(picture);
  const cities = drawCities(picture);
  // Below the map: status, dice in play, the market, counters, then the players.
  const { panel, y: rowsY, status, pending, countersText } = drawPanel(picture);
  const rows = drawPlayerRows(picture, rowsY);
  const y = rowsY + view.players.length * 48 + 8;

  const width = W;
  const height = y;
  return svgDocument({
    title: `${say('gameNames.trains-and-stations')} — ${status}`,
    desc: `${pending}. ${countersText}.`,
    width,
    height,
    defs: playerPatterns(view.players.length),
    body: [
      h('rect', { width, height, fill: '#FAF3E0' }),
      h('rect', { x: 6, y: 6, width: width - 12, height: L.height - 6, rx: 10, fill: '#E8DCC0', stroke: '#C9B88F' }),
      h('g', { class: 'routes' }, routes),
      h('g', { class: 'cities' }, cities),
      h('g', { class: 'status' }, panel),
      h('g', { class: 'players' }, rows),
    ],
  });
}
