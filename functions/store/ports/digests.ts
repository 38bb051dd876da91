/** One game of a digest email: what its label's codes play at. */
export interface SheetEntry {
  label: string;
  gameId: string;
  seat: number;
  version: number;
}

/** Daily digests: when each player's is next due, the claim of each day's, and the sheets replies are read against. */
export interface DigestStore {
  /** Sets when the player's digest is next due, or takes it out (null). */
  setDue(playerId: string, dueAt: Date | null): Promise<void>;
  /** Every player whose digest is due at or before `now` (none left for later); the most overdue first. */
  due(now: Date): Promise<{ playerId: string; dueAt: string }[]>;
  /** True for exactly one caller per player and day (YYYYMMDD in the player's zone). */
  claimDay(playerId: string, day: string, now: Date): Promise<boolean>;
  /** Stores a digest email's labels until `expires`; false if a sheet of that id exists. */
  putSheet(playerId: string, id: string, entries: readonly SheetEntry[], expires: Date): Promise<boolean>;
  /** A sheet's entries; null when there is none (never written, or expired). */
  getSheet(playerId: string, id: string): Promise<SheetEntry[] | null>;
}
