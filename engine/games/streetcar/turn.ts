/** Turn flow (SC-4.2–4.4, SC-12.3, V1-3, V5-3): starting, finishing and passing turns. */
import { nextSeat } from '../../core/index.js';
import { declareActions, hasBuildAction } from './legal.js';
import { actionBudget } from './schedule.js';
import { refill, refillDisplay } from './supply.js';
import type { ScDraft, Step, StreetcarState } from './state.js';

/** The open step of `kind`: the kit hands each effect only the steps that take its action. */
export function openStep<K extends Step['kind']>(s: StreetcarState, kind: K): Extract<Step, { kind: K }> {
  const step = s.step;
  if (step.kind !== kind) throw new Error(`streetcar: no ${kind} step is open`);
  return step as Extract<Step, { kind: K }>;
}

/** V1 phase B: whether the turn made progress (a tile change, an entry, a credit or a new leg). */
const turnChanged = (s: StreetcarState): boolean =>
  (s.step.kind === 'build' || s.step.kind === 'take') && s.step.changed;

/** RP-SC-1 (README): V1 phase B rounds without progress before the game ends without a winner (the spec is silent). */
export const V1_IDLE_ROUNDS = 12;

/** Opens the current seat's turn; a builder with nothing to choose is passed on by the building step's `auto`. */
export function startTurn(s: StreetcarState): void {
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
}

/** SC-4.2 step 3: refill, which may need the builder's choice, then pass the turn. */
export function finishBuilding(d: ScDraft): void {
  const s = d.state;
  const step = s.step;
  const placements = step.kind === 'build' || step.kind === 'take' ? step.placements : 0;
  const changed = turnChanged(s);
  if (refill(d, s.current)) {
    s.step = { kind: 'take', placements, changed };
    return;
  }
  endTurn(d);
}

export function endTurn(d: ScDraft): void {
  const s = d.state;
  if (s.options.centralSupply) refillDisplay(d);
  // AMB-11: never a stalemate while a driver exists. Builders' turns were counted at their start (startTurn).
  if (s.players.some((p) => p.role === 'driver')) s.idleTurns = 0;
  else if (s.circuit?.phase === 'B') s.idleTurns = turnChanged(s) ? 0 : s.idleTurns + 1;
  if (s.idleTurns >= s.players.length * (s.circuit?.phase === 'B' ? V1_IDLE_ROUNDS : 1)) {
    // SC-12.3: a whole round in which no builder could build or declare ends the game without a winner;
    // in V1 phase B trams may still wander, so the window is longer (RP-SC-1, README: choices).
    s.step = { kind: 'over' };
    d.emit('stalemate', { turns: s.idleTurns });
    return;
  }
  if (s.circuit?.phase === 'A' && s.circuit.pendingB) {
    s.circuit = { phase: 'B', pendingB: false };
    d.emit('circuit_phase_b', {});
  }
  s.current = nextSeat(s.current, s.players.length);
  startTurn(s);
}

export function endGame(d: ScDraft, winner: number): void {
  d.state.winner = winner;
  d.state.step = { kind: 'over' };
  d.emit('win', { seat: winner });
}
