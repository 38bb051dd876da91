/**
 * How a search bot rates an unfinished Vlaky na trati game: the sheet scored as if the
 * game ended now (§12–§15, the same scoring the view shows), plus a little per ticked box, since a
 * box is worth more once the chain or product it belongs to grows, and per A card still in hand
 * while there are slots left to place it in (it is a card only its holder can play).
 */
import type { VntData } from './data.js';
import { slotCount } from './data.js';
import { scoreLines, total } from './scoring.js';
import type { VntState } from './state.js';

const TICK_VALUE = 0.3;
const HAND_CARD_VALUE = 1;

export function createEstimate(data: VntData): (s: VntState) => number[] {
  const slots = slotCount(data);
  return (s) => {
    const sheet = data.sheets[s.options.sheet];
    const sheets = s.players.map((p) => p.sheet);
    const open = s.line.length < slots;
    return s.players.map((p, seat) => {
      const ticks = Object.values(p.sheet.ticks).reduce((a, b) => a + b, 0);
      return total(scoreLines(sheet, sheets, seat)) + TICK_VALUE * ticks + (open ? HAND_CARD_VALUE * p.hand.length : 0);
    });
  };
}
