/** The Trains & Stations legend: every good as its goods card shows it (colour and letter), and its name. */
import type { Translate } from './game-ui.js';
import type { LegendEntry } from './legend.js';
import { goodsCard } from './ts-pieces.js';
import type { TsComponents } from './trains-and-stations.js';

/** Every good of the game's data. */
export const tsLegend = (t: Translate, c: Pick<TsComponents, 'goods'>): LegendEntry[] =>
  c.goods.map(({ type: g }) => ({ key: g, picture: goodsCard(g), name: t(`ts.good.${g}`) }));
