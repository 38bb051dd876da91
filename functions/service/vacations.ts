/**
 * Vacation rules: days away pause a player's clocks, so they must not be a way to stall a game
 * forever or to rewrite a clock that already ran.
 */
import type { Vacation } from '../store/records.js';
import { Problem, problems } from './problem.js';

const DAY = 86_400_000;
export const MAX_VACATION_DAYS = 30;
/** Vacations not yet over; past ones stay on record while a clock might still count them. */
export const MAX_PENDING_VACATIONS = 5;
const KEEP_PAST_MS = 180 * DAY;
/** Clock skew between a client and us: a vacation "from now" may arrive a little late. */
const GRACE_MS = 60_000;

export function addVacation(current: readonly Vacation[], wanted: { from: string; until: string }, now: Date, id: string): Vacation[] {
  const from = Date.parse(wanted.from);
  const until = Date.parse(wanted.until);
  const t = now.getTime();
  if (from < t - GRACE_MS) throw problems.badRequest('vacation_in_past', 'A vacation cannot start in the past: clocks that already ran are not rewound');
  if (until <= from) throw problems.badRequest('invalid_vacation', '`until` must be after `from`');
  if (until - from > MAX_VACATION_DAYS * DAY) throw problems.badRequest('vacation_too_long', `A vacation lasts at most ${MAX_VACATION_DAYS} days`);
  const kept = current.filter((v) => Date.parse(v.until) > t - KEEP_PAST_MS);
  if (kept.filter((v) => Date.parse(v.until) > t).length >= MAX_PENDING_VACATIONS) {
    throw new Problem(409, 'too_many_vacations', 'Conflict', `At most ${MAX_PENDING_VACATIONS} vacations that are not over yet`, { limit: MAX_PENDING_VACATIONS });
  }
  const start = new Date(Math.max(from, t)).toISOString();
  return [...kept, { id, from: start, until: new Date(until).toISOString() }].sort((a, b) => a.from.localeCompare(b.from));
}

/** A vacation that has not begun is removed; one under way ends now; one that is over stays. */
export function endVacation(current: readonly Vacation[], id: string, now: Date): Vacation[] {
  const found = current.find((v) => v.id === id);
  if (!found) throw problems.notFound('Vacation');
  const t = now.getTime();
  if (Date.parse(found.until) <= t) throw problems.conflict('vacation_over', 'This vacation is over; it stays on record for the clocks it paused');
  if (Date.parse(found.from) > t) return current.filter((v) => v.id !== id);
  return current.map((v) => (v.id === id ? { ...v, until: now.toISOString() } : v));
}

export function onVacation(vacations: readonly Vacation[], now: Date): boolean {
  const t = now.getTime();
  return vacations.some((v) => Date.parse(v.from) <= t && t < Date.parse(v.until));
}
