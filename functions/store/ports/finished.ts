import type { FinishedGameRecord } from '../../domain/ratings.js';

/** Where a page ended: the finishing time and id of its last game. */
export type FinishedKey = readonly [finishedAt: string, gameId: string];

export interface FinishedPage {
  items: FinishedGameRecord[];
  next: FinishedKey | null;
}

/** Finished public games, newest first: by game, of all games, and per player (docs/playing.md, "Profiles and search"). */
export interface FinishedStore {
  /** Into the index of its game and of all games, and into each seated person's list; writing it again changes nothing. */
  put(g: FinishedGameRecord): Promise<void>;
  /** Finished public games of `game` (all games: null), newest first; `name` narrows to games with a seat of that name (any part, any case). */
  search(game: string | null, name: string | null, limit: number, after: FinishedKey | null): Promise<FinishedPage>;
  /** The player's finished public games, newest first. */
  playedBy(playerId: string, limit: number, after: FinishedKey | null): Promise<FinishedPage>;
}
