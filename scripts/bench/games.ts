/**
 * The games part of `npm run bench`: per game and player count, the median time of a whole
 * random game, of one legalActions and one apply call, and the size of the state and a view;
 * then how often the greedy bot beats random bots.
 */
import { performance } from 'node:perf_hooks';
import { playout, randomBot, type AnyGame } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { median, percentile } from './stats.js';

const GAMES = Number(process.env.BENCH_GAMES_PER_COUNT ?? 10);
/**
 * Short games (Vlaky na trati: about 50 calls each) give few samples, and a p99 of a few hundred
 * is one preemption; more games are played until each row has this many apply calls.
 */
const MIN_CALLS = Number(process.env.BENCH_MIN_CALLS ?? 3000);
/** However short the games, a row stops after this many. */
const MAX_GAMES = 200;
const TOURNAMENT = Number(process.env.BENCH_TOURNAMENT ?? 200);
/** The smallest and largest table, and four players where the game allows it. */
const countsOf = (game: AnyGame) =>
  [...new Set([game.minPlayers, Math.min(4, game.maxPlayers), game.maxPlayers])].filter((n) => n >= game.minPlayers);

type Run = ReturnType<typeof timed>;

/**
 * Timed games for one row: first one untimed warm-up game, so the figures are the steady state a
 * search bot sees over thousands of calls; the warm-up's first calls are kept apart
 * as what a fresh process (a cold Lambda) pays once.
 */
function row(
  game: AnyGame,
  players: number,
  bot: AnyGame['bot'],
): { runs: Run[]; firstCall: { legalUs: number; applyUs: number; viewUs: number } } {
  const warm = timed(game, players, `bench-${game.id}-${players}-warm-up`, bot);
  const firstCall = { legalUs: warm.legalUs[0] ?? 0, applyUs: warm.applyUs[0] ?? 0, viewUs: warm.viewUs[0] ?? 0 };
  const runs: Run[] = [];
  for (
    let i = 0;
    warm.finished && i < MAX_GAMES && (i < GAMES || runs.reduce((n, r) => n + r.applyUs.length, 0) < MIN_CALLS);
    i++
  ) {
    const run = timed(game, players, `bench-${game.id}-${players}-${i}`, bot);
    if (!run.finished) return { runs: [], firstCall };
    runs.push(run);
  }
  return { runs, firstCall };
}

function timed(game: AnyGame, players: number, seed: string, bot: AnyGame['bot']) {
  const legalUs: number[] = [];
  const applyUs: number[] = [];
  const viewUs: number[] = [];
  const stateBytes: number[] = [];
  const viewBytes: number[] = [];
  const timedGame: AnyGame = {
    ...game,
    legalActions: (s, seat) => {
      const t = performance.now();
      const out = game.legalActions(s, seat);
      legalUs.push((performance.now() - t) * 1000);
      return out;
    },
    apply: (s, seat, a) => {
      const t = performance.now();
      const out = game.apply(s, seat, a);
      applyUs.push((performance.now() - t) * 1000);
      return out;
    },
  };
  const bots = Array.from({ length: players }, () => bot);
  const start = performance.now();
  const result = playout(timedGame, seed, players, {}, bots, 5000, {
    onStep: (state, seat) => {
      const t = performance.now();
      const view = game.view(state, seat);
      viewUs.push((performance.now() - t) * 1000);
      if (viewUs.length % 25 === 1) {
        stateBytes.push(JSON.stringify(state).length);
        viewBytes.push(JSON.stringify(view).length);
      }
    },
  });
  // The whole-game time includes the view timing above; bots see a view every step anyway.
  return {
    ms: performance.now() - start,
    actions: result.actions.length,
    finished: result.finished,
    legalUs,
    applyUs,
    viewUs,
    stateBytes,
    viewBytes,
  };
}

export const results: { tables: Record<string, unknown>[]; tournaments: Record<string, unknown>[] } = {
  tables: [],
  tournaments: [],
};

