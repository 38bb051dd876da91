import type { TsView } from '../engine/games/trains-and-stations/view.js';
import type { WebGame } from './web-game.js';
import { renderTrainsAndStations, type TsComponents } from './trains-and-stations.js';
import { trainsAndStationsUi } from './trains-and-stations.ui.js';

/** Trains & Stations' picture and wording (its manifest names this module). */
export const presentation: WebGame = {
  board: (c, v, o) => renderTrainsAndStations(c as TsComponents, v as TsView, o),
  ui: trainsAndStationsUi,
};
