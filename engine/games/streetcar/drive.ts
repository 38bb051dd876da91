/** Declaring the inaugural trip (SC-10) and the driver's steps: roll, move and forced restart (SC-11, SC-12.1). */
import { ruleCheck } from '../../core/index.js';
import type { ActionOf } from './actions.js';
import { DIE_FACES } from './data.js';
import { currentMoveOptions } from './legal.js';
import type { MoveOption } from './paths.js';
import { otherTerminal, ownTerminals, requiredStops, tripFrom } from './schedule.js';
import type { ScDraft, StreetcarState, TurnStep } from './state.js';
import { targetKey, targetOf } from './targets.js';
import { endGame, endTurn, openStep } from './turn.js';

function ownTerminal(s: StreetcarState, seat: number, t: number, rule: string): void {
  ruleCheck(ownTerminals(s.players[seat]!).includes(t), 'wrong_step', 'That is not one of your terminals', rule);
}

/** ACT-DECLARE: the builder becomes a driver, the tram on the chosen terminal; the witness path is published. */
export function declare(d: ScDraft, a: ActionOf<'declare'>): void {
  const { state: s, seat } = d;
  const p = s.players[seat]!;
  ruleCheck(!s.circuit, 'wrong_step', 'There is no inaugural trip in the complete-circuit variant', 'V1-1');
  ruleCheck(
    s.step.kind === 'build' && p.role === 'builder',
    'wrong_step',
    'Only a builder may declare, on their own turn',
    'SC-10.1',
  );
  ruleCheck(
    s.step.actions === 0,
    'not_start_of_turn',
    'The inaugural trip can only be declared before any build action',
    'SC-4.7',
  );
  ownTerminal(s, seat, a.terminal, 'SC-10.2');
  const witness = tripFrom(s, p, a.terminal);
  ruleCheck(witness, 'route_incomplete', 'There is no valid trip path yet', 'SC-10.3');
  const released = p.hand;
  s.open.push(...released);
  Object.assign(p, {
    hand: [],
    role: 'driver',
    revealed: true,
    tram: { at: 'terminal', terminal: a.terminal, exit: null },
    start: a.terminal,
    end: otherTerminal(p, a.terminal),
    visited: [],
  });
  s.witness = witness;
  s.step = { kind: 'roll', restarted: true };
  d.emit('declare', {
    seat,
    line: p.line,
    route: p.route,
    stops: requiredStops(p),
    start: a.terminal,
    witness,
    released,
  });
}

/** ACT-RESTART (SC-11.10): voluntary before the roll, once a turn, or forced after a failed trip (then the turn ends). */
function restart(d: ScDraft, a: ActionOf<'restart'>): void {
  const { state: s, seat } = d;
  const step = s.step;
  ruleCheck(
    step.kind === 'forcedRestart' || (step.kind === 'roll' && !step.restarted),
    'wrong_step',
    'A restart is allowed only before rolling, once a turn',
    'SC-11.10',
  );
  ownTerminal(s, seat, a.terminal, 'SC-11.10');
  const p = s.players[seat]!;
  Object.assign(p, {
    tram: { at: 'terminal', terminal: a.terminal, exit: null },
    start: a.terminal,
    end: otherTerminal(p, a.terminal),
    visited: [],
  });
  d.emit('restart', { seat, terminal: a.terminal, forced: step.kind === 'forcedRestart' });
  if (step.kind === 'forcedRestart') return endTurn(d);
  s.step = { kind: 'roll', restarted: true };
}

function moveTram(d: ScDraft, seat: number, o: MoveOption): void {
  const s = d.state;
  const p = s.players[seat]!;
  p.tram = o.to;
  p.visited = o.visited;
  d.emit('move', { seat, path: o.path, to: targetOf(o.to), visited: o.visited, arrived: o.arrived });
  if (!o.arrived) return endTurn(d);
  if (o.visited.length === requiredStops(p).length) return endGame(d, seat);
  // SC-11.5 / AMB-16: arriving without every stop is a failed trip; the driver picks the restart terminal.
  s.step = { kind: 'forcedRestart' };
  d.emit('trip_failed', { seat });
}

/** SC-11.1: a driver's turn opens with the roll, or first with a voluntary restart (SC-11.10). */
export const roll: TurnStep = {
  rule: 'SC-11.1',
  actions: (s, seat) => [
    { type: 'roll' },
    ...(openStep(s, 'roll').restarted
      ? []
      : ownTerminals(s.players[seat]!).map((terminal) => ({ type: 'restart' as const, terminal }))),
  ],
  on: {
    roll: (d) => {
      const face = d.rng.pick(DIE_FACES);
      d.state.lastRoll = face;
      d.state.step = { kind: 'move', roll: face };
      d.emit('roll', { seat: d.seat, face });
    },
    restart,
  },
};

/** SC-11.3–11.8: the driver picks an outcome of the roll. */
export const move: TurnStep = {
  rule: 'SC-11.1',
  actions: (s, seat) =>
    currentMoveOptions(s, seat).map((o) => ({ type: 'move', to: targetOf(o.to), visited: o.visited })),
  on: {
    move: (d, a) => {
      const s = d.state;
      const wanted = `${targetKey(a.to)}|${[...a.visited].sort().join('')}`;
      const option = currentMoveOptions(s, d.seat).find(
        (o) => `${targetKey(targetOf(o.to))}|${o.visited.join('')}` === wanted,
      );
      ruleCheck(
        option,
        'bad_path',
        'No path for this roll ends there with those stops',
        openStep(s, 'move').roll === 'H' ? 'SC-11.6' : 'SC-11.3',
      );
      moveTram(d, d.seat, option);
    },
  },
  // SC-11.1: with a single outcome (including "stays put", SC-11.8) the engine moves without a call.
  auto: (d) => {
    const options = currentMoveOptions(d.state, d.state.current);
    if (options.length !== 1) return false;
    moveTram(d, d.state.current, options[0]!);
    return true;
  },
};

/** SC-11.5: after a failed trip the driver picks the terminal to start again from. */
export const forcedRestart: TurnStep = {
  rule: 'SC-11.5',
  actions: (s, seat) => ownTerminals(s.players[seat]!).map((terminal) => ({ type: 'restart', terminal })),
  on: { restart },
};
