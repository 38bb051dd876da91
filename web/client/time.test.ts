import { describe, expect, it } from 'vitest';
import { translator } from './i18n.testkit.js';
import { deadlineText, durationText, untilText } from './time.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const later = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('deadlines in words, in the reader’s language', () => {
  it('says minutes within the hour, hours within two days, else days', () => {
    const t = translator('en');
    expect(untilText(t, 'en', later(40 * MIN), NOW)).toBe('in 40 minutes');
    expect(untilText(t, 'en', later(27 * HOUR), NOW)).toBe('in 27 hours');
    expect(untilText(t, 'en', later(73 * HOUR), NOW)).toBe('in 3 days');
    expect(untilText(t, 'en', later(-MIN), NOW)).toBe('overdue');
  });

  it('uses each language’s plural forms (Czech and Russian: 2 dny / 5 dní, 2 дня / 5 дней)', () => {
    expect(untilText(translator('cs'), 'cs', later(48 * HOUR), NOW)).toBe('za 2 dny');
    expect(untilText(translator('cs'), 'cs', later(5 * 24 * HOUR), NOW)).toBe('za 5 dní');
    expect(untilText(translator('ru'), 'ru', later(48 * HOUR), NOW)).toBe('через 2 дня');
    expect(untilText(translator('ru'), 'ru', later(5 * 24 * HOUR), NOW)).toBe('через 5 дней');
    expect(untilText(translator('de'), 'de', later(-MIN), NOW)).toBe('überfällig');
  });

  it('gives the date in the locale, with the time left after it', () => {
    expect(deadlineText(translator('de'), 'de', later(27 * HOUR), NOW)).toMatch(
      /^Mi\., 25\. Nov\., \d\d:\d\d \(in 27 Stunden\)$/,
    );
  });

  it('reads an ISO 8601 pace as words', () => {
    expect(durationText('en', 'P3D')).toBe('3 days');
    expect(durationText('cs', 'P1D')).toBe('1 den');
    expect(durationText('ru', 'P7D')).toBe('7 дней');
    expect(durationText('de', 'PT12H')).toBe('12 Stunden');
    expect(durationText('en', 'P1DT2H')).toBe('1 day 2 hours');
    expect(durationText('en', 'P1W')).toBe('7 days');
    expect(durationText('cs', 'PT3600S')).toBe('1 hodina');
    expect(durationText('en', 'PT90M')).toBe('1 hour 30 minutes');
    expect(durationText('de', 'PT1H30S')).toBe('1 Stunde, 30 Sekunden');
    expect(durationText('ru', 'PT45S')).toBe('45 секунд');
    expect(durationText('en', 'P1Y')).toBe('P1Y');
  });
});
