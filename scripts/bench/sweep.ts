/**
 * The sweep part of `npm run bench sweep`: 10,000 timed games fall due at once and one dispatch
 * hands them to the in-process deadline queue (8 batches at a time), as `npm start` does; in AWS
 * the same batches go to SQS and Lambda scales the workers with the backlog. Reports how many
 * deadlines were handled, the wall time and the lag (from the minute's tick to the last deadline
 * handled), median of three runs, on the in-memory stores. Then, on dynalite, how many Query
 * calls the dispatcher's read of 10,000 due entries takes (entries written directly through the
 * store port: making 10,000 real games on dynalite would take minutes and measure nothing more).
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { createRegistry } from '../../engine/core/index.js';
import { fixtureGames } from '../../engine/fixtures/index.js';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { createServices } from '../../functions/service/index.js';
import { sure } from '../../functions/service/refusal.js';
import { Sweeper } from '../../functions/service/sweeper.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { memoryStores } from '../../functions/store/memory/index.js';
import { TimeTable } from '../../functions/store/time-table.js';
import { traceCalls } from '../../functions/store/trace.js';
import { median } from './stats.js';

const DUE = Number(process.env.BENCH_SWEEP_DUE ?? 10_000);
const RUNS = 3;
const PLAYERS = 100;
const MINUTE = 60_000;

let clock = Date.parse('2026-11-29T06:00:00.000Z');
const services = createServices(memoryStores(), createRegistry(fixtureGames), () => new Date(clock));
const made = performance.now();
const players = await Promise.all(
  Array.from({ length: PLAYERS }, async (_, i) => sure(await services.players.create({ name: `Sweep ${i}` })).player),
);
// A person against a bot, a minute a move: the person's deadline is the one that falls due.
for (let i = 0; i < DUE; i++)
  sure(
    await services.games.create(players[i % PLAYERS]!, {
      game: 'high-card',
      players: 2,
      bots: 1,
      options: { rounds: RUNS },
      timeControl: { perMove: 'PT1M', onTimeout: 'bot', reminderAt: 0.8 },
    }),
  );
const makeMs = performance.now() - made;

const runs: { handled: number; failed: number; readMs: number; wallMs: number; lagMs: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  // The next minute's tick: every person's deadline (a minute after the last move) has passed.
  clock += 2 * MINUTE;
  let readMs = 0;
  const tick = performance.now();
  const report = await new Sweeper({
    times: {
      dueGames: async (now) => {
        const due = await services.times.dueGames(now);
        readMs = performance.now() - tick;
        return due;
      },
    },
    timing: services.timing,
    now: services.now,
  }).dispatch();
  const wallMs = performance.now() - tick;
  // The in-process queue resolves once the last batch is done: the lag from the tick is the wall time.
  runs.push({ handled: report.timeouts, failed: report.failed, readMs, wallMs, lagMs: wallMs });
  console.log(
    `sweep run ${run + 1}: ${report.games} due, ${report.timeouts} timed out, ${report.failed} failed, ` +
      `${report.batches} batches; read ${readMs.toFixed(0)} ms, last handled ${wallMs.toFixed(0)} ms after the tick`,
  );
}
await services.settled();

/** The dispatcher's read on dynalite: Query calls (pages) for DUE entries due at once. */
async function dynaliteRead(): Promise<{ due: number; found: number; queries: number; ms: number }> {
  const store = await startEmbeddedStore();
  try {
    const client = store.client();
    const tableName = `bench-sweep-${randomUUID().slice(0, 8)}`;
    await ensureTable(client, tableName);
    const times = new TimeTable(client, tableName);
    const ids = Array.from({ length: DUE }, (_, i) => `sweep-${i}`);
    // Spread over the minute before, a millisecond apart, as deadlines fall: dynalite (not DynamoDB)
    // loses an index entry among thousands with one and the same due time.
    const at = (i: number) => new Date(Date.parse('2026-11-29T06:00:00.000Z') + i).toISOString();
    for (let i = 0; i < ids.length; i += 50)
      await Promise.all(ids.slice(i, i + 50).map((id, j) => times.setDue(id, at(i + j), 1, 'exact')));
    let queries = 0;
    traceCalls(client, (call) => {
      if (call.command === 'QueryCommand') queries++;
    });
    const started = performance.now();
    const found = (await times.dueGames(new Date('2026-11-29T06:01:00.000Z'))).length;
    return { due: DUE, found, queries, ms: performance.now() - started };
  } finally {
    await store.close();
  }
}
const dynalite = await dynaliteRead();

const results = {
  due: DUE,
  makeGamesMs: makeMs,
  handled: median(runs.map((r) => r.handled)),
  failed: median(runs.map((r) => r.failed)),
  readMs: median(runs.map((r) => r.readMs)),
  wallMs: median(runs.map((r) => r.wallMs)),
  lagMs: median(runs.map((r) => r.lagMs)),
  runs,
  dynaliteRead: dynalite,
  /** SendMessageBatch calls a dispatch of DUE games makes: ten batches of 25 a call. */
  sendCalls: Math.ceil(Math.ceil(DUE / 25) / 10),
};
console.log(
  `sweep: ${DUE} due at once (games made in ${(makeMs / 1000).toFixed(1)} s), median of ${RUNS}: ${results.handled} handled, ` +
    `${results.failed} failed, read ${results.readMs.toFixed(0)} ms, last deadline handled ${results.lagMs.toFixed(0)} ms after the tick ` +
    `(in-process queue, 8 batches at a time); dynalite: ${dynalite.found} of ${dynalite.due} due read in ${dynalite.queries} Query calls, ` +
    `${dynalite.ms.toFixed(0)} ms; SQS: ${results.sendCalls} SendMessageBatch calls`,
);

export { results };
