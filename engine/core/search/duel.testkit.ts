/** Helpers for tests that play a bot level against the game's greedy bot. */
import type { AnyGame } from '../contract.js';
import { playout } from '../playout.js';
import type { SearchConfig } from './config.js';
import { botFor, type BotLevel } from './levels.js';

export interface DuelGame {
  seed: string;
  /** The seat the searching level played. */
  seat: number;
  scores: number[];
  won: boolean;
  /** The level's own actions by type. */
  actions: Record<string, number>;
}

/**
 * Plays `level` in one seat against greedy bots in the others, one game per seed, the level's
 * seat rotating with the seed's index. No clock: the level's iteration budget (or `budget`'s, which
 * tests lower to stay fast) alone bounds each move, so the games are the same on every machine.
 */
export function duel(
  game: AnyGame,
  level: BotLevel,
  players: number,
  seeds: readonly string[],
  budget: Partial<SearchConfig> = {},
): DuelGame[] {
  const bot = botFor(game, level, undefined, budget);
  return seeds.map((seed, i) => {
    const seat = i % players;
    const r = playout(
      game,
      seed,
      players,
      {},
      Array.from({ length: players }, (_, s) => (s === seat ? bot : game.bot)),
    );
    const outcome = game.outcome(r.state);
    if (!outcome) throw new Error(`${game.id} ${seed} did not finish`);
    const actions: Record<string, number> = {};
    for (const a of r.actions) if (a.seat === seat) actions[a.action.type] = (actions[a.action.type] ?? 0) + 1;
    return { seed, seat, scores: outcome.scores, won: outcome.ranking[seat] === 1, actions };
  });
}

/** The share of `games` the level's seat won. */
export const winShare = (games: readonly DuelGame[]): number => games.filter((g) => g.won).length / games.length;

/**
 * `deals` seeds, each twice in a row, for two-player duels: `duel` then plays every deal from both
 * seats, so a deal that favours one seat counts once for the level and once against it, and greedy
 * in the level's seat wins half, whatever the seeds (a tie counts as won in both seats).
 */
export const bothSeats = (prefix: string, deals: number): string[] =>
  Array.from({ length: 2 * deals }, (_, g) => `${prefix}${g >> 1}`);
