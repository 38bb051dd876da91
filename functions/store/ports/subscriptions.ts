import type { PushRecord, WebhookRecord } from '../../domain/player.js';

export const MAX_WEBHOOKS = 10;
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/**
 * A player's capped list of one kind of notification channel. `put` throws LimitReached past the
 * cap (under races too), and WriteConflict for a player that does not exist; a kind either refuses
 * an id it has (WriteConflict: webhooks) or replaces that entry, which never counts as one more
 * (push subscriptions: the id names the endpoint).
 */
export interface Subscriptions<T extends { playerId: string; id: string }> {
  list(playerId: string): Promise<T[]>;
  put(record: T): Promise<void>;
  /** True if it existed (and is now gone). */
  delete(playerId: string, id: string): Promise<boolean>;
}

export type WebhookStore = Subscriptions<WebhookRecord>;
export type PushStore = Subscriptions<PushRecord>;
