import {
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, json, landed, n, num, optStr, parsed, s, str } from './attributes.js';
import { commitItem, parseCommit, parseCommitSummary, SUMMARY_PROJECTION } from './commit-item.js';
import { keys } from './keys.js';
import { batchGet } from './batch-get.js';
import type { GameLog } from './ports/game-log.js';
import { commitsAfter, type LogReads } from './log-window.js';
import { BOT_LEVELS, type BotLevel } from '../../engine/core/search/levels.js';
import type {
  BotSeat,
  CommitRecord,
  CommitSummary,
  GameMeta,
  GameRecord,
  GameStatus,
  GameVersion,
  PersonSeat,
  SeatRecord,
} from '../domain/game.js';

/** Reads a listing keeps under way at once. */
const LISTING_READS_AT_ONCE = 16;

/** What a listing reads of a meta item: everything but the secret seed. */
const META_SUMMARY_PROJECTION =
  'pk, sk, game, #options, players, seats, #status, createdAt, createdBy, inviteCode, seedCommitment, rulesRevision, revision, startedAt, timeControl, rematch, visibility, standInLevel, origin';
const META_SUMMARY_NAMES = { '#options': 'options', '#status': 'status' };

/**
 * Games in the single table (docs/architecture.md, "Store: one read, one write"): a game is its
 * meta and its commits, the newest of which holds the current state. Every write that could race
 * is a conditional write.
 */
export class GameLogTable implements GameLog, LogReads {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  async putMeta(meta: GameMeta): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: metaItem(meta),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  /** Replaces the meta item if nobody changed it since `meta.revision - 1`. */
  async replaceMeta(meta: GameMeta): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: metaItem(meta),
          ConditionExpression: 'revision = :prev',
          ExpressionAttributeValues: { ':prev': n(meta.revision - 1) },
        }),
      ),
    );
  }

  /**
   * The meta and the newest commit, in one read: backwards from META over the commits (the sort
   * order is META > LOG#n > LOG#n-1 …; DUE, CHAT#, REMIND# and the rest lie outside the range).
   * Null for a game that does not exist.
   */
  async readGame(gameId: string): Promise<GameRecord | null> {
    const found = await this.metaAndNewest(gameId);
    return found && { meta: parseMeta(gameId, found.meta), latest: found.commit ? parseCommit(found.commit) : null };
  }

  /**
   * What a conditional GET compares, read like `readGame` but projected to the meta's revision and
   * the newest commit's version and clocks (the same read unit, a fraction of the bytes, nothing to
   * inflate). Null for a game that does not exist.
   */
  async readVersion(gameId: string): Promise<GameVersion | null> {
    const found = await this.metaAndNewest(gameId, 'sk, revision, v, ck');
    if (!found) return null;
    const { meta, commit } = found;
    return {
      revision: num(meta, 'revision'),
      version: commit ? num(commit, 'v') : 0,
      clocks: commit ? (optStr(commit, 'ck') ?? null) : null,
    };
  }

  /** The META item and the newest commit of a game in one Query (optionally projected); null for no game. */
  private async metaAndNewest(
    gameId: string,
    projection?: string,
  ): Promise<{ meta: Item; commit: Item | undefined } | null> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :meta',
        ExpressionAttributeValues: {
          ':pk': s(keys.game(gameId)),
          ':from': s(keys.commitPrefix),
          ':meta': s(keys.meta),
        },
        ScanIndexForward: false,
        Limit: 2,
        ConsistentRead: true,
        ...(projection ? { ProjectionExpression: projection } : {}),
      }),
    );
    const [meta, commit] = out.Items ?? [];
    return meta?.sk?.S === keys.meta ? { meta, commit } : null;
  }

  /**
   * Metas (without the seed) and newest commits (without records or state) of many games, for
   * listings: one read per game, several under way at once.
   */
  async readSummaries(
    gameIds: readonly string[],
  ): Promise<Map<string, { meta: GameMeta; latest: CommitSummary | null }>> {
    const ids = [...new Set(gameIds)];
    const found = new Map<string, { meta: GameMeta; latest: CommitSummary | null }>();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < ids.length; i = next++) {
        const id = ids[i]!;
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :meta',
            ExpressionAttributeValues: {
              ':pk': s(keys.game(id)),
              ':from': s(keys.commitPrefix),
              ':meta': s(keys.meta),
            },
            ScanIndexForward: false,
            Limit: 2,
            ConsistentRead: true,
            ProjectionExpression: `${META_SUMMARY_PROJECTION}, ${SUMMARY_PROJECTION}`,
            ExpressionAttributeNames: META_SUMMARY_NAMES,
          }),
        );
        const [metaItem, commit] = out.Items ?? [];
        if (metaItem?.sk?.S !== keys.meta) continue;
        found.set(id, {
          meta: parseMeta(id, { ...metaItem, seed: s('') }),
          latest: commit ? parseCommitSummary(commit) : null,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(LISTING_READS_AT_ONCE, ids.length) }, worker));
    return new Map(gameIds.flatMap((id) => (found.has(id) ? [[id, found.get(id)!] as const] : [])));
  }

  /** Metas of many games without their seeds. */
  async getMetas(gameIds: readonly string[]): Promise<Map<string, GameMeta>> {
    const wanted: Item[] = [...new Set(gameIds)].map((id) => ({ pk: s(keys.game(id)), sk: s(keys.meta) }));
    const items = await batchGet(this.db, this.tableName, wanted, {
      projection: META_SUMMARY_PROJECTION,
      names: META_SUMMARY_NAMES,
    });
    return new Map(
      items.map((item) => {
        const id = str(item, 'pk').slice(keys.gamePrefix.length);
        return [id, parseMeta(id, { ...item, seed: s('') })] as const;
      }),
    );
  }

  /**
   * Writes a commit; exactly one of several racing writers of the same key wins (the others get
   * WriteConflict). Writers that read the same version write the same key, so this one condition
   * is the race guard of every change to a game.
   */
  async putCommit(gameId: string, commit: CommitRecord, game: string): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: commitItem(gameId, commit, game),
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
  }

  async extendWatch(gameId: string, until: string): Promise<void> {
    // A failed condition (as late already, or no game) is the answer, not an error.
    await landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.game(gameId)), sk: s(keys.meta) },
          UpdateExpression: 'SET watchedUntil = :u',
          // ISO times of one format sort as text; the revision stays: nothing a player reads changed.
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(watchedUntil) OR watchedUntil < :u)',
          ExpressionAttributeValues: { ':u': s(until) },
        }),
      ),
    );
  }

  async getCommit(gameId: string, key: number): Promise<CommitRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.game(gameId)), sk: s(keys.commit(key)) },
        ConsistentRead: true,
      }),
    );
    return out.Item ? parseCommit(out.Item) : null;
  }

  /** Commits holding the versions after `after`, until they cover `limit` versions (functions/store/log-window.ts). */
  commitsAfter(gameId: string, after: number, limit?: number, latest?: CommitRecord | null): Promise<CommitRecord[]> {
    return commitsAfter(this, gameId, after, limit, latest);
  }

  /** Commits keyed `from` to `to` (null: to the end), in order, page by page until `enough` holds. */
  async range(...[gameId, from, to, enough, limit]: Parameters<LogReads['range']>): Promise<CommitRecord[]> {
    const out: CommitRecord[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': s(keys.game(gameId)),
            ':from': s(keys.commit(from)),
            ':to': s(to === null ? `${keys.commitPrefix}~` : keys.commit(to)),
          },
          ConsistentRead: true,
          ExclusiveStartKey: start,
          ...(limit !== undefined ? { Limit: limit + 1 } : {}),
        }),
      );
      out.push(...(page.Items ?? []).map(parseCommit));
      start = page.LastEvaluatedKey;
    } while (start && !enough(out));
    return out;
  }

  /** The newest `count` commits whose first version is at most `version`, newest first. */
  async commitsUpTo(gameId: string, version: number, count: number): Promise<CommitRecord[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': s(keys.game(gameId)),
          ':from': s(keys.commit(0)),
          ':to': s(keys.commit(version)),
        },
        ScanIndexForward: false,
        Limit: count,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(parseCommit);
  }
}

