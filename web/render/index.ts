/**
 * Board pictures as standalone SVG documents, pure functions of a game's public `components` and a
 * viewer's `view` (shared by the API's `GET /v1/games/{id}/board.svg` and the web client).
 */
import type { TtrMap } from '../../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../../engine/games/ticket-to-ride/view.js';
import type { StreetcarView } from '../../engine/games/streetcar/view.js';
import type { TsView } from '../../engine/games/trains-and-stations/view.js';
import type { VntData } from '../../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../../engine/games/vlaky-na-trati/view.js';
import { renderStreetcar, type StreetcarComponents } from './streetcar.js';
import { renderTicketToRide } from './ticket-to-ride.js';
import { renderTrainsAndStations, type TsComponents } from './trains-and-stations.js';
import { renderVlakyNaTrati } from './vlaky-na-trati.js';

export interface RenderBoardOptions {
  /** Display names by seat (user input: escaped); null or missing → "Player n". */
  seatNames?: (string | null)[];
}

type Renderer = (components: unknown, view: unknown, options: RenderBoardOptions) => string;

const RENDERERS: Readonly<Record<string, Renderer>> = {
  'ticket-to-ride-europe': (c, v, o) => renderTicketToRide(c as TtrMap, v as TtrView, o),
  'ticket-to-ride-germany': (c, v, o) => renderTicketToRide(c as TtrMap, v as TtrView, o),
  streetcar: (c, v, o) => renderStreetcar(c as StreetcarComponents, v as StreetcarView, o),
  'vlaky-na-trati': (c, v, o) => renderVlakyNaTrati(c as VntData, v as VntView, o),
  'trains-and-stations': (c, v, o) => renderTrainsAndStations(c as TsComponents, v as TsView, o),
};

/** Game ids that have a board picture. */
export const renderableGames: readonly string[] = Object.keys(RENDERERS);

/** The board of `gameId` as a complete SVG document, or null for a game without a renderer. */
export function renderBoard(gameId: string, components: unknown, view: unknown, options: RenderBoardOptions = {}): string | null {
  const render = Object.hasOwn(RENDERERS, gameId) ? RENDERERS[gameId] : undefined;
  if (!render || components === null || typeof components !== 'object' || view === null || typeof view !== 'object') return null;
  return render(components, view, options);
}
