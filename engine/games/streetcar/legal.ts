/**
 * Action lists (§14.2) read in more than one place: build actions and declarations (the building steps
 * and the SC-12.3 count at the start of a turn), and the outcomes of a roll (the move step and the view).
 * The steps assemble their legal actions from these beside their effects.
 */
import { colOf, rowOf } from './geometry.js';
import type { StreetcarAction } from './actions.js';
import {
  legalDoubleExchanges,
  legalExchanges,
  legalPlacements,
  masksOf,
  swapCandidates,
  type Build,
} from './placement.js';
import { moveOptions, stopSquares, type MoveOption } from './paths.js';
import { buildRules, ownTerminals, requiredStops, tripFrom } from './schedule.js';
import type { StreetcarState } from './state.js';

const placed = (b: Build) => ({ tile: b.tile, row: rowOf(b.sq), col: colOf(b.sq), rotation: b.rotation });

/** SC-4.3: whether any build action exists, stopping at the first one found. */
export function hasBuildAction(s: StreetcarState, seat: number, remaining: number): boolean {
  const hand = s.players[seat]!.hand;
  if (hand.length === 0 || remaining <= 0) return false;
  const masks = masksOf(s.board);
  const rules = buildRules(s);
  if (legalPlacements(masks, hand, rules, 1).length > 0) return true;
  const candidates = swapCandidates(s.board, masks, hand);
  return (
    legalExchanges(masks, candidates, rules, 1).length > 0 ||
    (remaining >= 2 && legalDoubleExchanges(masks, candidates, hand, rules, 1).length > 0)
  );
}

/** Placements, exchanges and (with two actions left) double exchanges for the seat's hand. */
export function buildActions(s: StreetcarState, seat: number, remaining: number): StreetcarAction[] {
  const hand = s.players[seat]!.hand;
  if (hand.length === 0 || remaining <= 0) return [];
  const masks = masksOf(s.board);
  const rules = buildRules(s);
  // Written out rather than spread from `placed`: a building turn can list a thousand actions.
  const out: StreetcarAction[] = [];
  for (const b of legalPlacements(masks, hand, rules))
    out.push({ type: 'place', tile: b.tile, row: rowOf(b.sq), col: colOf(b.sq), rotation: b.rotation });
  const candidates = swapCandidates(s.board, masks, hand);
  for (const b of legalExchanges(masks, candidates, rules))
    out.push({ type: 'exchange', tile: b.tile, row: rowOf(b.sq), col: colOf(b.sq), rotation: b.rotation });
  if (remaining >= 2)
    for (const [a, b] of legalDoubleExchanges(masks, candidates, hand, rules))
      out.push({ type: 'double_exchange', first: placed(a), second: placed(b) });
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
  const ctx = {
    masks: masksOf(s.board),
    allStops: new Set(Object.values(s.stops)),
    required: stopSquares(s.stops, requiredStops(p)),
    end: p.end,
  };
  return moveOptions(ctx, p.tram, p.visited, s.step.roll);
}
