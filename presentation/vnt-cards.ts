/**
 * Vlaky na trati railway cards as small inline SVG pictures for the web client's table:
 * a card printed as in the row (its three tracks and their stations' symbols, coded in the reader's
 * language; the A or B back's tint) or the
 * back of deck B. The client names the card in words next to it; the picture is decoration (aria-hidden).
 */
import type { VntData } from '../engine/games/vlaky-na-trati/data.js';
import type { Translate } from './game-ui.js';
import { h, label } from './svg.js';
import { CH, CW, cardContents, deckFill } from './vnt-card-face.js';

/** A railway card's face, or for null the back of deck B (the only draw pile, VNT-2.8), as an inline `<svg>` scaled by its container. */
export function railwayCardFace(t: Translate, data: VntData, id: string | null): string {
  const frame = { x: 1, y: 1, width: CW - 2, height: CH - 2, rx: 6, stroke: '#555', 'stroke-width': 1.5 };
  const card = id === null ? undefined : data.railwayCards.find((c) => c.id === id);
  const body =
    id === null
      ? [
          h('rect', { ...frame, fill: '#5D7A45' }),
          h('rect', {
            x: 8,
            y: 8,
            width: CW - 16,
            height: CH - 16,
            rx: 4,
            fill: 'none',
            stroke: '#DCE8C8',
            'stroke-width': 2,
            'stroke-dasharray': '4 3',
          }),
          label(CW / 2, CH / 2, 'B', { 'font-size': 26, 'font-weight': 700, fill: '#DCE8C8' }),
        ]
      : [h('rect', { ...frame, fill: deckFill(card) }), ...cardContents(t, card, 0, 0)];
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${CW} ${CH}`,
      'aria-hidden': 'true',
      focusable: 'false',
      'data-face': id ?? 'back',
    },
    body,
  ).svg;
}
