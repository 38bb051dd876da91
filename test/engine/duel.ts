/**
 * Hard against greedy (issue 22 #3): seeded games with one hard seat, rotated over the seats, and
 * the game's greedy bot in every other seat. No clock: the hard bot runs its full iteration budget,
 * so the games, and the win count, are the same on every machine.
 */
import { botFor, playout, type AnyGame } from '../../engine/core/index.js';

export interface Duel {
  games: number;
  /** Games the hard seat won outright or shared first place in. */
  wins: number;
}

export function hardVsGreedy(game: AnyGame, players: number, games: number, options: unknown = {}): Duel {
  const hard = botFor(game, 'hard');
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const focal = g % players;
    const bots = Array.from({ length: players }, (_, s) => (s === focal ? hard : game.bot));
    const r = playout(game, `hard-vs-greedy-${game.id}-${players}-${g}`, players, options, bots);
    const ranking = game.outcome(r.state)?.ranking;
    if (!ranking) throw new Error(`${game.id}: game ${g} did not finish`);
    if (ranking[focal] === 1) wins++;
  }
  return { games, wins };
}
