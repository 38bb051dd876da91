/** The legal placements, free actions, slow moves and declines of Vlaky na trati. */
import type { Seat } from '../../core/index.js';
import type { VntAction } from './actions.js';
import type { Sym } from './data.js';
import type { SlowOption } from './geometry.js';
import { player, type VntContext } from './rules-context.js';
import { coins, tickableRows } from './sheet.js';
import type { VntState } from './state.js';

export function legalOptions({ C, SLOTS, sheetDef, slowChoices }: VntContext) {
  function slowActions(
    options: readonly SlowOption[],
    withDecline: boolean,
  ): { steps: number; symbol?: Sym; decline?: true }[] {
    return options.flatMap((o) => {
      const base =
        o.symbols.length === 2 ? o.symbols.map((symbol) => ({ steps: o.steps, symbol })) : [{ steps: o.steps }];
      return withDecline && o.symbols.length > 0
        ? [...base, ...base.map((b) => ({ ...b, decline: true as const }))]
        : base;
    });
  }

  /** Every set of pending-symbol indices (in increasing order) the player still has declines for. */
  function declineSubsets(count: number, left: number): number[][] {
    const all = Array.from({ length: 1 << count }, (_, mask) =>
      [...Array(count).keys()].filter((i) => mask & (1 << i)),
    );
    return all.filter((d) => d.length <= left);
  }

  const placements = (s: VntState, seat: Seat) => [
    ...player(s, seat).hand.map((cardId) => ({ type: 'place_card' as const, source: 'HAND' as const, cardId })),
    ...s.market.map((cardId) => ({ type: 'place_card' as const, source: 'MARKET' as const, cardId })),
  ];

  function freeActions(s: VntState, seat: Seat, secondCard: boolean): VntAction[] {
    const p = player(s, seat);
    const money = coins(p.sheet);
    const out: VntAction[] = [];
    if (money >= C.costs.slowMove)
      out.push(...slowActions(slowChoices(s, seat), false).map((a) => ({ type: 'slow_move' as const, ...a })));
    if (secondCard && money >= C.costs.secondCard && s.line.length < SLOTS)
      out.push(...placements(s, seat).map((a) => ({ ...a, type: 'second_card' as const })));
    out.push(...p.hand.map((cardId) => ({ type: 'discard_a' as const, cardId })));
    if (!p.sheet.anySymbolUsed && money >= C.costs.anySymbol)
      out.push(...tickableRows(sheetDef(s), p.sheet).map((row) => ({ type: 'any_symbol' as const, row })));
    return out;
  }

  return { slowActions, declineSubsets, placements, freeActions };
}
