import type { WebhookAttempt } from '../../domain/webhook-attempt.js';

/** Attempts kept per endpoint: each new one beyond this drops the oldest. */
export const KEPT_ATTEMPTS = 50;
/** An attempt is forgotten this long after it was made (DynamoDB's TTL; memory keeps it until dropped). */
export const ATTEMPT_TTL_SECONDS = 30 * 24 * 3600;
/** The largest body kept for a redelivery (UTF-8 bytes); a larger one is logged without it. */
export const MAX_KEPT_PAYLOAD_BYTES = 16 * 1024;

/**
 * A webhook endpoint's delivery log: its last KEPT_ATTEMPTS attempts under the player, so that
 * deleting the account or the endpoint deletes them (and the bodies they keep) too.
 */
export interface WebhookAttemptStore {
  /** Records an attempt under the endpoint's next sequence number (its `id`), dropping the one KEPT_ATTEMPTS before it. */
  add(attempt: Omit<WebhookAttempt, 'id'>, now: Date): Promise<WebhookAttempt>;
  /** The endpoint's kept attempts, newest first. */
  list(playerId: string, webhookId: string, now: Date): Promise<WebhookAttempt[]>;
  /** Deletes every attempt of the endpoint, and its sequence. */
  forget(playerId: string, webhookId: string): Promise<void>;
}
