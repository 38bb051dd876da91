import type { CommitRecord, CommitSummary, GameMeta, GameRecord, GameVersion } from '../../domain/game.js';

/**
 * A game is its meta and its commits, the newest of which holds the current state
 * (docs/architecture.md, "The log is the truth"). Every write that could race is conditional and
 * loses with WriteConflict.
 */
export interface GameLog {
  /** Creates the game's meta; WriteConflict if the game exists. */
  putMeta(meta: GameMeta): Promise<void>;
  /** Replaces the meta if nobody changed it since `meta.revision - 1`; WriteConflict otherwise (a game that is not there included). */
  replaceMeta(meta: GameMeta): Promise<void>;
  /** The meta and the newest commit, in one read; null for a game that does not exist. */
  readGame(gameId: string): Promise<GameRecord | null>;
  /** What a conditional GET compares: the meta's revision, the newest version and its clocks as stored. */
  readVersion(gameId: string): Promise<GameVersion | null>;
  /** Metas (the seed blanked) and newest commit summaries of many games, in the order asked; missing games left out. */
  readSummaries(gameIds: readonly string[]): Promise<Map<string, { meta: GameMeta; latest: CommitSummary | null }>>;
  /** Metas of many games, the seed blanked. */
  getMetas(gameIds: readonly string[]): Promise<Map<string, GameMeta>>;
  /**
   * Writes a commit under its key; of several racing writers of the same key exactly one wins (the
   * others get WriteConflict). Writers that read the same version write the same key. `game`, the
   * game's catalog id (its meta's `game`), chooses how the commit is packed.
   */
  putCommit(gameId: string, commit: CommitRecord, game: string): Promise<void>;
  getCommit(gameId: string, key: number): Promise<CommitRecord | null>;
  /** Sets the meta's `watchedUntil` to `until` unless it is as late already; nothing for a game not there. */
  extendWatch(gameId: string, until: string): Promise<void>;
  /**
   * Commits holding the versions after `after`, in order, until they cover `limit` versions (all
   * without a limit). `latest`, the newest commit when the caller has it already, is not read again.
   */
  commitsAfter(gameId: string, after: number, limit?: number, latest?: CommitRecord | null): Promise<CommitRecord[]>;
  /** The newest `count` commits whose first version is at most `version`, newest first. */
  commitsUpTo(gameId: string, version: number, count: number): Promise<CommitRecord[]>;
}
