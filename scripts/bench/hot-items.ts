/**
 * Items many players write (docs/hot-items.md), measured on dynalite in this process: the size of a
 * full leaderboard item as DynamoDB bills it, and rating updates racing on one kind's board kept as
 * one item (the layout before the shards) against the same board in BOARD_SHARDS shards, in the same
 * run: updates a second, retries per update, and the write units every write is billed (a write its
 * condition refuses is billed all the same). dynalite serialises everything in this process, so
 * updates a second compare the two layouts here; they are not DynamoDB's rates.
 *
 * `npx tsx scripts/bench/hot-items.ts` (BENCH_BOARD_UPDATES, BENCH_BOARD_RACERS, BENCH_BOARD_RUNS).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BoardEntry } from '../../functions/domain/ratings.js';
import { startInProcessStore } from '../../functions/local/in-process-store.js';
import { BOARD_SIZE, Leaderboard, ranked } from '../../functions/service/leaderboard.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { WriteConflict } from '../../functions/store/ports/errors.js';
import { BOARD_SHARDS, keys } from '../../functions/store/keys.js';
import { RatingsTable } from '../../functions/store/ratings-table.js';
import { traceCalls, type TracedCall } from '../../functions/store/trace.js';
import { hotItemSizes } from './hot-item-sizes.js';
import { median } from './stats.js';

const UPDATES = Number(process.env.BENCH_BOARD_UPDATES ?? 200);
const RACERS = Number(process.env.BENCH_BOARD_RACERS ?? 16);
const RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 3);
/** A name as most people pick one; the longest allowed is 64 characters. */
const NAME = 'Railway Ann';

const row = (playerId: string, version: number, rating: number, name = NAME): BoardEntry => ({
  playerId,
  name,
  version,
  rating,
  rd: 50 + Math.random() * 100,
  vol: 0.06 + Math.random() / 1000,
});

/** Players with every shard full: BOARD_SIZE rows each, as on a kind with many rated players. */
const players = Array.from({ length: BOARD_SHARDS * BOARD_SIZE * 2 }, () => randomBytes(12).toString('base64url'));
const population = players.map((p) => row(p, 20, 1200 + Math.random() * 1000));

interface Layout {
  name: string;
  shards: number;
}

interface RunFigures {
  /** Updates that landed, a second. */
  updatesPerSecond: number;
  /** Updates that lost every one of their rounds (WriteConflict to the caller). */
  gaveUp: number;
  retriesPerUpdate: number;
  writeBytes: number;
  writeUnitsPerWrite: number;
  readUnitsPerRead: number;
  boardReadUnits: number;
}

async function run(layout: Layout): Promise<RunFigures> {
  const db = startInProcessStore().client();
  const table = 'bench-hot-items';
  await ensureTable(db, table);
  const ratings = new RatingsTable(db, table, layout.shards);
  const kind = 'europe';
  // Each shard written once, full: its best BOARD_SIZE of the population.
  const byShard = new Map<number, BoardEntry[]>();
  for (const r of population) {
    const shard = keys.boardShardOf(r.playerId, layout.shards);
    byShard.set(shard, [...(byShard.get(shard) ?? []), r]);
  }
  for (const rows of byShard.values())
    await ratings.replaceBoardShard(kind, rows[0]!.playerId, ranked(rows).slice(0, BOARD_SIZE), 0);
  const listed = ranked([...byShard.values()].flatMap((rows) => ranked(rows).slice(0, BOARD_SIZE)));
  const board = new Leaderboard(ratings);
  const calls: TracedCall[] = [];
  const stop = traceCalls(db, (c) => calls.push(c));
  // Every update is of a listed player, so that every one writes: the worst case, a board's own players.
  let next = 0;
  let gaveUp = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RACERS }, async () => {
      for (let i = next++; i < UPDATES; i = next++) {
        const listedRow = listed[i % listed.length]!;
        await board
          .put(kind, row(listedRow.playerId, listedRow.version + 1 + i, 1200 + Math.random() * 1000))
          .catch((err: unknown) => {
            if (!(err instanceof WriteConflict)) throw err;
            gaveUp++;
          });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const writes = calls.filter((c) => c.kind === 'write');
  const reads = calls.filter((c) => c.kind === 'read');
  const beforeView = calls.length;
  await board.top(kind);
  stop();
  const view = calls.slice(beforeView);
  return {
    updatesPerSecond: (UPDATES - gaveUp) / seconds,
    gaveUp,
    retriesPerUpdate: writes.filter((c) => c.failed).length / UPDATES,
    writeBytes: median(writes.map((c) => c.itemBytes)),
    writeUnitsPerWrite: median(writes.map((c) => c.units)),
    readUnitsPerRead: median(reads.map((c) => c.units)),
    boardReadUnits: view.reduce((n, c) => n + c.units, 0),
  };
}

const layouts: Layout[] = [
  { name: 'one item (before)', shards: 1 },
  { name: `${BOARD_SHARDS} shards`, shards: BOARD_SHARDS },
];
const figures: Record<string, RunFigures> = {};
for (const layout of layouts) {
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run(layout));
  const names = Object.keys(runs[0]!) as (keyof RunFigures)[];
  const mid = { ...runs[0]! };
  for (const name of names) mid[name] = median(runs.map((r) => r[name]));
  figures[layout.name] = mid;
}

const longest = row(players[0]!, 20, 1500, 'W'.repeat(64));
const fullOfLongest = JSON.stringify(Array.from({ length: BOARD_SIZE }, () => longest)).length;
console.log(
  `leaderboard updates, ${UPDATES} updates by ${RACERS} racers, median of ${RUNS} runs (dynalite in process)`,
);
console.log('layout              updates/s  gave up  retries/update  item bytes  WCU/write  RCU/read  RCU/board view');
for (const [name, f] of Object.entries(figures))
  console.log(
    `${name.padEnd(18)}  ${f.updatesPerSecond.toFixed(0).padStart(9)}  ${String(f.gaveUp).padStart(7)}  ${f.retriesPerUpdate.toFixed(2).padStart(14)}  ${String(f.writeBytes).padStart(10)}  ${String(f.writeUnitsPerWrite).padStart(9)}  ${String(f.readUnitsPerRead).padStart(8)}  ${String(f.boardReadUnits).padStart(14)}`,
  );
console.log(`a full item of ${BOARD_SIZE} rows with 64-character names: ~${fullOfLongest} bytes of entries`);

const sizesDb = startInProcessStore().client();
await ensureTable(sizesDb, 'bench-hot-item-sizes');
const sizes = await hotItemSizes(sizesDb, 'bench-hot-item-sizes');
console.log('\nitem                                         bytes  WCU/write');
for (const [what, size] of Object.entries(sizes))
  console.log(`${what.padEnd(43)}  ${String(size.bytes).padStart(5)}  ${String(size.wcu).padStart(9)}`);

export const results = { layouts: figures, sizes, updates: UPDATES, racers: RACERS, runs: RUNS, fullOfLongest };
