/**
 * How a search bot rates an unfinished Trains & Stations game (issue 22 #2): the final scoring as if
 * the game ended now (TS-11: VP, revealed tasks, goods monopolies), plus a little per coin, which
 * buys re-rolls and buildings later.
 */
import type { Board } from './board.js';
import { finalScores } from './scoring.js';
import type { TsState } from './state.js';

const COIN_VALUE = 0.3;

export function createEstimate(b: Board): (s: TsState) => number[] {
  return (s) => finalScores(b, s).scores.map((score, seat) => score + COIN_VALUE * s.players[seat]!.coins);
}
