import { randomUUID } from 'node:crypto';
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, json, n, parsed, s, str } from './attributes.js';
import { backoff } from './backoff.js';
import { keys } from './keys.js';
import { queryItems } from './query-items.js';
import { LimitReached, WriteConflict } from './ports/errors.js';
import { MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS, type Subscriptions } from './ports/subscriptions.js';
import { notificationKinds, type NotificationKind } from '../domain/notifications.js';
import type { PushRecord, WebhookRecord } from '../domain/player.js';

/** How long a writer may hold a player's lease (it needs three quick requests), and how long others wait for it. */
const LEASE_MS = 10_000;
const LEASE_WAIT_MS = 15_000;

/** One kind of channel: where its items sit under the player, its cap, and how a record maps to an item. */
export interface SubscriptionKind<T extends { playerId: string; id: string }> {
  sk: (id: string) => string;
  prefix: string;
  /** The profile attribute holding the kind's lease. */
  lock: string;
  limit: number;
  what: LimitReached['what'];
  /** Whether a put of an existing id replaces it (else WriteConflict). */
  replace: boolean;
  attributes: (record: T) => Item;
  parse: (playerId: string, id: string, item: Item) => T;
}

/**
 * A capped list of items under a player, without transactions: the writer takes a short lease
 * on the player's profile item (a conditional update that only succeeds when no unexpired
 * lease is there), counts the items (Query), writes its item and releases the lease. Writers
 * are thus one at a time and each counts every earlier one: the cap holds under races, and a
 * writer never counts another's unfinished item. A crashed writer's lease simply expires.
 * Deletes need no lease (they only make room).
 */
export class SubscriptionTable<T extends { playerId: string; id: string }> implements Subscriptions<T> {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
    private readonly kind: SubscriptionKind<T>,
  ) {}

  async list(playerId: string): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this.query(playerId))
      out.push(this.kind.parse(playerId, str(item, 'sk').slice(this.kind.prefix.length), item));
    return out;
  }

  /** True if it existed (and is now gone). */
  async delete(playerId: string, id: string): Promise<boolean> {
    const out = await this.db.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(this.kind.sk(id)) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes !== undefined;
  }

  /** Adds the record, or replaces it if the kind does; LimitReached past the kind's cap. */
  async put(record: T): Promise<void> {
    const o = this.kind;
    const sk = o.sk(record.id);
    const pk = keys.player(record.playerId);
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
              ExpressionAttributeValues: {
                ':lease': { M: { holder: s(holder), until: n(Date.now() + LEASE_MS) } },
                ':now': n(Date.now()),
              },
            }),
          ),
        );
        break;
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
        const profile = await this.db.send(
          new GetItemCommand({ TableName: this.tableName, Key: key, ConsistentRead: true, ProjectionExpression: 'pk' }),
        );
        if (!profile.Item) throw new WriteConflict('no such player');
        if (Date.now() > deadline) throw new WriteConflict('too many concurrent changes');
        await backoff(attempt);
      }
    }
    try {
      const others = (await this.queryKeys(record.playerId)).filter((other) => other !== sk).length;
      if (others >= o.limit) throw new LimitReached(o.what, o.limit);
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: { pk: s(pk), sk: s(sk), ...o.attributes(record) },
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

  private async queryKeys(playerId: string): Promise<string[]> {
    const out: string[] = [];
    for await (const item of this.query(playerId, 'sk')) out.push(str(item, 'sk'));
    return out;
  }

  private query(playerId: string, projection?: string) {
    return queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(this.kind.prefix) },
      ConsistentRead: true,
      ...(projection ? { ProjectionExpression: projection } : {}),
    });
  }
}

export const WEBHOOKS: SubscriptionKind<WebhookRecord> = {
  sk: keys.webhook,
  prefix: keys.webhookPrefix,
  lock: 'webhookLease',
  limit: MAX_WEBHOOKS,
  what: 'webhooks',
  replace: false,
  attributes: (rec) => ({
    url: s(rec.url),
    secret: s(rec.secret),
    events: json(rec.events),
    createdAt: s(rec.createdAt),
  }),
  parse: (playerId, id, item) => ({
    playerId,
    id,
    url: str(item, 'url'),
    secret: str(item, 'secret'),
    events: parseKinds(parsed(item, 'events')),
    createdAt: str(item, 'createdAt'),
  }),
};

/** Same id, i.e. the same endpoint (`pushSubscriptionId`): replaced, never one more. */
export const PUSH_SUBSCRIPTIONS: SubscriptionKind<PushRecord> = {
  sk: keys.push,
  prefix: keys.pushPrefix,
  lock: 'pushLease',
  limit: MAX_PUSH_SUBSCRIPTIONS,
  what: 'pushSubscriptions',
  replace: true,
  attributes: (rec) => ({ subscription: json(rec.subscription), createdAt: s(rec.createdAt) }),
  parse: (playerId, id, item) => ({
    playerId,
    id,
    subscription: parsed(item, 'subscription'),
    createdAt: str(item, 'createdAt'),
  }),
};

function parseKinds(value: unknown): NotificationKind[] {
  return Array.isArray(value) ? notificationKinds.filter((k) => value.includes(k)) : [];
}
