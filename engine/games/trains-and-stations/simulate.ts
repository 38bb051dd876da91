/**
 * Bot simulations on the default board (the checks the reconstructed board data was designed against): game length in rounds, scores,
 * deliveries per route, upgrades, speculations, tasks, and greedy-vs-random win rates.
 * Run: npx tsx engine/games/trains-and-stations/simulate.ts [games per setting] [--greedy-only]
 */
import { playout, randomBot, type BotFn } from '../../core/index.js';
import { defaultBoard } from './board.js';
import { trainsAndStations } from './index.js';
import { finalScores } from './scoring.js';
import type { TsAction } from './actions.js';
import type { TsState } from './state.js';
import type { TsView } from './view.js';

const game = trainsAndStations;
const MAX_ACTIONS = 3_000;

/**
 * Uniformly random, except that it recalls only when it has no die left to roll: a uniformly random
 * player recalls at almost every chance, so routes never fill and games against it rarely end.
 */
export const patientRandomBot: BotFn = (input) => {
  const legal = input.legal as readonly TsAction[];
  const rolls = legal.filter((a) => a.type !== 'recall');
  const stuck =
    legal.some((a) => a.type === 'roll' && a.bonus === 0) &&
    (input.view as TsView).players[input.seat]?.diceInPool === 0;
  return stuck || rolls.length === 0 ? input.rng.pick(legal) : input.rng.pick(rolls);
};

export interface GameStats {
  players: number;
  rounds: number;
  scores: number[];
  winners: number[];
  deliveries: number;
  upgrades: number;
  speculations: number;
  tasks: number;
  strikes: number;
  recalls: number;
  routes: Record<string, number>;
  /** Ended by the VP supply (TS-10.4), not by the round limit (RP-TS-1) or the action cap. */
  finished: boolean;
}

export function simulate(seed: string, players: number, bots: readonly BotFn[]): GameStats {
  const run = playout(game, seed, players, {}, bots, MAX_ACTIONS);
  const s = run.state as TsState;
  // A game stopped by the action cap is scored as if it ended now, to say who leads there.
  const out = game.outcome(s) ?? finalScores(defaultBoard, s);
  return {
    players,
    rounds: Math.ceil(s.turn / players),
    scores: out.scores,
    winners: out.ranking.flatMap((r, seat) => (r === 1 ? [seat] : [])),
    deliveries: s.stats.deliveries,
    upgrades: s.stats.upgrades,
    speculations: s.stats.speculations,
    tasks: s.stats.tasks,
    strikes: s.stats.strikes,
    recalls: s.stats.recalls,
    routes: s.stats.routeDeliveries,
    finished: run.finished && s.endTriggered,
  };
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const f1 = (x: number) => x.toFixed(1);

function report(label: string, games: readonly GameStats[]): string[] {
  const spread = games.map((g) => Math.max(...g.scores) - Math.min(...g.scores));
  const routes: Record<string, number> = {};
  for (const g of games) for (const [r, n] of Object.entries(g.routes)) routes[r] = (routes[r] ?? 0) + n;
  const total = Object.values(routes).reduce((a, n) => a + n, 0);
  const top = Object.entries(routes)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([r, n]) => `${r} ${f1((100 * n) / total)}%`);
  const y = ['R01', 'R04', 'R13', 'R16', 'R19'].reduce((a, r) => a + (routes[r] ?? 0), 0);
  const never = defaultBoard.routes.filter((r) => !routes[r.id]).map((r) => r.id);
  return [
    `${label}: ${games.length} games, not ended by the VP supply ${games.filter((g) => !g.finished).length}`,
    `  rounds median ${quantile(
      games.map((g) => g.rounds),
      0.5,
    )} (p10 ${quantile(
      games.map((g) => g.rounds),
      0.1,
    )}, p90 ${quantile(
      games.map((g) => g.rounds),
      0.9,
    )})`,
    `  score mean ${f1(mean(games.flatMap((g) => g.scores)))}, winner-loser spread median ${quantile(spread, 0.5)}`,
    `  per game: deliveries ${f1(mean(games.map((g) => g.deliveries)))}, upgrades ${f1(mean(games.map((g) => g.upgrades)))}, speculations ${f1(mean(games.map((g) => g.speculations)))}, tasks revealed ${f1(mean(games.map((g) => g.tasks)))}, strikes ${f1(mean(games.map((g) => g.strikes)))}, recalls ${f1(mean(games.map((g) => g.recalls)))}`,
    `  routes: top ${top.join(', ')}; Y routes ${f1((100 * y) / Math.max(1, total))}% of deliveries; never delivered: ${never.join(' ') || 'none'}`,
  ];
}

export function main(n: number, vsRandom = true): string[] {
  const lines: string[] = [];
  for (const players of [3, 4, 5]) {
    const greedy = Array.from({ length: n }, (_, i) =>
      simulate(
        `sim-${players}-${i}`,
        players,
        Array.from({ length: players }, () => game.bot),
      ),
    );
    lines.push(...report(`${players}p greedy`, greedy));
  }
  for (const players of vsRandom ? [3, 4, 5] : []) {
    for (const [name, random] of [
      ['random', randomBot as BotFn],
      ['patient random', patientRandomBot],
    ] as const) {
      // One greedy seat, rotated, against random bots; ties count as a win for each tied seat.
      const games = Array.from({ length: n }, (_, i) => {
        const seat = i % players;
        const bots = Array.from({ length: players }, (_, p) => (p === seat ? game.bot : random));
        return { seat, g: simulate(`vs-${players}-${i}`, players, bots) };
      });
      const done = games.filter(({ g }) => g.finished);
      const wins = done.filter(({ seat, g }) => g.winners.includes(seat)).length;
      const leads = games.filter(({ seat, g }) => !g.finished && g.winners.includes(seat)).length;
      // The reverse: one random seat among greedy ones; these games end, so win rates are exact.
      const reverse = Array.from({ length: n }, (_, i) => {
        const seat = i % players;
        const bots = Array.from({ length: players }, (_, p) => (p === seat ? random : game.bot));
        return { seat, g: simulate(`rv-${players}-${i}`, players, bots) };
      });
      const randomWins = reverse.filter(({ seat, g }) => g.finished && g.winners.includes(seat)).length;
      lines.push(
        `${players}p 1 ${name} vs ${players - 1} greedy: finished ${reverse.filter(({ g }) => g.finished).length}/${n}, the random seat won ${randomWins} (fair share ${f1(100 / players)}%), rounds median ${quantile(
          reverse.map(({ g }) => g.rounds),
          0.5,
        )}`,
      );
      lines.push(
        `${players}p 1 greedy vs ${players - 1} ${name}: finished ${done.length}/${n}, greedy won ${wins} of them (fair share ${f1(100 / players)}%), rounds median ${quantile(
          done.map(({ g }) => g.rounds),
          0.5,
        )}; not ended by the VP supply (round limit RP-TS-1 or ${MAX_ACTIONS} actions): greedy leads in ${leads}/${n - done.length}`,
      );
    }
  }
  return lines;
}

if (process.argv[1]?.endsWith('simulate.ts'))
  console.log(main(Number(process.argv[2] ?? 200), !process.argv.includes('--greedy-only')).join('\n'));
