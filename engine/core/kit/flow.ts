/**
 * Turn order shared by every game: seats go round the table in seat order, a round starts at some
 * seat, and several seats may owe an answer at once (simultaneous secret choices).
 */
import type { Seat } from '../contract.js';

/** The seat after `seat` round a table of `players`. */
export const nextSeat = (seat: Seat, players: number): Seat => (seat + 1) % players;

/** Every seat once, starting at `start` and going round the table. */
export const seatsFrom = (start: Seat, players: number): Seat[] =>
  Array.from({ length: players }, (_, i) => (start + i) % players);

/** The seat that closes a round which `start` opens: the one on the starting seat's right. */
export const lastOfRound = (start: Seat, players: number): Seat => (start + players - 1) % players;

/**
 * Seats that still owe an answer in a simultaneous step, where `answers[seat]` is that seat's answer
 * or null while it has not given one. Answers stay hidden until the step closes, so nobody chooses
 * knowing another's choice.
 */
export const awaiting = (answers: readonly unknown[]): Seat[] =>
  answers.flatMap((a, seat) => (a === null ? [seat] : []));
