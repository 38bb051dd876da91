/**
 * Flat Monte Carlo over a few root actions ("policy improvement by rollouts", Tesauro & Galperin
 * 1996; Bertsekas' rollout algorithm): each candidate is applied in a determinized world and the
 * game is simulated on with the rollout policy, normally the game's own greedy bot for every seat.
 * Picking the action whose simulations score best improves on the base policy whenever the
 * estimates are good enough, which a tree cannot promise at tens of simulations per move, the
 * budget that greedy simulations to a deep horizon allow within a second.
 *
 * Variance is what decides such comparisons in a game with a shuffled deck and hidden tickets, so
 * every candidate is simulated in the same worlds with the same rollout rng (common random
 * numbers): a difference in rewards then comes from the action, not from a luckier deal. The
 * budget is spread by sequential halving (Karnin, Koren & Somekh 2013): each round gives the
 * surviving candidates an equal share of fresh worlds and keeps the better half. A clock that runs
 * out stops it between two simulations; the world then in progress is dropped, and the best
 * candidate so far (the greedy choice if no world was finished) is played.
 */
import type { AnyGame, BotInput } from '../contract.js';
import { Rng, seedRng } from '../rng.js';
import type { Clock, SearchConfig } from './config.js';
import { rootCandidates, simulator, type Action } from './simulate.js';

/** Worlds used to rank root actions by a one-move lookahead before simulating. */
const PRIOR_WORLDS = 2;

export function rolloutSearch(game: AnyGame, config: SearchConfig, clock?: Clock): AnyGame['bot'] {
  const sim = simulator(game, config);
  return (input: BotInput<unknown, Action>) => {
    const { seat, view, legal, rng } = input;
    if (legal.length <= 1) return legal[0]!;
    // Choosing the candidates counts against the cap too: in Streetcar it rates a thousand builds.
    const started = clock?.();
    const options = game.options.parse(input.options ?? {});
    const world = () => game.determinize!(view, seat, rng, options);
    const greedy = game.bot({ seat, view, legal, rng, options });
    const priorWorlds = Array.from({ length: PRIOR_WORLDS }, world);
    let alive = rootCandidates(
      game,
      seat,
      sim.worth(priorWorlds[0], seat, [...legal]),
      greedy,
      priorWorlds,
      config.candidates,
    );
    if (alive.length <= 1) return alive[0] ?? greedy;
    const total = new Map<Action, number>(alive.map((a) => [a, 0]));
    const rounds = Math.ceil(Math.log2(alive.length));
    const late = () => clock !== undefined && config.maxMs !== undefined && clock() - started! >= config.maxMs;
    let spent = 0;
    let stopped = false;
    while (alive.length > 1 && !stopped) {
      const worlds = Math.max(1, Math.floor(config.iterations / (rounds * alive.length)));
      for (let w = 0; w < worlds && !stopped; w++) {
        if (spent > 0 && spent + alive.length > config.iterations) {
          stopped = true;
          break;
        }
        const deal = world();
        const seed = seedRng(String(rng.int(0x4000_0000)));
        const rewards: number[] = [];
        for (const a of alive) {
          // A world counts whole or not at all, so that the surviving candidates always share the same worlds.
          if (spent > 0 && late()) {
            stopped = true;
            break;
          }
          const end = sim.simulate(game.apply(deal, seat, a).state, config.rolloutDepth, new Rng(seed));
          rewards.push(sim.score(end)[seat]!);
          spent++;
        }
        if (rewards.length === alive.length) alive.forEach((a, i) => total.set(a, total.get(a)! + rewards[i]!));
      }
      // Stable sort: among equals the earlier candidate (the greedy choice first) stays ahead.
      alive = [...alive].sort((x, y) => total.get(y)! - total.get(x)!);
      if (!stopped) alive = alive.slice(0, Math.ceil(alive.length / 2));
    }
    return alive[0]!;
  };
}
