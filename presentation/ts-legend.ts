/** The Trains & Stations legend: every good as its goods card shows it (colour and letter), and its name. */
import { GOODS } from '../engine/games/trains-and-stations/board.js';
import type { Translate } from './game-ui.js';
import type { LegendEntry } from './legend.js';
import { goodsCard } from './ts-pieces.js';

export const tsLegend = (t: Translate): LegendEntry[] =>
  GOODS.map((g) => ({ key: g, picture: goodsCard(g), name: t(`ts.good.${g}`) }));
