/**
 * The store part of `npm run bench`: does a move cost the same at log length 10 and 1000, and what
 * each operation costs in DynamoDB calls, capacity units and bytes (scripts/bench/store-calls.ts).
 */
import { performance } from 'node:perf_hooks';
import { startLocalServer } from '../../functions/local/server.js';
import { ApiClient, type Player } from '../support/api-client.js';
import { RAISED_LIMITS, testRegistry } from '../support/test-server.js';
import { measureCalls, printCalls } from './store-calls.js';
import { median } from './stats.js';

const LONG_LOG = Number(process.env.BENCH_LONG_LOG ?? 1000);
const WINDOW = 50;

const server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 0, notify: false });

/** Plays `moves` moves of a tally game; returns each move's round trip in ms. */
async function tallyMoves(seats: Player[], moves: number): Promise<number[]> {
  const [first, second] = seats as [Player, Player];
  const created = await first.post('/v1/games', { game: 'tally', players: 2, options: { target: moves + 10 } });
  await second.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode });
  const latency: number[] = [];
  let version = 0;
  for (let seat = 0; version < moves; seat = 1 - seat) {
    const t = performance.now();
    const r = await seats[seat]!.post(`/v1/games/${created.body.id}/actions`, {
      action: { type: 'add', n: 1 },
      expectedVersion: version,
    });
    latency.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`tally move ${version}: ${r.status} ${r.text}`);
    version = r.body.version;
  }
  return latency;
}
const results: Record<string, unknown> = {};
try {
  const api = new ApiClient(server.url);
  const [anna, ben] = [await api.newPlayer('Anna'), await api.newPlayer('Ben')];

  // 1. One long game of the trivial fixture: the round trip of a move early and late in the log
  //    (after a warm-up game, so that the early moves are not the JIT's first).
  await tallyMoves([anna, ben], 300);
  const latency = await tallyMoves([anna, ben], LONG_LOG + WINDOW);
  const early = latency.slice(10, 10 + WINDOW);
  const late = latency.slice(LONG_LOG, LONG_LOG + WINDOW);
  results.logLength = {
    early: median(early),
    late: median(late),
    ratio: median(late) / median(early),
    window: WINDOW,
    longLog: LONG_LOG,
  };
  console.log(
    `store: move round trip at log length ~10: ${median(early).toFixed(2)} ms, at ~${LONG_LOG}: ${median(late).toFixed(2)} ms (medians of ${WINDOW}), ratio ${(median(late) / median(early)).toFixed(2)}`,
  );
} finally {
  await server.close();
}

// 2. Whole Ticket to Ride games: what each operation costs the store.
const calls = await measureCalls();
printCalls(calls);
results.calls = calls;
results.perMove = {
  game: 'ticket-to-ride-europe',
  players: 2,
  move: { rcu: calls.move.readUnitsMean, wcu: calls.move.writeUnitsMean, bytesWritten: calls.move.bytesWritten },
  view: { rcu: calls.view.readUnitsMean },
};

export { results };
