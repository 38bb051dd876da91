/**
 * A search bot for any game that can rebuild a full state from a seat's view: single-observer
 * information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).
 *
 * Each iteration deals a fresh determinization (`game.determinize`: what the seat cannot see, at
 * random, from its view only) and walks one tree of action sequences seen from the searching seat.
 * Children are the actions met in some determinization; a child counts as available each time its
 * action is legal in the current one, and UCB uses that count instead of the parent's visits, so
 * actions that exist only in some worlds (an opponent's hidden cards) are not favoured. Other seats'
 * moves are searched in the same tree as if their actions were public (the single-observer
 * simplification: no opponent models per information set). Each node keeps the reward of the seat
 * that chose its action, so every seat maximises its own reward (max^n), whatever the player count.
 *
 * A simulation leaves the tree, plays `rollout.depth` more actions with a cheap policy and is then
 * scored: by `outcome` if the game ended, else by `game.estimate`. Rewards mix place and margin
 * (see `rewards`). Every random choice is drawn from the bot's rng, so with no clock a move is a
 * function of (view, legal actions, rng): the iteration budget makes choices reproducible, and the
 * optional clock only ever stops the search earlier.
 */
import type { AnyGame, BotInput, Seat } from '../contract.js';
import { Rng } from '../rng.js';

export type RolloutPolicy = 'random' | 'greedy';

export interface SearchConfig {
  /** Iterations (determinization + descent + simulation) per move; the reproducible budget. */
  iterations: number;
  /** Wall-clock cap per move in ms, checked with `clock`; it can only lower the iteration count. */
  maxMs?: number;
  /** Simulated actions after leaving the tree before the state is scored with `estimate`. */
  rolloutDepth: number;
  /** How simulated actions are chosen: uniformly, or by the game's own (greedy) bot. */
  rollout: RolloutPolicy;
  /** UCB exploration constant (rewards lie in [0, 1]). */
  exploration: number;
  /**
   * Progressive widening: a node reached v times has at most widening·√(v+1) children. Ticket to
   * Ride offers hundreds of ways to pay for stations and routes; without it a budget of hundreds
   * of iterations only tries each once.
   */
  widening: number;
}

/** Milliseconds from any origin; injected so that the engine itself never reads the time. */
export type Clock = () => number;

interface Node {
  /** The seat that chose this node's action (unused at the root). */
  seat: Seat;
  action: { type: string } | null;
  visits: number;
  /** Sum of `seat`'s rewards over the simulations through this node. */
  reward: number;
  /** How often this node's action was legal when its parent was reached. */
  avail: number;
  children: Map<string, Node>;
}

const node = (seat: Seat, action: { type: string } | null): Node => ({ seat, action, visits: 0, reward: 0, avail: 0, children: new Map() });

/** Actions are plain JSON listed by the game in a fixed key order, so their JSON is their identity. */
const keyOf = (action: unknown): string => JSON.stringify(action);

/** Weight of the place in a reward; the rest rewards the score margin. */
const PLACE_WEIGHT = 0.75;

/**
 * Rewards in [0, 1] per seat from final (or estimated) scores. The place matters most (1 for first,
 * 0 for last; tied seats share the better place), and the margin to the best other
 * seat, scaled by the largest score and squashed, breaks ties between equal places, so a simulation
 * that wins by more or loses by less is preferred. Rank only gives flat rewards in long games where
 * most simulations end the same way; margin only would trade a win for a bigger score.
 */
export function rewards(scores: readonly number[]): number[] {
  const n = scores.length;
  const scale = Math.max(1, ...scores.map(Math.abs));
  return scores.map((mine, seat) => {
    const better = scores.filter((s) => s > mine).length;
    const place = n === 1 ? 1 : (n - 1 - better) / (n - 1);
    const best = Math.max(...scores.filter((_, o) => o !== seat));
    const margin = 0.5 + 0.5 * Math.tanh((2 * (mine - best)) / scale);
    return PLACE_WEIGHT * place + (1 - PLACE_WEIGHT) * margin;
  });
}

