/**
 * The comparison part of `npm run bench`: the per-move time of boardgame.io's master against
 * railpost's on the same work, in the same process and run, railpost measured in layers so that
 * each difference has one cause.
 * - boardgame.io 0.50: its Master with credentials, a filtered state built and serialised for every
 *   seat after every move, and storage that keeps JSON (scripts/bench/boardgame-io.ts).
 * - railpost, each move as the API Lambda drives it (authenticate, Play.act, the serialised answer):
 *   - the rules alone: the time inside the engine's calls;
 *   - the service on the in-memory stores (memoryStores()), no SDK: games of its own, as many moves;
 *   - the service with the AWS SDK answered from canned answers: every move played on dynalite,
 *     then again from the same state with each call answered by the bytes dynalite gave
 *     (scripts/bench/canned-dynamodb.ts); and the move's calls sent alone on canned answers, the
 *     SDK's own floor;
 *   - the service on dynalite in this process (functions/local/in-process-store.ts): "raw", and
 *     "net" of dynalite's measured time (the figure this part reported before it had the others).
 * - Both run railpost's rules: tally (the trivial fixture) and Ticket to Ride Europe, boardgame.io
 *   replaying the very games railpost played on dynalite (scripts/bench/compare-round.ts).
 * Each move is timed in CPU time of the process (scripts/bench/cpu.ts) and in wall time. Each run
 * gives a median per layer, their differences and their ratios to boardgame.io; the figures are
 * the medians over runs.
 */
import { loadavg } from 'node:os';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { tally } from '../../engine/fixtures/tally.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { BoardgameIoSide, playGames, playRound, type BgioSample, type Round } from './compare-round.js';
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
  /** The service on the in-memory stores, and its rules (its moves' rules: no emulator's garbage collected inside them). */
  memoryCpuUs: number;
  memoryRulesUs: number;
  /** The service with the SDK on canned answers; of which the SDK; the move's calls alone. */
  cannedCpuUs: number;
  cannedUs: number;
  sdkCannedCpuUs: number;
  sdkAloneCpuUs: number;
  /** On dynalite: the whole move, less dynalite's measured time, dynalite's time, the SDK's. */
  rawCpuUs: number;
  netCpuUs: number;
  rawUs: number;
  dynaliteCpuUs: number;
  sdkCpuUs: number;
  calls: number;
  /** Each railpost layer's CPU time over boardgame.io's; `ratio` (the SDK on canned answers) is the one the target is about. */
  ratio: number;
  memoryRatio: number;
  netRatio: number;
  rawRatio: number;
  wallRatio: number;
  /** The SDK on canned answers, each side less the time in the rules. */
  beyondRulesRatio: number;
}

/** A round's medians, with the in-memory service's moves of the same run. */
function figuresOf(round: Round, memory: MoveSample[]): RunFigures {
  const m = <T>(xs: T[], pick: (x: T) => number) => median(xs.map(pick));
  const replayed = round.railpost.flatMap((s) => (s.canned ? [s.canned] : []));
  const bgioCpuUs = m(round.boardgameIo, (s) => s.cpuUs);
  const cannedCpuUs = m(replayed, (c) => c.cpuUs);
  const memoryCpuUs = m(memory, (s) => s.cpuUs);
  const netCpuUs = m(round.railpost, (s) => s.cpuUs - s.storeCpuUs);
  const rawCpuUs = m(round.railpost, (s) => s.cpuUs);
  const rulesUs = m(memory, (s) => s.engineUs);
  return {
    moves: round.railpost.length,
    bgioCpuUs,
    bgioUs: m(round.boardgameIo, (s) => s.us),
    bgioRulesUs: m(round.boardgameIo, (s) => s.engineUs),
    memoryCpuUs,
    memoryRulesUs: rulesUs,
    cannedCpuUs,
    cannedUs: m(replayed, (c) => c.us),
    sdkCannedCpuUs: m(replayed, (c) => c.sdkCpuUs),
    sdkAloneCpuUs: m(replayed, (c) => c.sdkAloneCpuUs),
    rawCpuUs,
    netCpuUs,
    rawUs: m(round.railpost, (s) => s.us),
    dynaliteCpuUs: m(round.railpost, (s) => s.storeCpuUs),
    sdkCpuUs: m(round.railpost, (s) => s.sdkCpuUs),
    calls: m(round.railpost, (s) => s.calls),
    ratio: cannedCpuUs / bgioCpuUs,
    memoryRatio: memoryCpuUs / bgioCpuUs,
    netRatio: netCpuUs / bgioCpuUs,
    rawRatio: rawCpuUs / bgioCpuUs,
    wallRatio: m(replayed, (c) => c.us) / m(round.boardgameIo, (s) => s.us),
    beyondRulesRatio: (cannedCpuUs - rulesUs) / m(round.boardgameIo, (s: BgioSample) => s.cpuUs - s.engineUs),
  };
}

const railpost = await RailpostService.start(GAMES.map((g) => g.def));
const inMemory = await RailpostService.start(
  GAMES.map((g) => g.def),
  'memory',
);
const sides = GAMES.map((g) => new BoardgameIoSide(g.def));
const rng = new Rng(seedRng('bench-compare'));
const gameOf = (g: (typeof GAMES)[number]) => ({ id: g.def.id, players: g.players, options: g.options });
const memoryMoves = async (g: (typeof GAMES)[number], moves: number) =>
  (await playGames(inMemory, gameOf(g), moves, rng)).flatMap((p) => p.samples);
