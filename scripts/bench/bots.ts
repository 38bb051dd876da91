/**
 * The bot ladder (`npm run bench bots`): per game and player count, games between two
 * levels, one seat of the first and the rest of the second, the first's seat rotated, seeds fixed.
 * It reports each pairing's win rate (place 1, shared places included) with a Wilson 95% interval,
 * the time per searched move, and an Elo-style rating per level and game, fitted (Bradley–Terry) to
 * every pair of seats in every game: the better place scores 1, equal places ½. Easy is 1000.
 *
 * Per pairing it also counts the actions each side took per seat and game, and prints the rare
 * ones (under RARE per game: in Ticket to Ride stations built, tunnels paid or withdrawn, tickets
 * drawn), which show how a level plays rather than only whether it wins.
 *
 * BENCH_BOT_GAMES sets the games per pairing and player count (default 6); BENCH_BOT_BUDGET scales
 * the search levels' iteration budgets (default 1); BENCH_BOT_GAMES_ONLY takes game ids, comma-separated.
 * Search moves run with the levels' wall-clock caps, unless BENCH_BOT_CLOCK=off: then the iteration
 * budgets alone bound them, as in the tests, so that a machine busy with other work measures the
 * levels' strength rather than how much CPU it could spare (the CPU time per move shows whether
 * the budget fits the cap).
 */
import { performance } from 'node:perf_hooks';
import {
  BOT_LEVELS,
  botFor,
  levelConfig,
  playout,
  SEARCH_LEVELS,
  searchable,
  type AnyGame,
  type BotLevel,
} from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { elo, wilson } from './stats.js';

const GAMES = Number(process.env.BENCH_BOT_GAMES ?? 6);
const BUDGET = Number(process.env.BENCH_BOT_BUDGET ?? 1);
const ONLY = process.env.BENCH_BOT_GAMES_ONLY?.split(',');
const CLOCK = process.env.BENCH_BOT_CLOCK !== 'off';
const PLAYERS = process.env.BENCH_BOT_PLAYERS?.split(',').map(Number);
const countsOf = (game: AnyGame) =>
  [...new Set([game.minPlayers, Math.min(4, game.maxPlayers), game.maxPlayers])].filter(
    (n) => !PLAYERS || PLAYERS.includes(n),
  );
const ALL_PAIRS: [BotLevel, BotLevel][] = [
  ['hard', 'easy'],
  ['medium', 'easy'],
  ['hard', 'medium'],
];
const PAIRS = ALL_PAIRS.filter(
  ([a, b]) => !process.env.BENCH_BOT_PAIRS || process.env.BENCH_BOT_PAIRS.split(',').includes(`${a}-${b}`),
);

interface Pairing {
  game: string;
  players: number;
  level: BotLevel;
  against: BotLevel;
  games: number;
  wins: number;
  winRate: number;
  ci95: [number, number];
  /** Expected for equal bots: one in `players`. */
  fairShare: number;
  msPerSearchMove: number | null;
  /** CPU time of the same moves: on a machine shared with other work, what the budget itself costs. */
  cpuMsPerSearchMove: number | null;
  /** Actions by type per seat and game: the level's seat, and the other seats'. */
  actionsPerGame: { level: Record<string, number>; against: Record<string, number> };
  /**
   * The level's seat against each other seat, summed over the games: how many such pairs and
   * the level's score in them (better place 1, equal ½). A Bradley–Terry fit needs nothing else,
   * so the ratings can be fitted again from the rows of several runs (ladder-merge.ts).
   */
  pairs: number;
  pairScore: number;
}

/** Action types taken fewer times than this per seat and game are printed under a pairing. */
const RARE = 5;

/** Counts of action types per seat and game. */
function perGame(counts: Map<string, number>, seatGames: number): Record<string, number> {
  return Object.fromEntries(
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, n]) => [type, Math.round((100 * n) / seatGames) / 100]),
  );
}

export const results: {
  settings: Record<string, unknown>;
  pairings: Pairing[];
  ratings: { game: string; elo: Record<string, number> }[];
  unsearchable: string[];
} = {
  settings: {
    gamesPerPairing: GAMES,
    budgetScale: BUDGET,
    clockCaps: CLOCK,
    players: PLAYERS ?? 'all',
    games: ONLY ?? 'all',
    levels: SEARCH_LEVELS,
    gameLevels: Object.fromEntries(catalogGames.flatMap((g) => (g.searchLevels ? [[g.id, g.searchLevels]] : []))),
  },
  pairings: [],
  ratings: [],
  unsearchable: [],
};

