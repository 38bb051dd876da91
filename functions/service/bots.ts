/**
 * Which bot moves for a seat, and at what level. A bot seat plays at the level its
 * creator chose; a person's seat the platform plays for (a timeout, a forfeit, a deleted
 * account) plays at the table's stand-in level. Search levels cost wall-clock time, so one
 * request searches for at most REQUEST_SEARCH_MS in all (counted by each level's cap, a bound
 * known before moving); moves past that, and every move once no person is left playing, are
 * easy. Each record keeps the level that really moved.
 */
import { botFor, SEARCH_LEVELS, type AnyGame, type BotLevel, type Clock, type Seat } from '../../engine/core/index.js';
import type { EventRecord, GameMeta } from '../domain/game.js';

/** A table that did not choose a stand-in level gets this one. */
export const DEFAULT_STAND_IN_LEVEL: BotLevel = 'medium';

/**
 * The search a request may spend, well within an API request's 29 s: twelve hard moves, or sixty
 * medium ones. A table of bots only reaches it when many bots move after one person.
 */
export const REQUEST_SEARCH_MS = 12_000;

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

/**
 * The level a bot move really plays at: the chosen one, unless nobody's result depends on it (no
 * person is left playing) or the request's search time is spent by the moves it made before.
 */
export function levelToPlay(chosen: BotLevel, peoplePlaying: boolean, earlier: readonly EventRecord[]): BotLevel {
  if (chosen === 'easy' || !peoplePlaying) return 'easy';
  const spent = earlier.reduce((sum, r) => sum + (r.level ? searchCost(r.level) : 0), 0);
  return spent + searchCost(chosen) <= REQUEST_SEARCH_MS ? chosen : 'easy';
}

/**
 * The level of the bot that chose a record's action; null for a person's action and for the
 * platform's entries. Records older than levels were the greedy bot's, the easy level.
 */
export function botLevelOf(record: EventRecord): BotLevel | null {
  if (record.playerId !== null || record.forfeit || record.platform) return null;
  return record.level ?? 'easy';
}
