/**
 * The flow of the game on the kit (§4, §14): the step the state is in and what every step shares —
 * the current seat acts, and an action outside its step is refused by the rule of that step.
 */
import { defineRules, type Refusal } from '../../core/index.js';
import { build } from './build.js';
import { circuit } from './circuit.js';
import { giveBack, pass, take } from './draws.js';
import { declare, forcedRestart, move, roll } from './drive.js';
import type { ScStep, StreetcarState, TurnStep } from './state.js';

const NOT_YOUR_TURN: Refusal = { message: 'It is not your turn', rule: 'SC-0.4' };
const NO_BUILD: Refusal = { message: 'No build action is possible now', rule: 'SC-4.2' };
const NO_TRAM: Refusal = { message: 'Tram actions exist only in phase B of the complete circuit', rule: 'V1-4' };

/** Why each action is refused outside the step that takes it. */
const OUT_OF_STEP: ScStep['refuse'] = {
  place: NO_BUILD,
  exchange: NO_BUILD,
  double_exchange: NO_BUILD,
  end_turn: { message: 'There is no building step to end now', rule: 'SC-4.2' },
  take: { message: 'No tile is to be taken now', rule: 'SC-7.4' },
  return_tiles: { message: 'Nothing is to be returned now', rule: 'V3-1' },
  roll: { message: 'You cannot roll now', rule: 'SC-11.1' },
  move: { message: 'Roll first', rule: 'SC-11.1' },
  restart: { message: 'A restart is allowed only before rolling, once a turn', rule: 'SC-11.10' },
  enter: NO_TRAM,
  step: NO_TRAM,
  turn180: NO_TRAM,
};

/**
 * Passing and declaring name their variant before their step: outside V3 a pass is refused for V3-1
 * and in V1 a declaration for V1-1, whatever the step. A refusal per step cannot depend on the
 * options, so these two reach their effects in every step, whose step checks refuse them where they
 * do not belong (V3-1, SC-10.1).
 */
const VARIANT_FIRST = { pass, declare } satisfies TurnStep['on'];

const onTurn = (step: TurnStep): ScStep => ({
  ...step,
  actors: (s) => [s.current],
  waiting: NOT_YOUR_TURN,
  refuse: OUT_OF_STEP,
  on: { ...VARIANT_FIRST, ...step.on },
});

export const rules = defineRules({
  seats: (s: StreetcarState) => s.players.length,
  overRule: 'SC-12.1',
  step: (s) => {
    if (s.step.kind === 'over') return null;
    return s.step.kind === 'build' && s.circuit?.phase === 'B' ? 'circuit' : s.step.kind;
  },
  steps: {
    build: onTurn(build),
    circuit: onTurn(circuit),
    take: onTurn(take),
    return: onTurn(giveBack),
    roll: onTurn(roll),
    move: onTurn(move),
    forcedRestart: onTurn(forcedRestart),
  },
});

export const { toAct, legalActions, apply } = rules;
