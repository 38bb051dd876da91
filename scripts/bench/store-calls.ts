/**
 * DynamoDB calls, capacity units and bytes per operation, traced on the local store
 * (functions/store/trace.ts) while whole Ticket to Ride games are played over HTTP the way the web
 * client plays them (an Idempotency-Key on every move): a move between people, a move that sets
 * off bot moves, a retried key, a view, the game summary, a poll of the log, the list of one's
 * games, the notifier's work per game and message, the sweeper's run (once a minute in AWS), and
 * a view held with waitForVersion while nothing moves (what an open web-client page costs: the
 * figures are per second of hold).
 *
 * Besides store calls, each operation has its request's wall time here (median ms: the local
 * server over loopback HTTP, dynalite answering in process) and its answer's body size, which the
 * cost model turns into Lambda duration and data transfer.
 *
 * `npx tsx scripts/bench/store-calls.ts` prints the table alone; `npm run bench store` includes it.
 */
import { performance } from 'node:perf_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Rng, seedRng } from '../../engine/core/index.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { Notifier } from '../../functions/notify/notifier.js';
import { notifyFromStream, type StreamRecord } from '../../functions/notify/stream.js';
import { DeliveryLog } from '../../functions/store/delivery-log.js';
import { readGameImage } from '../../functions/store/stream-image.js';
import { totals, traceCalls, type CallTotals, type TracedCall } from '../../functions/store/trace.js';
import { ApiClient, type Player } from '../support/api-client.js';
import { mailedCode } from '../../functions/local/mailed-code.js';
import { RAISED_LIMITS, testRegistry } from '../support/test-server.js';
import { median } from './stats.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';

export type Operation =
  | 'move'
  | 'moveWithBots'
  | 'retry'
  | 'view'
  | 'summary'
  | 'logPoll'
  | 'list'
  | 'notifyPerMove'
  | 'notifyPerMessage'
  | 'sweep'
  | 'holdPerSecond';

export interface OperationCost extends CallTotals {
  samples: number;
  /** Means of the capacity units: what the bill adds up (the medians hide a tail of 2-unit writes). */
  readUnitsMean: number;
  writeUnitsMean: number;
  /** Median wall ms of the request (or of the notifier's or sweeper's run). */
  ms: number;
  /** Median size of the answer's body in bytes (HTTP requests only). */
  answerBytes: number;
}

/** One sample: the store's totals, and the request's time and answer size. */
type Sample = CallTotals & { ms: number; answerBytes: number };

const GAMES = Number(process.env.BENCH_CALL_GAMES ?? 2);
const SEATS = Number(process.env.BENCH_CALL_SEATS ?? 2);
/** Seconds a view is held while nothing moves (the web client asks for 25; the figures are per second). */
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 10);

/** Medians per field of each operation's samples. */
function summarise(samples: Sample[]): OperationCost {
  const m = (pick: (t: Sample) => number) => median(samples.map(pick));
  const mean = (pick: (t: Sample) => number) =>
    Math.round((samples.reduce((sum, t) => sum + pick(t), 0) / Math.max(1, samples.length)) * 100) / 100;
  return {
    samples: samples.length,
    readUnitsMean: mean((t) => t.readUnits),
    writeUnitsMean: mean((t) => t.writeUnits),
    reads: m((t) => t.reads),
    writes: m((t) => t.writes),
    readUnits: m((t) => t.readUnits),
    writeUnits: m((t) => t.writeUnits),
    bytesRead: m((t) => t.bytesRead),
    bytesWritten: m((t) => t.bytesWritten),
    wireBytes: m((t) => t.wireBytes),
    ms: Math.round(m((t) => t.ms) * 100) / 100,
    answerBytes: m((t) => t.answerBytes),
  };
}

