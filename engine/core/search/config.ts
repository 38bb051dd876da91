/** The knobs of a search bot, shared by the tree search (ismcts.ts) and flat rollouts (rollouts.ts). */

export type RolloutPolicy = 'random' | 'greedy';

export interface SearchConfig {
  /**
   * The reproducible budget per move: tree iterations (determinization + descent + simulation),
   * or simulations in all for `algorithm: 'rollouts'`.
   */
  iterations: number;
  /** Wall-clock cap per move in ms, checked with `clock`; it can only lower the iteration count. */
  maxMs?: number;
  /**
   * Simulated actions after leaving the tree (or after the root action) before the state is
   * scored with `estimate`; unset: to the end of the game, scored by `outcome`.
   */
  rolloutDepth?: number;
  /** How simulated actions are chosen: uniformly, or by the game's own (greedy) bot. */
  rollout: RolloutPolicy;
  /** UCB exploration constant (rewards lie in [0, 1]); tree search only, default 0.7. */
  exploration?: number;
  /**
   * Progressive widening: a node reached v times has at most widening·√(v+1) children. Ticket to
   * Ride offers hundreds of ways to pay for stations and routes; without it a budget of hundreds
   * of iterations only tries each once. Tree search only, default 2.
   */
  widening?: number;
  /** 'ismcts' (the default) grows a tree; 'rollouts' compares root actions by simulations only (rollouts.ts). */
  algorithm?: 'ismcts' | 'rollouts';
  /**
   * At most this many root actions are searched: the game's own bot's choice and the best of the
   * rest by a one-move lookahead scored with `estimate`. Unset: all of them (after `searchActions`).
   */
  candidates?: number;
  /**
   * Weight of the place in a reward, default 0.75 (see `rewards`). 0 where `estimate` already gives
   * graded standings, such as a race's chances to win, that a place would flatten into won or lost;
   * a game then ending with every seat tied is worth half a win in two-player games, not nearly one.
   */
  placeWeight?: number;
}

/** Milliseconds from any origin; injected so that the engine itself never reads the time. */
export type Clock = () => number;
