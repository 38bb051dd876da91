/** Final scoring and the winner (TS-11, AMB-27/28). */
import { rankByStandings, type Outcome } from '../../core/index.js';
import { GOODS, type Board, type Good } from './board.js';
import type { Player, TsState } from './state.js';

/** Goods cards of a type plus that good's symbols on special goods cards still held (TS-11.2, AMB-33). */
export function goodsCount(b: Board, p: Player, good: Good): number {
  const symbols = p.specials.reduce((n, id) => {
    const card = b.special.get(id);
    return n + (card?.kind === 'GOODS' ? card.goods.filter((g) => g === good).length : 0);
  }, 0);
  return p.goods[good] + symbols;
}

export function finalScores(b: Board, s: TsState): Outcome {
  const breakdown = s.players.map((p) => [
    { item: 'VP', points: p.vp },
    ...p.tasks.map((id) => {
      const card = b.special.get(id);
      return {
        item: 'task',
        points: card?.kind === 'TASK' ? card.vp : 0,
        detail: card?.kind === 'TASK' ? card.cities.join('–') : id,
      };
    }),
  ]);
  for (const good of GOODS) {
    const counts = s.players.map((p) => goodsCount(b, p, good));
    const most = Math.max(...counts);
    if (most < 1) continue;
    counts.forEach((n, seat) => {
      if (n === most) breakdown[seat]?.push({ item: 'monopoly', points: b.monopolyVP[good], detail: `${good} (${n})` });
    });
  }
  const scores = breakdown.map((lines) => lines.reduce((a, l) => a + l.points, 0));
  const gold = s.players.map((p) => goodsCount(b, p, 'gold'));
  // TS-11.5, AMB-28: on equal scores the larger gold count (cards and symbols on special cards) wins.
  const ranking = rankByStandings(scores.map((score, seat) => [score, gold[seat]!]));
  return { scores, ranking, breakdown };
}
