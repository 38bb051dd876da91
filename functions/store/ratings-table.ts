/**
 * Ratings in the single table (docs/playing.md, "Ratings"): each player's log per rating kind, a game's
 * rating plan, and each kind's leaderboard. Every write that could race is conditional.
 */
import {
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, json, n, num, parsed, s, str } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { batchGet } from './batch-get.js';
import { queryItems } from './query-items.js';
import { BOARD_SHARDS, keys } from './keys.js';
import type { BoardEntry, RatingEntry, RatingPlan } from '../domain/ratings.js';
import type { RatingStore } from './ports/ratings.js';

export class RatingsTable implements RatingStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
    /** BOARD_SHARDS; one only in the bench that measures the single item it replaced. */
    private readonly boardShards = BOARD_SHARDS,
  ) {}

  /** The player's newest entry of the kind: their rating (null before their first rated game of it). */
  async latestRating(playerId: string, kind: string): Promise<RatingEntry | null> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(keys.ratingPrefix(kind)) },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = out.Items?.[0];
    return item ? parseRating(item) : null;
  }

  /**
   * The player's entries of the kind from `version` on, oldest first: what was written since a
   * plan was made (a handful, since one game's updates are seconds apart).
   */
  async ratingsFrom(playerId: string, kind: string, version: number): Promise<RatingEntry[]> {
    const out: RatingEntry[] = [];
    const entries = queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': s(keys.player(playerId)),
        ':from': s(keys.rating(kind, version)),
        ':to': s(`${keys.ratingPrefix(kind)}~`),
      },
      ConsistentRead: true,
    });
    for await (const item of entries) out.push(parseRating(item));
    return out;
  }

  /**
   * The player's entries of the kind finished at `since` or later, newest first. Versions follow
   * the order games finished, so reading stops at the first older entry.
   */
  async ratingsSince(playerId: string, kind: string, since: string): Promise<RatingEntry[]> {
    const out: RatingEntry[] = [];
    const entries = queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(keys.ratingPrefix(kind)) },
      ScanIndexForward: false,
      Limit: 25,
      ConsistentRead: true,
    });
    for await (const item of entries) {
      const entry = parseRating(item);
      if (entry.at < since) break;
      out.push(entry);
    }
    return out;
  }

  /** Claims the entry's version of the player's log: WriteConflict if another game took it. */
  async putRating(playerId: string, kind: string, e: RatingEntry): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { pk: s(keys.player(playerId)), sk: s(keys.rating(kind, e.version)), ...entryAttributes(e) },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
  }

  /** Notes the entry as the player's newest of its kind, unless a newer one is noted already. */
  async noteLatest(playerId: string, kind: string, e: RatingEntry): Promise<void> {
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.player(playerId)), sk: s(keys.ratings) },
            UpdateExpression: 'SET #kind = :entry',
            ConditionExpression: 'attribute_not_exists(#kind) OR #kind.#version < :version',
            ExpressionAttributeNames: { '#kind': `kind:${kind}`, '#version': 'version' },
            ExpressionAttributeValues: { ':entry': { M: entryAttributes(e) }, ':version': n(e.version) },
          }),
        ),
      );
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
    }
  }

  /** The player's newest entry of each kind they were rated in. */
  async ratingsOf(playerId: string): Promise<Map<string, RatingEntry>> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.ratings) },
        ConsistentRead: true,
      }),
    );
    return latestByKind(out.Item);
  }

  /** Each player's newest entry of each kind, in one batched read (the lobby shows many players). */
  async ratingsOfMany(playerIds: readonly string[]): Promise<Map<string, Map<string, RatingEntry>>> {
    const wanted = [...new Set(playerIds)].map((id) => ({ pk: s(keys.player(id)), sk: s(keys.ratings) }));
    const items = await batchGet(this.db, this.tableName, wanted);
    return new Map(items.map((item) => [str(item, 'pk').slice(keys.playerPrefix.length), latestByKind(item)] as const));
  }

  async getPlan(gameId: string): Promise<RatingPlan | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.game(gameId)), sk: s(keys.rated) },
        ConsistentRead: true,
      }),
    );
    const item = out.Item;
    if (!item) return null;
    return {
      gameId,
      kind: str(item, 'kind'),
      seats: parsed(item, 'seats'),
      finishedAt: str(item, 'finishedAt'),
      done: item.done?.BOOL === true,
    };
  }

  /** Writes the plan unless one exists: WriteConflict then (read that one instead). */
  async putPlan(plan: RatingPlan): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: s(keys.game(plan.gameId)),
            sk: s(keys.rated),
            kind: s(plan.kind),
            seats: json(plan.seats),
            finishedAt: s(plan.finishedAt),
            done: { BOOL: plan.done },
          },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
  }

  async markPlanDone(gameId: string): Promise<void> {
    await this.db.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.game(gameId)), sk: s(keys.rated) },
        UpdateExpression: 'SET done = :done',
        ExpressionAttributeValues: { ':done': { BOOL: true } },
      }),
    );
  }

  /** Every row of the kind's leaderboard: its shards in one BatchGetItem (docs/hot-items.md). */
  async getBoard(kind: string): Promise<BoardEntry[]> {
    const wanted = Array.from({ length: this.boardShards }, (_, shard) => keys.boardShard(kind, shard));
    const items = await batchGet(
      this.db,
      this.tableName,
      wanted.map((key) => ({ pk: s(key.pk), sk: s(key.sk) })),
    );
    return items.flatMap((item) => parsed<BoardEntry[]>(item, 'entries'));
  }

  async getBoardShard(kind: string, playerId: string): Promise<{ entries: BoardEntry[]; revision: number }> {
    const key = this.shardKey(kind, playerId);
    const out = await this.db.send(
      new GetItemCommand({ TableName: this.tableName, Key: { pk: s(key.pk), sk: s(key.sk) }, ConsistentRead: true }),
    );
    return out.Item
      ? { entries: parsed(out.Item, 'entries'), revision: num(out.Item, 'revision') }
      : { entries: [], revision: 0 };
  }

  async replaceBoardShard(kind: string, player: string, rows: readonly BoardEntry[], revision: number): Promise<void> {
    const key = this.shardKey(kind, player);
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { pk: s(key.pk), sk: s(key.sk), entries: json(rows), revision: n(revision + 1) },
          ConditionExpression: revision === 0 ? 'attribute_not_exists(pk)' : 'revision = :prev',
          ...(revision === 0 ? {} : { ExpressionAttributeValues: { ':prev': n(revision) } }),
        }),
      ),
    );
  }

  private shardKey(kind: string, playerId: string) {
    return keys.boardShard(kind, keys.boardShardOf(playerId, this.boardShards));
  }
}

function entryAttributes(e: RatingEntry): Item {
  return {
    gameId: s(e.gameId),
    rating: n(e.rating),
    rd: n(e.rd),
    vol: n(e.vol),
    before: json(e.before),
    at: s(e.at),
    version: n(e.version),
  };
}

function parseRating(item: Item): RatingEntry {
  return {
    version: num(item, 'version'),
    gameId: str(item, 'gameId'),
    rating: num(item, 'rating'),
    rd: num(item, 'rd'),
    vol: num(item, 'vol'),
    before: parsed(item, 'before'),
    at: str(item, 'at'),
  };
}

function latestByKind(item: Item | undefined): Map<string, RatingEntry> {
  const found = new Map<string, RatingEntry>();
  for (const [name, value] of Object.entries(item ?? {})) {
    if (name.startsWith('kind:') && value.M) found.set(name.slice('kind:'.length), parseRating(value.M));
  }
  return found;
}
