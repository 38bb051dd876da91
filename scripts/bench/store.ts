/**
 * The store part of `npm run bench`: does a move cost the same at log length 10 and 1000 (the
 * head cache at work), and what does a move cost in DynamoDB calls, bytes and capacity units.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { performance } from 'node:perf_hooks';
import { Rng, seedRng } from '../../engine/core/index.js';
import { startLocalServer, type LocalOptions } from '../../functions/local/server.js';
import { ApiClient, type Player } from '../support/api-client.js';
import { RAISED_LIMITS, testRegistry } from '../support/test-server.js';
import { itemBytes, readUnits, writeUnits } from './item-size.js';
import { median, percentile } from './stats.js';

type Call = Parameters<NonNullable<LocalOptions['onDbCall']>>[0];
type Item = Record<string, AttributeValue>;

const LONG_LOG = Number(process.env.BENCH_LONG_LOG ?? 1000);
const WINDOW = 50;

interface Cost {
  reads: number;
  writes: number;
  bytesWritten: number;
  bytesRead: number;
  wcu: number;
  rcu: number;
}

function costOf(calls: readonly Call[]): Cost {
  const cost: Cost = { reads: 0, writes: 0, bytesWritten: 0, bytesRead: 0, wcu: 0, rcu: 0 };
  for (const c of calls) {
    if (c.command === 'PutItemCommand' || c.command === 'UpdateItemCommand') {
      const bytes = c.command === 'PutItemCommand' ? itemBytes(c.input.Item as Item) : itemBytes((c.output.Attributes ?? {}) as Item) || 200;
      cost.writes++;
      cost.bytesWritten += bytes;
      cost.wcu += writeUnits(bytes);
    } else if (c.command === 'QueryCommand' || c.command === 'GetItemCommand') {
      const items = (c.output.Items ?? (c.output.Item ? [c.output.Item] : [])) as Item[];
      const bytes = items.reduce((n, i) => n + itemBytes(i), 0);
      cost.reads++;
      cost.bytesRead += bytes;
      // A query is billed on the total it read; a consistent read costs 1 unit per 4 KB.
      cost.rcu += readUnits(bytes);
    } else if (c.command === 'BatchGetItemCommand') {
      const items = Object.values((c.output.Responses ?? {}) as Record<string, Item[]>).flat();
      cost.reads++;
      for (const i of items) {
        cost.bytesRead += itemBytes(i);
        cost.rcu += readUnits(itemBytes(i));
      }
    }
  }
  return cost;
}

let calls: Call[] = [];
const take = () => {
  const out = calls;
  calls = [];
  return out;
};
// The request path alone: the notifier's reads and its one claim per message are counted apart (README, cost model).
const server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 0, notify: false, onDbCall: (c) => calls.push(c) });

/** Plays `moves` moves of a tally game; returns each move's round trip in ms. */
async function tallyMoves(seats: Player[], moves: number): Promise<number[]> {
  const [first, second] = seats as [Player, Player];
  const created = await first.post('/v1/games', { game: 'tally', players: 2, options: { target: moves + 10 } });
  await second.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode });
  const latency: number[] = [];
  let version = 0;
  for (let seat = 0; version < moves; seat = 1 - seat) {
    const t = performance.now();
    const r = await seats[seat]!.post(`/v1/games/${created.body.id}/actions`, { action: { type: 'add', n: 1 }, expectedVersion: version });
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
  results.logLength = { early: median(early), late: median(late), ratio: median(late) / median(early), window: WINDOW, longLog: LONG_LOG };
  console.log(`store: move round trip at log length ~10: ${median(early).toFixed(2)} ms, at ~${LONG_LOG}: ${median(late).toFixed(2)} ms (medians of ${WINDOW}), ratio ${(median(late) / median(early)).toFixed(2)}`);

  // 2. A whole two-player Ticket to Ride game: what each move and each view costs the store.
  const ttr = await anna.post('/v1/games', { game: 'ticket-to-ride-europe', players: 2 });
  await ben.post(`/v1/games/${ttr.body.id}/join`, { inviteCode: ttr.body.inviteCode });
  const rng = new Rng(seedRng('bench-store'));
  const moves: Cost[] = [];
  const views: Cost[] = [];
  for (let guard = 0; guard < 2000; guard++) {
    const summary = await anna.get(`/v1/games/${ttr.body.id}`);
    if (summary.body.status !== 'active') break;
    const me = [anna, ben][summary.body.toAct[0] as number]!;
    take();
    const view = (await me.get(`/v1/games/${ttr.body.id}/view`)).body;
    views.push(costOf(take()));
    await me.post(`/v1/games/${ttr.body.id}/actions`, { action: rng.pick(view.legalActions), expectedVersion: view.version });
    moves.push(costOf(take()));
  }
  const summarise = (xs: Cost[]) => {
    const m = (pick: (c: Cost) => number) => median(xs.map(pick));
    return { reads: m((c) => c.reads), writes: m((c) => c.writes), bytesRead: m((c) => c.bytesRead), bytesWritten: m((c) => c.bytesWritten), rcu: m((c) => c.rcu), wcu: m((c) => c.wcu), wcuP95: percentile(xs.map((c) => c.wcu), 0.95), rcuP95: percentile(xs.map((c) => c.rcu), 0.95) };
  };
  results.perMove = { game: 'ticket-to-ride-europe', players: 2, moves: moves.length, move: summarise(moves), view: summarise(views) };
  const mv = summarise(moves);
  const vw = summarise(views);
  console.log(`store: a 2-player ticket-to-ride-europe game of ${moves.length} moves (auth included)`);
  console.log(`  POST action: ${mv.reads} reads, ${mv.writes} writes; ${mv.bytesRead} B read, ${mv.bytesWritten} B written; ${mv.rcu} RCU + ${mv.wcu} WCU (medians; p95 ${mv.rcuP95} RCU + ${mv.wcuP95} WCU)`);
  console.log(`  GET view:    ${vw.reads} reads, ${vw.writes} writes; ${vw.bytesRead} B read; ${vw.rcu} RCU (median)`);
} finally {
  await server.close();
}

export { results };
