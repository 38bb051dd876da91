import type { Seat } from '../../engine/core/index.js';
import type { GameNotificationKind } from './message.js';

/** What one request (or one stream batch) did to a game: the notifier's whole input. */
export interface Transition {
  gameId: string;
  /** Seats due before the request and after it. */
  before: readonly Seat[];
  after: readonly Seat[];
  started: boolean;
  finished: boolean;
  version: number;
}

export interface SeatHolder {
  playerId: string | null;
  bot: boolean;
}

export interface Recipient {
  seat: Seat;
  playerId: string;
  kind: GameNotificationKind;
}

/**
 * Who hears about a transition, once each however many moves it spans: everyone when the game
 * starts or ends; otherwise the people who became due. A seat that was already due (it just
 * acted and must act again, or waits in a simultaneous decision) is not told again.
 */
export function recipientsOf(t: Transition, seats: readonly SeatHolder[]): Recipient[] {
  const people = seats.flatMap((s, seat) => (s.bot || !s.playerId ? [] : [{ seat, playerId: s.playerId }]));
  if (t.finished) return people.map((p) => ({ ...p, kind: 'gameFinished' }));
  if (t.started) return people.map((p) => ({ ...p, kind: 'gameStarted' }));
  const newlyDue = new Set(t.after.filter((s) => !t.before.includes(s)));
  return people.filter((p) => newlyDue.has(p.seat)).map((p) => ({ ...p, kind: 'yourTurn' }));
}

/** The game as it stands, for a message no move caused: a reminder, a chat notice, a reply's answer, a digest entry. */
export function standing(gameId: string, toAct: readonly Seat[], version: number): Transition {
  return { gameId, before: toAct, after: toAct, started: false, finished: false, version };
}
