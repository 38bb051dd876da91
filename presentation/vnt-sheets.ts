/** Each Vlaky na trati player's public scoring sheet as a compact table. */
import type { Sheet } from '../engine/games/vlaky-na-trati/data.js';
import type { SheetState } from '../engine/games/vlaky-na-trati/sheet.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import type { Translate } from './game-ui.js';
import { patternId, playerColour, playerInk, playerToken } from './players.js';
import { h, label, type Markup } from './svg.js';
import { symbols } from './vnt-card-face.js';

/**
 * VNT-14.7: a box behind a red line is locked until its gate box is ticked. The same test as the engine's
 * sheet.ts `isLocked`, repeated here because that module pulls zod (via data.ts) into the browser bundle.
 */
function isLocked(sheet: Sheet, s: SheetState, id: string): boolean {
  const ticked = (box: string) =>
    sheet.rows.some(
      (r) =>
        r.boxes.findIndex((b) => b.id === box) >= 0 &&
        r.boxes.findIndex((b) => b.id === box) < (s.ticks[r.symbol] ?? 0),
    );
  return sheet.sugarSections.some((sec) => sec.boxes.includes(id) && !ticked(sec.gate));
}

const BOX = 22;
const ROWH = 17;
/** One sheet's width. */
export const SHEET_W = 56 + 7 * BOX + 40;

/** One table per player, side by side from `left` at `top`; `me` (the viewing seat) can click its rows. */
export function drawSheets(
  t: Translate,
  name: (seat: number) => string,
  view: VntView,
  sheet: Sheet | undefined,
  me: number | null,
  left: number,
  top: number,
): { sheets: Markup[]; bottom: number } {
  const sheets = view.players.map((p, i) => {
    const x = left + i * (SHEET_W + 12);
    const y = top;
    const rowsMk = (sheet?.rows ?? []).map((r, ri) => {
      const ry = y + 30 + ri * ROWH;
      const ticked = p.sheet.ticks[r.symbol] ?? 0;
      return h(
        'g',
        { 'data-sheet-row': r.symbol, 'data-target': p.seat === me ? `row:${r.symbol}` : null },
        symbols(t, [r.symbol], x + 16, ry + ROWH / 2),
        r.boxes.map((b, bi) => {
          const on = bi < ticked;
          const locked = sheet ? isLocked(sheet, p.sheet, b.id) : false;
          const bx = x + 34 + bi * BOX;
          return h(
            'g',
            { 'data-box': b.id, 'data-ticked': on ? 1 : 0 },
            h('rect', {
              x: bx,
              y: ry + 1,
              width: BOX - 2,
              height: ROWH - 2,
              fill: on ? `url(#${patternId(p.seat)})` : locked ? '#E0E0E0' : '#fff',
              stroke: on ? '#000' : '#999',
              'stroke-width': on ? 1.1 : 0.6,
            }),
            label(bx + (BOX - 2) / 2, ry + ROWH / 2, b.value, {
              'font-size': 9,
              fill: on ? playerInk(p.seat) : locked ? '#999' : '#222',
              stroke: on ? playerColour(p.seat) : null,
              'stroke-width': on ? 2 : null,
              'paint-order': on ? 'stroke' : null,
            }),
          );
        }),
      );
    });
    const nRows = sheet?.rows.length ?? 0;
    const footY = y + 30 + nRows * ROWH + 14;
    return h(
      'g',
      { 'data-sheet': p.seat, 'data-legend': p.seat },
      h('rect', {
        x: x - 4,
        y: y - 4,
        width: SHEET_W,
        height: nRows * ROWH + 74,
        rx: 6,
        fill: '#fff',
        stroke: playerColour(p.seat),
        'stroke-width': 2,
      }),
      playerToken(p.seat, x + 10, y + 12, 10),
      h(
        'text',
        {
          x: x + 26,
          y: y + 12,
          'dominant-baseline': 'central',
          'font-size': 13,
          'font-weight': view.current === p.seat ? 700 : 400,
        },
        `${view.current === p.seat ? '▶ ' : ''}${name(p.seat)}`,
      ),
      rowsMk,
      h(
        'text',
        { x, y: footY, 'dominant-baseline': 'central', 'font-size': 12, 'font-weight': 700 },
        `${t('vnt.picture.score', { score: p.score })} · ${t('vnt.picture.coins', { n: p.coins })}`,
      ),
      h(
        'text',
        { x, y: footY + 15, 'dominant-baseline': 'central', 'font-size': 10 },
        [
          t('vnt.panel.declines', { used: p.sheet.declinesUsed }),
          t('vnt.picture.lane', { lane: p.lane === null ? '–' : t(`vnt.lane.${p.lane}`) }),
          t('vnt.revealed.hand', { count: p.handCount }),
          p.sheet.anySymbolUsed ? t('vnt.panel.anySymbolUsed') : null,
        ]
          .filter(Boolean)
          .join(' · '),
      ),
    );
  });
  return { sheets, bottom: top + (sheet?.rows.length ?? 0) * ROWH + 84 };
}
