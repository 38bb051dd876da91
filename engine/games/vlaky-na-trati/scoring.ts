/**
 * Final scoring (§12–§15) from the sheets alone, so anyone can recompute it from the public sheets.
 */
import { rankByScore, type Outcome } from '../../core/index.js';
import type { Box, Sheet, Sym } from './data.js';
import { boxIndex, coins, rowOf, type SheetState } from './sheet.js';

export interface ScoreLine {
  item: string;
  points: number;
  detail?: string;
}

/** VNT-12.2 / AMB-24: ticked and every box on every arrow chain into it valid. */
export function validBoxes(sheet: Sheet, s: SheetState): Set<string> {
  const at = boxIndex(sheet);
  const memo = new Map<string, boolean>();
  const valid = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const b = at.get(id);
    const ok = b !== undefined && b.index < s.ticks[b.symbol] && b.box.prereqs.every(valid);
    memo.set(id, ok);
    return ok;
  };
  return new Set([...at.keys()].filter(valid));
}

/** VNT-12.1: the rightmost valid box of a row, if any. */
function rightmostValid(sheet: Sheet, valid: Set<string>, symbol: Sym): Box | null {
  return [...rowOf(sheet, symbol).boxes].reverse().find((b) => valid.has(b.id)) ?? null;
}

/** VNT-14.9: the earliest turn in which anybody ticked the race box. */
function firstRaceTurn(sheets: readonly SheetState[]): number | null {
  const turns = sheets.flatMap((s) => (s.glassMaxTurn === null ? [] : [s.glassMaxTurn]));
  return turns.length === 0 ? null : Math.min(...turns);
}

function boxValue(box: Box, s: SheetState, firstRace: number | null): number {
  return box.laterValue !== undefined && s.glassMaxTurn !== firstRace ? box.laterValue : box.value;
}

/** VNT-13.2 / AMB-11: strictly more passenger symbols gained than every opponent. */
function passengerMajority(sheets: readonly SheetState[], seat: number): boolean {
  const mine = sheets[seat]?.gained.PASSENGER ?? 0;
  return sheets.every((o, i) => i === seat || o.gained.PASSENGER < mine);
}

/** VNT-13.8 / VNT-14.8: coins at 1 VP, or through the rightmost ticked factory-conversion box. */
function coinLine(sheet: Sheet, s: SheetState): ScoreLine {
  const have = coins(s);
  const converter = sheet.rows.find((r) => r.boxes.every((b) => b.coins !== undefined));
  const box = converter ? converter.boxes[s.ticks[converter.symbol] - 1] : undefined;
  if (!box || box.coins === undefined || box.pointsPerCoin === undefined)
    return { item: 'coins', points: have, detail: `${have} × 1` };
  const boosted = Math.min(have, box.coins);
  return {
    item: 'coins',
    points: boosted * box.pointsPerCoin + (have - boosted),
    detail: `${boosted} × ${box.pointsPerCoin} + ${have - boosted} × 1 (${box.id})`,
  };
}

/** Every section of one player's sheet (VNT-12.5). */
export function scoreLines(sheet: Sheet, sheets: readonly SheetState[], seat: number): ScoreLine[] {
  const s = sheets[seat];
  if (!s) throw new Error(`no sheet for seat ${seat}`);
  const valid = validBoxes(sheet, s);
  const firstRace = firstRaceTurn(sheets);
  const lines: ScoreLine[] = [];
  const pair = sheet.multiplyPair;
  for (const row of sheet.rows) {
    const sym = row.symbol;
    if (sheet.noPoints.includes(sym) || row.boxes.every((b) => b.coins !== undefined) || pair?.[1] === sym) continue;
    if (pair?.[0] === sym) {
      // VNT-13.5 / AMB-26: the two factors make one section score.
      const [a, b] = pair.map((p) => rightmostValid(sheet, valid, p)?.value ?? 0) as [number, number];
      lines.push({ item: `${pair[0]} × ${pair[1]}`, points: a * b, detail: `${a} × ${b}` });
      continue;
    }
    const box = rightmostValid(sheet, valid, sym);
    const points = box ? boxValue(box, s, firstRace) : 0;
    if (sym === 'PASSENGER' && sheet.passengerMajorityDouble && passengerMajority(sheets, seat))
      lines.push({ item: sym, points: points * 2, detail: `${points} × 2 (most passengers)` });
    else lines.push({ item: sym, points, ...(box ? { detail: box.id } : {}) });
  }
  lines.push(coinLine(sheet, s));
  return lines;
}

export const total = (lines: readonly ScoreLine[]): number => lines.reduce((n, l) => n + l.points, 0);

/** VNT-15: most VP, then most raw coins (AMB-27); still tied players share the place. */
export function outcomeOf(sheet: Sheet, sheets: readonly SheetState[]): Outcome {
  const breakdown = sheets.map((_, seat) => scoreLines(sheet, sheets, seat));
  const scores = breakdown.map(total);
  const keys = sheets.map((s, i) => (scores[i] ?? 0) * 10_000 + coins(s));
  return { scores, ranking: rankByScore(keys), breakdown };
}
