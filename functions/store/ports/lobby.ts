import type { LobbyEntry, SeekPool, SeekRecord } from '../../domain/lobby.js';

/** The lobby's entries and the seek pools (docs/playing.md "Lobby"); every write that could race is conditional. */
export interface LobbyStore {
  putEntry(e: LobbyEntry): Promise<void>;
  removeEntry(e: LobbyEntry): Promise<void>;
  /** The newest `limit` entries of a game, newest first; with `before` (an entry's `createdAt#gameId`), only those created before it, oldest first. */
  entries(game: string, limit: number, before?: string): Promise<LobbyEntry[]>;
  /** The pool under `key`; revision 0 and nobody waiting for a pool never written. */
  readPool(key: string, of: Pick<SeekPool, 'game' | 'players' | 'pace'>): Promise<SeekPool>;
  /** Writes the pool at `pool.revision + 1` if nobody wrote it since `pool.revision`; WriteConflict otherwise. */
  writePool(pool: SeekPool): Promise<void>;
  getSeek(playerId: string): Promise<SeekRecord | null>;
  /** Stores a new seek unless one is still waiting at `now` (WriteConflict then): a player seeks one game at a time. */
  putSeek(rec: SeekRecord, now: string): Promise<void>;
  /** Marks the seek matched, if it is still the one with this id. */
  matchSeek(playerId: string, seekId: string, gameId: string): Promise<void>;
  /** Deletes the seek if it is the one with this id. */
  deleteSeek(playerId: string, seekId: string): Promise<void>;
}
