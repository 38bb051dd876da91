import type { BoardEntry, RatingEntry, RatingPlan } from '../../domain/ratings.js';
import { BOARD_SHARDS, keys } from '../keys.js';
import { WriteConflict } from '../ports/errors.js';
import type { RatingStore } from '../ports/ratings.js';
import { byKey, copy, type MemoryState } from './state.js';

/** Ratings in memory, with the conditions of functions/store/ratings-table.ts. */
export class MemoryRatings implements RatingStore {
  constructor(private readonly state: MemoryState) {}

  async latestRating(playerId: string, kind: string): Promise<RatingEntry | null> {
    return copy(this.log(playerId, kind).at(-1) ?? null);
  }

  async ratingsFrom(playerId: string, kind: string, version: number): Promise<RatingEntry[]> {
    return this.log(playerId, kind)
      .filter((e) => e.version >= version)
      .map(copy);
  }

  /** Versions follow the order games finished, so reading stops at the first older entry. */
  async ratingsSince(playerId: string, kind: string, since: string): Promise<RatingEntry[]> {
    const out: RatingEntry[] = [];
    for (const entry of this.log(playerId, kind).reverse()) {
      if (entry.at < since) break;
      out.push(copy(entry));
    }
    return out;
  }

  async putRating(playerId: string, kind: string, e: RatingEntry): Promise<void> {
    const { ratings } = this.state.player(playerId);
    const log = ratings.get(kind) ?? new Map<number, RatingEntry>();
    if (log.has(e.version)) throw new WriteConflict('rating version taken');
    log.set(e.version, entry(e));
    ratings.set(kind, log);
  }

  async noteLatest(playerId: string, kind: string, e: RatingEntry): Promise<void> {
    const { latestRatings } = this.state.player(playerId);
    const noted = latestRatings.get(kind);
    if (!noted || noted.version < e.version) latestRatings.set(kind, entry(e));
  }

  async ratingsOf(playerId: string): Promise<Map<string, RatingEntry>> {
    const noted = this.state.players.get(playerId)?.latestRatings ?? new Map<string, RatingEntry>();
    return new Map([...noted].map(([kind, e]) => [kind, copy(e)] as const));
  }

  async ratingsOfMany(playerIds: readonly string[]): Promise<Map<string, Map<string, RatingEntry>>> {
    const found = new Map<string, Map<string, RatingEntry>>();
    for (const id of new Set(playerIds)) {
      const noted = this.state.players.get(id)?.latestRatings;
      if (noted?.size) found.set(id, await this.ratingsOf(id));
    }
    return found;
  }

  async getPlan(gameId: string): Promise<RatingPlan | null> {
    return copy(this.state.games.get(gameId)?.plan ?? null);
  }

  async putPlan(plan: RatingPlan): Promise<void> {
    const game = this.state.game(plan.gameId);
    if (game.plan) throw new WriteConflict('plan exists');
    game.plan = copy({
      gameId: plan.gameId,
      kind: plan.kind,
      seats: plan.seats,
      finishedAt: plan.finishedAt,
      done: plan.done,
    });
  }

  async markPlanDone(gameId: string): Promise<void> {
    const plan = this.state.games.get(gameId)?.plan;
    if (plan) plan.done = true;
  }

  async getBoard(kind: string): Promise<BoardEntry[]> {
    return Array.from({ length: BOARD_SHARDS }, (_, shard) =>
      copy(this.state.boards.get(keys.boardShard(kind, shard).pk)?.entries ?? []),
    ).flat();
  }

  async getBoardShard(kind: string, playerId: string): Promise<{ entries: BoardEntry[]; revision: number }> {
    return copy(this.state.boards.get(shardOf(kind, playerId)) ?? { entries: [], revision: 0 });
  }

  async replaceBoardShard(kind: string, player: string, rows: readonly BoardEntry[], revision: number): Promise<void> {
    const shard = shardOf(kind, player);
    if ((this.state.boards.get(shard)?.revision ?? 0) !== revision) throw new WriteConflict('board changed');
    this.state.boards.set(shard, { entries: copy([...rows]), revision: revision + 1 });
  }

  /** The player's log of the kind, oldest first. */
  private log(playerId: string, kind: string): RatingEntry[] {
    const log = this.state.players.get(playerId)?.ratings.get(kind);
    return log ? byKey(log) : [];
  }
}

/** The board shard the player's row goes to, named as its item's partition. */
function shardOf(kind: string, playerId: string): string {
  return keys.boardShard(kind, keys.boardShardOf(playerId, BOARD_SHARDS)).pk;
}

/** An entry as the item keeps it: its own fields, nothing the caller added. */
function entry(e: RatingEntry): RatingEntry {
  return copy({
    version: e.version,
    gameId: e.gameId,
    rating: e.rating,
    rd: e.rd,
    vol: e.vol,
    before: e.before,
    at: e.at,
  });
}
