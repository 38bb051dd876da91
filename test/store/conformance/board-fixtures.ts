/** Player ids picked by the leaderboard shard they hash to, for the board suites. */
import type { BoardEntry } from '../../../functions/domain/ratings.js';
import { BOARD_SHARDS, keys } from '../../../functions/store/keys.js';

/** `shards` lists of `perShard` ids, each list in a shard of its own. */
export function inShards(shards: number, perShard = 1): string[][] {
  const found = new Map<number, string[]>();
  const full = () => [...found.values()].filter((ids) => ids.length === perShard);
  for (let i = 0; full().length < shards; i++) {
    const id = `bp-${i}`;
    const ids = found.get(keys.boardShardOf(id, BOARD_SHARDS)) ?? [];
    if (ids.length < perShard) ids.push(id);
    found.set(keys.boardShardOf(id, BOARD_SHARDS), ids);
  }
  return full().slice(0, shards);
}

export const sortedIds = (rows: readonly BoardEntry[]) => rows.map((r) => r.playerId).sort();

export const boardRow = (playerId: string, version: number, rating: number): BoardEntry => ({
  playerId,
  name: playerId.toUpperCase(),
  version,
  rating,
  rd: 80,
  vol: 0.06,
});
