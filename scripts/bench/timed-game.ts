import { performance } from 'node:perf_hooks';
import type { AnyGame } from '../../engine/core/index.js';

/** Time spent in a game's rules, summed over every call from outside the engine. */
export interface Clock {
  ms: number;
  calls: number;
}

export const newClock = (): Clock => ({ ms: 0, calls: 0 });

/**
 * The same game with every entry point the platform calls timed into `clock`, so that a move's
 * time can be split into the rules' work and the platform's.
 */
export function timedGame(def: AnyGame, clock: Clock): AnyGame {
  const timed =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      const started = performance.now();
      try {
        return fn(...args);
      } finally {
        clock.ms += performance.now() - started;
        clock.calls++;
      }
    };
  return {
    ...def,
    setup: timed(def.setup.bind(def)),
    toAct: timed(def.toAct.bind(def)),
    legalActions: timed(def.legalActions.bind(def)),
    apply: timed(def.apply.bind(def)),
    view: timed(def.view.bind(def)),
    outcome: timed(def.outcome.bind(def)),
  };
}