function metaItem(meta: GameMeta): Item {
  const item: Item = {
    pk: s(keys.game(meta.id)),
    sk: s(keys.meta),
    game: s(meta.game),
    options: json(meta.options),
    players: n(meta.players),
    seats: json(meta.seats),
    status: s(meta.status),
    createdAt: s(meta.createdAt),
    createdBy: s(meta.createdBy),
    inviteCode: s(meta.inviteCode),
    seedCommitment: s(meta.seedCommitment),
    seed: s(meta.seed),
    revision: n(meta.revision),
  };
  if (meta.rulesRevision) item.rulesRevision = s(meta.rulesRevision);
  if (meta.startedAt) item.startedAt = s(meta.startedAt);
  if (meta.timeControl) item.timeControl = json(meta.timeControl);
  if (meta.rematch) item.rematch = json(meta.rematch);
  if (meta.visibility) item.visibility = s(meta.visibility);
  if (meta.standInLevel) item.standInLevel = s(meta.standInLevel);
  if (meta.origin) item.origin = s(meta.origin);
  if (meta.watchedUntil) item.watchedUntil = s(meta.watchedUntil);
  return item;
}

export function parseMeta(id: string, item: Item): GameMeta {
  const startedAt = optStr(item, 'startedAt');
  const rulesRevision = optStr(item, 'rulesRevision');
  const visibility = optStr(item, 'visibility');
  const standInLevel = optStr(item, 'standInLevel');
  return {
    id,
    game: str(item, 'game'),
    options: parsed(item, 'options'),
    players: num(item, 'players'),
    seats: parsed<StoredSeat[]>(item, 'seats').map(seatRecord),
    status: str(item, 'status') as GameStatus,
    createdAt: str(item, 'createdAt'),
    createdBy: str(item, 'createdBy'),
    inviteCode: str(item, 'inviteCode'),
    seedCommitment: str(item, 'seedCommitment'),
    seed: str(item, 'seed'),
    revision: num(item, 'revision'),
    ...(rulesRevision ? { rulesRevision } : {}),
    ...(startedAt ? { startedAt } : {}),
    ...(item.timeControl ? { timeControl: parsed(item, 'timeControl') } : {}),
    ...(item.rematch ? { rematch: parsed(item, 'rematch') } : {}),
    ...(visibility === 'public' || visibility === 'private' ? { visibility } : {}),
    ...(standInLevel && isBotLevel(standInLevel) ? { standInLevel } : {}),
    ...(optStr(item, 'origin') === 'seek' ? { origin: 'seek' as const } : {}),
    ...(item.watchedUntil ? { watchedUntil: str(item, 'watchedUntil') } : {}),
  };
}

const isBotLevel = (value: string): value is BotLevel => (BOT_LEVELS as readonly string[]).includes(value);

/** A seat as stored: bot seats from before levels existed have none. */
type StoredSeat = PersonSeat | (Omit<BotSeat, 'level'> & { level?: string });

/** Bot seats stored before levels existed played the greedy bot, which is the easy level. */
function seatRecord(seat: StoredSeat): SeatRecord {
  if (!seat.bot) return seat;
  return { ...seat, level: seat.level !== undefined && isBotLevel(seat.level) ? seat.level : 'easy' };
}
