/**
 * Greedy bot: values each legal action by the marginal sheet points it brings (own score, minus a share
 * of what a placement gives the opponents), from the public view and its own hand only.
 */
import type { BotInput, Seat } from '../../core/index.js';
import type { VntAction } from './actions.js';
import type { Sym, VntData } from './data.js';
import { arrivals, route } from './geometry.js';
import { scoreLines, total } from './scoring.js';
import { anySymbol, decline, gain, type SheetState } from './sheet.js';
import type { VntView } from './view.js';

/** How much an opponent's gain from my card hurts me. */
const OPPONENT_WEIGHT = 0.4;
/** A small bonus per ticked box: chains and products pay only later. */
const TICK_BONUS = 0.3;
/** What an A card still in hand is worth while the player may yet place it. */
const HAND_CARD_VALUE = 1.5;

export type Valuer = (view: VntView, seat: Seat, action: VntAction) => number;

export function createValuer(data: VntData): Valuer {
  const C = data.constants;

  const worth = (view: VntView, sheets: readonly SheetState[], seat: Seat): number => {
    const def = data.sheets[view.sheet];
    const me = sheets[seat];
    const ticks = me ? Object.values(me.ticks).reduce((a, b) => a + b, 0) : 0;
    return total(scoreLines(def, sheets, seat)) + TICK_BONUS * ticks;
  };

  const withGains = (view: VntView, sheet: SheetState, symbols: readonly Sym[]): SheetState =>
    symbols.reduce((sh, sym) => gain(data.sheets[view.sheet], sh, sym, view.turnIndex).sheet, sheet);

  const spend = (sheet: SheetState, cost: number): SheetState => ({ ...sheet, coinsSpent: sheet.coinsSpent + cost });

  // The current worth of every seat, computed once per view.
  const baseline = new WeakMap<VntView, number[]>();
  const before = (view: VntView): number[] => {
    let b = baseline.get(view);
    if (!b) {
      const sheets = view.players.map((p) => p.sheet);
      b = sheets.map((_, who) => worth(view, sheets, who));
      baseline.set(view, b);
    }
    return b;
  };

  /** Value of everybody's sheets after the change, relative to now. */
  const delta = (view: VntView, seat: Seat, after: SheetState[]): number => {
    const now = before(view);
    // Every seat, changed or not: a passenger majority moves with anyone's gain (VNT-13.2).
    return after.reduce((acc, _, who) => {
      const d = worth(view, after, who) - (now[who] ?? 0);
      return acc + (who === seat ? d : -OPPONENT_WEIGHT * d);
    }, 0);
  };

  const own = (view: VntView, seat: Seat, change: (s: SheetState) => SheetState): number =>
    delta(
      view,
      seat,
      view.players.map((p) => (p.seat === seat ? change(p.sheet) : p.sheet)),
    );

  const placement = (view: VntView, seat: Seat, cardId: string, cost: number): number => {
    const line = [...view.line, cardId];
    const after = view.players.map((p) => {
      if (p.lane === null || view.side === null) return p.sheet;
      const symbols = arrivals(route(data, view.side, line, p.lane), line.length).flatMap(
        (n) => n.station?.symbols ?? [],
      );
      const sheet = withGains(view, p.sheet, symbols);
      return p.seat === seat ? spend(sheet, cost) : sheet;
    });
    return delta(view, seat, after);
  };

  const slowDestination = (view: VntView, seat: Seat, steps: number) => {
    const p = view.players[seat];
    if (!p) return [];
    return (
      p.route.filter((n) => n.node > p.locos[0] && n.node <= p.locos[1] && n.station !== null)[steps - 1]?.station
        ?.symbols ?? []
    );
  };

  const turnsLeft = (view: VntView) => Math.ceil((view.slots - view.line.length) / view.players.length);

  return (view, seat, action) => {
    switch (action.type) {
      case 'choose_start_side': {
        const side = data.startCard.sides[action.side];
        return side
          ? Math.max(...Object.values(side.fields).map((f) => own(view, seat, (s) => withGains(view, s, f.symbols))))
          : 0;
      }
      case 'choose_track': {
        const field = data.startCard.sides[view.side ?? 0]?.fields[action.lane];
        return own(view, seat, (s) => withGains(view, s, field?.symbols ?? []));
      }
      case 'place_card':
        return placement(view, seat, action.cardId, 0);
      case 'second_card':
        return placement(view, seat, action.cardId, C.costs.secondCard);
      case 'resolve_gains': {
        const pending = view.players[seat]?.pending;
        const symbols = pending?.kind === 'gains' ? pending.symbols : [];
        return own(view, seat, (s) =>
          symbols.reduce((sh, sym, i) => (action.decline.includes(i) ? decline(sh) : withGains(view, sh, [sym])), s),
        );
      }
      case 'curve_move':
      case 'slow_move': {
        const all = slowDestination(view, seat, action.steps);
        const symbols = action.symbol ? [action.symbol] : all;
        const cost = action.type === 'slow_move' ? C.costs.slowMove : 0;
        return own(view, seat, (s) =>
          action.type === 'curve_move' && action.decline
            ? symbols.reduce(decline, spend(s, cost))
            : withGains(view, spend(s, cost), symbols),
        );
      }
      case 'discard_a': {
        const handCount = view.players[seat]?.handCount ?? 0;
        const keep = view.step === 'free' && handCount <= turnsLeft(view) ? HAND_CARD_VALUE : 0;
        return own(view, seat, (s) => ({ ...s, coinsGained: s.coinsGained + C.costs.discardGain })) - keep;
      }
      case 'any_symbol':
        return own(view, seat, (s) =>
          anySymbol(data.sheets[view.sheet], s, action.row, view.turnIndex, C.costs.anySymbol),
        );
      case 'end_turn':
      case 'pass':
      case 'curve_skip':
        return 0;
    }
  };
}

export function createBot(data: VntData): (input: BotInput<VntView, VntAction>) => VntAction {
  const value = createValuer(data);
  return ({ seat, view, legal, rng }) => {
    const scored = legal.map((a) => ({ a, v: value(view, seat, a) }));
    const best = Math.max(...scored.map((x) => x.v));
    return rng.pick(scored.filter((x) => x.v >= best - 1e-9).map((x) => x.a));
  };
}
