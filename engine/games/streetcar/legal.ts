/** legalActions (§14.2): every action apply accepts from a seat now. */
import { colOf, rowOf } from './geometry.js';
import type { StreetcarAction } from './actions.js';
import { legalDoubleExchanges, legalExchanges, legalPlacements, masksOf, type Build } from './placement.js';
import { moveOptions, stopSquares, type MoveOption } from './paths.js';
import { actionBudget, buildRules, ownTerminals, requiredStops, tripFrom } from './schedule.js';
import { choicePool } from './supply.js';
import { circuitActions } from './circuit-board.js';
import type { StreetcarState } from './state.js';
import { targetOf } from './targets.js';

const placed = (b: Build) => ({ tile: b.tile, row: rowOf(b.sq), col: colOf(b.sq), rotation: b.rotation });

/** SC-4.3: whether any build action exists, stopping at the first one found. */
export function hasBuildAction(s: StreetcarState, seat: number, remaining: number): boolean {
  const hand = s.players[seat]!.hand;
  if (hand.length === 0 || remaining <= 0) return false;
  const masks = masksOf(s.board);
  const rules = buildRules(s);
  return legalPlacements(masks, hand, rules, 1).length > 0 || legalExchanges(s.board, masks, hand, rules).length > 0 || (remaining >= 2 && legalDoubleExchanges(s.board, masks, hand, rules).length > 0);
}

/** Placements, exchanges and (with two actions left) double exchanges for the seat's hand. */
export function buildActions(s: StreetcarState, seat: number, remaining: number): StreetcarAction[] {
  const hand = s.players[seat]!.hand;
  if (hand.length === 0 || remaining <= 0) return [];
  const masks = masksOf(s.board);
  const rules = buildRules(s);
  const out: StreetcarAction[] = [
    ...legalPlacements(masks, hand, rules).map((b) => ({ type: 'place' as const, ...placed(b) })),
    ...legalExchanges(s.board, masks, hand, rules).map((b) => ({ type: 'exchange' as const, ...placed(b) })),
  ];
  if (remaining >= 2) for (const [a, b] of legalDoubleExchanges(s.board, masks, hand, rules)) out.push({ type: 'double_exchange', first: placed(a), second: placed(b) });
  return out;
}

/** SC-10.1: at the start of a building turn, with a complete schedule (not in V1, V1-1). */
export function declareActions(s: StreetcarState, seat: number): StreetcarAction[] {
  const p = s.players[seat]!;
  if (s.circuit || p.role !== 'builder' || s.step.kind !== 'build' || s.step.actions > 0) return [];
  return ownTerminals(p).flatMap((t) => (tripFrom(s, p, t) ? [{ type: 'declare' as const, terminal: t }] : []));
}

/** SC-11.3–11.7: the outcomes of the current roll for the driver. */
export function currentMoveOptions(s: StreetcarState, seat: number): MoveOption[] {
  const p = s.players[seat]!;
  if (s.step.kind !== 'move' || !p.tram || p.end === null) return [];
  const ctx = { masks: masksOf(s.board), allStops: new Set(Object.values(s.stops)), required: stopSquares(s.stops, requiredStops(p)), end: p.end };
  return moveOptions(ctx, p.tram, p.visited, s.step.roll);
}

/** Multisets of `k` tiles out of a hand, each once, as sorted arrays. */
export function subMultisets(hand: readonly string[], k: number): string[][] {
  const kinds = [...new Set(hand)].sort().map((t) => ({ t, n: hand.filter((x) => x === t).length }));
  const out: string[][] = [];
  const go = (i: number, left: number, acc: string[]) => {
    if (left === 0) return void out.push(acc);
    if (i >= kinds.length) return;
    for (let m = Math.min(left, kinds[i]!.n); m >= 0; m--) go(i + 1, left - m, [...acc, ...Array<string>(m).fill(kinds[i]!.t)]);
  };
  go(0, k, []);
  return out;
}

export function legalActions(s: StreetcarState, seat: number): StreetcarAction[] {
  if (s.step.kind === 'over' || seat !== s.current) return [];
  const p = s.players[seat]!;
  const step = s.step;
  switch (step.kind) {
    case 'build': {
      const out = [...declareActions(s, seat)];
      if (step.actions === 0 && s.options.exchangePass && s.circuit?.phase !== 'B') for (let k = 0; k <= p.hand.length; k++) out.push({ type: 'pass', count: k });
      const builds = buildActions(s, seat, actionBudget(s) - step.actions);
      out.push(...builds);
      if (s.circuit?.phase === 'B') out.push(...circuitActions(s, seat));
      // SC-4.3: with no build action the turn is forfeited to the refill; it is a choice only beside a declaration or a V3 pass.
      else if (builds.length === 0) out.push({ type: 'end_turn' });
      return out;
    }
    case 'take':
      return [...new Set(choicePool(s)?.tiles ?? [])].sort().map((tile) => ({ type: 'take', tile }));
    case 'return':
      return subMultisets(p.hand, step.count).map((tiles) => ({ type: 'return_tiles', tiles }));
    case 'roll':
      return [{ type: 'roll' }, ...(step.restarted ? [] : ownTerminals(p).map((terminal) => ({ type: 'restart' as const, terminal })))];
    case 'move':
      return currentMoveOptions(s, seat).map((o) => ({ type: 'move', to: targetOf(o.to), visited: o.visited }));
    case 'forcedRestart':
      return ownTerminals(p).map((terminal) => ({ type: 'restart', terminal }));
  }
}

