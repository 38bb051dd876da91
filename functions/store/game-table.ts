import {
  BatchGetItemCommand,
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { keys, versionOfEventKey } from './keys.js';
import type { EventRecord, GameMeta, GameStatus, HeadRecord, MembershipRecord, PlayerRecord, RequestRecord } from './records.js';

type Item = Record<string, AttributeValue>;

const s = (v: string): AttributeValue => ({ S: v });
const n = (v: number): AttributeValue => ({ N: String(v) });
const json = (v: unknown): AttributeValue => ({ S: JSON.stringify(v) });

function str(item: Item, name: string): string {
  const v = item[name]?.S;
  if (v === undefined) throw new Error(`item attribute ${name} missing`);
  return v;
}
function num(item: Item, name: string): number {
  const v = item[name]?.N;
  if (v === undefined) throw new Error(`item attribute ${name} missing`);
  return Number(v);
}
function parsed<T>(item: Item, name: string): T {
  return JSON.parse(str(item, name)) as T;
}
const optStr = (item: Item, name: string) => item[name]?.S;

/** Thrown when a conditional write loses: the slot is taken or the item changed. */
export class WriteConflict extends Error {
  override readonly name = 'WriteConflict';
}

async function conditional<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error).name === 'ConditionalCheckFailedException') {
      throw new WriteConflict('conditional write failed');
    }
    throw err;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long idempotency records are kept (the table's TTL deletes them later). */
const REQUEST_TTL_SECONDS = 24 * 3600;

/**
 * The single-table event store (DESIGN.md section 3). Every write that could race is a
 * conditional write; the event log alone suffices to rebuild every game.
 */
export class GameTable {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  // ---- players

  async putPlayer(p: PlayerRecord): Promise<void> {
    const item: Item = {
      pk: s(keys.player(p.id)),
      sk: s(keys.profile),
      name: s(p.name),
      tokenHash: s(p.tokenHash),
      createdAt: s(p.createdAt),
    };
    if (p.email) item.email = s(p.email);
    await conditional(this.db.send(new PutItemCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({ TableName: this.tableName, Key: { pk: s(keys.player(id)), sk: s(keys.profile) }, ConsistentRead: true }),
    );
    const item = out.Item;
    if (!item) return null;
    const email = optStr(item, 'email');
    return { id, name: str(item, 'name'), tokenHash: str(item, 'tokenHash'), createdAt: str(item, 'createdAt'), ...(email ? { email } : {}) };
  }

  async updatePlayer(id: string, changes: { name?: string; email?: string | null }): Promise<void> {
    const sets: string[] = [];
    const removes: string[] = [];
    const values: Item = {};
    if (changes.name !== undefined) {
      sets.push('#name = :name');
      values[':name'] = s(changes.name);
    }
    if (changes.email === null) removes.push('email');
    else if (changes.email !== undefined) {
      sets.push('email = :email');
      values[':email'] = s(changes.email);
    }
    if (sets.length === 0 && removes.length === 0) return;
    const expr = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim();
    await conditional(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
          UpdateExpression: expr,
          ConditionExpression: 'attribute_exists(pk)',
          ...(sets.some((x) => x.startsWith('#name')) ? { ExpressionAttributeNames: { '#name': 'name' } } : {}),
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        }),
      ),
    );
  }

  // ---- memberships

  async putMembership(m: MembershipRecord): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: s(keys.player(m.playerId)),
            sk: s(keys.membership(m.gameId)),
            gameId: s(m.gameId),
            game: s(m.game),
            seat: n(m.seat),
            joinedAt: s(m.joinedAt),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async listMemberships(playerId: string): Promise<MembershipRecord[]> {
    const out: MembershipRecord[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(keys.membershipPrefix) },
          // A player who just joined expects to see the game in "my games" at once.
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        out.push({ playerId, gameId: str(item, 'gameId'), game: str(item, 'game'), seat: num(item, 'seat'), joinedAt: str(item, 'joinedAt') });
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }

  // ---- games

  async putMeta(meta: GameMeta): Promise<void> {
    await conditional(
      this.db.send(new PutItemCommand({ TableName: this.tableName, Item: metaItem(meta), ConditionExpression: 'attribute_not_exists(pk)' })),
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
   * One query for the meta item, the head cache and the newest event: read backwards from META,
   * the sort order is META > HEAD > EV#n > EV#n-1 (REQ# items sort after META and are not touched).
   * `latestVersion` tells whether the head has seen every event.
   */
  async getMetaAndHead(gameId: string): Promise<{ meta: GameMeta | null; head: HeadRecord | null; latestVersion: number }> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :meta',
        ExpressionAttributeValues: { ':pk': s(keys.game(gameId)), ':from': s(keys.eventPrefix), ':meta': s(keys.meta) },
        ScanIndexForward: false,
        Limit: 3,
        ConsistentRead: true,
      }),
    );
    let meta: GameMeta | null = null;
    let head: HeadRecord | null = null;
    let latestVersion = 0;
    for (const item of out.Items ?? []) {
      const sk = item.sk?.S ?? '';
      if (sk === keys.meta) meta = parseMeta(gameId, item);
      else if (sk === keys.head) head = parseHead(item);
      else if (sk.startsWith(keys.eventPrefix)) latestVersion = Math.max(latestVersion, versionOfEventKey(sk));
    }
    return { meta, head, latestVersion };
  }

  /** Heads (status and seats to act, without the state) and metas of many games, for listings. */
  async getSummaries(gameIds: readonly string[]): Promise<Map<string, { meta: GameMeta; head: Pick<HeadRecord, 'version' | 'toAct' | 'status'> | null }>> {
    const result = new Map<string, { meta: GameMeta; head: Pick<HeadRecord, 'version' | 'toAct' | 'status'> | null }>();
    const metas = new Map<string, GameMeta>();
    const heads = new Map<string, Pick<HeadRecord, 'version' | 'toAct' | 'status'>>();
    // BatchGetItem rejects a request that names the same key twice, so ask for each game once.
    const wanted: Item[] = [...new Set(gameIds)].flatMap((id) => [
      { pk: s(keys.game(id)), sk: s(keys.meta) },
      { pk: s(keys.game(id)), sk: s(keys.head) },
    ]);
    for (let i = 0; i < wanted.length; i += 100) {
      let request: Record<string, { Keys: Item[]; ConsistentRead?: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }> | undefined = {
        [this.tableName]: {
          Keys: wanted.slice(i, i + 100),
          ConsistentRead: true,
          ProjectionExpression: 'pk, sk, game, #options, players, seats, #status, createdAt, createdBy, inviteCode, seedCommitment, revision, finishedAt, version, toAct',
          ExpressionAttributeNames: { '#options': 'options', '#status': 'status' },
        },
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        // Unprocessed keys mean throttling: back off before asking again.
        if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
        const out = await this.db.send(new BatchGetItemCommand({ RequestItems: request }));
        for (const item of out.Responses?.[this.tableName] ?? []) {
          const id = str(item, 'pk').slice('GAME#'.length);
          if (item.sk?.S === keys.meta) metas.set(id, parseMeta(id, { ...item, seed: s('') }));
          else heads.set(id, { version: num(item, 'version'), toAct: parsed(item, 'toAct'), status: str(item, 'status') as GameStatus });
        }
        request = out.UnprocessedKeys as typeof request;
      }
    }
    for (const id of gameIds) {
      const meta = metas.get(id);
      if (meta) result.set(id, { meta, head: heads.get(id) ?? null });
    }
    return result;
  }

  /** Refreshes the head cache unless a newer head is already there. Losing is harmless. */
  async putHead(gameId: string, head: HeadRecord): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: {
              pk: s(keys.game(gameId)),
              sk: s(keys.head),
              version: n(head.version),
              state: json(head.state),
              toAct: json(head.toAct),
              status: s(head.status),
            },
            ConditionExpression: 'attribute_not_exists(version) OR version < :v',
            ExpressionAttributeValues: { ':v': n(head.version) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** Appends event `e.version`; exactly one of several racing writers of a version wins. */
  async appendEvent(gameId: string, e: EventRecord): Promise<void> {
    const item: Item = {
      pk: s(keys.game(gameId)),
      sk: s(keys.event(e.version)),
      version: n(e.version),
      seat: n(e.seat),
      action: json(e.action),
      events: json(e.events),
      toAct: json(e.toAct),
      at: s(e.at),
    };
    if (e.playerId) item.playerId = s(e.playerId);
    if (e.idempotencyKey) item.idempotencyKey = s(e.idempotencyKey);
    if (e.requestHash) item.requestHash = s(e.requestHash);
    await conditional(this.db.send(new PutItemCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(sk)' })));
  }

  /** Events with version > `after`, in order. */
  async eventsAfter(gameId: string, after: number, limit?: number): Promise<EventRecord[]> {
    const out: EventRecord[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': s(keys.game(gameId)), ':from': s(keys.event(after + 1)), ':to': s(`${keys.eventPrefix}~`) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
          ...(limit ? { Limit: limit - out.length } : {}),
        }),
      );
      for (const item of page.Items ?? []) out.push(parseEvent(item));
      start = page.LastEvaluatedKey;
    } while (start && (!limit || out.length < limit));
    return out;
  }

  async getEvent(gameId: string, version: number): Promise<EventRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({ TableName: this.tableName, Key: { pk: s(keys.game(gameId)), sk: s(keys.event(version)) }, ConsistentRead: true }),
    );
    return out.Item ? parseEvent(out.Item) : null;
  }

  // ---- idempotency

  async getRequest(gameId: string, playerId: string, key: string): Promise<RequestRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({ TableName: this.tableName, Key: { pk: s(keys.game(gameId)), sk: s(keys.request(playerId, key)) }, ConsistentRead: true }),
    );
    const item = out.Item;
    if (!item) return null;
    return { requestHash: str(item, 'requestHash'), status: num(item, 'status'), body: parsed(item, 'body') };
  }

  async putRequest(gameId: string, playerId: string, key: string, record: RequestRecord, now: Date): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: s(keys.game(gameId)),
          sk: s(keys.request(playerId, key)),
          requestHash: s(record.requestHash),
          status: n(record.status),
          body: json(record.body),
          ttl: n(Math.floor(now.getTime() / 1000) + REQUEST_TTL_SECONDS),
        },
      }),
    );
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
  if (meta.finishedAt) item.finishedAt = s(meta.finishedAt);
  return item;
}

