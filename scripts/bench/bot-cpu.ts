/**
 * What railpost's own bots cost in CPU, for the cost model: the CPU ms per searched move of each
 * searching level, the median over the ladder's rows (`npm run bench bots`, every game and seat
 * count in bench/report.json), priced as Lambda GB-seconds at the API's memory. The greedy level
 * (easy) searches nothing and the ladder does not time it: counted at EASY_BOT_CPU_MS.
 */
import type { Assumptions, BotCpuMs, Prices } from './cost-basis.js';
import { median } from './stats.js';

/** Greedy looks one action ahead: an apply per legal action, well under a millisecond in the engine bench. */
const EASY_BOT_CPU_MS = 1;

interface LadderRow {
  level: string;
  cpuMsPerSearchMove: number | null;
}

/** Each level's CPU ms per searched move from the ladder's rows; null without a ladder. */
export function botCpuMs(ladder: { pairings: object[] } | undefined): BotCpuMs | null {
  const rows = (ladder?.pairings ?? []) as Partial<LadderRow>[];
  const of = (level: string) =>
    median(rows.flatMap((r) => (r.level === level && r.cpuMsPerSearchMove ? [r.cpuMsPerSearchMove] : [])));
  const medium = of('medium');
  const hard = of('hard');
  return Number.isNaN(medium) || Number.isNaN(hard) ? null : { easy: EASY_BOT_CPU_MS, medium, hard };
}

/** CPU ms of one bot move at the assumed mix of levels. */
export const mixedBotMs = (ms: BotCpuMs, a: Assumptions) =>
  ms.easy * a.botLevelMix.easy + ms.medium * a.botLevelMix.medium + ms.hard * a.botLevelMix.hard;

/** Dollars of `moves` bot moves at the mix, billed as Lambda GB-seconds at the API's memory. */
export const botMovesDollars = (ms: BotCpuMs, moves: number, p: Prices, a: Assumptions) =>
  ((moves * mixedBotMs(ms, a)) / 1000) * (a.apiMemoryMb / 1024) * p.lambdaGbSecond;
