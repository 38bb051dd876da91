/** Ratings, leaderboards and the record of finished public games. */
import type { Seat } from '../../engine/core/index.js';

/** Glicko-2 numbers (functions/service/rating.ts). */
export interface RatingValue {
  rating: number;
  rd: number;
  vol: number;
}

/** One rated game in a player's rating log of a kind, by version: the newest is the rating. */
export interface RatingEntry extends RatingValue {
  /** 1 for the player's first rated game of the kind; also how many they played. */
  version: number;
  gameId: string;
  /** The rating going into the game, for showing the change. */
  before: RatingValue;
  at: string;
}

/** A seat of a rated game as its plan fixed it: the rating going in and the player's log version then. */
export interface PlannedSeat {
  playerId: string;
  name: string;
  /** Copied from the seat like the name: the leaderboard shows the player as a bot. */
  botAccount?: true;
  place: number;
  before: RatingValue;
  /** The player's newest log version when the plan was made (0: none). */
  base: number;
}

/**
 * How a finished game changes ratings, written once by whoever comes first: every updater
 * applies this plan, so racing updaters agree. `done` once every seat has its entry.
 */
export interface RatingPlan {
  gameId: string;
  kind: string;
  seats: PlannedSeat[];
  finishedAt: string;
  done: boolean;
}

/** A row of a rating kind's leaderboard (a bounded list). */
export interface BoardEntry extends RatingValue {
  playerId: string;
  name: string;
  botAccount?: true;
  /** The player's log version the row shows: a row is never replaced by an older one. */
  version: number;
}

/** A seat of a finished public game as search and profiles show it. */
export interface FinishedSeat {
  seat: Seat;
  name: string | null;
  playerId: string | null;
  bot: boolean;
  /** A bot account's seat (PersonSeat.botAccount), copied when the game is recorded; absent for people and the platform's bots. */
  botAccount?: true;
  place: number;
  score: number;
  forfeited: boolean;
}

/** A finished public game in the search index and in its players' histories. */
export interface FinishedGameRecord {
  gameId: string;
  game: string;
  finishedAt: string;
  seats: FinishedSeat[];
  /** Whether it changed ratings (docs/playing.md "Ratings"); absent on records written before this was kept. */
  rated?: boolean;
}
