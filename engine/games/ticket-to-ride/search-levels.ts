/**
 * Ticket to Ride's departures from the shared search levels: greedy simulations are
 * cut after ROLLOUT_DEPTH actions and the state is scored by `estimate`, rewarded by the margin,
 * not the place. Played to the end, two simulations from the same world after two different moves
 * diverge within a few turns (other cards drawn blind, other routes blocked): in sampled Europe
 * positions the paired difference of the final margin had a standard deviation of 40–53 points,
 * against 2–6 after 16 actions, while the moves differed by a few points. Tens of simulations a
 * move then chose among the candidates almost at random, and hard lost to greedy from the second
 * seat. A place (won or lost) would throw away the graded estimate and add that noise back.
 */
import type { SearchConfig } from '../../core/index.js';

/** Simulated actions before the estimate: about four turns a seat at two seats (a draw is two actions). */
export const ROLLOUT_DEPTH = 16;

export const searchLevels: { medium: Partial<SearchConfig>; hard: Partial<SearchConfig> } = {
  medium: { rolloutDepth: ROLLOUT_DEPTH, placeWeight: 0 },
  hard: { rolloutDepth: ROLLOUT_DEPTH, placeWeight: 0 },
};
