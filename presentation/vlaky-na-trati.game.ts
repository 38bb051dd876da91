import type { VntData } from '../engine/games/vlaky-na-trati/data.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import type { WebGame } from './web-game.js';
import { renderVlakyNaTrati } from './vlaky-na-trati.js';
import { vlakyNaTratiUi } from './vlaky-na-trati.ui.js';

/** Vlaky na trati's picture and wording (its manifest names this module). */
export const presentation: WebGame = {
  board: (c, v, o) => renderVlakyNaTrati(c as VntData, v as VntView, o),
  ui: (t) => ({
    ...vlakyNaTratiUi(t),
    scores: (v, seatName) =>
      (v as VntView).players.map((p) => t('mail.score.points', { name: seatName(p.seat), count: p.score })),
  }),
};
