/**
 * Which notifications went out: a stream record delivered twice, or a batch retried after a
 * partial failure, must not email anybody twice. Whoever claims a message first sends it.
 */
export interface DeliveryStore {
  /** True for exactly one caller per game, player and message key. */
  claim(gameId: string, playerId: string, key: string, now: Date): Promise<boolean>;
  /** The same for a message about no single game (a reply to a digest), kept with the player. */
  claimForPlayer(playerId: string, key: string, now: Date): Promise<boolean>;
  /**
   * Counts one more message of a kind (`key` names it and its window) to a player about a game, or
   * about no single game when `gameId` is null: true while the count stays within `limit`, false
   * once it is reached (then nothing is counted). Atomic, so it holds across instances.
   */
  count(gameId: string | null, playerId: string, key: string, limit: number, now: Date): Promise<boolean>;
}
