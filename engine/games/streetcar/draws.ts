/** The refill's choice of face-up tile (ACT-TAKE: SC-7.4, V5-2) and the V3 pass-and-swap (V3-1). */
import { removeAll, ruleCheck } from '../../core/index.js';
import type { ActionOf, StreetcarAction } from './actions.js';
import type { ScDraft, StreetcarState, TurnStep } from './state.js';
import { choicePool, drawBlind, returnToStack, takeFace } from './supply.js';
import { endTurn, finishBuilding, openStep } from './turn.js';

/** SC-7.4, V5-2: the refill waits for the builder's choice among two or more kinds of face-up tile. */
export const take: TurnStep = {
  rule: 'SC-7.4',
  actions: (s) => [...new Set(choicePool(s)?.tiles ?? [])].sort().map((tile) => ({ type: 'take', tile })),
  on: {
    take: (d, a) => {
      ruleCheck(
        choicePool(d.state)?.tiles.includes(a.tile),
        'not_in_hand',
        'That tile is not on offer',
        d.state.display.length > 0 ? 'V5-2' : 'SC-7.4',
      );
      takeFace(d, d.seat, a.tile);
      finishBuilding(d);
    },
  },
};

/** V3-1: a pass replaces the whole building step, so it opens a builder's turn (not in V1 phase B). */
export function passActions(s: StreetcarState, seat: number): StreetcarAction[] {
  const step = s.step;
  if (!s.options.exchangePass || s.circuit?.phase === 'B' || step.kind !== 'build' || step.actions > 0) return [];
  return Array.from({ length: s.players[seat]!.hand.length + 1 }, (_, count) => ({ type: 'pass', count }));
}

/** V3-1: the builder passes and draws `count` tiles, to give as many back (the return step). */
export function pass(d: ScDraft, a: ActionOf<'pass'>): void {
  const { state: s, seat } = d;
  const p = s.players[seat]!;
  ruleCheck(
    s.options.exchangePass && s.circuit?.phase !== 'B',
    'wrong_step',
    'Passing is the exchange/pass variant',
    'V3-1',
  );
  ruleCheck(
    s.step.kind === 'build' && s.step.actions === 0 && p.role === 'builder',
    'not_start_of_turn',
    'A pass replaces the whole building step',
    'V3-1',
  );
  ruleCheck(a.count <= p.hand.length, 'wrong_step', 'You cannot swap more tiles than you hold', 'V3-1');
  d.emit('pass', { seat, count: a.count });
  const drawn = drawBlind(d, seat, a.count);
  if (drawn === 0) return endTurn(d);
  s.step = { kind: 'return', count: drawn };
}

/** Multisets of `k` tiles out of a hand, each once, as sorted arrays. */
function subMultisets(hand: readonly string[], k: number): string[][] {
  const kinds = [...new Set(hand)].sort().map((t) => ({ t, n: hand.filter((x) => x === t).length }));
  const out: string[][] = [];
  const go = (i: number, left: number, acc: string[]) => {
    if (left === 0) return void out.push(acc);
    if (i >= kinds.length) return;
    for (let m = Math.min(left, kinds[i]!.n); m >= 0; m--)
      go(i + 1, left - m, [...acc, ...Array<string>(m).fill(kinds[i]!.t)]);
  };
  go(0, k, []);
  return out;
}

/** V3-1: the passing builder gives back as many tiles as were drawn; they go into the smallest stack. */
export const giveBack: TurnStep = {
  rule: 'V3-1',
  actions: (s, seat) =>
    subMultisets(s.players[seat]!.hand, openStep(s, 'return').count).map((tiles) => ({ type: 'return_tiles', tiles })),
  on: {
    return_tiles: (d, a) => {
      const { state: s, seat } = d;
      const { count } = openStep(s, 'return');
      ruleCheck(a.tiles.length === count, 'wrong_step', `Return exactly ${count} tiles`, 'V3-1');
      const rest = removeAll(s.players[seat]!.hand, a.tiles);
      ruleCheck(rest, 'not_in_hand', 'Those tiles are not in your hand', 'V3-1');
      s.players[seat]!.hand = rest;
      const stack = returnToStack(s, a.tiles, d.rng);
      d.emit('return_tiles', { seat, count: a.tiles.length, stack });
      endTurn(d);
    },
  },
};
