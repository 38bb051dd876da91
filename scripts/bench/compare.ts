/**
 * The comparison part of `npm run bench`: the per-move time of boardgame.io's master against
 * railpost's service on the same work, in the same process and run.
 * - boardgame.io 0.50: its Master with credentials, a filtered state built and serialised for every
 *   seat after every move, and storage that keeps JSON (scripts/bench/boardgame-io.ts).
 * - railpost: authentication, Play.act and the serialised answer, with the real AWS SDK calls
 *   answered by dynalite in this process (functions/local/in-process-store.ts); dynalite's time is
 *   measured per call and subtracted ("net"), since DynamoDB's own time is not the platform's.
 * - Both run railpost's rules: tally (the trivial fixture) and Ticket to Ride Europe, boardgame.io
 *   replaying the very games railpost played (scripts/bench/compare-round.ts).
 * Each move is timed in CPU time of the process (scripts/bench/cpu.ts) and in wall time; the ratio
 * the target is about is CPU. Each run gives a median per side and their ratio; the figures are
 * the medians over runs.
 */
import { loadavg } from 'node:os';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { tally } from '../../engine/fixtures/tally.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { BoardgameIoSide, playRound, type BgioSample, type Round } from './compare-round.js';
import { RailpostService, type MoveSample } from './railpost-service.js';
import { median } from './stats.js';

const RUNS = Number(process.env.BENCH_COMPARE_RUNS ?? 5);
/** Moves per game and run: whole games are played until at least this many. */
const MOVES = Number(process.env.BENCH_COMPARE_MOVES ?? 300);
/** The target: railpost's per-move time at most this many times boardgame.io's. */
const TARGET = 3;

const GAMES = [
  // About 100 moves a game with random adds of 1 or 2; a Ticket to Ride game of two random seats is about 200.
  { def: tally as AnyGame, players: 2, options: { target: 150 } },
  { def: ticketToRideEurope as AnyGame, players: 2, options: {} },
];

interface RunFigures {
  moves: number;
  bgioCpuUs: number;
  bgioUs: number;
  bgioRulesUs: number;
  rawCpuUs: number;
  netCpuUs: number;
  rawUs: number;
  netUs: number;
  storeCpuUs: number;
  sdkCpuUs: number;
  rulesUs: number;
  calls: number;
  /** railpost's net CPU time over boardgame.io's: the figure the target is about. */
  ratio: number;
  wallRatio: number;
  rawRatio: number;
  /** The same, each side less the time in the rules. */
  beyondRulesRatio: number;
}

/** A round's medians. */
function figuresOf(round: Round): RunFigures {
  const m = <T>(xs: T[], pick: (x: T) => number) => median(xs.map(pick));
  const netCpu = (s: MoveSample) => s.cpuUs - s.storeCpuUs;
  const bgioCpuUs = m(round.boardgameIo, (s) => s.cpuUs);
  const bgioUs = m(round.boardgameIo, (s) => s.us);
  const netCpuUs = m(round.railpost, netCpu);
  const netUs = m(round.railpost, (s) => s.us - s.storeUs);
  return {
    moves: round.railpost.length,
    bgioCpuUs,
    bgioUs,
    bgioRulesUs: m(round.boardgameIo, (s) => s.engineUs),
    rawCpuUs: m(round.railpost, (s) => s.cpuUs),
    netCpuUs,
    rawUs: m(round.railpost, (s) => s.us),
    netUs,
    storeCpuUs: m(round.railpost, (s) => s.storeCpuUs),
    sdkCpuUs: m(round.railpost, (s) => s.sdkCpuUs),
    rulesUs: m(round.railpost, (s) => s.engineUs),
    calls: m(round.railpost, (s) => s.calls),
    ratio: netCpuUs / bgioCpuUs,
    wallRatio: netUs / bgioUs,
    rawRatio: m(round.railpost, (s) => s.cpuUs) / bgioCpuUs,
    beyondRulesRatio:
      m(round.railpost, (s) => netCpu(s) - s.engineUs) / m(round.boardgameIo, (s: BgioSample) => s.cpuUs - s.engineUs),
  };
}

