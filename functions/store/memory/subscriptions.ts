import { notificationKinds } from '../../domain/notifications.js';
import type { PushRecord, WebhookRecord } from '../../domain/player.js';
import { LimitReached, WriteConflict } from '../ports/errors.js';
import { MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS, type Subscriptions } from '../ports/subscriptions.js';
import { byKey, copy, type MemoryState, type PlayerPartition } from './state.js';

/** One kind of channel in memory: where it is kept under the player, its cap, and how a record is stored. */
export interface MemorySubscriptionKind<T extends { playerId: string; id: string }> {
  of: (partition: PlayerPartition) => Map<string, T>;
  limit: number;
  what: LimitReached['what'];
  /** Whether a put of an existing id replaces it (else WriteConflict). */
  replace: boolean;
  stored: (record: T) => T;
}

/** A capped list of channels under a player, with the refusals of functions/store/subscription-table.ts. */
export class MemorySubscriptions<T extends { playerId: string; id: string }> implements Subscriptions<T> {
  constructor(
    private readonly state: MemoryState,
    private readonly kind: MemorySubscriptionKind<T>,
  ) {}

  async list(playerId: string): Promise<T[]> {
    const partition = this.state.players.get(playerId);
    return partition ? byKey(this.kind.of(partition)).map(copy) : [];
  }

  async delete(playerId: string, id: string): Promise<boolean> {
    const partition = this.state.players.get(playerId);
    return partition ? this.kind.of(partition).delete(id) : false;
  }

  async put(record: T): Promise<void> {
    const partition = this.state.players.get(record.playerId);
    if (!partition?.profile) throw new WriteConflict('no such player');
    const items = this.kind.of(partition);
    const others = [...items.keys()].filter((id) => id !== record.id).length;
    if (others >= this.kind.limit) throw new LimitReached(this.kind.what, this.kind.limit);
    if (!this.kind.replace && items.has(record.id)) throw new WriteConflict('id taken');
    items.set(record.id, this.kind.stored(copy(record)));
  }
}

export const MEMORY_WEBHOOKS: MemorySubscriptionKind<WebhookRecord> = {
  of: (partition) => partition.webhooks,
  limit: MAX_WEBHOOKS,
  what: 'webhooks',
  replace: false,
  // Kinds are kept in the catalog's order, unknown ones left out, as the table reads them.
  stored: (rec) => ({
    playerId: rec.playerId,
    id: rec.id,
    url: rec.url,
    secret: rec.secret,
    events: notificationKinds.filter((k) => rec.events.includes(k)),
    createdAt: rec.createdAt,
  }),
};

export const MEMORY_PUSH_SUBSCRIPTIONS: MemorySubscriptionKind<PushRecord> = {
  of: (partition) => partition.pushSubscriptions,
  limit: MAX_PUSH_SUBSCRIPTIONS,
  what: 'pushSubscriptions',
  replace: true,
  stored: (rec) => ({ playerId: rec.playerId, id: rec.id, subscription: rec.subscription, createdAt: rec.createdAt }),
};
