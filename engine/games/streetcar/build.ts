/**
 * The building step (SC-4.2–4.4; V1 phase A): ACT-PLACE, ACT-EXCHANGE, ACT-DOUBLE-EXCHANGE (SC-5, SC-6,
 * SC-8), the declaration (SC-10) and V3 pass (V3-1) that may open the turn instead, and the forfeit
 * (end_turn, SC-4.3). The build effects serve the phase-B turn of V1 too (circuit.ts).
 */
import { removeAll, removeOne, ruleCheck } from '../../core/index.js';
import type { ActionOf, TileOnSquare } from './actions.js';
import { announceConnections } from './circuit-board.js';
import { TILE_IDS } from './data.js';
import { pass, passActions } from './draws.js';
import { declare } from './drive.js';
import { BUILDING_NEXT_TO, sqOf, tileMask } from './geometry.js';
import { buildActions, declareActions, hasBuildAction } from './legal.js';
import {
  doubleExchangeViolation,
  exchangeViolation,
  masksOf,
  placementViolation,
  type Violation,
} from './placement.js';
import { actionBudget, buildRules } from './schedule.js';
import type { ScDraft, StreetcarState, TurnStep } from './state.js';
import { finishBuilding, openStep } from './turn.js';

function raise(v: Violation | null): void {
  ruleCheck(!v, v?.code ?? '', v?.message ?? '', v?.rule ?? '');
}

function takeFromHand(s: StreetcarState, seat: number, tiles: string[]): void {
  for (const t of tiles) ruleCheck(TILE_IDS.includes(t), 'not_in_hand', `Unknown tile ${t}`, 'SC-1.3');
  const rest = removeAll(s.players[seat]!.hand, tiles);
  ruleCheck(rest, 'not_in_hand', 'The tile is not in your hand', 'SC-5.1');
  s.players[seat]!.hand = rest;
}

/** SC-6.1/6.9: the old tile goes to the hand; markers and trams stay on the square, so on the new tile. */
function swapIn(s: StreetcarState, seat: number, t: TileOnSquare): string {
  const sq = sqOf(t.row, t.col);
  const old = s.board[sq]!.tile;
  s.board[sq] = { tile: t.tile, rotation: t.rotation };
  s.players[seat]!.hand.push(old);
  return old;
}

/** V1-2: every build action may connect a line. When no action is left, the step's `auto` ends it. */
function built(d: ScDraft): void {
  if (d.state.circuit) announceConnections(d);
}

/** The build actions, in the building step and in the V1 phase-B turn. */
export const buildEffects = {
  place: (d: ScDraft, a: ActionOf<'place'>) => {
    const { state: s, seat } = d;
    const step = openStep(s, 'build');
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
    d.emit('place', { seat, tile: a.tile, row: a.row, col: a.col, rotation: a.rotation, stop });
    built(d);
  },
  exchange: (d: ScDraft, a: ActionOf<'exchange'>) => {
    const { state: s, seat } = d;
    const step = openStep(s, 'build');
    ruleCheck(removeOne(s.players[seat]!.hand, a.tile), 'not_in_hand', 'The tile is not in your hand', 'SC-6.1');
    const sq = sqOf(a.row, a.col);
    raise(exchangeViolation(s.board, masksOf(s.board), sq, tileMask(a.tile, a.rotation), buildRules(s)));
    takeFromHand(s, seat, [a.tile]);
    const old = swapIn(s, seat, a);
    Object.assign(step, { actions: step.actions + 1, changed: true });
    d.emit('exchange', { seat, tile: a.tile, row: a.row, col: a.col, rotation: a.rotation, old });
    built(d);
  },
  double_exchange: (d: ScDraft, a: ActionOf<'double_exchange'>) => {
    const { state: s, seat } = d;
    const step = openStep(s, 'build');
    // SC-6.8: both build actions of a turn (in V1 phase B, any two of the four).
    ruleCheck(
      actionBudget(s) - step.actions >= 2,
      'wrong_step',
      'A double exchange needs both build actions (SC-6.8)',
      'SC-6.8',
    );
    ruleCheck(
      removeAll(s.players[seat]!.hand, [a.first.tile, a.second.tile]),
      'not_in_hand',
      'The tiles are not in your hand',
      'SC-6.8',
    );
    const one = { sq: sqOf(a.first.row, a.first.col), mask: tileMask(a.first.tile, a.first.rotation) };
    const two = { sq: sqOf(a.second.row, a.second.col), mask: tileMask(a.second.tile, a.second.rotation) };
    raise(doubleExchangeViolation(s.board, masksOf(s.board), one, two, buildRules(s)));
    takeFromHand(s, seat, [a.first.tile, a.second.tile]);
    const old = [swapIn(s, seat, a.first), swapIn(s, seat, a.second)];
    Object.assign(step, { actions: step.actions + 2, changed: true });
    d.emit('double_exchange', { seat, first: a.first, second: a.second, old });
    built(d);
  },
} satisfies TurnStep['on'];

/** Build actions left this turn (SC-4.2, V1-4). */
export const buildsLeft = (s: StreetcarState): number => actionBudget(s) - openStep(s, 'build').actions;

/** SC-4.3 / T-43: no build action, no declaration and no V3 pass leave nothing to choose but the forfeit. */
const nothingToChoose = (s: StreetcarState): boolean =>
  passActions(s, s.current).length === 0 &&
  !hasBuildAction(s, s.current, buildsLeft(s)) &&
  declareActions(s, s.current).length === 0;

/** SC-4.2: a builder's turn (in V1, phase A): two build actions, or a declaration or V3 pass at its start. */
export const build: TurnStep = {
  rule: 'SC-4.2',
  actions: (s, seat) => {
    const builds = buildActions(s, seat, buildsLeft(s));
    // SC-4.3: with no build action the turn is forfeited to the refill; it is a choice only beside a declaration or a V3 pass.
    return [
      ...declareActions(s, seat),
      ...passActions(s, seat),
      ...builds,
      ...(builds.length === 0 ? [{ type: 'end_turn' as const }] : []),
    ];
  },
  on: {
    ...buildEffects,
    declare,
    pass,
    // ACT-END-TURN: the forfeit of a builder whose actions SC-4.3 takes; SC-4.4 forbids it while a build action exists.
    end_turn: (d) => {
      ruleCheck(
        !hasBuildAction(d.state, d.seat, buildsLeft(d.state)),
        'wrong_step',
        'You must build while a legal build action exists',
        'SC-4.4',
      );
      finishBuilding(d);
    },
  },
  // At the start of the turn or after a build action, a builder with nothing to choose goes straight to the refill.
  auto: (d) => {
    if (!nothingToChoose(d.state)) return false;
    finishBuilding(d);
    return true;
  },
};
