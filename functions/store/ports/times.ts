import type { SeatClock } from '../../domain/game.js';
import type { Vacation } from '../../domain/player.js';

/** What a player's seats keep of them (domain/game.ts PersonSeat): their vacations and credential version (0 if none). */
export interface SeatFacts {
  vacations: Vacation[];
  credentialVersion: number;
}

export interface ReminderClaim {
  gameId: string;
  seat: number;
  dueSince: string;
  deadline: string;
  version: number;
}

/** The store's side of time controls: when each timed game is next due, reminder claims, clocks moved in place, and vacations. */
export interface TimeStore {
  /** Every game whose next reminder or deadline is at or before `now` (none left for later), with that time; the most overdue first. */
  dueGames(now: Date): Promise<{ gameId: string; dueAt: string }[]>;
  /**
   * Moves the game's next due time. `exact` sets what the game read at `version` says (null:
   * nothing is due), unless a newer version was recorded already; `earlier` only ever moves it
   * earlier. False when the condition kept it as it was (an entry is never created only to say that nothing is due).
   */
  setDue(gameId: string, dueAt: string | null, version: number, how: 'exact' | 'earlier'): Promise<boolean>;
  /** Rewrites the clocks of a commit in place (deadlines moved by a vacation); false if the commit is not there. */
  setClocks(gameId: string, commitKey: number, clocks: readonly SeatClock[]): Promise<boolean>;
  /** True for exactly one caller per seat and turn: the one that sends the reminder. */
  claimReminder(claim: ReminderClaim, now: Date): Promise<boolean>;
  /** What the seats of several players copy of them, in one read (players that are not there left out). */
  seatFactsOf(playerIds: readonly string[]): Promise<Map<string, SeatFacts>>;
  /**
   * Changes a player's vacations with `change` applied to what is stored, so concurrent changes
   * both survive; a change refused is answered as is, and nothing is written. WriteConflict for a
   * player that is not there.
   */
  changeVacations<R>(playerId: string, change: VacationChange<R>): Promise<VacationOutcome<R>>;
}

/** The vacations a change makes of the stored ones, or why it does not (the service's Result has this shape). */
export type VacationOutcome<R> = { ok: true; value: Vacation[] } | { ok: false; refusal: R };
export type VacationChange<R> = (current: Vacation[]) => VacationOutcome<R>;
