/**
 * A player's scoring sheet during play (§7, VNT-9.8, VNT-10, VNT-14.4/14.7): ticks as prefix lengths
 * per row, coins circled and crossed, and the counters later rules need.
 */
import { SYMBOLS, type Box, type Row, type Sheet, type Sym } from './data.js';
import type { GainOutcome, SheetState } from './schemas.js';

// Sheets are public in every view (H-4), so their shape is derived from the view schema.
export type { GainOutcome, SheetState } from './schemas.js';

const zeroes = (): Record<Sym, number> => Object.fromEntries(SYMBOLS.map((s) => [s, 0])) as Record<Sym, number>;

export function emptySheet(): SheetState {
  return {
    ticks: zeroes(),
    gained: zeroes(),
    coinsGained: 0,
    coinsSpent: 0,
    declinesUsed: 0,
    anySymbolUsed: false,
    columnsPaid: [],
    glassMaxTurn: null,
    lost: 0,
  };
}

export const coins = (s: SheetState): number => s.coinsGained - s.coinsSpent;

export function rowOf(sheet: Sheet, symbol: Sym): Row {
  const row = sheet.rows.find((r) => r.symbol === symbol);
  if (!row) throw new Error(`sheet has no row for ${symbol}`);
  return row;
}

/** Where a box sits: its row's symbol and index. */
type BoxIndex = Map<string, { symbol: Sym; index: number; box: Box }>;
// Sheets are immutable data loaded once: index each one once.
const indexes = new WeakMap<Sheet, BoxIndex>();
export function boxIndex(sheet: Sheet): BoxIndex {
  let index = indexes.get(sheet);
  if (!index) {
    index = new Map(
      sheet.rows.flatMap((r) => r.boxes.map((box, i) => [box.id, { symbol: r.symbol, index: i, box }] as const)),
    );
    indexes.set(sheet, index);
  }
  return index;
}

export function isTicked(sheet: Sheet, s: SheetState, id: string): boolean {
  const at = boxIndex(sheet).get(id);
  return at !== undefined && at.index < s.ticks[at.symbol];
}

/** VNT-14.7: a box behind a red line is locked until the gate box is ticked. */
export function isLocked(sheet: Sheet, s: SheetState, id: string): boolean {
  return sheet.sugarSections.some((sec) => sec.boxes.includes(id) && !isTicked(sheet, s, sec.gate));
}

/** The box the next symbol of this row would tick: null when the row is full. */
export function nextBox(sheet: Sheet, s: SheetState, symbol: Sym): Box | null {
  return rowOf(sheet, symbol).boxes[s.ticks[symbol]] ?? null;
}

/** VNT-9.8 / AMB-15: rows whose leftmost empty box exists and is unlocked. */
export function tickableRows(sheet: Sheet, s: SheetState): Sym[] {
  return SYMBOLS.filter((sym) => {
    const box = nextBox(sheet, s, sym);
    return box !== null && !isLocked(sheet, s, box.id);
  });
}

/** Ticks the leftmost box of `symbol` (the caller has checked it is free), paying any completed column (VNT-14.4, AMB-25). */
function tick(sheet: Sheet, s: SheetState, symbol: Sym, turnIndex: number): SheetState {
  const box = nextBox(sheet, s, symbol);
  const ticks = { ...s.ticks, [symbol]: s.ticks[symbol] + 1 };
  const next: SheetState = { ...s, ticks, gained: { ...s.gained, [symbol]: s.gained[symbol] + 1 } };
  if (box?.laterValue !== undefined) next.glassMaxTurn = turnIndex;
  const done = sheet.columns.flatMap((col, i) =>
    !s.columnsPaid.includes(i) && col.every((id) => isTicked(sheet, next, id)) ? [i] : [],
  );
  return done.length === 0
    ? next
    : { ...next, columnsPaid: [...s.columnsPaid, ...done], coinsGained: next.coinsGained + done.length };
}

/** VNT-7.2–7.5: record one gained symbol. */
export function gain(
  sheet: Sheet,
  s: SheetState,
  symbol: Sym,
  turnIndex: number,
): { sheet: SheetState; outcome: GainOutcome } {
  const box = nextBox(sheet, s, symbol);
  if (box === null) {
    const row = rowOf(sheet, symbol);
    return {
      sheet: {
        ...s,
        coinsGained: s.coinsGained + row.overflowCoins,
        gained: { ...s.gained, [symbol]: s.gained[symbol] + 1 },
      },
      outcome: 'coins',
    };
  }
  if (isLocked(sheet, s, box.id)) return { sheet: { ...s, lost: s.lost + 1 }, outcome: 'lost' };
  return { sheet: tick(sheet, s, symbol, turnIndex), outcome: 'ticked' };
}

/** VNT-9.8: the any-symbol tick; the row must be tickable (checked by the caller). */
export function anySymbol(sheet: Sheet, s: SheetState, symbol: Sym, turnIndex: number, cost: number): SheetState {
  return { ...tick(sheet, s, symbol, turnIndex), anySymbolUsed: true, coinsSpent: s.coinsSpent + cost };
}

/** VNT-10.2: a declined symbol becomes one coin in the decline section. */
export function decline(s: SheetState): SheetState {
  return { ...s, declinesUsed: s.declinesUsed + 1, coinsGained: s.coinsGained + 1 };
}

/** VNT-7.6 / AMB-29: sugar factory before beet, otherwise printed order. */
export function gainOrder(symbols: readonly Sym[]): Sym[] {
  return [...symbols].sort(
    (a, b) => Number(a === 'BEET' && b === 'SUGAR_FACTORY') - Number(a === 'SUGAR_FACTORY' && b === 'BEET'),
  );
}
