/** ACT-PLACE, ACT-EXCHANGE, ACT-DOUBLE-EXCHANGE (SC-5, SC-6, SC-8) and ending the building step (SC-4.3, V1-4). */
import { removeAll, removeOne, ruleCheck } from '../../core/index.js';
import type { ActionOf, TileOnSquare } from './actions.js';
import { TILE_IDS } from './data.js';
import { BUILDING_NEXT_TO, sqOf, tileMask } from './geometry.js';
import { doubleExchangeViolation, exchangeViolation, masksOf, placementViolation, type Violation } from './placement.js';
import { actionBudget, buildRules } from './schedule.js';
import type { StreetcarState } from './state.js';
import { hasBuildAction } from './legal.js';
import { afterBuild, finishBuilding, type Ctx } from './turn.js';

function raise(v: Violation | null): void {
  ruleCheck(!v, v?.code ?? '', v?.message ?? '', v?.rule ?? '');
}

/** The building step must be open with `cost` actions left, for a builder. */
function buildStep(s: StreetcarState, seat: number, cost: number): Extract<StreetcarState['step'], { kind: 'build' }> {
  const step = s.step;
  ruleCheck(step.kind === 'build' && s.players[seat]!.role === 'builder', 'wrong_step', 'No build action is possible now', 'SC-4.2');
  ruleCheck(actionBudget(s) - step.actions >= cost, 'wrong_step', cost === 2 ? 'A double exchange needs both build actions (SC-6.8)' : 'No build action is left this turn', cost === 2 ? 'SC-6.8' : 'SC-4.2');
  return step;
}

function takeFromHand(s: StreetcarState, seat: number, tiles: string[]): void {
  for (const t of tiles) ruleCheck(TILE_IDS.includes(t), 'not_in_hand', `Unknown tile ${t}`, 'SC-1.3');
  const rest = removeAll(s.players[seat]!.hand, tiles);
  ruleCheck(rest, 'not_in_hand', 'The tile is not in your hand', 'SC-5.1');
  s.players[seat]!.hand = rest;
}

export function place(c: Ctx, seat: number, a: ActionOf<'place'>): void {
  const { s } = c;
  const step = buildStep(s, seat, 1);
  ruleCheck(removeOne(s.players[seat]!.hand, a.tile), 'not_in_hand', 'The tile is not in your hand', 'SC-5.1');
  const sq = sqOf(a.row, a.col);
  raise(placementViolation(masksOf(s.board), sq, tileMask(a.tile, a.rotation), buildRules(s)));
  takeFromHand(s, seat, [a.tile]);
  s.board[sq] = { tile: a.tile, rotation: a.rotation };
  // SC-8.2: the first tile placed next to a building gets its stop marker.
  const letter = BUILDING_NEXT_TO[sq];
  const stop = letter && s.stops[letter] === undefined ? letter : null;
  if (stop) s.stops[stop] = sq;
  Object.assign(step, { actions: step.actions + 1, placements: step.placements + 1, changed: true });
  c.events.push({ type: 'place', data: { seat, tile: a.tile, row: a.row, col: a.col, rotation: a.rotation, stop } });
  afterBuild(c);
}

/** SC-6.1/6.9: the old tile goes to the hand; markers and trams stay on the square, so on the new tile. */
function swapIn(s: StreetcarState, seat: number, t: TileOnSquare): string {
  const sq = sqOf(t.row, t.col);
  const old = s.board[sq]!.tile;
  s.board[sq] = { tile: t.tile, rotation: t.rotation };
  s.players[seat]!.hand.push(old);
  return old;
}

export function exchange(c: Ctx, seat: number, a: ActionOf<'exchange'>): void {
  const { s } = c;
  const step = buildStep(s, seat, 1);
  ruleCheck(removeOne(s.players[seat]!.hand, a.tile), 'not_in_hand', 'The tile is not in your hand', 'SC-6.1');
  const sq = sqOf(a.row, a.col);
  raise(exchangeViolation(s.board, masksOf(s.board), sq, tileMask(a.tile, a.rotation), buildRules(s)));
  takeFromHand(s, seat, [a.tile]);
  const old = swapIn(s, seat, a);
  Object.assign(step, { actions: step.actions + 1, changed: true });
  c.events.push({ type: 'exchange', data: { seat, tile: a.tile, row: a.row, col: a.col, rotation: a.rotation, old } });
  afterBuild(c);
}

export function doubleExchange(c: Ctx, seat: number, a: ActionOf<'double_exchange'>): void {
  const { s } = c;
  const step = buildStep(s, seat, 2);
  ruleCheck(s.circuit?.phase === 'B' || step.actions === 0, 'wrong_step', 'A double exchange must be the first build action of the turn', 'SC-6.8');
  ruleCheck(removeAll(s.players[seat]!.hand, [a.first.tile, a.second.tile]), 'not_in_hand', 'The tiles are not in your hand', 'SC-6.8');
  const one = { sq: sqOf(a.first.row, a.first.col), mask: tileMask(a.first.tile, a.first.rotation) };
  const two = { sq: sqOf(a.second.row, a.second.col), mask: tileMask(a.second.tile, a.second.rotation) };
  raise(doubleExchangeViolation(s.board, masksOf(s.board), one, two, buildRules(s)));
  takeFromHand(s, seat, [a.first.tile, a.second.tile]);
  const old = [swapIn(s, seat, a.first), swapIn(s, seat, a.second)];
  Object.assign(step, { actions: step.actions + 2, changed: true });
  c.events.push({ type: 'double_exchange', data: { seat, first: a.first, second: a.second, old } });
  afterBuild(c);
}

/**
 * ACT-END-TURN: ends the building step for the refill. V1 phase B may stop early (V1-4); otherwise only
 * a builder without a legal build action, whose actions SC-4.3 forfeits, may — the choice exists when
 * a declaration (voluntary, AMB-10) or a V3 pass could be taken instead; SC-4.4 forbids it otherwise.
 */
export function endTurnAction(c: Ctx, seat: number): void {
  const { s } = c;
  const step = s.step;
  ruleCheck(step.kind === 'build' && s.players[seat]!.role === 'builder', 'wrong_step', 'There is no building step to end now', 'SC-4.2');
  ruleCheck(s.circuit?.phase === 'B' || !hasBuildAction(s, seat, actionBudget(s) - step.actions), 'wrong_step', 'You must build while a legal build action exists', 'SC-4.4');
  finishBuilding(c);
}
