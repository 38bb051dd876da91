import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeMs,
  advanceClocks,
  initialClocks,
  instantAfter,
  nextDueAt,
  refreshDeadlines,
  type Pause,
} from './clock.js';
import { durationMs, TimeControlSchema } from './time-control.js';

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const none = () => [] as Pause[];

describe('durations', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    expect(durationMs('P3D')).toBe(3 * D);
    expect(durationMs('PT2S')).toBe(2000);
    expect(durationMs('P1W2DT3H4M5S')).toBe(9 * D + 3 * H + 4 * 60_000 + 5000);
  });

  it('refuses calendar units, empty parts and junk', () => {
    for (const bad of ['P', 'PT', 'P1M', 'P1Y', 'P1DT', '3D', 'P-1D', 'P1.5D', 'pt2s', 'P1D '])
      expect(durationMs(bad), bad).toBeNull();
  });

  it('time controls take exactly one of perMove and bank, within bounds', () => {
    expect(TimeControlSchema.parse({ perMove: 'P3D', onTimeout: 'bot' }).reminderAt).toBe(0.8);
    expect(TimeControlSchema.safeParse({ onTimeout: 'bot' }).success).toBe(false);
    expect(
      TimeControlSchema.safeParse({ perMove: 'P3D', bank: { initial: 'P1D', increment: 'PT1H' }, onTimeout: 'bot' })
        .success,
    ).toBe(false);
    expect(TimeControlSchema.safeParse({ perMove: 'P61D', onTimeout: 'bot' }).success).toBe(false);
    expect(TimeControlSchema.safeParse({ perMove: 'P1D', onTimeout: 'resign' }).success).toBe(false);
    expect(
      TimeControlSchema.safeParse({ bank: { initial: 'P2D', increment: 'PT1H', cap: 'P1D' }, onTimeout: 'bot' })
        .success,
    ).toBe(false);
    expect(TimeControlSchema.safeParse({ perMove: 'P1D', onTimeout: 'bot', reminderAt: 1 }).success).toBe(false);
  });
});

describe('pauses', () => {
  const pauses = [
    { from: T0 + 10 * H, until: T0 + 20 * H },
    { from: T0 + 15 * H, until: T0 + 30 * H },
  ];

  it('time inside a vacation does not count, overlapping vacations count once', () => {
    expect(activeMs(T0, T0 + 40 * H, pauses)).toBe(20 * H);
    expect(activeMs(T0 + 12 * H, T0 + 25 * H, pauses)).toBe(0);
  });

  it('the deadline moves by the length of the vacation inside it', () => {
    expect(instantAfter(T0, 5 * H, pauses)).toBe(T0 + 5 * H);
    expect(instantAfter(T0, 15 * H, pauses)).toBe(T0 + 35 * H);
    // Due while away: the clock starts when the vacation ends.
    expect(instantAfter(T0 + 12 * H, 0, pauses)).toBe(T0 + 30 * H);
  });

  it('instantAfter inverts activeMs', () => {
    const pause = fc
      .record({ from: fc.integer({ min: 0, max: 100 }), len: fc.integer({ min: 0, max: 50 }) })
      .map((p) => ({ from: T0 + p.from * H, until: T0 + (p.from + p.len) * H }));
    fc.assert(
      fc.property(
        fc.array(pause, { maxLength: 5 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (ps, start, need) => {
          const from = T0 + start * H;
          const at = instantAfter(from, need * H, ps);
          expect(activeMs(from, at, ps)).toBe(need * H);
          // ... and nothing earlier reaches it.
          if (need > 0) expect(activeMs(from, at - 1, ps)).toBeLessThan(need * H);
        },
      ),
    );
  });
});

describe('clocks', () => {
  const perMove = TimeControlSchema.parse({ perMove: 'P3D', onTimeout: 'bot' });
  const bank = TimeControlSchema.parse({
    bank: { initial: 'P2D', increment: 'P1D', cap: 'P3D' },
    onTimeout: 'forfeit',
    reminderAt: 0.5,
  });

  it('a seat that becomes due gets its deadline and reminder; one still due keeps them', () => {
    const start = advanceClocks(perMove, initialClocks(perMove, 2), iso(T0), [0], none);
    expect(start[0]).toMatchObject({ dueSince: iso(T0), deadline: iso(T0 + 3 * D), remindAt: iso(T0 + 0.8 * 3 * D) });
    expect(start[1]?.dueSince).toBeNull();
    const again = advanceClocks(perMove, start, iso(T0 + H), [0], none);
    expect(again[0]).toBe(start[0]);
    const next = advanceClocks(perMove, again, iso(T0 + 2 * H), [1], none);
    expect(next[0]?.dueSince).toBeNull();
    expect(next[1]?.deadline).toBe(iso(T0 + 2 * H + 3 * D));
    expect(nextDueAt(next)).toBe(next[1]?.remindAt);
    expect(nextDueAt([{ ...next[1]!, reminded: true }])).toBe(next[1]?.deadline);
  });

  it('a bank pays the time used, earns the increment and stops at the cap', () => {
    let c = advanceClocks(bank, initialClocks(bank, 2), iso(T0), [0], none);
    expect(c[0]?.deadline).toBe(iso(T0 + 2 * D));
    c = advanceClocks(bank, c, iso(T0 + 12 * H), [1], none);
    expect(c[0]?.bankMs).toBe(2 * D - 12 * H + D);
    c = advanceClocks(bank, c, iso(T0 + 13 * H), [0], none);
    expect(c[1]?.bankMs).toBe(3 * D - H);
    expect(c[0]?.deadline).toBe(iso(T0 + 13 * H + 2.5 * D));
    // A turn that overran leaves an empty bank plus the increment.
    c = advanceClocks(bank, c, iso(T0 + 13 * H + 5 * D), [1], none);
    expect(c[0]?.bankMs).toBe(D);
    // Unused time returns to the bank only up to the cap.
    c = advanceClocks(bank, c, iso(T0 + 13 * H + 5 * D + 1000), [0], none);
    expect(c[1]?.bankMs).toBe(3 * D);
  });

  it('vacation pauses a running clock and is not charged to the bank', () => {
    const away: Pause[] = [{ from: T0 + D, until: T0 + 3 * D }];
    let c = advanceClocks(bank, initialClocks(bank, 2), iso(T0), [0], () => away);
    expect(c[0]?.deadline).toBe(iso(T0 + 4 * D));
    c = advanceClocks(bank, c, iso(T0 + 3.5 * D), [1], () => away);
    expect(c[0]?.bankMs).toBe(2 * D - 1.5 * D + D);
  });

  it('refreshing deadlines takes changed vacations into account and keeps the reminder flag', () => {
    const c = advanceClocks(perMove, initialClocks(perMove, 1), iso(T0), [0], none).map((x) => ({
      ...x,
      reminded: true,
    }));
    const later = refreshDeadlines(perMove, c, () => [{ from: T0 + D, until: T0 + 2 * D }]);
    expect(later[0]).toMatchObject({ deadline: iso(T0 + 4 * D), reminded: true });
  });
});
