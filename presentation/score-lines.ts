/**
 * The outcome's score lines in the reader's language. The engine writes each line's `item` and
 * `detail` as fixed English phrases, some with a place or a number in them (engine/games/*\/scoring.ts,
 * streetcar/outcome.ts, the fixtures); each known phrase maps to a message, anything else is shown
 * as written.
 */
import type { Translate } from './game-ui.js';

export interface ScoreLine {
  item: string;
  points: number;
  detail?: string | undefined;
}

type Phrase = [
  pattern: RegExp,
  words: (t: Translate, m: RegExpExecArray, seatName: (seat: number) => string) => string,
];

const PASSENGER_COLOURS: Record<string, string> = {
  red: 'score.passengers.red',
  black: 'score.passengers.black',
  green: 'score.passengers.green',
  yellow: 'score.passengers.yellow',
  blue: 'score.passengers.blue',
  white: 'score.passengers.white',
};
const GOODS = new Set(['workers', 'coal', 'cattle', 'food', 'silver', 'gold']);
/** Vlaky na trati's sheet rows are its symbols, written as the engine names them. */
const SYMBOL = /^[A-Z][A-Z_]+$/;
const symbolName = (t: Translate, s: string): string => (SYMBOL.test(s) ? t(`vnt.symbol.${s}`) : s);

const ITEMS: Phrase[] = [
  [/^routes$/, (t) => t('score.item.routes')],
  [/^ticket (.+)$/, (t, m) => t('score.item.ticket', { ticket: m[1]! })],
  [/^station at (.+)$/, (t, m) => t('score.item.station', { city: m[1]! })],
  [/^unused stations$/, (t) => t('score.item.unusedStations')],
  [/^European Express$/, (t) => t('score.item.europeanExpress')],
  [/^Globetrotter$/, (t) => t('score.item.globetrotter')],
  [
    /^passengers (\w+)$/,
    (t, m) => (PASSENGER_COLOURS[m[1]!] ? t(PASSENGER_COLOURS[m[1]!]!) : t('score.item.passengers', { colour: m[1]! })),
  ],
  [/^VP$/, (t) => t('score.item.vp')],
  [/^task$/, (t) => t('score.item.task')],
  [/^monopoly$/, (t) => t('score.item.monopoly')],
  [/^coins$/, (t) => t('score.item.coins')],
  [
    /^([A-Z][A-Z_]+) × ([A-Z][A-Z_]+)$/,
    (t, m) => t('score.item.pair', { a: symbolName(t, m[1]!), b: symbolName(t, m[2]!) }),
  ],
  [SYMBOL, (t, m) => t('score.item.row', { symbol: symbolName(t, m[0]) })],
  [/^finished the trip first$/, (t) => t('score.item.finishedFirst')],
  [/^did not finish first$/, (t) => t('score.item.notFirst')],
  [/^stalemate: no winner/, (t) => t('score.item.stalemate')],
  [/^rounds won$/, (t) => t('score.item.roundsWon')],
  [/^reached the target$/, (t) => t('score.item.reachedTarget')],
  [/^did not$/, (t) => t('score.item.missedTarget')],
  // The platform's lines for forfeits (functions/service/forfeit.ts), the same in every game.
  [/^forfeited: ranked after every seat still playing$/, (t) => t('score.item.forfeited')],
  [/^every other seat forfeited$/, (t) => t('score.item.othersForfeited')],
];

const DETAILS: Phrase[] = [
  [/^(\d+) routes$/, (t, m) => t('score.detail.routes', { count: Number(m[1]) })],
  [/^completed$/, (t) => t('score.detail.completed')],
  [/^not completed$/, (t) => t('score.detail.notCompleted')],
  [
    /^borrows (.+) \(route .+\) from seat (\d+)$/,
    (t, m, seatName) => t('score.detail.borrows', { route: m[1]!, name: seatName(Number(m[2])) }),
  ],
  [/^borrows no route$/, (t) => t('score.detail.borrowsNone')],
  [/^longest path (\d+)$/, (t, m) => t('score.detail.longestPath', { count: Number(m[1]) })],
  [/^(\d+) tickets completed$/, (t, m) => t('score.detail.ticketsCompleted', { count: Number(m[1]) })],
  [/^most with (\d+)$/, (t, m) => t('score.detail.most', { n: Number(m[1]) })],
  [/^shared most with (\d+)$/, (t, m) => t('score.detail.sharedMost', { n: Number(m[1]) })],
  [/^second most with (\d+)$/, (t, m) => t('score.detail.secondMost', { n: Number(m[1]) })],
  [/^(\d+) × 2 \(most passengers\)$/, (t, m) => t('score.detail.mostPassengers', { points: m[1]! })],
  [/^[A-Z][A-Z_]+_(\d+)$/, (t, m) => t('score.detail.box', { n: m[1]! })],
  [
    /^(\w+) \((\d+)\)$/,
    (t, m) => (GOODS.has(m[1]!) ? t('score.detail.goods', { good: t(`ts.good.${m[1]!}`), n: Number(m[2]) }) : m[0]),
  ],
];

function say(phrases: Phrase[], text: string, t: Translate, seatName: (seat: number) => string): string {
  for (const [pattern, words] of phrases) {
    const m = pattern.exec(text);
    if (m) return words(t, m, seatName);
  }
  return text;
}

/** What a line is for, and how it came about where the engine says so. */
export function scoreLineWords(
  t: Translate,
  line: ScoreLine,
  seatName: (seat: number) => string,
): { item: string; detail: string | null } {
  return {
    item: say(ITEMS, line.item, t, seatName),
    detail: line.detail === undefined ? null : say(DETAILS, line.detail, t, seatName),
  };
}
