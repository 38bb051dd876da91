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
 * A simulation leaves the tree, plays `rolloutDepth` more actions with a cheap policy and is then
 * scored: by `outcome` if the game ended, else by `game.estimate`. Rewards mix place and margin
 * (see `rewards`). Every random choice is drawn from the bot's rng, so with no clock a move is a
 * function of (view, legal actions, rng): the iteration budget makes choices reproducible, and the
 * optional clock only ever stops the search earlier.
 */
import type { AnyGame, BotInput, Seat } from '../contract.js';
import type { Clock, SearchConfig } from './config.js';
import { rolloutSearch } from './rollouts.js';
import { keyOf, rootCandidates, simulator } from './simulate.js';

export * from './config.js';
export { rewards } from './simulate.js';

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

const node = (seat: Seat, action: { type: string } | null): Node => ({
  seat,
  action,
  visits: 0,
  reward: 0,
  avail: 0,
  children: new Map(),
});

/** A bot that searches; the game must implement `determinize` and `estimate`. */
export function searchBot(game: AnyGame, config: SearchConfig, clock?: Clock): AnyGame['bot'] {
  if (config.algorithm === 'rollouts') return rolloutSearch(game, config, clock);
  const { worth, simulate, score } = simulator(game, config);
  const determinize = game.determinize!;

  return (input: BotInput<unknown, { type: string }>) => {
    const { seat, view, legal, rng } = input;
    if (legal.length <= 1) return legal[0]!;
    const options = game.options.parse(input.options ?? {});
    const root = node(seat, null);
    const greedy = game.bot({ seat, view, legal, rng, options });
    const firstKey = keyOf(greedy);
    const candidates = (world: unknown) =>
      rootCandidates(game, seat, worth(world, seat, [...legal]), greedy, [world], config.candidates);
    // Only with a limit: a world dealt here draws from the rng and would change unlimited searches.
    const rootKeys =
      config.candidates === undefined ? null : new Set(candidates(determinize(view, seat, rng, options)).map(keyOf));
    const atRoot = (actions: { type: string }[]) =>
      rootKeys ? actions.filter((a) => rootKeys.has(keyOf(a))) : actions;
    const started = clock?.();
    for (let i = 0; i < config.iterations; i++) {
      if (clock && config.maxMs !== undefined && i > 0 && clock() - started! >= config.maxMs) break;
      // The determinization draws its own RNG state from the bot's rng, so chance (draws, dice) differs per world too.
      let state = determinize(view, seat, rng, options);
      const path: Node[] = [];
      let at = root;
      let actions: readonly { type: string }[] = atRoot(worth(state, seat, [...legal]));
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
        if (
          untried.length > 0 &&
          (available === 0 || at.children.size < (config.widening ?? 2) * Math.sqrt(at.visits + 1))
        ) {
          // The game's own choice is tried first at the root, so a small budget refines it rather than guessing.
          const j =
            at === root && untried.includes(keys.indexOf(firstKey)) ? keys.indexOf(firstKey) : rng.pick(untried);
          next = node(actor, actions[j]!);
          next.avail = 1;
          at.children.set(keys[j]!, next);
        } else {
          let best = -Infinity;
          next = at;
          for (const k of keys) {
            const child = at.children.get(k);
            if (!child) continue;
            const ucb =
              child.reward / child.visits +
              (config.exploration ?? 0.7) * Math.sqrt(Math.log(child.avail) / child.visits);
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
      state = simulate(state, config.rolloutDepth, rng);
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
