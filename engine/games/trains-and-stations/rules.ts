/**
 * The Trains & Stations state machine on the game kit: one step per pending decision (spec §16.1),
 * each with who acts, the actions it lists (ACT-1…ACT-17) and their effects side by side, grouped by
 * the part of the turn they belong to (start-steps, resolve-step, delivery-steps, upgrade-steps). An
 * effect checks its rule with `ruleCheck`, then changes the kit's draft.
 */
import { defineRules, type Rules } from '../../core/index.js';
import type { TsAction, TsOptions } from './actions.js';
import type { Board } from './board.js';
import { deliverySteps } from './delivery-steps.js';
import { resolveStep } from './resolve-step.js';
import { setupState } from './setup.js';
import { canonicalAction } from './spelling.js';
import { startSteps } from './start-steps.js';
import type { TsState } from './state.js';
import type { Kind, TsStep } from './step-kit.js';
import { ROUND_LIMIT } from './turn.js';
import { upgradeSteps } from './upgrade-steps.js';

export interface TsRules extends Rules<TsState, TsAction> {
  board: Board;
  setup(seed: string, players: number, options: TsOptions): TsState;
}

/** `roundLimit`: RP-TS-1 (turn.ts); null only to measure how games end without it. */
export function createRules(b: Board, roundLimit: number | null = ROUND_LIMIT): TsRules {
  const resolution = resolveStep(b);
  const { resolve } = resolution;
  const { keep, start, rolling } = startSteps(b, resolution);
  const { order, tie, goods, tasks } = deliverySteps(b);
  const { upgradeStep, speculateStep, share } = upgradeSteps(b);

  const steps: { [k in Kind]: TsStep } = {
    keep,
    start,
    rolling,
    resolve,
    order,
    tie,
    goods,
    tasks,
    upgrade: upgradeStep,
    speculate: speculateStep,
    share,
  };

  const rules = defineRules({
    seats: (s) => s.players.length,
    overRule: 'TS-3.2',
    step: (s) => (s.pending.kind === 'over' ? null : s.pending.kind),
    steps,
    // Any spelling of a choice is accepted; the effects see the listed one (spelling.ts, TS-0.2).
    canonical: canonicalAction,
  });

  return { ...rules, board: b, setup: (seed, players, options) => setupState(b, seed, players, options, roundLimit) };
}