// A round of each, unmeasured, so that no side is timed while the JIT warms up.
for (const [i, g] of GAMES.entries()) {
  await playRound(railpost, sides[i]!, gameOf(g), 1, rng);
  await memoryMoves(g, 1);
}
const runs: RunFigures[][] = GAMES.map(() => []);
const loadBefore = loadavg()[0]!;
for (let run = 0; run < RUNS; run++) {
  for (const [i, g] of GAMES.entries()) {
    const round = await playRound(railpost, sides[i]!, gameOf(g), MOVES, rng);
    runs[i]!.push(figuresOf(round, await memoryMoves(g, MOVES)));
  }
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
  '  railpost: authenticate + Play.act + JSON answer, on the in-memory stores, the SDK on canned answers, dynalite',
);
console.log('  CPU time of the process; differences and ratios within each run, then the median over runs');
export const results = {
  runs: RUNS,
  movesPerRun: MOVES,
  target: TARGET,
  loadAverage: load,
  games: Object.fromEntries(
    GAMES.map((g, i) => {
      const xs = runs[i]!;
      const f = (pick: (run: RunFigures) => number) => round1(median(xs.map(pick)));
      const ratios = xs.map((run) => round1(run.ratio));
      const figures = {
        moves: f((r) => r.moves),
        boardgameIo: { cpuUs: f((r) => r.bgioCpuUs), wallUs: f((r) => r.bgioUs), rulesUs: f((r) => r.bgioRulesUs) },
        railpost: {
          memoryCpuUs: f((r) => r.memoryCpuUs),
          cannedCpuUs: f((r) => r.cannedCpuUs),
          cannedWallUs: f((r) => r.cannedUs),
          rawCpuUs: f((r) => r.rawCpuUs),
          netCpuUs: f((r) => r.netCpuUs),
          rawWallUs: f((r) => r.rawUs),
          dynaliteCpuUs: f((r) => r.dynaliteCpuUs),
          sdkOnDynaliteCpuUs: f((r) => r.sdkCpuUs),
          sdkCannedCpuUs: f((r) => r.sdkCannedCpuUs),
          sdkAloneCpuUs: f((r) => r.sdkAloneCpuUs),
          dynamoCalls: f((r) => r.calls),
        },
        /** Where railpost's move goes, each layer less the one below it (medians over runs of each run's difference). */
        attribution: {
          rulesUs: f((r) => r.memoryRulesUs),
          serviceUs: f((r) => r.memoryCpuUs - r.memoryRulesUs),
          dynamoStoreCodeUs: f((r) => r.cannedCpuUs - r.memoryCpuUs - r.sdkCannedCpuUs),
          sdkCannedUs: f((r) => r.sdkCannedCpuUs),
          emulatorAndTransportUs: f((r) => r.rawCpuUs - r.cannedCpuUs),
        },
        ratio: f((r) => r.ratio),
        ratioRange: [Math.min(...ratios), Math.max(...ratios)],
        memoryRatio: f((r) => r.memoryRatio),
        netRatio: f((r) => r.netRatio),
        rawRatio: f((r) => r.rawRatio),
        wallRatio: f((r) => r.wallRatio),
        beyondRulesRatio: f((r) => r.beyondRulesRatio),
        targetMet: f((r) => r.ratio) <= TARGET,
      };
      const { boardgameIo: b, railpost: r, attribution: a } = figures;
      console.log(`  ${g.def.id} (${figures.moves} moves a run):`);
      console.log(`    boardgame.io            ${us(b.cpuUs)}, of which rules ${us(b.rulesUs)}`);
      console.log(`    railpost, rules alone   ${us(a.rulesUs)}`);
      console.log(`    service, memory stores  ${us(r.memoryCpuUs)} (${x(figures.memoryRatio)})`);
      console.log(
        `    + SDK, canned answers   ${us(r.cannedCpuUs)} (${x(figures.ratio)}, runs ${figures.ratioRange.map((n) => n.toFixed(1)).join('–')}): ` +
          `SDK ${us(r.sdkCannedCpuUs)} over ${r.dynamoCalls} calls; the calls alone ${us(r.sdkAloneCpuUs)}`,
      );
      console.log(
        `    on dynalite             ${us(r.rawCpuUs)} (${x(figures.rawRatio)}); net of dynalite's ${us(r.dynaliteCpuUs)}: ${us(r.netCpuUs)} (${x(figures.netRatio)})`,
      );
      console.log(
        `    attribution: rules ${us(a.rulesUs)}, service ${us(a.serviceUs)}, DynamoDB store code ${us(a.dynamoStoreCodeUs)}, SDK (canned) ${us(a.sdkCannedUs)}, ` +
          `emulator + transport ${us(a.emulatorAndTransportUs)}; target ≤ ${TARGET}x ${figures.targetMet ? 'met' : 'NOT met'}`,
      );
      return [g.def.id, figures];
    }),
  ),
};
