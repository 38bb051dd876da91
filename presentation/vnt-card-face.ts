/** A Vlaky na trati railway card as printed: its tracks and station symbols, and the colour of its deck. */
import type { Lane, RailwayCard, Sym } from '../engine/games/vlaky-na-trati/data.js';
import { h, label, num, type Attrs, type Markup } from './svg.js';
import type { Translate } from './game-ui.js';

/** A short code and a colour per symbol, so stations read without icons. */
export const SYMBOL_STYLE: Readonly<Record<Sym, { fill: string }>> = {
  PASSENGER: { fill: '#FCE4B6' },
  MAIL: { fill: '#D6E6FA' },
  COAL: { fill: '#BDBDBD' },
  IRON_ORE: { fill: '#E8C1A7' },
  STEELWORKS: { fill: '#C5CAE9' },
  FACTORY: { fill: '#F8BBD0' },
  FOREST: { fill: '#B9E4B4' },
  SAWMILL: { fill: '#E6D3A8' },
  BEET: { fill: '#E1BEE7' },
  SUGAR_FACTORY: { fill: '#FFFFFF' },
  GLASSWORKS: { fill: '#B2EBF2' },
};

export const CW = 84;
export const CH = 72;
export const LANE_Y: Record<Lane, number> = { T: 16, M: 36, B: 56 };

/** Station symbols centred on (cx, cy), `k` times the normal size. */
export function symbols(t: Translate, list: readonly Sym[], cx: number, cy: number, k = 1): Markup[] {
  const w = 20 * k;
  return list.map((s, i) => {
    const x = cx - (list.length * w) / 2 + i * w;
    const st = SYMBOL_STYLE[s];
    return h(
      'g',
      { 'data-symbol': s },
      h('rect', {
        x: x + k,
        y: cy - 7 * k,
        width: w - 2 * k,
        height: 14 * k,
        rx: 3 * k,
        fill: st.fill,
        stroke: '#444',
        'stroke-width': 0.7,
      }),
      label(x + w / 2, cy, t(`vnt.code.${s}`), { 'font-size': 9 * k, 'font-weight': 700 }),
    );
  });
}

/**
 * What is printed on a railway card whose top left corner is (x, y), `k` times the size of a card in the
 * row: its three tracks (left lane to right lane) and the station symbols on them. Placed, market and hand
 * cards all use this.
 */
export function cardContents(tr: Translate, card: RailwayCard | undefined, x: number, y: number, k = 1): Markup[] {
  return (card?.tracks ?? []).map((t) => {
    const ya = y + LANE_Y[t.left] * k;
    const yb = y + LANE_Y[t.right] * k;
    const xa = x + 2 * k;
    const xb = x + (CW - 2) * k;
    const xm = x + (CW / 2) * k;
    return h(
      'g',
      {},
      h('path', {
        d: `M${num(xa)},${num(ya)} C${num(xm)},${num(ya)} ${num(xm)},${num(yb)} ${num(xb)},${num(yb)}`,
        fill: 'none',
        stroke: '#6D4C41',
        'stroke-width': 2.5 * k,
      }),
      t.station ? symbols(tr, t.station.symbols, xm, (ya + yb) / 2, k) : [],
    );
  });
}

export const deckFill = (card: RailwayCard | undefined): string => (card?.deck === 'A' ? '#FFF8E1' : '#F1F8E9');

/** The curve station's marker (CURVE_LOCO, VNT-8.3) centred on (cx, cy). */
export const curveLocoMark = (cx: number, cy: number, attrs: Attrs = {}): Markup =>
  h('circle', { cx, cy, r: 5, fill: '#fff', stroke: '#6D4C41', 'stroke-width': 1.5, ...attrs });
