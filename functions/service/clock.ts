/**
 * Clocks of a timed game, as a pure fold over the log: each logged event carries its time and
 * the seats due after it, so a seat's clock starts when it becomes due and stops when it is not.
 * Vacations pause the clock: only time outside them counts.
 */
import type { Seat } from '../../engine/core/index.js';
import type { SeatClock, TimeControl } from '../domain/game.js';
import { bankOf, perMoveMs } from './time-control.js';

export type { SeatClock };

/** A span of a player's absence, in epoch milliseconds. */
export interface Pause {
  from: number;
  until: number;
}

export function initialClocks(tc: TimeControl, players: number): SeatClock[] {
  const bank = bankOf(tc);
  return Array.from({ length: players }, () => ({
    dueSince: null,
    bankMs: bank ? bank.initial : null,
    deadline: null,
    remindAt: null,
    reminded: false,
  }));
}

/** Time between `from` and `to` outside every pause. */
export function activeMs(from: number, to: number, pauses: readonly Pause[]): number {
  let paused = 0;
  for (const p of mergePauses(pauses)) {
    const start = Math.max(from, p.from);
    const end = Math.min(to, p.until);
    if (end > start) paused += end - start;
  }
  return Math.max(0, to - from - paused);
}

/** The first instant at which `need` milliseconds outside pauses have passed since `from`. */
export function instantAfter(from: number, need: number, pauses: readonly Pause[]): number {
  let t = from;
  let left = need;
  for (const p of mergePauses(pauses)) {
    if (p.until <= t) continue;
    if (p.from > t) {
      if (left <= p.from - t) return t + left;
      left -= p.from - t;
    }
    t = p.until;
  }
  return t + left;
}

function mergePauses(pauses: readonly Pause[]): Pause[] {
  const sorted = [...pauses].filter((p) => p.until > p.from).sort((a, b) => a.from - b.from);
  const merged: Pause[] = [];
  for (const p of sorted) {
    const last = merged.at(-1);
    if (last && p.from <= last.until) last.until = Math.max(last.until, p.until);
    else merged.push({ ...p });
  }
  return merged;
}

/** The time the current turn may take: fixed per move, or what is left in the bank. */
function allowanceMs(tc: TimeControl, clock: SeatClock): number {
  return perMoveMs(tc) ?? clock.bankMs ?? 0;
}

/** Deadline and reminder time of a due seat, from its allowance and its pauses. */
export function withDeadline(tc: TimeControl, clock: SeatClock, pauses: readonly Pause[]): SeatClock {
  if (clock.dueSince === null) return { ...clock, deadline: null, remindAt: null, reminded: false };
  const since = Date.parse(clock.dueSince);
  const allowance = allowanceMs(tc, clock);
  return {
    ...clock,
    deadline: new Date(instantAfter(since, allowance, pauses)).toISOString(),
    remindAt: new Date(instantAfter(since, Math.floor(allowance * tc.reminderAt), pauses)).toISOString(),
  };
}

/**
 * The clocks after an event at `at` that left `due` seats to act (only seats that have a clock:
 * people, not bots or forfeited seats). A seat due before and after keeps running; a bank seat
 * that stops pays the time it used and earns the increment.
 */
export function advanceClocks(
  tc: TimeControl,
  clocks: readonly SeatClock[],
  at: string,
  due: readonly Seat[],
  pausesOf: (seat: Seat) => readonly Pause[],
): SeatClock[] {
  const bank = bankOf(tc);
  const now = Date.parse(at);
  return clocks.map((clock, seat) => {
    const isDue = due.includes(seat);
    if (clock.dueSince !== null && isDue) return clock;
    if (clock.dueSince === null && !isDue) return clock;
    if (isDue) return withDeadline(tc, { ...clock, dueSince: at }, pausesOf(seat));
    const used = activeMs(Date.parse(clock.dueSince!), now, pausesOf(seat));
    const bankMs =
      bank && clock.bankMs !== null
        ? Math.min(bank.cap, Math.max(0, clock.bankMs - used) + bank.increment)
        : clock.bankMs;
    return { dueSince: null, bankMs, deadline: null, remindAt: null, reminded: false };
  });
}

/** Deadlines of due seats again, e.g. after a player changed their vacations. */
export function refreshDeadlines(
  tc: TimeControl,
  clocks: readonly SeatClock[],
  pausesOf: (seat: Seat) => readonly Pause[],
): SeatClock[] {
  return clocks.map((clock, seat) =>
    clock.dueSince === null ? clock : { ...withDeadline(tc, clock, pausesOf(seat)), reminded: clock.reminded },
  );
}

/** When the sweeper must next look at the game: the earliest pending reminder or deadline. */
export function nextDueAt(clocks: readonly SeatClock[]): string | null {
  const times = clocks
    .flatMap((c) => (c.dueSince === null ? [] : [c.reminded ? c.deadline : c.remindAt]))
    .filter((t): t is string => t !== null);
  return times.length === 0 ? null : times.reduce((a, b) => (a < b ? a : b));
}
