/**
 * When a daily digest is due: at a whole hour the player picked, on their wall clock
 * in their IANA time zone. Works with Intl alone; daylight saving changes are handled by reading
 * the zone's offset at the instant found, not by assuming a fixed one.
 */

const DAY = 86_400_000;

/** True for a zone name this runtime knows (IANA names and their aliases, e.g. "Europe/Prague", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `zone` at `at`, to the minute. */
function wallClock(
  at: number,
  zone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** How far `zone` is ahead of UTC at `at`, in milliseconds (whole minutes). */
function offsetAt(at: number, zone: string): number {
  const w = wallClock(at, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / 60_000) * 60_000;
}

/**
 * The instant the wall clock in `zone` shows `hour`:00 on a calendar day. It lies within a day of
 * the same wall time read as UTC, and a zone changes its offset at most once in that span: the
 * offsets a day before and after are the only candidates. An hour that occurs twice in autumn is
 * taken at its first occurrence; an hour skipped by a change to summer time is read with the
 * offset before the change, which puts it an hour later on the clock (02:00 becomes 03:00).
 */
function instantOf(year: number, month: number, day: number, hour: number, zone: string): number {
  const naive = Date.UTC(year, month - 1, day, hour);
  const early = naive - offsetAt(naive - DAY, zone);
  const late = naive - offsetAt(naive + DAY, zone);
  const fits = [early, late].filter((t) => wallClock(t, zone).hour === hour);
  return fits.length ? Math.min(...fits) : early;
}

/** The first instant strictly after `after` at which a digest for `hour` in `zone` is due. */
export function nextDigestAt(hour: number, zone: string, after: Date): Date {
  const t = after.getTime();
  const today = wallClock(t, zone);
  for (let d = 0; d < 3; d++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + d));
    const at = instantOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, zone);
    if (at > t) return new Date(at);
  }
  throw new Error(`no ${hour}:00 in ${zone} within three days of ${after.toISOString()}`);
}

/** The calendar day in `zone` at `at`, as YYYYMMDD: what a day's digest is claimed by. */
export function localDay(at: Date, zone: string): string {
  const w = wallClock(at.getTime(), zone);
  return `${w.year}${String(w.month).padStart(2, '0')}${String(w.day).padStart(2, '0')}`;
}
