import { randomUUID } from 'node:crypto';
import {
  BatchGetItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, json, n, num, optStr, parsed, s, str, WriteConflict, type Item } from './attributes.js';
import { keys, versionOfEventKey } from './keys.js';
import {
  mergeNotificationChoices,
  notificationKinds,
  resolveNotifications,
  type EventRecord,
  type GameMeta,
  type GameStatus,
  type HeadRecord,
  type MembershipRecord,
  type NewPlayerRecord,
  type NotificationKind,
  type NotificationChoices,
  type PlayerRecord,
  type PushRecord,
  type RequestRecord,
  type Vacation,
  type WebhookRecord,
} from './records.js';

export { WriteConflict } from './attributes.js';

/** Thrown when a player already has as many webhooks or push subscriptions as allowed. */
export class LimitReached extends Error {
  override readonly name = 'LimitReached';
  constructor(
    readonly what: 'webhooks' | 'pushSubscriptions',
    readonly limit: number,
  ) {
    super(`at most ${limit} ${what} per player`);
  }
}

export const MAX_WEBHOOKS = 10;
export const MAX_PUSH_SUBSCRIPTIONS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rounds of optimistic retries before a write gives up with WriteConflict; each round has a winner. */
const MAX_ATTEMPTS = 30;
/** How long a writer may hold a player's lease (it needs three quick requests), and how long others wait for it. */
const LEASE_MS = 10_000;
const LEASE_WAIT_MS = 15_000;
const backoff = (attempt: number) => sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));

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

  /** Stores the player's notification choices only if given: absent, the defaults apply. */
  async putPlayer(p: NewPlayerRecord): Promise<void> {
    const item: Item = {
      pk: s(keys.player(p.id)),
      sk: s(keys.profile),
      name: s(p.name),
      tokenHash: s(p.tokenHash),
      createdAt: s(p.createdAt),
    };
    if (p.email) item.email = s(p.email);
    if (p.notifications) item.notifications = json(mergeNotificationChoices(undefined, p.notifications));
    await conditional(this.db.send(new PutItemCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
        ConsistentRead: true,
        ProjectionExpression: '#name, email, tokenHash, createdAt, notifications, vacations',
        ExpressionAttributeNames: { '#name': 'name' },
      }),
    );
    const item = out.Item;
    if (!item) return null;
    const email = optStr(item, 'email');
    return {
      id,
      name: str(item, 'name'),
      tokenHash: str(item, 'tokenHash'),
      createdAt: str(item, 'createdAt'),
      ...(email ? { email } : {}),
      notifications: resolveNotifications(parseChoices(optStr(item, 'notifications')), Boolean(email)),
      vacations: parseVacations(optStr(item, 'vacations')),
    };
  }

  /**
   * `notifications` is merged into the stored choices (kinds not named keep theirs). The choices
   * are one JSON attribute, so the merge is a read and a write conditioned on the value read:
   * two concurrent changes of different kinds both survive.
   */
  async updatePlayer(id: string, changes: { name?: string; email?: string | null; notifications?: NotificationChoices }): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const sets: string[] = [];
      const removes: string[] = [];
      const values: Item = {};
      const names: Record<string, string> = {};
      const conditions = ['attribute_exists(pk)'];
      if (changes.name !== undefined) {
        sets.push('#name = :name');
        names['#name'] = 'name';
        values[':name'] = s(changes.name);
      }
      if (changes.email === null) removes.push('email');
      else if (changes.email !== undefined) {
        sets.push('email = :email');
        values[':email'] = s(changes.email);
      }
      if (changes.notifications) {
        const current = await this.db.send(
          new GetItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
            ConsistentRead: true,
            ProjectionExpression: 'pk, notifications',
          }),
        );
        if (!current.Item) throw new WriteConflict('no such player');
        const stored = optStr(current.Item, 'notifications');
        sets.push('notifications = :notifications');
        values[':notifications'] = json(mergeNotificationChoices(parseChoices(stored), changes.notifications));
        if (stored === undefined) conditions.push('attribute_not_exists(notifications)');
        else {
          conditions.push('notifications = :stored');
          values[':stored'] = s(stored);
        }
      }
      if (sets.length === 0 && removes.length === 0) return;
      const expr = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim();
      try {
        await conditional(
          this.db.send(
            new UpdateItemCommand({
              TableName: this.tableName,
              Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
              UpdateExpression: expr,
              ConditionExpression: conditions.join(' AND '),
              ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
              ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
            }),
          ),
        );
        return;
      } catch (err) {
        // Without notifications the only condition is that the player exists: nothing to retry.
        if (!(err instanceof WriteConflict) || !changes.notifications || attempt + 1 >= MAX_ATTEMPTS) throw err;
        await backoff(attempt);
      }
    }
  }

  // ---- open games (ids in a string set on the profile, so the cap is one conditional update)

  /** Adds the game to the player's open games unless `cap` are there already (false then). */
  async addOpenGame(playerId: string, gameId: string, cap: number): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.player(playerId)), sk: s(keys.profile) },
            UpdateExpression: 'ADD openGames :id',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(openGames) OR size(openGames) < :cap)',
            ExpressionAttributeValues: { ':id': { SS: [gameId] }, ':cap': n(cap) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  async listOpenGames(playerId: string): Promise<string[]> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.profile) },
        ConsistentRead: true,
        ProjectionExpression: 'openGames',
      }),
    );
    return out.Item?.openGames?.SS ?? [];
  }

  /** Removing an id that is not there is fine: the set only shrinks. */
  async removeOpenGames(playerId: string, gameIds: readonly string[]): Promise<void> {
    if (gameIds.length === 0) return;
    await this.db.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.profile) },
        UpdateExpression: 'DELETE openGames :ids',
        ExpressionAttributeValues: { ':ids': { SS: [...gameIds] } },
      }),
    );
  }

  // ---- notification channels (items under the player's partition)

  async listWebhooks(playerId: string): Promise<WebhookRecord[]> {
    const items = await this.queryPrefix(keys.player(playerId), keys.webhookPrefix);
    return items.map((item) => ({
      playerId,
      id: str(item, 'sk').slice(keys.webhookPrefix.length),
      url: str(item, 'url'),
      secret: str(item, 'secret'),
      events: parseKinds(parsed(item, 'events')),
      createdAt: str(item, 'createdAt'),
    }));
  }

  /** Adds a webhook (ids are unique: an existing id is a WriteConflict). LimitReached past MAX_WEBHOOKS. */
  async putWebhook(rec: WebhookRecord): Promise<void> {
    await this.putUnderLimit({
      playerId: rec.playerId,
      sk: keys.webhook(rec.id),
      prefix: keys.webhookPrefix,
      lock: 'webhookLease',
      limit: MAX_WEBHOOKS,
      what: 'webhooks',
      replace: false,
      attributes: { url: s(rec.url), secret: s(rec.secret), events: json(rec.events), createdAt: s(rec.createdAt) },
    });
  }

  /** True if the webhook existed (and is now gone). */
  async deleteWebhook(playerId: string, id: string): Promise<boolean> {
    return this.deleteChild(playerId, keys.webhook(id));
  }

  async listPushSubscriptions(playerId: string): Promise<PushRecord[]> {
    const items = await this.queryPrefix(keys.player(playerId), keys.pushPrefix);
    return items.map((item) => ({
      playerId,
      id: str(item, 'sk').slice(keys.pushPrefix.length),
      subscription: parsed(item, 'subscription'),
      createdAt: str(item, 'createdAt'),
    }));
  }

  /**
   * Adds or replaces (same id, i.e. the same endpoint: `pushSubscriptionId`) a push subscription.
   * LimitReached past MAX_PUSH_SUBSCRIPTIONS; replacing never counts as one more.
   */
  async putPushSubscription(rec: PushRecord): Promise<void> {
    await this.putUnderLimit({
      playerId: rec.playerId,
      sk: keys.push(rec.id),
      prefix: keys.pushPrefix,
      lock: 'pushLease',
      limit: MAX_PUSH_SUBSCRIPTIONS,
      what: 'pushSubscriptions',
      replace: true,
      attributes: { subscription: json(rec.subscription), createdAt: s(rec.createdAt) },
    });
  }

  async deletePushSubscription(playerId: string, id: string): Promise<boolean> {
    return this.deleteChild(playerId, keys.push(id));
  }

  /**
   * A capped set of items under a player, without transactions: the writer takes a short lease
   * on the player's profile item (a conditional update that only succeeds when no unexpired
   * lease is there), counts the items (Query), writes its item and releases the lease. Writers
   * are thus one at a time and each counts every earlier one: the cap holds under races, and a
   * writer never counts another's unfinished item. A crashed writer's lease simply expires.
   * Deletes need no lease (they only make room).
   */
  private async putUnderLimit(o: {
    playerId: string;
    sk: string;
    prefix: string;
    lock: string;
    limit: number;
    what: LimitReached['what'];
    replace: boolean;
    attributes: Item;
  }): Promise<void> {
    const pk = keys.player(o.playerId);
    const key = { pk: s(pk), sk: s(keys.profile) };
    const holder = randomUUID();
    const names = { '#lock': o.lock };
    const deadline = Date.now() + LEASE_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await conditional(
          this.db.send(
            new UpdateItemCommand({
              TableName: this.tableName,
              Key: key,
              UpdateExpression: 'SET #lock = :lease',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#lock) OR #lock.#until < :now)',
              ExpressionAttributeNames: { ...names, '#until': 'until' },
              ExpressionAttributeValues: { ':lease': { M: { holder: s(holder), until: n(Date.now() + LEASE_MS) } }, ':now': n(Date.now()) },
            }),
          ),
        );
        break;
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
        const profile = await this.db.send(new GetItemCommand({ TableName: this.tableName, Key: key, ConsistentRead: true, ProjectionExpression: 'pk' }));
        if (!profile.Item) throw new WriteConflict('no such player');
        if (Date.now() > deadline) throw new WriteConflict('too many concurrent changes');
        await backoff(attempt);
      }
    }
    try {
      const present = (await this.queryPrefix(pk, o.prefix, 'sk')).map((item) => str(item, 'sk'));
      const others = present.filter((sk) => sk !== o.sk).length;
      if (others >= o.limit) throw new LimitReached(o.what, o.limit);
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: { pk: s(pk), sk: s(o.sk), ...o.attributes },
            ...(o.replace ? {} : { ConditionExpression: 'attribute_not_exists(sk)' }),
          }),
        ),
      );
    } finally {
      // Only our own lease; if it expired and another writer holds one now, that one stays.
      await this.db
        .send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: key,
            UpdateExpression: 'REMOVE #lock',
            ConditionExpression: '#lock.#holder = :holder',
            ExpressionAttributeNames: { ...names, '#holder': 'holder' },
            ExpressionAttributeValues: { ':holder': s(holder) },
          }),
        )
        .catch((err: unknown) => {
          if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        });
    }
  }

  private async deleteChild(playerId: string, sk: string): Promise<boolean> {
    const out = await this.db.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: { pk: s(keys.player(playerId)), sk: s(sk) }, ReturnValues: 'ALL_OLD' }),
    );
    return out.Attributes !== undefined;
  }

  private async queryPrefix(pk: string, prefix: string, projection?: string): Promise<Item[]> {
    const out: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': s(pk), ':prefix': s(prefix) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
          ...(projection ? { ProjectionExpression: projection } : {}),
        }),
      );
      out.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
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
  async getSummaries(gameIds: readonly string[]): Promise<Map<string, { meta: GameMeta; head: Pick<HeadRecord, 'version' | 'toAct' | 'status' | 'clocks'> | null }>> {
    const result = new Map<string, { meta: GameMeta; head: Pick<HeadRecord, 'version' | 'toAct' | 'status' | 'clocks'> | null }>();
    const metas = new Map<string, GameMeta>();
    const heads = new Map<string, Pick<HeadRecord, 'version' | 'toAct' | 'status' | 'clocks'>>();
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
          ProjectionExpression: 'pk, sk, game, #options, players, seats, #status, createdAt, createdBy, inviteCode, seedCommitment, revision, finishedAt, startedAt, timeControl, version, toAct, clocks',
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
          else heads.set(id, { version: num(item, 'version'), toAct: parsed(item, 'toAct'), status: str(item, 'status') as GameStatus, ...(item.clocks ? { clocks: parsed(item, 'clocks') } : {}) });
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

  /**
   * Refreshes the head cache unless a newer head is already there. Losing is harmless. A timed
   * game's head also carries `dueAt`, its entry in the sparse deadline index.
   */
  async putHead(gameId: string, head: HeadRecord, dueAt: string | null = null): Promise<boolean> {
    const item: Item = {
      pk: s(keys.game(gameId)),
      sk: s(keys.head),
      version: n(head.version),
      state: json(head.state),
      toAct: json(head.toAct),
      status: s(head.status),
    };
    if (head.clocks) item.clocks = json(head.clocks);
    if (head.forfeited?.length) item.forfeited = json(head.forfeited);
    if (dueAt) Object.assign(item, { dueShard: s(keys.dueShard(gameId)), dueAt: s(dueAt) });
    try {
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: item,
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
    if (e.timeout) item.timeout = { BOOL: true };
    if (e.forfeit) item.forfeit = { BOOL: true };
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

/** Stored choices, read defensively: anything unexpected counts as "no choice". */
function parseChoices(raw: string | undefined): NotificationChoices | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? mergeNotificationChoices(undefined, value as NotificationChoices) : undefined;
  } catch {
    return undefined;
  }
}

function parseKinds(value: unknown): NotificationKind[] {
  return Array.isArray(value) ? notificationKinds.filter((k) => value.includes(k)) : [];
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
  if (meta.startedAt) item.startedAt = s(meta.startedAt);
  if (meta.timeControl) item.timeControl = json(meta.timeControl);
  return item;
}

export function parseMeta(id: string, item: Item): GameMeta {
  const finishedAt = optStr(item, 'finishedAt');
  const startedAt = optStr(item, 'startedAt');
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
    ...(startedAt ? { startedAt } : {}),
    ...(item.timeControl ? { timeControl: parsed(item, 'timeControl') } : {}),
  };
}

function parseHead(item: Item): HeadRecord {
  return {
    version: num(item, 'version'),
    state: parsed(item, 'state'),
    toAct: parsed(item, 'toAct'),
    status: str(item, 'status') as GameStatus,
    ...(item.clocks ? { clocks: parsed(item, 'clocks') } : {}),
    ...(item.forfeited ? { forfeited: parsed(item, 'forfeited') } : {}),
  };
}

export function parseVacations(raw: string | undefined): Vacation[] {
  if (raw === undefined) return [];
  const value = JSON.parse(raw) as unknown;
  return Array.isArray(value) ? (value as Vacation[]) : [];
}

export function parseEvent(item: Item): EventRecord {
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
    ...(item.timeout?.BOOL ? { timeout: true } : {}),
    ...(item.forfeit?.BOOL ? { forfeit: true } : {}),
  };
}