function parseMeta(id: string, item: Item): GameMeta {
  const finishedAt = optStr(item, 'finishedAt');
  return {
    id,
    game: str(item, 'game'),
    options: parsed(item, 'options'),
    players: num(item, 'players'),
    seats: parsed(item, 'seats'),
    status: str(item, 'status') as GameStatus,
    createdAt: str(item, 'createdAt'),
    createdBy: str(item, 'createdBy'),
    inviteCode: str(item, 'inviteCode'),
    seedCommitment: str(item, 'seedCommitment'),
    seed: str(item, 'seed'),
    revision: num(item, 'revision'),
    ...(finishedAt ? { finishedAt } : {}),
  };
}

function parseHead(item: Item): HeadRecord {
  return { version: num(item, 'version'), state: parsed(item, 'state'), toAct: parsed(item, 'toAct'), status: str(item, 'status') as GameStatus };
}

function parseEvent(item: Item): EventRecord {
  const playerId = optStr(item, 'playerId');
  const idempotencyKey = optStr(item, 'idempotencyKey');
  const requestHash = optStr(item, 'requestHash');
  return {
    version: versionOfEventKey(str(item, 'sk')),
    seat: num(item, 'seat'),
    playerId: playerId ?? null,
    action: parsed(item, 'action'),
    events: parsed(item, 'events'),
    toAct: parsed(item, 'toAct'),
    at: str(item, 'at'),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(requestHash ? { requestHash } : {}),
  };
}