/** A bot that searches; the game must implement `determinize` and `estimate`. */
export function searchBot(game: AnyGame, config: SearchConfig, clock?: Clock): AnyGame['bot'] {
  const { determinize, estimate } = game;
  const worth = (state: unknown, seat: Seat, legal: { type: string }[]) => game.searchActions?.(state, seat, legal) ?? legal;
  if (!determinize || !estimate) throw new Error(`${game.id} cannot be searched: it has no determinize or estimate`);

  function score(state: unknown): number[] {
    return rewards(game.outcome(state)?.scores ?? estimate!(state));
  }

  function policy(state: unknown, seat: Seat, legal: readonly { type: string }[], rng: Rng): { type: string } {
    if (config.rollout === 'greedy') return game.bot({ seat, view: game.view(state, seat), legal, rng });
    return rng.pick(legal);
  }

  return (input: BotInput<unknown, { type: string }>) => {
    const { seat, view, legal, rng } = input;
    if (legal.length <= 1) return legal[0]!;
    const options = game.options.parse(input.options ?? {});
    const root = node(seat, null);
    const greedy = game.bot({ seat, view, legal, rng, options });
    const firstKey = keyOf(greedy);
    const started = clock?.();
    for (let i = 0; i < config.iterations; i++) {
      if (clock && config.maxMs !== undefined && i > 0 && clock() - started! >= config.maxMs) break;
      // The determinization draws its own RNG state from the bot's rng, so chance (draws, dice) differs per world too.
      let state = determinize(view, seat, rng, options);
      const path: Node[] = [];
      let at = root;
      let actions: readonly { type: string }[] = worth(state, seat, [...legal]);
      let actor = seat;
      // Selection and expansion.
      for (;;) {
        const keys = actions.map(keyOf);
        const untried: number[] = [];
        let available = 0;
        keys.forEach((k, j) => {
          const child = at.children.get(k);
          if (child) {
            child.avail++;
            available++;
          } else untried.push(j);
        });
        let next: Node;
        if (untried.length > 0 && (available === 0 || at.children.size < config.widening * Math.sqrt(at.visits + 1))) {
          // The game's own choice is tried first at the root, so a small budget refines it rather than guessing.
          const j = at === root && untried.includes(keys.indexOf(firstKey)) ? keys.indexOf(firstKey) : rng.pick(untried);
          next = node(actor, actions[j]!);
          next.avail = 1;
          at.children.set(keys[j]!, next);
        } else {
          let best = -Infinity;
          next = at;
          for (const k of keys) {
            const child = at.children.get(k);
            if (!child) continue;
            const ucb = child.reward / child.visits + config.exploration * Math.sqrt(Math.log(child.avail) / child.visits);
            if (ucb > best) {
              best = ucb;
              next = child;
            }
          }
        }
        state = game.apply(state, actor, next.action!).state;
        path.push(next);
        at = next;
        const expanded = next.visits === 0;
        const due = game.toAct(state);
        if (expanded || due.length === 0) break;
        actor = due[0]!;
        actions = worth(state, actor, game.legalActions(state, actor));
      }
      // Simulation.
      for (let d = 0; d < config.rolloutDepth; d++) {
        const due = game.toAct(state);
        if (due.length === 0) break;
        const s = due[0]!;
        state = game.apply(state, s, policy(state, s, game.legalActions(state, s), rng)).state;
      }
      // Backpropagation.
      const r = score(state);
      root.visits++;
      for (const n of path) {
        n.visits++;
        n.reward += r[n.seat] ?? 0;
      }
    }
    // The most visited action; the earliest listed among equals.
    let choice = legal[0]!;
    let most = -1;
    for (const a of legal) {
      const visits = root.children.get(keyOf(a))?.visits ?? 0;
      if (visits > most) {
        most = visits;
        choice = a;
      }
    }
    return choice;
  };
}
