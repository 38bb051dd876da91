/**
 * The Vlaky na trati legend: every station symbol's two-letter code as the cards and sheets print it,
 * and the curve station's marker (VNT-8.3), each with its name.
 */
import type { Sym } from '../engine/games/vlaky-na-trati/data.js';
import type { Translate } from './game-ui.js';
import { legendPicture, type LegendEntry } from './legend.js';
import { curveLocoMark, SYMBOL_STYLE, symbols } from './vnt-card-face.js';

/** Every symbol: the style table must hold each one (its type says so), so a new symbol has its entry. */
const SYMBOLS = Object.keys(SYMBOL_STYLE) as Sym[];

export const vntLegend = (t: Translate): LegendEntry[] => [
  ...SYMBOLS.map((s) => ({
    key: s,
    picture: legendPicture(symbols(t, [s], 10, 7), 20, 14),
    name: t(`vnt.symbol.${s}`),
  })),
  { key: 'CURVE_LOCO', picture: legendPicture([curveLocoMark(7, 7)], 20, 14), name: t('vnt.legend.curveLoco') },
];
