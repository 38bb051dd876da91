import type { ChatRecord } from '../../domain/game.js';

/** Table talk, kept with the game it belongs to. */
export interface ChatStore {
  put(m: ChatRecord): Promise<void>;
  /** Counts one more message of a player in a game, unless `cap` are counted already (false then), under races too. */
  countMessage(gameId: string, playerId: string, cap: number): Promise<boolean>;
  remove(gameId: string, id: string): Promise<void>;
  /** Messages after the one with id `after` (all when absent), oldest first (by id). */
  list(gameId: string, after: string | undefined, limit: number): Promise<ChatRecord[]>;
}
