import { describe, expect, it } from 'vitest';
import { isTimeZone, localDay, nextDigestAt } from './digest-time.js';

const next = (hour: number, zone: string, after: string) => nextDigestAt(hour, zone, new Date(after)).toISOString();

describe('when a daily digest is due (at the hour a player picks, in their time zone)', () => {
  it('is the next whole hour on the wall clock of the zone, today if still ahead, else tomorrow', () => {
    expect(next(8, 'Europe/Prague', '2026-11-24T06:59:59Z')).toBe('2026-11-24T07:00:00.000Z');
    expect(next(8, 'Europe/Prague', '2026-11-24T07:00:00Z')).toBe('2026-11-25T07:00:00.000Z');
    expect(next(0, 'UTC', '2026-12-31T23:30:00Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(next(20, 'America/New_York', '2026-11-24T12:00:00Z')).toBe('2026-11-25T01:00:00.000Z');
  });

  it('follows summer time in Europe/Prague: 8:00 is 06:00 UTC in summer and 07:00 UTC in winter', () => {
    // Summer time starts on Sunday 29 March 2026 at 02:00 (clocks go to 03:00).
    expect(next(8, 'Europe/Prague', '2026-03-28T08:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(next(8, 'Europe/Prague', '2026-03-27T08:00:00Z')).toBe('2026-03-28T07:00:00.000Z');
    // It ends on Sunday 25 October 2026 at 03:00 (clocks go back to 02:00).
    expect(next(8, 'Europe/Prague', '2026-10-24T07:00:00Z')).toBe('2026-10-25T07:00:00.000Z');
    expect(next(8, 'Europe/Prague', '2026-10-23T07:00:00Z')).toBe('2026-10-24T06:00:00.000Z');
  });

  it('an hour skipped by the change to summer time is taken an hour later; an hour that occurs twice, at its first', () => {
    expect(next(2, 'Europe/Prague', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
    expect(next(2, 'Europe/Prague', '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:00:00.000Z'); // 02:00 CEST, not CET
    expect(next(2, 'America/New_York', '2026-03-07T12:00:00Z')).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    expect(next(1, 'America/New_York', '2026-10-31T12:00:00Z')).toBe('2026-11-01T05:00:00.000Z'); // 01:00 EDT, not EST
  });

  it('America/New_York: 7:00 is 11:00 UTC in summer and 12:00 UTC in winter', () => {
    expect(next(7, 'America/New_York', '2026-07-01T12:00:00Z')).toBe('2026-07-02T11:00:00.000Z');
    expect(next(7, 'America/New_York', '2026-11-01T06:00:00Z')).toBe('2026-11-01T12:00:00.000Z');
  });

  it('the day a digest belongs to is the calendar day of the zone', () => {
    expect(localDay(new Date('2026-11-24T23:30:00Z'), 'Europe/Prague')).toBe('20261125');
    expect(localDay(new Date('2026-11-25T03:00:00Z'), 'America/New_York')).toBe('20261124');
  });

  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('Europe/Prague')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
