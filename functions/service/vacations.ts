/**
 * Vacation rules: days away pause a player's clocks, so they must not be a way to stall a game
 * forever or to rewrite a clock that already ran.
 */
import type { Vacation } from '../domain/player.js';
import { Refusal, ok, problems, refused, type Result } from './refusal.js';

const DAY = 86_400_000;
export const MAX_VACATION_DAYS = 30;
/** Vacations not yet over; past ones stay on record while a clock might still count them. */
export const MAX_PENDING_VACATIONS = 5;
const KEEP_PAST_MS = 180 * DAY;
/**
 * Every vacation lives in the player's one profile item, so the list needs a bound whatever the
 * pace of adding and cancelling: beyond it the oldest past ones go (the clocks least likely to
 * still count them).
 */
export const MAX_STORED_VACATIONS = 25;
/** Clock skew between a client and us: a vacation "from now" may arrive a little late. */
const GRACE_MS = 60_000;

export function addVacation(
  current: readonly Vacation[],
  wanted: { from: string; until: string },
  now: Date,
  id: string,
): Result<Vacation[]> {
  const from = Date.parse(wanted.from);
  const until = Date.parse(wanted.until);
  const t = now.getTime();
  const refusal = refusalOf(current, from, until, t);
  if (refusal) return refused(refusal);
  const kept = current.filter((v) => Date.parse(v.until) > t - KEEP_PAST_MS);
  const start = new Date(Math.max(from, t)).toISOString();
  const next = [...kept, { id, from: start, until: new Date(until).toISOString() }];
  return ok(withinBound(next, t).sort((a, b) => a.from.localeCompare(b.from)));
}

/** Why a vacation from `from` until `until` (ms) may not be added at `t`, or null. */
function refusalOf(current: readonly Vacation[], from: number, until: number, t: number): Refusal | null {
  if (from < t - GRACE_MS)
    return problems.badRequest(
      'vacation_in_past',
      'A vacation cannot start in the past: clocks that already ran are not rewound',
    );
  if (until <= from) return problems.badRequest('invalid_vacation', '`until` must be after `from`');
  if (until <= t)
    return problems.badRequest(
      'vacation_in_past',
      'A vacation must end in the future: one already over pauses nothing',
    );
  if (until - from > MAX_VACATION_DAYS * DAY)
    return problems.badRequest('vacation_too_long', `A vacation lasts at most ${MAX_VACATION_DAYS} days`);
  if (current.filter((v) => Date.parse(v.until) > t).length < MAX_PENDING_VACATIONS) return null;
  return new Refusal(
    'too_many_vacations',
    'Conflict',
    `At most ${MAX_PENDING_VACATIONS} vacations that are not over yet`,
    {
      limit: MAX_PENDING_VACATIONS,
    },
  );
}

/** Drops the past vacations that ended first until the list fits MAX_STORED_VACATIONS. */
function withinBound(vacations: Vacation[], t: number): Vacation[] {
  const excess = vacations.length - MAX_STORED_VACATIONS;
  if (excess <= 0) return vacations;
  const dropped = new Set(
    vacations
      .filter((v) => Date.parse(v.until) <= t)
      .sort((a, b) => Date.parse(a.until) - Date.parse(b.until))
      .slice(0, excess)
      .map((v) => v.id),
  );
  return vacations.filter((v) => !dropped.has(v.id));
}

/** A vacation that has not begun is removed; one under way ends now; one that is over stays. */
export function endVacation(current: readonly Vacation[], id: string, now: Date): Result<Vacation[]> {
  const found = current.find((v) => v.id === id);
  if (!found) return refused(problems.notFound('Vacation'));
  const t = now.getTime();
  if (Date.parse(found.until) <= t)
    return refused(
      problems.conflict('vacation_over', 'This vacation is over; it stays on record for the clocks it paused'),
    );
  if (Date.parse(found.from) > t) return ok(current.filter((v) => v.id !== id));
  return ok(current.map((v) => (v.id === id ? { ...v, until: now.toISOString() } : v)));
}

export function onVacation(vacations: readonly Vacation[], now: Date): boolean {
  const t = now.getTime();
  return vacations.some((v) => Date.parse(v.from) <= t && t < Date.parse(v.until));
}
