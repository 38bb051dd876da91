import { randomUUID } from 'node:crypto';
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, json, n, num, optStr, parsed, s, str, WriteConflict, type Item } from './attributes.js';
import { commitItem, parseCommit, parseCommitSummary, SUMMARY_PROJECTION } from './commit-item.js';
import { keys } from './keys.js';
import { batchGet } from './batch-get.js';
import { ProfileSet } from './profile-set.js';
import { isLanguage, type Language } from '../../engine/core/languages.js';
import { BOT_LEVELS, type BotLevel } from '../../engine/core/search/levels.js';
import {
  mergeNotificationChoices,
  notificationKinds,
  resolveNotifications,
  type CommitRecord,
  type BotSeat,
  type CommitSummary,
  type GameMeta,
  type GameRecord,
  type GameStatus,
  type GameVersion,
  type MembershipRecord,
  type NewPlayerRecord,
  type NotificationKind,
  type NotificationChoices,
  type PersonSeat,
  type PlayerRecord,
  type PushRecord,
  type SeatRecord,
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

/** Reads a listing keeps under way at once. */
const LISTING_READS_AT_ONCE = 16;

/** What a listing reads of a meta item: everything but the secret seed. */
const META_SUMMARY_PROJECTION = 'pk, sk, game, #options, players, seats, #status, createdAt, createdBy, inviteCode, seedCommitment, revision, startedAt, timeControl, rematch, visibility, standInLevel';
const META_SUMMARY_NAMES = { '#options': 'options', '#status': 'status' };

/**
 * The single-table store (docs/architecture.md, "Store: one read, one write"). Every write that
 * could race is a conditional write; a game is its meta and its commits, the newest of which holds
 * the current state.
 */
export class GameTable {
  private readonly openGames: ProfileSet;

  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {
    this.openGames = new ProfileSet(db, tableName, 'openGames');
  }

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
    if (p.pendingEmail) item.pendingEmail = s(p.pendingEmail);
    if (p.language) item.lang = s(p.language);
    if (p.notifications) item.notifications = json(mergeNotificationChoices(undefined, p.notifications));
    await conditional(this.db.send(new PutItemCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
        ConsistentRead: true,
        ProjectionExpression: '#name, email, pendingEmail, tokenHash, createdAt, notifications, vacations, lang, deletedAt',
        ExpressionAttributeNames: { '#name': 'name' },
      }),
    );
    const item = out.Item;
    // A profile whose deletion has begun (store/account-deletion.ts) is gone for every reader.
    if (!item || item.deletedAt) return null;
    const email = optStr(item, 'email');
    const pendingEmail = optStr(item, 'pendingEmail');
    const language = optStr(item, 'lang');
    return {
      id,
      name: str(item, 'name'),
      tokenHash: str(item, 'tokenHash'),
      createdAt: str(item, 'createdAt'),
      ...(email ? { email } : {}),
      ...(pendingEmail ? { pendingEmail } : {}),
      ...(isLanguage(language) ? { language } : {}),
      notifications: resolveNotifications(parseChoices(optStr(item, 'notifications')), Boolean(email)),
      vacations: parseVacations(optStr(item, 'vacations')),
    };
  }

  /**
   * `notifications` is merged into the stored choices (kinds not named keep theirs). The choices
   * are one JSON attribute, so the merge is a read and a write conditioned on the value read:
   * two concurrent changes of different kinds both survive.
   */
  async updatePlayer(
    id: string,
    changes: { name?: string; email?: string | null; pendingEmail?: string | null; tokenHash?: string; language?: Language; notifications?: NotificationChoices },
  ): Promise<void> {
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
      if (changes.language !== undefined) {
        sets.push('lang = :lang');
        values[':lang'] = s(changes.language);
      }
      for (const attribute of ['email', 'pendingEmail', 'tokenHash'] as const) {
        const value = changes[attribute];
        if (value === null) removes.push(attribute);
        else if (value !== undefined) {
          sets.push(`${attribute} = :${attribute}`);
          values[`:${attribute}`] = s(value);
        }
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

  // ---- open games (ids in a capped set on the profile)

  /** Adds the game to the player's open games unless `cap` are there already (false then). */
  addOpenGame(playerId: string, gameId: string, cap: number): Promise<boolean> {
    return this.openGames.add(playerId, gameId, cap);
  }

  listOpenGames(playerId: string): Promise<string[]> {
    return this.openGames.list(playerId);
  }

  /** Removing an id that is not there is fine: the set only shrinks. */
  removeOpenGames(playerId: string, gameIds: readonly string[]): Promise<void> {
    return this.openGames.remove(playerId, gameIds);
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
    return { revision: num(meta, 'revision'), version: commit ? num(commit, 'v') : 0, clocks: commit ? (optStr(commit, 'ck') ?? null) : null };
  }

  /** The META item and the newest commit of a game in one Query (optionally projected); null for no game. */
  private async metaAndNewest(gameId: string, projection?: string): Promise<{ meta: Item; commit: Item | undefined } | null> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :meta',
        ExpressionAttributeValues: { ':pk': s(keys.game(gameId)), ':from': s(keys.commitPrefix), ':meta': s(keys.meta) },
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
  async readSummaries(gameIds: readonly string[]): Promise<Map<string, { meta: GameMeta; latest: CommitSummary | null }>> {
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
            ExpressionAttributeValues: { ':pk': s(keys.game(id)), ':from': s(keys.commitPrefix), ':meta': s(keys.meta) },
            ScanIndexForward: false,
            Limit: 2,
            ConsistentRead: true,
            ProjectionExpression: `${META_SUMMARY_PROJECTION}, ${SUMMARY_PROJECTION}`,
            ExpressionAttributeNames: META_SUMMARY_NAMES,
          }),
        );
        const [metaItem, commit] = out.Items ?? [];
        if (metaItem?.sk?.S !== keys.meta) continue;
        found.set(id, { meta: parseMeta(id, { ...metaItem, seed: s('') }), latest: commit ? parseCommitSummary(commit) : null });
      }
    };
    await Promise.all(Array.from({ length: Math.min(LISTING_READS_AT_ONCE, ids.length) }, worker));
    return new Map(gameIds.flatMap((id) => (found.has(id) ? [[id, found.get(id)!] as const] : [])));
  }

  /** Metas of many games without their seeds. */
  async getMetas(gameIds: readonly string[]): Promise<Map<string, GameMeta>> {
    const wanted: Item[] = [...new Set(gameIds)].map((id) => ({ pk: s(keys.game(id)), sk: s(keys.meta) }));
    const items = await batchGet(this.db, this.tableName, wanted, { projection: META_SUMMARY_PROJECTION, names: META_SUMMARY_NAMES });
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
  async putCommit(gameId: string, commit: CommitRecord): Promise<void> {
    await conditional(
      this.db.send(new PutItemCommand({ TableName: this.tableName, Item: commitItem(gameId, commit), ConditionExpression: 'attribute_not_exists(sk)' })),
    );
  }

  async getCommit(gameId: string, key: number): Promise<CommitRecord | null> {
    const out = await this.db.send(new GetItemCommand({ TableName: this.tableName, Key: { pk: s(keys.game(gameId)), sk: s(keys.commit(key)) }, ConsistentRead: true }));
    return out.Item ? parseCommit(out.Item) : null;
  }

  /**
   * Commits holding the versions after `after`, in order, until they cover `limit` versions (all
   * without a limit). `latest`, the newest commit when the caller has it already, is not read
   * again: a client polling from the version it last saw costs no read here at all.
   */
  async commitsAfter(gameId: string, after: number, limit?: number, latest?: CommitRecord | null): Promise<CommitRecord[]> {
    if (latest !== undefined && (latest === null || latest.version <= after)) return [];
    const enough = (list: CommitRecord[]) => limit !== undefined && (list.at(-1)?.version ?? after) >= after + limit;
    if (latest && latest.key <= after + 1) return [latest];
    const out: CommitRecord[] = [];
    const upTo = latest ? keys.commit(latest.key - 1) : `${keys.commitPrefix}~`;
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': s(keys.game(gameId)), ':from': s(keys.commit(after + 1)), ':to': s(upTo) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
          // Every commit but a game's first holds at least one version.
          ...(limit !== undefined ? { Limit: limit + 1 } : {}),
        }),
      );
      out.push(...(page.Items ?? []).map(parseCommit));
      start = page.LastEvaluatedKey;
    } while (start && !enough(out));
    if (after >= 0 && (out[0]?.key ?? Infinity) > after + 1) {
      // The version after `after` is inside an earlier commit (a request's bot moves, a page cut by a limit).
      const [holder] = await this.commitsUpTo(gameId, after, 1);
      if (holder && holder.version > after) out.unshift(holder);
    }
    if (latest && !enough(out)) out.push(latest);
    return out;
  }

  /** The newest `count` commits whose first version is at most `version`, newest first. */
  async commitsUpTo(gameId: string, version: number, count: number): Promise<CommitRecord[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': s(keys.game(gameId)), ':from': s(keys.commit(0)), ':to': s(keys.commit(version)) },
        ScanIndexForward: false,
        Limit: count,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map(parseCommit);
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
  if (meta.startedAt) item.startedAt = s(meta.startedAt);
  if (meta.timeControl) item.timeControl = json(meta.timeControl);
  if (meta.rematch) item.rematch = json(meta.rematch);
  if (meta.visibility) item.visibility = s(meta.visibility);
  if (meta.standInLevel) item.standInLevel = s(meta.standInLevel);
  return item;
}

export function parseMeta(id: string, item: Item): GameMeta {
  const startedAt = optStr(item, 'startedAt');
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
    ...(startedAt ? { startedAt } : {}),
    ...(item.timeControl ? { timeControl: parsed(item, 'timeControl') } : {}),
    ...(item.rematch ? { rematch: parsed(item, 'rematch') } : {}),
    ...(visibility === 'public' || visibility === 'private' ? { visibility } : {}),
    ...(standInLevel && isBotLevel(standInLevel) ? { standInLevel } : {}),
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

export function parseVacations(raw: string | undefined): Vacation[] {
  if (raw === undefined) return [];
  const value = JSON.parse(raw) as unknown;
  return Array.isArray(value) ? (value as Vacation[]) : [];
}
