import * as z from 'zod';
import type { TimeControl } from '../domain/game.js';

export type { TimeControl };

const SECOND = 1000;
const DAY = 86_400 * SECOND;

/**
 * ISO 8601 durations in weeks, days, hours, minutes and seconds. Years and months are refused:
 * their length depends on the calendar, and a deadline must not.
 */
export const DURATION =
  /^P(?!$)(?:(\d{1,4})W)?(?:(\d{1,4})D)?(?:T(?=\d)(?:(\d{1,6})H)?(?:(\d{1,8})M)?(?:(\d{1,9})S)?)?$/;

export function durationMs(iso: string): number | null {
  const m = DURATION.exec(iso);
  if (!m) return null;
  const [w, d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number];
  return ((((w * 7 + d) * 24 + h) * 60 + min) * 60 + s) * SECOND;
}

function duration(min: number, max: number, example: string) {
  return z
    .string()
    .max(40)
    .regex(DURATION, {
      message: 'An ISO 8601 duration in weeks, days, hours, minutes or seconds, e.g. "P3D" or "PT2S"',
    })
    .refine((v) => (durationMs(v) ?? 0) >= min && (durationMs(v) ?? 0) <= max, {
      message: `Between ${min / SECOND} seconds and ${max / DAY} days`,
    })
    .meta({ example });
}

export const MAX_MOVE_TIME_MS = 60 * DAY;

export const BankSchema = z
  .strictObject({
    initial: duration(SECOND, MAX_MOVE_TIME_MS, 'P7D').meta({ description: 'Time each seat starts with' }),
    increment: duration(0, 30 * DAY, 'P1D').meta({ description: 'Added to the bank after each turn' }),
    cap: duration(SECOND, 2 * MAX_MOVE_TIME_MS, 'P10D')
      .optional()
      .meta({ description: 'The bank never grows beyond this; default: the initial time' }),
  })
  .refine((b) => b.cap === undefined || (durationMs(b.cap) ?? 0) >= (durationMs(b.initial) ?? 0), {
    message: 'The cap must not be below the initial time',
  })
  .meta({ description: 'A Fischer-like bank: the time a turn takes comes off the bank, the increment goes back on' });

export const TimeControlSchema = z
  .strictObject({
    perMove: duration(SECOND, MAX_MOVE_TIME_MS, 'P3D')
      .optional()
      .meta({ description: 'Time for each turn, e.g. "P3D"; give this or `bank`' }),
    bank: BankSchema.optional(),
    onTimeout: z.enum(['bot', 'forfeit']).meta({
      description:
        "'bot': the game's bot moves for the seat; 'forfeit': the seat is out (ranked last) and the bot plays on for it",
    }),
    reminderAt: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.8)
      .meta({ description: 'Fraction of the time after which a reminder goes out' }),
  })
  .refine((tc) => (tc.perMove === undefined) !== (tc.bank === undefined), {
    message: 'Give exactly one of perMove and bank',
  })
  .meta({ id: 'TimeControl' }) satisfies z.ZodType<TimeControl>;

export function perMoveMs(tc: TimeControl): number | null {
  return tc.perMove === undefined ? null : durationMs(tc.perMove);
}

export function bankOf(tc: TimeControl): { initial: number; increment: number; cap: number } | null {
  if (!tc.bank) return null;
  const initial = durationMs(tc.bank.initial) ?? 0;
  return {
    initial,
    increment: durationMs(tc.bank.increment) ?? 0,
    cap: tc.bank.cap === undefined ? initial : (durationMs(tc.bank.cap) ?? initial),
  };
}
