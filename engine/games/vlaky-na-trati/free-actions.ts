/** The free actions (§9): slow moves (and curve moves, which move the same way), discards and the any symbol. */
import { ruleCheck } from '../../core/index.js';
import type { VntAction } from './actions.js';
import type { Gains } from './gains.js';
import { player, type D, type SlowAction, type VntContext } from './rules-context.js';
import { anySymbol, coins, tickableRows } from './sheet.js';
import type { TurnEnd } from './turn-end.js';

export function freeActionEffects(
  { C, sheetDef, slowChoices, declinable }: VntContext,
  { record, declineEach }: Gains,
  { endTurn }: TurnEnd,
) {
  /** VNT-9.3–9.5 for slow_move and curve_move. */
  const moveSlow = (d: D, a: SlowAction, declining: boolean) => {
    const { state: s, seat } = d;
    const option = slowChoices(s, seat).find((o) => o.steps === a.steps);
    ruleCheck(option, 'no_such_station', 'Fewer stations lie between your locomotives', 'VNT-9.4');
    if (option.symbols.length === 2)
      ruleCheck(
        a.symbol !== undefined && option.symbols.includes(a.symbol),
        'choose_symbol',
        'Choose one of the two symbols of that station',
        'VNT-9.5',
      );
    else ruleCheck(a.symbol === undefined, 'no_symbol_choice', 'That station offers no symbol choice', 'VNT-9.5');
    const p = player(s, seat);
    p.locos = [option.node, p.locos[1]];
    d.emit('slow_moved', { seat, node: option.node });
    const symbols = a.symbol === undefined ? option.symbols : [a.symbol];
    if (!declining) return record(d, seat, symbols, option.node);
    ruleCheck(declinable(s, seat) && symbols.length > 0, 'no_decline', 'This gain cannot be declined', 'VNT-10.5');
    declineEach(d, symbols);
  };

  const pay = (d: D, cost: number, rule: string) => {
    const p = player(d.state, d.seat);
    ruleCheck(coins(p.sheet) >= cost, 'no_coins', `This costs ${cost} coin(s)`, rule);
    p.sheet = { ...p.sheet, coinsSpent: p.sheet.coinsSpent + cost };
  };

  /** The free actions (§9), the same in every step that offers them; each ends the turn. */
  const free = {
    slow_move: (d: D, a: Extract<VntAction, { type: 'slow_move' }>) => {
      pay(d, C.costs.slowMove, 'VNT-9.3');
      moveSlow(d, a, false);
      endTurn(d);
    },
    discard_a: (d: D, a: Extract<VntAction, { type: 'discard_a' }>) => {
      const p = player(d.state, d.seat);
      ruleCheck(p.hand.includes(a.cardId), 'not_in_hand', 'That card is not in your hand', 'VNT-9.7');
      p.hand = p.hand.filter((c) => c !== a.cardId);
      d.state.discarded.push(a.cardId);
      p.sheet = { ...p.sheet, coinsGained: p.sheet.coinsGained + C.costs.discardGain };
      // H-2: the discarded card stays hidden from everyone else.
      d.emitSecret({ type: 'discard_a', data: { seat: d.seat, cardId: a.cardId } }, [d.seat], {
        type: 'discard_a',
        data: { seat: d.seat },
      });
      endTurn(d);
    },
    any_symbol: (d: D, a: Extract<VntAction, { type: 'any_symbol' }>) => {
      const p = player(d.state, d.seat);
      ruleCheck(!p.sheet.anySymbolUsed, 'any_symbol_used', 'Any symbol is once per game', 'VNT-9.8');
      ruleCheck(
        tickableRows(sheetDef(d.state), p.sheet).includes(a.row),
        'row_not_tickable',
        'That row has no free unlocked box',
        'VNT-9.8',
      );
      ruleCheck(coins(p.sheet) >= C.costs.anySymbol, 'no_coins', `This costs ${C.costs.anySymbol} coins`, 'VNT-9.8');
      p.sheet = anySymbol(sheetDef(d.state), p.sheet, a.row, d.state.turnIndex, C.costs.anySymbol);
      d.emit('any_symbol', { seat: d.seat, symbol: a.row });
      endTurn(d);
    },
  };

  return { moveSlow, pay, free };
}