console.log(
  `games: at least ${GAMES} random games per game and player count (all seats random bots), and at least ${MIN_CALLS} apply calls, after one untimed warm-up game`,
);
console.log(
  'game                      N  bots   games  game ms  actions  legalActions µs (p99)  apply µs (p99)  view µs (p99)  state bytes  view bytes  first calls µs (legal/apply/view)',
);
for (const game of catalogGames) {
  for (const players of countsOf(game)) {
    // Random play; a game that random play cannot end (Trains & Stations' dice) is timed with its greedy bot.
    let bots = 'random';
    let { runs, firstCall } = row(game, players, randomBot);
    if (!runs.length) {
      bots = 'greedy';
      ({ runs, firstCall } = row(game, players, game.bot));
    }
    if (!runs.length) throw new Error(`${game.id} with ${players} players did not finish`);
    const all = (pick: (r: (typeof runs)[number]) => number[]) => runs.flatMap(pick);
    results.tables.push({
      game: game.id,
      players,
      bots,
      games: runs.length,
      gameMs: median(runs.map((r) => r.ms)),
      actions: median(runs.map((r) => r.actions)),
      firstCallUs: firstCall,
      legalActionsUs: {
        median: median(all((r) => r.legalUs)),
        p99: percentile(
          all((r) => r.legalUs),
          0.99,
        ),
      },
      applyUs: {
        median: median(all((r) => r.applyUs)),
        p99: percentile(
          all((r) => r.applyUs),
          0.99,
        ),
      },
      viewUs: {
        median: median(all((r) => r.viewUs)),
        p99: percentile(
          all((r) => r.viewUs),
          0.99,
        ),
      },
      stateBytes: median(all((r) => r.stateBytes)),
      viewBytes: median(all((r) => r.viewBytes)),
    });
    console.log(
      [
        game.id.padEnd(24),
        String(players).padStart(2),
        bots.padEnd(6),
        String(runs.length).padStart(5),
        median(runs.map((r) => r.ms))
          .toFixed(1)
          .padStart(8),
        String(median(runs.map((r) => r.actions))).padStart(8),
        `${median(all((r) => r.legalUs)).toFixed(1)} (${percentile(
          all((r) => r.legalUs),
          0.99,
        ).toFixed(0)})`.padStart(22),
        `${median(all((r) => r.applyUs)).toFixed(1)} (${percentile(
          all((r) => r.applyUs),
          0.99,
        ).toFixed(0)})`.padStart(15),
        `${median(all((r) => r.viewUs)).toFixed(1)} (${percentile(
          all((r) => r.viewUs),
          0.99,
        ).toFixed(0)})`.padStart(14),
        String(Math.round(median(all((r) => r.stateBytes)))).padStart(12),
        String(Math.round(median(all((r) => r.viewBytes)))).padStart(11),
        `  ${[firstCall.legalUs, firstCall.applyUs, firstCall.viewUs].map((us) => us.toFixed(0)).join('/')}`,
      ].join(' '),
    );
  }
}

console.log('');
/**
 * `lone` plays one seat (rotating) and `rest` the others; how often `lone` comes first. Games that
 * do not end within the playout's limit count as no win.
 */
function tournament(game: AnyGame, players: number, lone: AnyGame['bot'], rest: AnyGame['bot'], games = TOURNAMENT) {
  let wins = 0;
  let shared = 0;
  let unfinished = 0;
  for (let i = 0; i < games; i++) {
    const loneSeat = i % players;
    const bots = Array.from({ length: players }, (_, seat) => (seat === loneSeat ? lone : rest));
    const result = playout(game, `tournament-${game.id}-${i}`, players, {}, bots);
    if (!result.finished) unfinished++;
    const ranking = game.outcome(result.state)?.ranking ?? [];
    if (ranking[loneSeat] === 1) {
      wins++;
      if (ranking.filter((p) => p === 1).length > 1) shared++;
    }
  }
  return { wins, shared, unfinished };
}

console.log(
  `greedy vs random: ${TOURNAMENT} games per game at four players (or the most the game takes), one greedy bot (seat rotating) against random bots`,
);
for (const game of catalogGames) {
  const players = Math.min(4, game.maxPlayers);
  const chance = `${(100 / players).toFixed(0)}% would be chance at ${players} players`;
  // A few games first: random seats may keep a game from ending (Trains & Stations), and 5000 actions each is slow.
  const probeGames = Math.min(10, TOURNAMENT);
  const probe = tournament(game, players, game.bot, randomBot, probeGames);
  if (probe.unfinished <= probeGames / 2) {
    const one = TOURNAMENT === probeGames ? probe : tournament(game, players, game.bot, randomBot);
    results.tournaments.push({
      game: game.id,
      players,
      games: TOURNAMENT,
      greedyWins: one.wins,
      shared: one.shared,
      unfinished: one.unfinished,
    });
    console.log(
      `  ${game.id}: greedy wins ${one.wins}/${TOURNAMENT} (${((100 * one.wins) / TOURNAMENT).toFixed(1)}%, ${one.shared} shared; ${chance})${one.unfinished ? `; ${one.unfinished} not over after 5000 actions` : ''}`,
    );
    continue;
  }
  // Random seats keep such a game from ending (Trains & Stations): put one random seat among greedy ones instead.
  const inverse = tournament(game, players, randomBot, game.bot);
  results.tournaments.push({
    game: game.id,
    players,
    games: TOURNAMENT,
    randomAmongGreedyWins: inverse.wins,
    unfinished: inverse.unfinished,
  });
  console.log(
    `  ${game.id}: random play rarely lets it end (${probe.unfinished}/${probeGames} unfinished); one random seat among greedy bots wins ${inverse.wins}/${TOURNAMENT} (${chance})`,
  );
}
