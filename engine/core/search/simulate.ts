/** What both search algorithms share: rewards, simulations and the choice of root candidates. */
import type { AnyGame, Seat } from '../contract.js';
import type { Rng } from '../rng.js';
import type { SearchConfig } from './config.js';

export type Action = { type: string };

/** Actions are plain JSON listed by the game in a fixed key order, so their JSON is their identity. */
export const keyOf = (action: unknown): string => JSON.stringify(action);

/** Weight of the place in a reward unless a search sets its own; the rest rewards the score margin. */
const PLACE_WEIGHT = 0.75;

/**
 * Rewards in [0, 1] per seat from final (or estimated) scores. The place matters most (1 for first,
 * 0 for last; tied seats share the better place), and the margin to the best other
 * seat, scaled by the largest score and squashed, breaks ties between equal places, so a simulation
 * that wins by more or loses by less is preferred. Rank only gives flat rewards in long games where
 * most simulations end the same way; margin only would trade a win for a bigger score. A search
 * whose estimate is already graded (`SearchConfig.placeWeight`) weighs the place less or not at all.
 */
export function rewards(scores: readonly number[], placeWeight = PLACE_WEIGHT): number[] {
  const n = scores.length;
  const scale = Math.max(1, ...scores.map(Math.abs));
  return scores.map((mine, seat) => {
    const better = scores.filter((s) => s > mine).length;
    const place = n === 1 ? 1 : (n - 1 - better) / (n - 1);
    const best = Math.max(...scores.filter((_, o) => o !== seat));
    const margin = 0.5 + 0.5 * Math.tanh((2 * (mine - best)) / scale);
    return placeWeight * place + (1 - placeWeight) * margin;
  });
}

export interface Simulator {
  /** Legal actions worth searching (the game's `searchActions`, else all). */
  worth(state: unknown, seat: Seat, legal: Action[]): Action[];
  /** Plays up to `depth` actions (unset: to the end) with the rollout policy. */
  simulate(state: unknown, depth: number | undefined, rng: Rng): unknown;
  /** Every seat's reward for a finished or estimated state. */
  score(state: unknown): number[];
}

export function simulator(game: AnyGame, config: SearchConfig): Simulator {
  const { determinize, estimate } = game;
  if (!determinize || !estimate) throw new Error(`${game.id} cannot be searched: it has no determinize or estimate`);
  const policy = (state: unknown, seat: Seat, legal: readonly Action[], rng: Rng): Action =>
    config.rollout === 'greedy' ? game.bot({ seat, view: game.view(state, seat), legal, rng }) : rng.pick(legal);
  return {
    worth: (state, seat, legal) => game.searchActions?.(state, seat, legal) ?? legal,
    simulate(state, depth, rng) {
      for (let d = 0; d < (depth ?? Infinity); d++) {
        const due = game.toAct(state);
        if (due.length === 0) break;
        const s = due[0]!;
        state = game.apply(state, s, policy(state, s, game.legalActions(state, s), rng)).state;
      }
      return state;
    },
    score: (state) => rewards(game.outcome(state)?.scores ?? estimate(state), config.placeWeight),
  };
}

/**
 * The root actions to search, at most `limit`: the game's own bot's choice first, then the others
 * ranked by how `estimate` rates the state right after them in `worlds` (summed margin to the best
 * other seat). A cheap prior like this lets a budget of tens of simulations per move tell the few
 * plausible moves apart instead of sampling each of dozens once; the greedy choice stays in, so
 * the search can only refine the base policy.
 */
export function rootCandidates(
  game: AnyGame,
  seat: Seat,
  actions: readonly Action[],
  first: Action,
  worlds: readonly unknown[],
  limit: number | undefined,
): Action[] {
  const firstKey = keyOf(first);
  const rest = actions.filter((a) => keyOf(a) !== firstKey);
  const head = actions.length === rest.length ? [] : [first];
  if (limit === undefined || actions.length <= limit) return [...head, ...rest];
  const rated = rest.map((a) => {
    let value = 0;
    for (const w of worlds) {
      const scores = game.estimate!(game.apply(w, seat, a).state);
      value += scores[seat]! - Math.max(...scores.filter((_, o) => o !== seat));
    }
    return { a, value };
  });
  rated.sort((x, y) => y.value - x.value);
  return [...head, ...rated.slice(0, limit - head.length).map((r) => r.a)];
}