console.log(
  `bots: ${GAMES} games per pairing and player count, search budgets × ${BUDGET}, clock caps ${CLOCK ? 'on' : 'off'}`,
);
console.log(
  'game                      N  level   vs      wins/games  win rate  95% CI         fair  ms/search move (CPU)',
);
for (const game of catalogGames.filter((g) => !ONLY || ONLY.includes(g.id))) {
  if (!searchable(game)) {
    results.unsearchable.push(game.id);
    console.log(`${game.id.padEnd(25)} -  no determinize yet: every level plays greedy`);
    continue;
  }
  const duels: { a: string; b: string; score: number }[] = [];
  for (const players of countsOf(game))
    for (const [level, against] of PAIRS) {
      let ms = 0;
      let cpuMs = 0;
      let moves = 0;
      const timed = (l: BotLevel): AnyGame['bot'] => {
        const budget =
          l === 'easy' ? {} : { iterations: Math.max(1, Math.round(levelConfig(game, l).iterations * BUDGET)) };
        const bot = botFor(game, l, CLOCK ? () => performance.now() : undefined, budget);
        if (l !== level || l === 'easy') return bot;
        return (input) => {
          const t = performance.now();
          const cpu = process.cpuUsage();
          const a = bot(input);
          if (input.legal.length > 1) {
            const used = process.cpuUsage(cpu);
            ms += performance.now() - t;
            cpuMs += (used.user + used.system) / 1000;
            moves++;
          }
          return a;
        };
      };
      let wins = 0;
      const pairsBefore = duels.length;
      const mine = new Map<string, number>();
      const theirs = new Map<string, number>();
      for (let g = 0; g < GAMES; g++) {
        const focal = g % players;
        const bots = Array.from({ length: players }, (_, s) => timed(s === focal ? level : against));
        const r = playout(game, `ladder-${game.id}-${players}-${g}`, players, {}, bots, 5000);
        const ranking = game.outcome(r.state)?.ranking;
        if (!ranking) throw new Error(`${game.id} with ${players} players did not finish`);
        if (ranking[focal] === 1) wins++;
        for (const { seat, action } of r.actions) {
          const tally = seat === focal ? mine : theirs;
          tally.set(action.type, (tally.get(action.type) ?? 0) + 1);
        }
        for (let o = 0; o < players; o++)
          if (o !== focal)
            duels.push({
              a: level,
              b: against,
              score: ranking[focal]! < ranking[o]! ? 1 : ranking[focal] === ranking[o] ? 0.5 : 0,
            });
      }
      const ci95 = wilson(wins, GAMES);
      const row: Pairing = {
        game: game.id,
        players,
        level,
        against,
        games: GAMES,
        wins,
        winRate: wins / GAMES,
        ci95,
        fairShare: 1 / players,
        msPerSearchMove: moves ? ms / moves : null,
        cpuMsPerSearchMove: moves ? cpuMs / moves : null,
        actionsPerGame: { level: perGame(mine, GAMES), against: perGame(theirs, GAMES * (players - 1)) },
        pairs: duels.length - pairsBefore,
        pairScore: duels.slice(pairsBefore).reduce((sum, d) => sum + d.score, 0),
      };
      results.pairings.push(row);
      const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
      console.log(
        `${game.id.padEnd(25)} ${players}  ${level.padEnd(7)} ${against.padEnd(7)} ${`${wins}/${GAMES}`.padStart(10)}  ${pct(row.winRate).padStart(8)}  ${`${pct(ci95[0])}–${pct(ci95[1])}`.padEnd(13)}  ${pct(row.fairShare).padStart(4)}  ${row.msPerSearchMove === null ? '-' : `${row.msPerSearchMove.toFixed(0)} (${row.cpuMsPerSearchMove!.toFixed(0)})`}`,
      );
      const { level: ours, against: other } = row.actionsPerGame;
      const rare = Object.keys({ ...ours, ...other }).filter((t) => (ours[t] ?? 0) < RARE && (other[t] ?? 0) < RARE);
      if (rare.length)
        console.log(
          `${''.padEnd(28)}per seat and game: ${rare.map((t) => `${t} ${ours[t] ?? 0} vs ${other[t] ?? 0}`).join(', ')}`,
        );
    }
  // A level that played no game (BENCH_BOT_PAIRS) would get a rating from the prior alone.
  const ratings = elo(
    BOT_LEVELS.filter((l) => l === 'easy' || duels.some((d) => d.a === l || d.b === l)),
    duels,
    'easy',
  );
  results.ratings.push({ game: game.id, elo: ratings });
  console.log(
    `${game.id.padEnd(25)} Elo: ${Object.entries(ratings)
      .map(([l, r]) => `${l} ${r}`)
      .join(', ')}`,
  );
}
