/** Symbol gains (VNT-8, VNT-10): recording them on the sheet, declining them, and a seat's queue of pending tasks. */
import type { Seat } from '../../core/index.js';
import type { Sym } from './data.js';
import { player, tasksOf, type D, type VntContext } from './rules-context.js';
import { decline, gain } from './sheet.js';

export function gains({ sheetDef, declinable, slowChoices }: VntContext) {
  const record = (d: D, who: Seat, symbols: readonly Sym[], node: number) => {
    const p = player(d.state, who);
    for (const symbol of symbols) {
      const r = gain(sheetDef(d.state), p.sheet, symbol, d.state.turnIndex);
      p.sheet = r.sheet;
      d.emit('symbol', { seat: who, symbol, node, outcome: r.outcome });
    }
  };

  /** Runs a seat's tasks until one needs its answer (DP-4 / DP-5). */
  const drain = (d: D, who: Seat) => {
    const list = tasksOf(d.state, who);
    for (let head = list[0]; head; head = list[0]) {
      if (head.kind === 'gains') {
        if (declinable(d.state, who)) return;
        record(d, who, head.symbols, head.node);
      } else if (slowChoices(d.state, who).length > 0) return;
      list.shift();
    }
  };

  const declineEach = (d: D, symbols: readonly Sym[]) => {
    const p = player(d.state, d.seat);
    for (const symbol of symbols) {
      p.sheet = decline(p.sheet);
      d.emit('declined', { seat: d.seat, symbol });
    }
  };

  return { record, drain, declineEach };
}

export type Gains = ReturnType<typeof gains>;
