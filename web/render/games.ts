/**
 * Each game's picture and wording, one line per game id. The record is typed over every id the
 * engine registers (catalog and fixtures), so a registered game without its line fails to
 * type-check; a game with no picture says so with `board: null` instead of falling back quietly.
 */
import type { GameId } from '../../engine/fixtures/index.js';
import type { TtrMap } from '../../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../../engine/games/ticket-to-ride/view.js';
import type { StreetcarView } from '../../engine/games/streetcar/view.js';
import type { TsView } from '../../engine/games/trains-and-stations/view.js';
import type { VntData } from '../../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../../engine/games/vlaky-na-trati/view.js';
import { plainUi, type GameUi, type Translate } from './game-ui.js';
import type { RenderBoardOptions } from './board-options.js';
import { renderStreetcar, type StreetcarComponents } from './streetcar.js';
import { streetcarUi } from './streetcar.ui.js';
import { renderTicketToRide } from './ticket-to-ride.js';
import { ticketToRideUi } from './ticket-to-ride.ui.js';
import { renderTrainsAndStations, type TsComponents } from './trains-and-stations.js';
import { trainsAndStationsUi } from './trains-and-stations.ui.js';
import { ttrEventTargets, ttrRevealed } from './ttr-table-end.js';
import { renderVlakyNaTrati } from './vlaky-na-trati.js';
import { vlakyNaTratiUi } from './vlaky-na-trati.ui.js';

/** Draws a board as a complete SVG document from public components and one viewer's view. */
export type Renderer = (components: unknown, view: unknown, options: RenderBoardOptions) => string;

export interface WebGame {
  /** The board picture; null for a game that has none (the API answers 404 no_board_picture). */
  board: Renderer | null;
  /** Words for actions and log entries (in the language of `t`), click targets, the private panel. */
  ui: (t: Translate) => GameUi;
}

const ttrUi = (t: Translate): GameUi => ({ ...ticketToRideUi(t), revealed: (v, _c, seat) => ttrRevealed(t, v, seat), eventTargets: ttrEventTargets });

export const webGames: { readonly [id in GameId]: WebGame } = {
  'ticket-to-ride-europe': { board: (c, v, o) => renderTicketToRide(c as TtrMap, v as TtrView, o), ui: ttrUi },
  'ticket-to-ride-germany': { board: (c, v, o) => renderTicketToRide(c as TtrMap, v as TtrView, o), ui: ttrUi },
  streetcar: { board: (c, v, o) => renderStreetcar(c as StreetcarComponents, v as StreetcarView, o), ui: streetcarUi },
  'vlaky-na-trati': { board: (c, v, o) => renderVlakyNaTrati(c as VntData, v as VntView, o), ui: vlakyNaTratiUi },
  'trains-and-stations': { board: (c, v, o) => renderTrainsAndStations(c as TsComponents, v as TsView, o), ui: trainsAndStationsUi },
  // The fixtures test the platform, not a table: no picture, and their actions read as plain words.
  'high-card': { board: null, ui: () => plainUi },
  tally: { board: null, ui: () => plainUi },
};

/** The line of a registered game; undefined for an id this build does not know. */
export const webGame = (id: string): WebGame | undefined => (Object.hasOwn(webGames, id) ? webGames[id as GameId] : undefined);
