import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, json, n, num, optStr, parsed, s, str } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { keys } from './keys.js';
import type { LobbyEntry, SeekPool, SeekRecord } from '../domain/lobby.js';
import type { LobbyStore } from './ports/lobby.js';

/** The lobby's entries and the seek pools (docs/playing.md "Lobby"); every write that could race is conditional. */
export class LobbyTable implements LobbyStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async putEntry(e: LobbyEntry): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: s(keys.lobby(e.game)),
          sk: s(keys.lobbyEntry(e.createdAt, e.gameId)),
          gameId: s(e.gameId),
          createdAt: s(e.createdAt),
        },
      }),
    );
  }

  async removeEntry(e: LobbyEntry): Promise<void> {
    await this.db.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.lobby(e.game)), sk: s(keys.lobbyEntry(e.createdAt, e.gameId)) },
      }),
    );
  }

  /** The newest `limit` entries of a game, newest first; with `before`, only those created before it (oldest first). */
  async entries(game: string, limit: number, before?: string): Promise<LobbyEntry[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: before ? 'pk = :pk AND sk < :before' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': s(keys.lobby(game)), ...(before ? { ':before': s(before) } : {}) },
        ScanIndexForward: before !== undefined,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((item) => ({ game, gameId: str(item, 'gameId'), createdAt: str(item, 'createdAt') }));
  }

  async readPool(key: string, of: Pick<SeekPool, 'game' | 'players' | 'pace'>): Promise<SeekPool> {
    const out = await this.db.send(
      new GetItemCommand({ TableName: this.tableName, Key: { pk: s(key), sk: s(keys.pool) }, ConsistentRead: true }),
    );
    const item = out.Item;
    if (!item) return { key, ...of, waiting: [], revision: 0 };
    const match = optStr(item, 'match');
    return {
      key,
      ...of,
      waiting: parsed(item, 'waiting'),
      ...(match ? { match: JSON.parse(match) as SeekPool['match'] } : {}),
      revision: num(item, 'revision'),
    };
  }

  /** Writes the pool at `pool.revision + 1` if nobody wrote it since `pool.revision`; WriteConflict otherwise. */
  async writePool(pool: SeekPool): Promise<void> {
    const item: Item = {
      pk: s(pool.key),
      sk: s(keys.pool),
      waiting: json(pool.waiting),
      revision: n(pool.revision + 1),
    };
    if (pool.match) item.match = json(pool.match);
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: item,
          ...(pool.revision === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'revision = :prev', ExpressionAttributeValues: { ':prev': n(pool.revision) } }),
        }),
      ),
    );
  }

  async getSeek(playerId: string): Promise<SeekRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.seek) },
        ConsistentRead: true,
      }),
    );
    return out.Item ? { ...parsed<Omit<SeekRecord, 'playerId'>>(out.Item, 'seek'), playerId } : null;
  }

  /** Stores a new seek unless one is still waiting (WriteConflict then): a player seeks one game at a time. */
  async putSeek(rec: SeekRecord, now: string): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: s(keys.player(rec.playerId)),
            sk: s(keys.seek),
            seek: json(withoutPlayer(rec)),
            seekId: s(rec.id),
            waitingUntil: s(rec.status === 'waiting' ? rec.expiresAt : ''),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR waitingUntil <= :now',
          ExpressionAttributeValues: { ':now': s(now) },
        }),
      ),
    );
  }

  /** Marks the seek matched, if it is still the one with this id (the player may have sought again since). */
  async matchSeek(playerId: string, seekId: string, gameId: string): Promise<void> {
    const current = await this.getSeek(playerId);
    if (!current || current.id !== seekId) return;
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: s(keys.player(playerId)),
            sk: s(keys.seek),
            seek: json(withoutPlayer({ ...current, status: 'matched', gameId })),
            seekId: s(seekId),
            waitingUntil: s(''),
          },
          ConditionExpression: 'seekId = :id',
          ExpressionAttributeValues: { ':id': s(seekId) },
        }),
      ),
    ).catch(ignoreConflict);
  }

  /** Deletes the seek if it is the one with this id. */
  async deleteSeek(playerId: string, seekId: string): Promise<void> {
    await conditional(
      this.db.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.player(playerId)), sk: s(keys.seek) },
          ConditionExpression: 'seekId = :id',
          ExpressionAttributeValues: { ':id': s(seekId) },
        }),
      ),
    ).catch(ignoreConflict);
  }
}

/** The seek changed meanwhile (the player cancelled or sought again): that one is theirs to keep. */
function ignoreConflict(err: unknown): void {
  if (!(err instanceof WriteConflict)) throw err;
}

function withoutPlayer(rec: SeekRecord): Omit<SeekRecord, 'playerId'> {
  const { playerId: _, ...rest } = rec;
  return rest;
}
