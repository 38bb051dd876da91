/**
 * The moves a search bot weighs in Trains & Stations. A search has tens of short greedy
 * simulations per move (ROLLOUT_DEPTH actions, then the estimate), and a single move changes a 3–5
 * seat game of dice only a little, so each extra candidate costs precision: the search weighs the greedy bot's own
 * move and a few rivals that the greedy ratings (`createRatings`) rate next best, never moves
 * picked only by their place in the list. Searching dozens of train placements alike let noise
 * decide, and the search drifted to the first listed route and stopped building.
 * - Re-rolling: the greedy bot's re-roll or stopping; taking a resolution action instead of stopping
 *   is the same as stopping and taking it next, where it is weighed.
 * - Resolution: a build when one is possible (the greedy bot always builds; which building, where),
 *   else the greedy move, the best-rated train placements and the best way to take coins or end.
 * - Every other decision as listed (a handful of options).
 */
import { Rng, type Seat } from '../../core/index.js';
import type { ActionOf, TsAction } from './actions.js';
import type { Board } from './board.js';
import { createBot, createRatings } from './bot.js';
import type { TsState } from './state.js';
import type { TsView } from './view.js';

/** Builds weighed: the building types and cities the greedy rating likes best. */
const BUILDS = 3;
/** Train placements weighed besides the greedy move. */
const PLACES = 2;
/** Ways to end the resolution weighed when the greedy bot ends it. */
const ENDINGS = 2;
/**
 * The greedy bot's rng only breaks exact ties between placements; a fixed one keeps the list a
 * function of the state. The search still puts the greedy bot's actual move first whenever listed.
 */
const TIE_RNG = [0x7a5, 0x3b1, 0x9e3, 0x1] as const;

type Of<T extends TsAction['type']> = ActionOf<T>;
const ofType = <T extends TsAction['type']>(legal: readonly TsAction[], type: T) =>
  legal.filter((a): a is Of<T> => a.type === type);

/** Keeps the first of each group of actions with the same key. */
function unique<T extends TsAction>(actions: readonly T[], key: (a: TsAction) => string): T[] {
  const seen = new Set<string>();
  return actions.filter((a) => {
    const k = key(a);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const top = <T>(items: readonly T[], n: number, score: (x: T) => number): T[] =>
  items
    .map((x) => ({ x, v: score(x) }))
    .sort((p, q) => q.v - p.v)
    .slice(0, n)
    .map((p) => p.x);

export function createSearchActions(b: Board, view: (s: TsState, seat: Seat) => TsView) {
  const bot = createBot(b);
  const { placeScore, cityValue } = createRatings(b);

  return function searchActions(s: TsState, seat: Seat, legal: TsAction[]): TsAction[] {
    const kind = s.pending.kind;
    if (kind !== 'rolling' && kind !== 'resolve') return legal;
    const v = view(s, seat);
    const greedy = bot({ seat, view: v, legal, rng: new Rng(TIE_RNG) });
    const ownDice = (dice: readonly number[]) => dice.filter((id) => v.dice[id]?.owner !== null).length;
    // Alike to the ratings, and nearly so in play: the spaces of one route for a die of one kind
    // (own or white), and the dice paying for one building in one city.
    const key = (a: TsAction) =>
      a.type === 'place_train'
        ? `place ${b.spaces.get(a.space)?.route} ${ownDice([a.die])}`
        : a.type === 'build'
          ? `build ${a.building} ${a.city}`
          : JSON.stringify(a);
    if (kind === 'rolling') return unique([greedy, ...legal.filter((a) => a.type === 'stop_rolling')], key);
    const builds = ofType(legal, 'build');
    if (builds.length > 0) {
      // The greedy bot spends as few own dice as it can; so does each build weighed.
      const cheapest = [...builds].sort((x, y) => ownDice(x.dice) - ownDice(y.dice));
      return unique([greedy, ...top(unique(cheapest, key), BUILDS, (a) => cityValue(v, a.city, seat))], key);
    }
    const places = top(unique(ofType(legal, 'place_train'), key), PLACES + 1, (a) => placeScore(v, a, seat));
    const coins = top(ofType(legal, 'take_coins'), 1, (a) => a.dice.length - 0.1 * ownDice(a.dice));
    const endings =
      greedy.type === 'end_resolution' ? top(ofType(legal, 'end_resolution'), ENDINGS, (a) => a.save.length) : [];
    return unique([greedy, ...places, ...coins, ...endings], key);
  };
}
