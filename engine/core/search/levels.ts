/**
 * Bot levels, one typed list for the platform (lobby, table, stand-ins): easy is the game's own
 * greedy bot; medium and hard search with an iteration budget, which makes a move reproducible
 * from the bot's rng, and a wall-clock cap per move (medium 200 ms, hard 1 s) that
 * fits a Lambda request and only ever cuts the search short.
 *
 * Both levels improve the greedy bot by flat rollouts (rollouts.ts) rather than grow a tree: in
 * Ticket to Ride a tree with short random simulations lost to greedy (0/4 on Europe), because
 * random play says nothing about a position, while greedy simulations say much more, at a few ms
 * each. That leaves tens of simulations per move, enough to compare a handful of candidate moves
 * in shared worlds but not to grow a tree. How far a simulation plays before it is scored is each
 * game's choice (`searchLevels`): to the end where that still tells two moves apart, a few turns
 * and the game's estimate where the deck or the dice drown the difference. The budgets fit the
 * caps with room on a 2-core machine in 2-player games; in games with more seats a simulation is
 * longer and the cap may cut the search short.
 */
import * as z from 'zod';
import type { AnyGame } from '../contract.js';
import type { Clock, SearchConfig } from './config.js';
import { searchBot } from './ismcts.js';

export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export const BotLevelSchema = z
  .enum(BOT_LEVELS)
  .meta({ id: 'BotLevel', description: 'How strongly a bot plays: easy (greedy), medium and hard (search)' });
export type BotLevel = z.infer<typeof BotLevelSchema>;

/** The search budgets; `iterations` is the reproducible budget, `maxMs` the cap. */
export const SEARCH_LEVELS: Readonly<Record<Exclude<BotLevel, 'easy'>, SearchConfig>> = {
  medium: { algorithm: 'rollouts', iterations: 12, maxMs: 200, rollout: 'greedy', candidates: 3 },
  hard: { algorithm: 'rollouts', iterations: 64, maxMs: 1000, rollout: 'greedy', candidates: 6 },
};

/** Whether a game can be searched; the others play every level with their greedy bot. */
export const searchable = (game: AnyGame): boolean => game.determinize !== undefined && game.estimate !== undefined;

/** A level's search budget in `game`: the shared one with the game's own departures (`searchLevels`). */
export const levelConfig = (game: AnyGame, level: Exclude<BotLevel, 'easy'>): SearchConfig => ({
  ...SEARCH_LEVELS[level],
  ...game.searchLevels?.[level],
});

/**
 * The bot for a level. Without a clock the search runs its full iteration budget (tests, replays);
 * the service passes one so that a slow machine plays a little weaker instead of timing out.
 */
export function botFor(
  game: AnyGame,
  level: BotLevel,
  clock?: Clock,
  budget: Partial<SearchConfig> = {},
): AnyGame['bot'] {
  if (level === 'easy' || !searchable(game)) return game.bot;
  return searchBot(game, { ...levelConfig(game, level), ...budget }, clock);
}
