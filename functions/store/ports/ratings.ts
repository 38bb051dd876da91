import type { BoardEntry, RatingEntry, RatingPlan } from '../../domain/ratings.js';

/** Each player's rating log per kind, each finished game's rating plan, and each kind's leaderboard (docs/playing.md, "Ratings"). */
export interface RatingStore {
  /** The player's newest entry of the kind: their rating (null before their first rated game of it). */
  latestRating(playerId: string, kind: string): Promise<RatingEntry | null>;
  /** The player's entries of the kind from `version` on, oldest first. */
  ratingsFrom(playerId: string, kind: string, version: number): Promise<RatingEntry[]>;
  /** The player's entries of the kind finished at `since` or later, newest first. */
  ratingsSince(playerId: string, kind: string, since: string): Promise<RatingEntry[]>;
  /** Claims the entry's version of the player's log: WriteConflict if another game took it. */
  putRating(playerId: string, kind: string, e: RatingEntry): Promise<void>;
  /** Notes the entry as the player's newest of its kind, unless a newer one is noted already. */
  noteLatest(playerId: string, kind: string, e: RatingEntry): Promise<void>;
  /** The player's newest noted entry of each kind. */
  ratingsOf(playerId: string): Promise<Map<string, RatingEntry>>;
  ratingsOfMany(playerIds: readonly string[]): Promise<Map<string, Map<string, RatingEntry>>>;
  getPlan(gameId: string): Promise<RatingPlan | null>;
  /** Writes the plan unless one exists: WriteConflict then (read that one instead). */
  putPlan(plan: RatingPlan): Promise<void>;
  markPlanDone(gameId: string): Promise<void>;
  /** Every row of the kind's leaderboard, from all its shards in one read, unranked. */
  getBoard(kind: string): Promise<BoardEntry[]>;
  /** The shard of the kind's leaderboard that `playerId`'s row goes to, and its revision (0: none yet). */
  getBoardShard(kind: string, playerId: string): Promise<{ entries: BoardEntry[]; revision: number }>;
  /** Replaces that shard if nobody changed it since `revision` (WriteConflict otherwise). */
  replaceBoardShard(kind: string, playerId: string, entries: readonly BoardEntry[], revision: number): Promise<void>;
}
