import type { TFunction } from 'i18next';

/**
 * "in 40 minutes", "in 27 hours", "in 3 days" (Intl.RelativeTimeFormat in `locale`), or "overdue":
 * deadlines are days away in play-by-mail games, and the date beside it gives the exact time.
 */
export function untilText(t: TFunction, locale: string, iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (!Number.isFinite(ms)) return '';
  if (ms <= 0) return t('time.overdue');
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const min = Math.round(ms / 60_000);
  if (min < 60) return relative.format(Math.max(1, min), 'minute');
  const h = Math.round(min / 60);
  if (h < 48) return relative.format(h, 'hour');
  return relative.format(Math.round(h / 24), 'day');
}

/** "Tue 24 Nov, 14:00 (in 3 days)" in `locale`. */
export function deadlineText(t: TFunction, locale: string, iso: string, now = Date.now()): string {
  const at = new Date(iso).toLocaleString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return t('time.deadline', { at, until: untilText(t, locale, iso, now) });
}

export { durationText } from '../../presentation/duration-text.js';

/** "24 Nov 2026, 14:00" in `locale`: when a session or token was made or last used. */
export const momentText = (locale: string, iso: string): string =>
  new Date(iso).toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
