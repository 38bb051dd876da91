/**
 * The API part of `npm run bench`: the local round trip of a move over real HTTP against the embedded store,
 * and the DynamoDB calls each request makes. Figures are medians over several runs; the machines
 * are noisy, so compare ratios, not single numbers.
 */
import { performance } from 'node:perf_hooks';
import { ApiClient } from '../support/api-client.js';
import { startTestServer } from '../support/test-server.js';
import { median, percentile } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GAMES_PER_RUN = Number(process.env.BENCH_GAMES ?? 8);

const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand']);
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand']);

interface RunResult {
  moveMs: number[];
  viewMs: number[];
  moveCalls: { reads: number; writes: number }[];
  viewCalls: { reads: number; writes: number }[];
}

async function run(): Promise<RunResult> {
  let calls: string[] = [];
  const server = await startTestServer({ onDbCall: (c) => calls.push(c.command) });
  const count = () => {
    const out = { reads: calls.filter((c) => READS.has(c)).length, writes: calls.filter((c) => WRITES.has(c)).length };
    calls = [];
    return out;
  };
  const result: RunResult = { moveMs: [], viewMs: [], moveCalls: [], viewCalls: [] };
  try {
    const api = new ApiClient(server.url);
    const anna = await api.newPlayer('Anna');
    const ben = await api.newPlayer('Ben');
    const seats = [anna, ben];
    for (let g = 0; g < GAMES_PER_RUN; g++) {
      const { body: game } = await anna.post('/v1/games', {
        game: 'high-card',
        players: 2,
        options: { rounds: 5, handSize: 5 },
      });
      await ben.post(`/v1/games/${game.id}/join`, { inviteCode: game.inviteCode });
      let toAct: number[] = [0];
      while (toAct.length > 0) {
        const me = seats[toAct[0]!]!;
        count();
        let t = performance.now();
        const view = await me.get(`/v1/games/${game.id}/view`);
        result.viewMs.push(performance.now() - t);
        result.viewCalls.push(count());
        t = performance.now();
        const posted = await me.post(`/v1/games/${game.id}/actions`, {
          action: view.body.legalActions[0],
          expectedVersion: view.body.version,
        });
        result.moveMs.push(performance.now() - t);
        result.moveCalls.push(count());
        if (posted.status !== 200) throw new Error(`move rejected: ${posted.status} ${posted.text}`);
        toAct = posted.body.toAct;
      }
    }
  } finally {
    await server.close();
  }
  return result;
}

const runs: RunResult[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await run();
  runs.push(r);
  console.log(
    `run ${i + 1}: ${r.moveMs.length} moves, move median ${median(r.moveMs).toFixed(2)} ms, view median ${median(r.viewMs).toFixed(2)} ms`,
  );
}

const all = (pick: (r: RunResult) => number[]) => runs.flatMap(pick);
const perRunMedian = (pick: (r: RunResult) => number[]) => runs.map((r) => median(pick(r)));
const callsSummary = (xs: { reads: number; writes: number }[]) =>
  `${median(xs.map((x) => x.reads))} reads + ${median(xs.map((x) => x.writes))} writes (median), max ${Math.max(...xs.map((x) => x.reads))} + ${Math.max(...xs.map((x) => x.writes))}`;

console.log('');
console.log(`local round trip over HTTP, embedded store (dynalite in memory), ${RUNS} runs x ${GAMES_PER_RUN} games`);
console.log(
  `  POST action: median of run medians ${median(perRunMedian((r) => r.moveMs)).toFixed(2)} ms (run medians ${perRunMedian(
    (r) => r.moveMs,
  )
    .map((x) => x.toFixed(2))
    .join(', ')}), p95 ${percentile(
    all((r) => r.moveMs),
    0.95,
  ).toFixed(2)} ms`,
);
console.log(
  `  GET view:    median of run medians ${median(perRunMedian((r) => r.viewMs)).toFixed(2)} ms, p95 ${percentile(
    all((r) => r.viewMs),
    0.95,
  ).toFixed(2)} ms`,
);
console.log(
  'DynamoDB calls per request (auth and the in-process notifier included; the store part counts the request path alone)',
);
console.log(`  POST action: ${callsSummary(runs.flatMap((r) => r.moveCalls))}`);
console.log(`  GET view:    ${callsSummary(runs.flatMap((r) => r.viewCalls))}`);

export const results = {
  runs: RUNS,
  gamesPerRun: GAMES_PER_RUN,
  moveMs: {
    median: median(perRunMedian((r) => r.moveMs)),
    p95: percentile(
      all((r) => r.moveMs),
      0.95,
    ),
    runMedians: perRunMedian((r) => r.moveMs),
  },
  viewMs: {
    median: median(perRunMedian((r) => r.viewMs)),
    p95: percentile(
      all((r) => r.viewMs),
      0.95,
    ),
  },
};
