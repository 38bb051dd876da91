import type { StreetcarView } from '../engine/games/streetcar/view.js';
import type { WebGame } from './web-game.js';
import { renderStreetcar, type StreetcarComponents } from './streetcar.js';
import { streetcarUi } from './streetcar.ui.js';

/** Streetcar's picture and wording (its manifest names this module). */
export const presentation: WebGame = {
  board: (c, v, o) => renderStreetcar(c as StreetcarComponents, v as StreetcarView, o),
  ui: streetcarUi,
};