const railpost = await RailpostService.start(GAMES.map((g) => g.def));
const sides = GAMES.map((g) => new BoardgameIoSide(g.def));
const rng = new Rng(seedRng('bench-compare'));
// A round of each, unmeasured, so that neither side is timed while the JIT warms up.
const gameOf = (g: (typeof GAMES)[number]) => ({ id: g.def.id, players: g.players, options: g.options });
for (const [i, g] of GAMES.entries()) await playRound(railpost, sides[i]!, gameOf(g), 1, rng);
const runs: RunFigures[][] = GAMES.map(() => []);
const loadBefore = loadavg()[0]!;
for (let run = 0; run < RUNS; run++) {
  for (const [i, g] of GAMES.entries())
    runs[i]!.push(figuresOf(await playRound(railpost, sides[i]!, gameOf(g), MOVES, rng)));
}
// What else the machine was running: wall times stretch with it, CPU times much less.
const load = [loadBefore, loadavg()[0]!].map((l) => Math.round(l * 10) / 10);

const us = (n: number) => `${Math.round(n)} µs`;
const x = (n: number) => `${n.toFixed(1)}x`;
const round1 = (n: number) => Math.round(n * 10) / 10;
console.log(
  `compare: per move, in one process; ${RUNS} runs of at least ${MOVES} moves per game; medians of the runs' medians; load average ${load.join(' → ')}`,
);
console.log('  boardgame.io 0.50 Master: credentials, every seat sent its filtered state as JSON, JSON storage');
console.log(
  "  railpost: authenticate + Play.act + JSON answer; real AWS SDK calls to dynalite in process; net = less dynalite's time",
);
console.log(
  '  CPU time of the process (wall time in brackets: stretched by whatever else the machine runs, a long move more than a short one)',
);
export const results = {
  runs: RUNS,
  movesPerRun: MOVES,
  target: TARGET,
  loadAverage: load,
  games: Object.fromEntries(
    GAMES.map((g, i) => {
      const xs = runs[i]!;
      const f = (key: keyof RunFigures) => round1(median(xs.map((run) => run[key])));
      const ratios = xs.map((run) => round1(run.ratio));
      const figures = {
        moves: f('moves'),
        boardgameIo: { cpuUs: f('bgioCpuUs'), wallUs: f('bgioUs'), rulesUs: f('bgioRulesUs') },
        railpost: {
          rawCpuUs: f('rawCpuUs'),
          netCpuUs: f('netCpuUs'),
          rawWallUs: f('rawUs'),
          netWallUs: f('netUs'),
          dynaliteCpuUs: f('storeCpuUs'),
          sdkCpuUs: f('sdkCpuUs'),
          rulesUs: f('rulesUs'),
          dynamoCalls: f('calls'),
        },
        ratio: f('ratio'),
        ratioRange: [Math.min(...ratios), Math.max(...ratios)],
        wallRatio: f('wallRatio'),
        rawRatio: f('rawRatio'),
        beyondRulesRatio: f('beyondRulesRatio'),
        targetMet: f('ratio') <= TARGET,
      };
      const b = figures.boardgameIo;
      const r = figures.railpost;
      console.log(`  ${g.def.id} (${figures.moves} moves a run):`);
      console.log(`    boardgame.io  ${us(b.cpuUs)} (${us(b.wallUs)}), of which rules ${us(b.rulesUs)}`);
      console.log(
        `    railpost raw  ${us(r.rawCpuUs)} (${us(r.rawWallUs)}), of which dynalite ${us(r.dynaliteCpuUs)} over ${r.dynamoCalls} calls`,
      );
      console.log(
        `    railpost net  ${us(r.netCpuUs)} (${us(r.netWallUs)}): AWS SDK ${us(r.sdkCpuUs)} (${us(r.sdkCpuUs / r.dynamoCalls)} a call), ` +
          `rules ${us(r.rulesUs)}, the service's own ${us(r.netCpuUs - r.sdkCpuUs - r.rulesUs)}`,
      );
      console.log(
        `    ratio ${x(figures.ratio)} (runs ${figures.ratioRange.map((n) => n.toFixed(1)).join('–')}; wall ${x(figures.wallRatio)}; raw ${x(figures.rawRatio)}; ` +
          `beyond the rules ${x(figures.beyondRulesRatio)}): target ≤ ${TARGET}x ${figures.targetMet ? 'met' : 'NOT met'}`,
      );
      return [g.def.id, figures];
    }),
  ),
};
