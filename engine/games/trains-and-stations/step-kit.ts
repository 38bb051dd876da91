/** What the Trains & Stations steps share: the pending decision, simultaneous answers, and the refusals outside a step. */
import type { Refusal, Seat, Step } from '../../core/index.js';
import type { TsEvent } from './schemas.js';
import type { TsAction } from './actions.js';
import type { Pending, TsState } from './state.js';

export type Kind = Exclude<Pending['kind'], 'over'>;
export type TsStep = Step<TsState, TsAction, TsEvent>;

export const distinct = (ids: readonly unknown[]) => new Set(ids).size === ids.length;

/** Every seat has answered a simultaneous decision (the other side of `awaiting`). */
export const complete = <T>(answers: readonly (T | null)[]): answers is T[] => answers.every((a) => a !== null);

/** Dice with the faces they show; a die in play or saved always shows one (TS-5.1, TS-6.14). */
export const shown = (s: TsState, ids: readonly number[]) =>
  ids.flatMap((id) => {
    const face = s.dice[id]?.face;
    return face ? [{ die: id, face }] : [];
  });

/** The pending decision of the step being played: the kit runs a step's functions only in that step. */
export function pendingOf<K extends Kind>(s: TsState, kind: K): Extract<Pending, { kind: K }> {
  const p = s.pending;
  if (p.kind !== kind) throw new Error(`step ${kind} run while ${p.kind} is pending`);
  return p as Extract<Pending, { kind: K }>;
}

/** TS-3.2: only the seats a decision waits for may act. */
const NOT_YOURS: Refusal = { code: 'not_your_decision', message: 'It is not your decision now', rule: 'TS-3.2' };
const STEP_3: Refusal = { message: 'Dice are resolved in Step 3', rule: 'TS-6.1' };

/** Why each action is refused outside the steps that take it (code `wrong_step` unless said). */
const WRONG_STEP: TsStep['refuse'] = {
  keep_special_cards: { message: 'Special cards are kept at setup', rule: 'TS-2.5' },
  roll: { message: 'Rolling starts a turn', rule: 'TS-3.1' },
  recall: { message: 'Recall replaces collecting dice at the start of a turn', rule: 'TS-4.1' },
  reroll: (s) =>
    s.strike
      ? { code: 'strike', message: 'No re-rolls after a strike', rule: 'TS-5.5' }
      : { message: 'Re-rolls are only allowed in Step 2', rule: 'TS-5.3' },
  stop_rolling: { message: 'Not rolling now', rule: 'TS-5.6' },
  place_train: STEP_3,
  build: STEP_3,
  take_coins: STEP_3,
  end_resolution: STEP_3,
  order_deliveries: { message: 'No deliveries to order', rule: 'TS-7.3' },
  break_tie: { message: 'No majority tie to break', rule: 'TS-7.6' },
  allocate_goods: { message: 'No goods to share out', rule: 'TS-7.7' },
  reveal_tasks: { message: 'No task window is open', rule: 'TS-7.8' },
  choose_upgrade: { message: 'No upgrade to choose', rule: 'TS-8.3' },
  speculate: { message: 'No speculation is open', rule: 'TS-9.1' },
  speculate_pass: { message: 'No speculation is open', rule: 'TS-9.1' },
  allocate_speculation: { message: 'No speculation shortage to share out', rule: 'TS-9.4' },
};

/** The refusals every step shares; the active player alone decides unless a step says otherwise. */
export const base = { waiting: NOT_YOURS, refuse: WRONG_STEP, actors: (s: TsState): Seat[] => [s.active] };
