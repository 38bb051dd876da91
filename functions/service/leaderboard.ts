/**
 * A rating kind's leaderboard (docs/playing.md "Ratings", docs/hot-items.md): the best BOARD_SIZE by
 * rating, kept in shards. A player always goes to the same shard, which keeps the best BOARD_SIZE of
 * its own players; the board is the best BOARD_SIZE of all shards, which holds every row it could show.
 */
import type { BoardEntry } from '../domain/ratings.js';
import { WriteConflict } from '../store/ports/errors.js';
import type { RatingStore } from '../store/ports/ratings.js';

/** Rows a leaderboard keeps; it shows at most this many. */
export const BOARD_SIZE = 100;
/** Each shard write has a winner per round; this many rounds are far past any real contention. */
const MAX_ROUNDS = 30;

/** Best rating first; equal ratings by player id, so that every shard and the merged board agree. */
export function ranked(entries: readonly BoardEntry[]): BoardEntry[] {
  return [...entries].sort(
    (a, b) => b.rating - a.rating || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
  );
}

export class Leaderboard {
  constructor(
    private readonly ratings: RatingStore,
    private readonly size = BOARD_SIZE,
  ) {}

  /** The best `limit` rows (at most the board's size), best first. */
  async top(kind: string, limit = this.size): Promise<BoardEntry[]> {
    return ranked(await this.ratings.getBoard(kind)).slice(0, Math.min(limit, this.size));
  }

  /** Puts the row on its shard if it is among that shard's best; a player's row only ever moves to a newer entry. */
  async put(kind: string, row: BoardEntry): Promise<void> {
    await this.change(kind, row.playerId, (entries) => {
      const current = entries.find((e) => e.playerId === row.playerId);
      if (current && current.version >= row.version) return null;
      const next = ranked([...entries.filter((e) => e.playerId !== row.playerId), row]).slice(0, this.size);
      return current || next.includes(row) ? next : null;
    });
  }

  /** Takes the player's row off (a deleted account). */
  async drop(kind: string, playerId: string): Promise<void> {
    await this.change(kind, playerId, (entries) =>
      entries.some((e) => e.playerId === playerId) ? entries.filter((e) => e.playerId !== playerId) : null,
    );
  }

  /** Rewrites the player's shard with `edit` (null: nothing to write), reading again when another writer got there first. */
  private async change(
    kind: string,
    playerId: string,
    edit: (entries: BoardEntry[]) => BoardEntry[] | null,
  ): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const { entries, revision } = await this.ratings.getBoardShard(kind, playerId);
      const next = edit(entries);
      if (!next) return;
      try {
        await this.ratings.replaceBoardShard(kind, playerId, next, revision);
        return;
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
      }
    }
    throw new WriteConflict('too many concurrent leaderboard updates');
  }
}
