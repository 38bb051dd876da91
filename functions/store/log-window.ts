/**
 * Which commits `GameLog.commitsAfter` answers, whatever the log is read from: the DynamoDB table
 * (functions/store/game-log-table.ts) and its in-memory twin read their commits their own way
 * and answer the same window.
 */
import type { CommitRecord } from '../domain/game.js';

/** How a store reads a game's log. */
export interface LogReads {
  /**
   * The commits keyed `from` to `to` (null: to the end), in order; it may stop once `enough` holds
   * of what it has read, after whole pages of `limit + 1` commits (every commit but a game's first
   * holds at least one version).
   */
  range(
    gameId: string,
    from: number,
    to: number | null,
    enough: (read: CommitRecord[]) => boolean,
    limit?: number,
  ): Promise<CommitRecord[]>;
  commitsUpTo(gameId: string, version: number, count: number): Promise<CommitRecord[]>;
}

/**
 * Commits holding the versions after `after`, in order, until they cover `limit` versions (all
 * without a limit). `latest`, the newest commit when the caller has it already, is not read
 * again: a client polling from the version it last saw costs no read at all.
 */
export async function commitsAfter(
  reads: LogReads,
  gameId: string,
  after: number,
  limit?: number,
  latest?: CommitRecord | null,
): Promise<CommitRecord[]> {
  if (latest !== undefined && (latest === null || latest.version <= after)) return [];
  const enough = (list: CommitRecord[]) => limit !== undefined && (list.at(-1)?.version ?? after) >= after + limit;
  if (latest && latest.key <= after + 1) return [latest];
  const out = await reads.range(gameId, after + 1, latest ? latest.key - 1 : null, enough, limit);
  if (after >= 0 && (out[0]?.key ?? Infinity) > after + 1) {
    // The version after `after` is inside an earlier commit (a request's bot moves, a page cut by a limit).
    const [holder] = await reads.commitsUpTo(gameId, after, 1);
    if (holder && holder.version > after) out.unshift(holder);
  }
  if (latest && !enough(out)) out.push(latest);
  return out;
}