export async function measureCalls(): Promise<Record<Operation, OperationCost>> {
  const samples: Record<Operation, Sample[]> = {
    move: [],
    moveWithBots: [],
    retry: [],
    view: [],
    summary: [],
    logPoll: [],
    list: [],
    notifyPerMove: [],
    notifyPerMessage: [],
    sweep: [],
    holdPerSecond: [],
  };
  let calls: TracedCall[] = [];
  // The notifier runs as in AWS, from the items each request wrote (see `notify` below), so its calls are counted apart.
  const server: LocalServer = await startLocalServer({
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    notify: false,
  });
  const db = server.db;
  traceCalls(db, (c) => calls.push(c));
  let sent = 0;
  const notifier = new Notifier({
    table: server.services.table,
    deliveries: new DeliveryLog(db, LOCAL_TABLE),
    registry: testRegistry(),
    publicUrl: 'https://railpost.example',
    email: { send: async () => void sent++ },
    vapid: null,
    unsubscribeSecret: 'bench-secret',
    log: () => {},
  });
  /** The calls of `run` alone (requests go one at a time). */
  const traced = async <T>(run: () => Promise<T>): Promise<{ result: T; cost: Sample; calls: TracedCall[] }> => {
    calls = [];
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    const text = (result as { text?: unknown } | undefined)?.text;
    return {
      result,
      cost: { ...totals(calls), ms, answerBytes: typeof text === 'string' ? Buffer.byteLength(text) : 0 },
      calls,
    };
  };
  /** The stream's share of a request: the items it wrote that the stream filter passes, notified as one batch. */
  const notify = async (written: TracedCall[]) => {
    const records: StreamRecord[] = written
      .filter((c) => c.command === 'PutItemCommand' && !c.failed && readGameImage(c.input.Item, true))
      .map((c, i) => ({ eventName: 'INSERT', dynamodb: { NewImage: c.input.Item, SequenceNumber: String(i) } }));
    if (records.length === 0) return;
    sent = 0;
    const { cost } = await traced(() =>
      notifyFromStream(records, { table: server.services.table, registry: testRegistry(), notifier }),
    );
    samples.notifyPerMove.push(cost);
    if (sent > 0)
      samples.notifyPerMessage.push(
        Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, v / sent])) as unknown as Sample,
      );
  };
  try {
    const api = new ApiClient(server.url);
    const rng = new Rng(seedRng('bench-store-calls'));
    const people = [await api.newPlayer('Anna'), await api.newPlayer('Ben')];
    for (const p of people) {
      // Notices go to confirmed addresses only: confirmed with the code the server mailed.
      const email = `${p.playerId.toLowerCase()}@example.test`;
      await p.patch('/v1/players/me', { email });
      await p.post('/v1/players/me/email-confirmation', { code: mailedCode(server.sentMail, email) });
    }
    for (let g = 0; g < GAMES; g++) {
      for (const bots of [0, 1]) {
        // Two people, or one and a bot, and the other seats bots.
        const humans = people.slice(0, bots ? 1 : 2);
        const seats: (Player | null)[] = [...humans, ...Array<null>(SEATS - humans.length).fill(null)];
        const created = await people[0]!.post('/v1/games', {
          game: 'ticket-to-ride-europe',
          players: SEATS,
          bots: SEATS - humans.length,
        });
        const path = `/v1/games/${created.body.id}`;
        if (!bots) await people[1]!.post(`${path}/join`, { inviteCode: created.body.inviteCode });
        for (let guard = 0; guard < 2000; guard++) {
          const summary = await traced(() => people[0]!.get(path));
          samples.summary.push(summary.cost);
          if (summary.result.body.status !== 'active') break;
          const me = seats[summary.result.body.toAct[0] as number]!;
          const view = await traced(() => me.get(`${path}/view`));
          samples.view.push(view.cost);
          const action = rng.pick(view.result.body.legalActions as unknown[]);
          const key = { 'Idempotency-Key': `bench-${g}-${bots}-${guard}` };
          const body = { action, expectedVersion: view.result.body.version };
          const move = await traced(() => me.post(`${path}/actions`, body, key));
          await notify(move.calls);
          (move.result.body.version > view.result.body.version + 1 ? samples.moveWithBots : samples.move).push(
            move.cost,
          );
          if (guard % 10 === 0) samples.retry.push((await traced(() => me.post(`${path}/actions`, body, key))).cost);
          samples.logPoll.push((await traced(() => me.get(`${path}/log?after=${view.result.body.version}`))).cost);
          if (guard % 25 === 0) samples.list.push((await traced(() => me.get('/v1/games'))).cost);
          if (guard === 20 && g === 0 && !bots) {
            // The other seat's page waits for a move that does not come within the hold.
            const next = (await people[0]!.get(path)).body.version as number;
            const hold = await traced(() => me.get(`${path}/view?waitForVersion=${next + 1}&wait=${HOLD_SECONDS}`));
            samples.holdPerSecond.push(
              Object.fromEntries(Object.entries(hold.cost).map(([k, v]) => [k, v / HOLD_SECONDS])) as unknown as Sample,
            );
          }
        }
      }
    }
    // The sweeper's minute with these games in the table (none of them timed: the idle cost).
    for (let i = 0; i < 5; i++) samples.sweep.push((await traced(() => server.sweep())).cost);
  } finally {
    await server.close();
  }
  return Object.fromEntries(Object.entries(samples).map(([op, list]) => [op, summarise(list)])) as Record<
    Operation,
    OperationCost
  >;
}

export function printCalls(costs: Record<Operation, OperationCost>): void {
  console.log(
    `store: calls per operation, traced on the local store (medians, and means of the units; ${SEATS}-seat ticket-to-ride-europe games of two people, and of one person and bots; keyed moves)`,
  );
  console.log(
    '  operation        samples  reads writes   RCU   WCU  RCU mean  WCU mean  B read  B written  B on the wire      ms  B answer',
  );
  for (const [op, c] of Object.entries(costs)) {
    console.log(
      `  ${op.padEnd(16)} ${String(c.samples).padStart(7)} ${String(c.reads).padStart(6)} ${String(c.writes).padStart(6)} ${String(c.readUnits).padStart(5)} ${String(c.writeUnits).padStart(5)} ${String(c.readUnitsMean).padStart(9)} ${String(c.writeUnitsMean).padStart(9)} ${String(c.bytesRead).padStart(7)} ${String(c.bytesWritten).padStart(10)} ${String(c.wireBytes).padStart(14)} ${c.ms.toFixed(1).padStart(7)} ${String(c.answerBytes).padStart(9)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printCalls(await measureCalls());
