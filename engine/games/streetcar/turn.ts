/** Turn flow (SC-4.2–4.4, SC-12.3, V1-3, V5-3): starting, finishing and passing turns. */
import type { GameEvent, Rng } from '../../core/index.js';
import { announceConnections } from './circuit-board.js';
import { declareActions, hasBuildAction } from './legal.js';
import { actionBudget } from './schedule.js';
import { refill, refillDisplay } from './supply.js';
import type { StreetcarState } from './state.js';

/** A state being changed by one apply call: the clone, its RNG cursor and the events so far. */
export interface Ctx {
  s: StreetcarState;
  rng: Rng;
  events: GameEvent[];
}

/** V1 phase B: whether the turn made progress (a tile change, an entry, a credit or a new leg). */
const turnChanged = (s: StreetcarState): boolean => (s.step.kind === 'build' || s.step.kind === 'take') && s.step.changed;

/** V1 phase B: rounds without progress before the game ends without a winner (the spec is silent). */
export const V1_IDLE_ROUNDS = 12;

export function startTurn(c: Ctx): void {
  const { s } = c;
  const p = s.players[s.current]!;
  if (p.role === 'driver') {
    s.step = { kind: 'roll', restarted: false };
    return;
  }
  s.step = { kind: 'build', actions: 0, placements: 0, changed: false, halted: false };
  if (s.circuit?.phase === 'B') return;
  // SC-12.3 judges a builder's turn by what it could do at its start, not by what it chose: a V3 pass or
  // a declaration left aside by a builder who could build or declare is no idle turn. Kept out of the
  // step, which is public, since it tells whether the hidden hand holds a usable tile.
  const able = hasBuildAction(s, s.current, actionBudget(s)) || declareActions(s, s.current).length > 0;
  s.idleTurns = able ? 0 : s.idleTurns + 1;
  // SC-4.3 / T-43: without a build action, a declaration or a V3 pass to choose, straight to the refill.
  if (!able && !s.options.exchangePass) finishBuilding(c);
}

/** SC-4.2 step 3: refill, which may need the builder's choice, then pass the turn. */
export function finishBuilding(c: Ctx): void {
  const { s } = c;
  const step = s.step;
  const placements = step.kind === 'build' || step.kind === 'take' ? step.placements : 0;
  const changed = turnChanged(s);
  if (refill(s, s.current, c.events)) {
    s.step = { kind: 'take', placements, changed };
    return;
  }
  endTurn(c);
}

/** After each build action (SC-4.3, V1-2): announce connections, and end the building step when no action is left. */
export function afterBuild(c: Ctx): void {
  const { s } = c;
  if (s.circuit) announceConnections(s, c.events);
  const step = s.step;
  if (step.kind !== 'build') return;
  const left = actionBudget(s) - step.actions;
  if (left <= 0) return finishBuilding(c);
  if (s.circuit?.phase !== 'B' && !hasBuildAction(s, s.current, left)) finishBuilding(c);
}

export function endTurn(c: Ctx): void {
  const { s } = c;
  if (s.options.centralSupply) refillDisplay(s, c.events);
  // AMB-11: never a stalemate while a driver exists. Builders' turns were counted at their start (startTurn).
  if (s.players.some((p) => p.role === 'driver')) s.idleTurns = 0;
  else if (s.circuit?.phase === 'B') s.idleTurns = turnChanged(s) ? 0 : s.idleTurns + 1;
  if (s.idleTurns >= s.players.length * (s.circuit?.phase === 'B' ? V1_IDLE_ROUNDS : 1)) {
    // SC-12.3: a whole round in which no builder could build or declare ends the game without a winner;
    // in V1 phase B trams may still wander, so the window is longer (README: choices).
    s.step = { kind: 'over' };
    c.events.push({ type: 'stalemate', data: { turns: s.idleTurns } });
    return;
  }
  if (s.circuit?.phase === 'A' && s.circuit.pendingB) {
    s.circuit = { phase: 'B', pendingB: false };
    c.events.push({ type: 'circuit_phase_b', data: {} });
  }
  s.current = (s.current + 1) % s.players.length;
  startTurn(c);
}

export function endGame(c: Ctx, winner: number): void {
  c.s.winner = winner;
  c.s.step = { kind: 'over' };
  c.events.push({ type: 'win', data: { seat: winner } });
}
