import { WriteConflict } from '../ports/errors.js';
import type { GameLog } from '../ports/game-log.js';
import { commitsAfter, type LogReads } from '../log-window.js';
import type { CommitRecord, CommitSummary, GameMeta, GameRecord, GameVersion } from '../../domain/game.js';
import { byKey, copy, type MemoryState } from './state.js';

/** The game log in memory, with the conditions of functions/store/game-log-table.ts. */
export class MemoryGameLog implements GameLog, LogReads {
  constructor(private readonly state: MemoryState) {}

  async putMeta(meta: GameMeta): Promise<void> {
    const game = this.state.game(meta.id);
    if (game.meta) throw new WriteConflict('game exists');
    game.meta = copy(meta);
  }

  async replaceMeta(meta: GameMeta): Promise<void> {
    const game = this.state.games.get(meta.id);
    if (game?.meta?.revision !== meta.revision - 1) throw new WriteConflict('meta changed');
    game.meta = copy(meta);
  }

  async readGame(gameId: string): Promise<GameRecord | null> {
    const game = this.state.games.get(gameId);
    if (!game?.meta) return null;
    return { meta: copy(game.meta), latest: copy(newest(game.commits) ?? null) };
  }

  async readVersion(gameId: string): Promise<GameVersion | null> {
    const game = this.state.games.get(gameId);
    if (!game?.meta) return null;
    const latest = newest(game.commits);
    return {
      revision: game.meta.revision,
      version: latest?.version ?? 0,
      clocks: latest?.clocks ? JSON.stringify(latest.clocks) : null,
    };
  }

  async readSummaries(
    gameIds: readonly string[],
  ): Promise<Map<string, { meta: GameMeta; latest: CommitSummary | null }>> {
    const found = new Map<string, { meta: GameMeta; latest: CommitSummary | null }>();
    for (const id of gameIds) {
      const game = this.state.games.get(id);
      if (!game?.meta) continue;
      const latest = newest(game.commits);
      found.set(id, { meta: withoutSeed(game.meta), latest: latest ? summaryOf(latest) : null });
    }
    return found;
  }

  async getMetas(gameIds: readonly string[]): Promise<Map<string, GameMeta>> {
    const found = new Map<string, GameMeta>();
    for (const id of gameIds) {
      const meta = this.state.games.get(id)?.meta;
      if (meta) found.set(id, withoutSeed(meta));
    }
    return found;
  }

  /** The twin keeps commits as objects: nothing is packed, so `game` plays no part. */
  async putCommit(gameId: string, commit: CommitRecord, _game: string): Promise<void> {
    const { commits } = this.state.game(gameId);
    if (commits.has(commit.key)) throw new WriteConflict('commit key taken');
    commits.set(commit.key, stored(commit));
  }

  async extendWatch(gameId: string, until: string): Promise<void> {
    const meta = this.state.games.get(gameId)?.meta;
    if (meta && !(meta.watchedUntil && meta.watchedUntil >= until)) meta.watchedUntil = until;
  }

  async getCommit(gameId: string, key: number): Promise<CommitRecord | null> {
    return copy(this.state.games.get(gameId)?.commits.get(key) ?? null);
  }

  commitsAfter(gameId: string, after: number, limit?: number, latest?: CommitRecord | null): Promise<CommitRecord[]> {
    return commitsAfter(this, gameId, after, limit, latest);
  }

  /** Read in pages of `limit + 1` commits, as the DynamoDB query is, so that both answer the same commits. */
  async range(...[gameId, from, to, enough, limit]: Parameters<LogReads['range']>): Promise<CommitRecord[]> {
    const range = this.commits(gameId).filter((c) => c.key >= from && (to === null || c.key <= to));
    const pageSize = limit === undefined ? range.length : limit + 1;
    const out: CommitRecord[] = [];
    for (let i = 0; i < range.length && (i === 0 || !enough(out)); i += pageSize)
      out.push(...range.slice(i, i + pageSize).map(copy));
    return out;
  }

  async commitsUpTo(gameId: string, version: number, count: number): Promise<CommitRecord[]> {
    return this.commits(gameId)
      .filter((c) => c.key <= version)
      .reverse()
      .slice(0, count)
      .map(copy);
  }

  private commits(gameId: string): CommitRecord[] {
    const game = this.state.games.get(gameId);
    return game ? byKey(game.commits) : [];
  }
}

function newest(commits: Map<number, CommitRecord>): CommitRecord | undefined {
  return byKey(commits, true)[0];
}

function withoutSeed(meta: GameMeta): GameMeta {
  return { ...copy(meta), seed: '' };
}

/** A commit as the item keeps it: the optional parts only when they say something. */
function stored(c: CommitRecord): CommitRecord {
  const { table, clocks, request, ...rest } = copy(c);
  return { ...rest, ...(table ? { table } : {}), ...(clocks ? { clocks } : {}), ...(request ? { request } : {}) };
}

function summaryOf(c: CommitRecord): CommitSummary {
  return {
    key: c.key,
    version: c.version,
    toAct: copy(c.toAct),
    status: c.status,
    ...(c.clocks ? { clocks: copy(c.clocks) } : {}),
  };
}
