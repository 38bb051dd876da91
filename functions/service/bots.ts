/**
 * Which bot moves for a seat, at what level, and where. A bot seat plays at the level its
 * creator chose; a person's seat the platform plays for (a timeout, a forfeit, a deleted
 * account) plays at the table's stand-in level. Search levels cost wall-clock time: a request
 * never searches (RP-BOT-1), a bot-turn job searches for at most WRITE_SEARCH_MS (counted by each
 * level's cap, a bound known before moving) and leaves the rest to the next job. Every move once
 * no person is left playing is easy. Each record keeps the level that really moved.
 */
import {
  botFor,
  searchable,
  SEARCH_LEVELS,
  type AnyGame,
  type BotLevel,
  type Clock,
  type Seat,
} from '../../engine/core/index.js';
import type { EventRecord, GameMeta } from '../domain/game.js';

/** A table that did not choose a stand-in level gets this one. */
export const DEFAULT_STAND_IN_LEVEL: BotLevel = 'medium';

/**
 * The search one write off the request path may spend (a bot-turn job; a sweep's timeout moves for
 * one game): twelve hard moves, or sixty medium ones, well within the bot worker's 30 s. A table
 * of bots only reaches it when many bots move after one person.
 */
export const WRITE_SEARCH_MS = 12_000;

/**
 * Where the bots of a write move (RP-BOT-1). `request`: only those whose move does not search,
 * so a person's answer never waits on a search; a searching bot is left due, and the commit hands
 * its turn to a bot-turn job. `job`: every level, up to WRITE_SEARCH_MS, and the next job goes on.
 */
export type BotPlay = 'request' | 'job';

/** Makes the bot for a level; the service passes its own clock so a move keeps to its level's cap. */
export type BotFactory = (game: AnyGame, level: BotLevel, clock: Clock) => AnyGame['bot'];

export const levelBots: BotFactory = (game, level, clock) => botFor(game, level, clock);

export const standInLevelOf = (meta: GameMeta): BotLevel => meta.standInLevel ?? DEFAULT_STAND_IN_LEVEL;

/** The level the table chose for the bot that moves for `seat`: its own as a bot seat, else the stand-in's. */
export function chosenLevel(meta: GameMeta, seat: Seat): BotLevel {
  const s = meta.seats[seat];
  return s?.bot ? s.level : standInLevelOf(meta);
}

/** The most a move at `level` may search. */
const searchCost = (level: BotLevel): number => (level === 'easy' ? 0 : (SEARCH_LEVELS[level].maxMs ?? 0));

/** Whether `earlier` moves leave room in one write's search for a move at `level`. */
const fits = (level: BotLevel, earlier: readonly EventRecord[]): boolean =>
  earlier.reduce((sum, r) => sum + (r.level ? searchCost(r.level) : 0), 0) + searchCost(level) <= WRITE_SEARCH_MS;

/** Whether a bot's move at `level` searches: the levels above easy, in games that can be searched. */
export const searches = (game: AnyGame, level: BotLevel): boolean => level !== 'easy' && searchable(game);

/**
 * The level a timeout's move (the sweeper's) plays at: the chosen one, unless nobody's result depends
 * on it (no person is left playing) or the write's search time is spent by the moves it made before.
 */
export function levelToPlay(chosen: BotLevel, peoplePlaying: boolean, earlier: readonly EventRecord[]): BotLevel {
  if (chosen === 'easy' || !peoplePlaying) return 'easy';
  return fits(chosen, earlier) ? chosen : 'easy';
}

/**
 * The level a due bot moves at in this write, or null when a bot-turn job moves it (RP-BOT-1): a
 * searching move in a request, or in a job whose search is spent (the next job keeps the level).
 */
export function levelNow(
  game: AnyGame,
  chosen: BotLevel,
  peoplePlaying: boolean,
  play: BotPlay,
  earlier: readonly EventRecord[],
): BotLevel | null {
  const level = peoplePlaying ? chosen : 'easy';
  if (!searches(game, level)) return level;
  return play === 'job' && fits(level, earlier) ? level : null;
}

/**
 * The level of the bot that chose a record's action; null for a person's action and for the
 * platform's entries. Records older than levels were the greedy bot's, the easy level.
 */
export function botLevelOf(record: EventRecord): BotLevel | null {
  if (record.playerId !== null || record.forfeit || record.platform) return null;
  return record.level ?? 'easy';
}
