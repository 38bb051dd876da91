/**
 * The commits part of `npm run bench store` (and `logs`): what one commit costs to write, per game
 * and table size, over seeded games played to the end (scripts/support/seeded-commits.ts): its item
 * size by DynamoDB's rule (functions/store/item-size.ts; 1 KB is one write unit), median and p90,
 * packed as before dictionaries (plain deflate, what commits of a game without one get) and with
 * the game's dictionary; and the CPU of packing and unpacking one commit, both ways.
 */
import { performance } from 'node:perf_hooks';
import { catalogGames } from '../../engine/games/index.js';
import type { CommitRecord } from '../../functions/domain/game.js';
import { commitItem, parseCommit } from '../../functions/store/commit-item.js';
import { itemSize } from '../../functions/store/item-size.js';
import { seededCommits, tableSizes, type SeatMode } from '../support/seeded-commits.js';
import { median, percentile } from './stats.js';

const SEEDS = Number(process.env.BENCH_COMMIT_SEEDS ?? 3);
/** Packed as a game without a dictionary is: the encoding every commit had before them. */
const PLAIN = 'no-dictionary';
const GAME_ID = 'bench-commit-game-id';

interface Packing {
  median: number;
  p90: number;
  /** Writes over one unit (over 1024 bytes), of all. */
  overOneUnit: number;
  /** CPU per commit, microseconds: commitItem, then parseCommit of its item. */
  encodeUs: number;
  decodeUs: number;
}

function packing(commits: readonly CommitRecord[], game: string): Packing {
  const sizes: number[] = [];
  const encodeUs: number[] = [];
  const decodeUs: number[] = [];
  for (const c of commits) {
    const t0 = performance.now();
    const item = commitItem(GAME_ID, c, game);
    const t1 = performance.now();
    parseCommit(item);
    decodeUs.push((performance.now() - t1) * 1000);
    encodeUs.push((t1 - t0) * 1000);
    sizes.push(itemSize(item));
  }
  return {
    median: median(sizes),
    p90: percentile(sizes, 0.9),
    overOneUnit: Number((sizes.filter((s) => s > 1024).length / sizes.length).toFixed(3)),
    encodeUs: Number(median(encodeUs).toFixed(1)),
    decodeUs: Number(median(decodeUs).toFixed(1)),
  };
}

const rows: { game: string; players: number; seats: SeatMode; commits: number; before: Packing; after: Packing }[] = [];
for (const game of catalogGames)
  for (const players of tableSizes(game))
    for (const seats of ['people', 'vs-bots'] as const) {
      const commits = Array.from({ length: SEEDS }, (_, i) =>
        seededCommits(game, players, `bench-commit-${i}`, seats),
      ).flat();
      // One pass each way first, so that neither pays the first call's compile and dictionary decode.
      packing(commits.slice(0, 5), game.id);
      packing(commits.slice(0, 5), PLAIN);
      const before = packing(commits, PLAIN);
      const after = packing(commits, game.id);
      rows.push({ game: game.id, players, seats, commits: commits.length, before, after });
    }

export const results = rows;
console.log('commits: item bytes (DynamoDB rule) and CPU per commit, plain deflate -> with the game dictionary');
for (const r of rows)
  console.log(
    `  ${r.game.padEnd(22)} ${r.players}p ${r.seats.padEnd(7)} n=${String(r.commits).padStart(4)}  median ${r.before.median} -> ${r.after.median}  p90 ${r.before.p90} -> ${r.after.p90}  over 1 KB ${r.before.overOneUnit} -> ${r.after.overOneUnit}  encode ${r.before.encodeUs} -> ${r.after.encodeUs} us  decode ${r.before.decodeUs} -> ${r.after.decodeUs} us`,
  );
