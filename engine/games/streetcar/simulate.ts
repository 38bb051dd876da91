/**
 * Simulation and timing: greedy-vs-random win rates and game lengths, and the median time of
 * legalActions on late-game boards. Run: npx tsx engine/games/streetcar/simulate.ts [games] [variant flags as JSON]
 */
import { playout, randomBot, type AnyGame, type BotFn } from '../../core/index.js';
import { streetcar } from './index.js';
import { legalActions } from './rules.js';
import type { StreetcarState } from './state.js';

const games = Number(process.argv[2] ?? 40);
const options = JSON.parse(process.argv[3] ?? '{}') as Record<string, unknown>;
const game = streetcar as AnyGame;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

for (const players of [2, 3, 4, 5]) {
  let greedyWins = 0;
  let randomWins = 0;
  let stalemates = 0;
  let unfinished = 0;
  const lengths: number[] = [];
  const late: number[] = [];
  const mid: number[] = [];
  for (let g = 0; g < games; g++) {
    // Seat g % players is greedy, the others random.
    const greedy = g % players;
    const bots: BotFn[] = Array.from(
      { length: players },
      (_, i) => (i === greedy ? streetcar.bot : randomBot) as BotFn,
    );
    const run = playout(game, `sim-${players}-${g}`, players, options, bots, 6000, {
      onStep: (state) => {
        const s = state as StreetcarState;
        const tiles = s.board.filter(Boolean).length;
        const into = tiles >= 90 ? late : tiles >= 60 ? mid : null;
        // Time the big decision: the first build action of a turn with a (nearly) full hand.
        if (
          !into ||
          s.step.kind !== 'build' ||
          s.step.actions > 0 ||
          s.players[s.current]!.hand.length < 4 ||
          into.length > 400
        )
          return;
        const t0 = performance.now();
        legalActions(s, s.current);
        into.push(performance.now() - t0);
      },
    });
    const s = run.state as StreetcarState;
    if (!run.finished) unfinished++;
    else if (s.winner === null) stalemates++;
    else if (s.winner === greedy) greedyWins++;
    else randomWins++;
    lengths.push(run.actions.length);
  }
  console.log(
    `${players}p: greedy won ${greedyWins}/${games} (${((100 * greedyWins) / games).toFixed(0)}%), random seats ${randomWins}, stalemates ${stalemates}, unfinished ${unfinished}; median ${median(lengths)} actions; legalActions median ${median(mid).toFixed(2)} ms (60–89 tiles, max ${Math.max(...mid).toFixed(1)}), ${median(late).toFixed(2)} ms (≥90 tiles, max ${Math.max(...late).toFixed(1)})`,
  );
}
