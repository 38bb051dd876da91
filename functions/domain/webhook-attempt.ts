/** One attempt to deliver a webhook message to one endpoint, as its delivery log keeps it. */
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications.js';

/** What a webhook message is about: a notification kind, or the test event a player asks for. */
export type WebhookEventType = NotificationKind | 'webhookTest';
export const WEBHOOK_EVENT_TYPES: { readonly [K in WebhookEventType]: K } = {
  ...NOTIFICATION_KINDS,
  webhookTest: 'webhookTest',
};

/**
 * Why an attempt failed, as a stable code; the receiver's answer body is never read, so none of
 * it is kept or shown.
 */
export const ATTEMPT_ERRORS = [
  'timeout',
  'connection_refused',
  'connection_reset',
  'dns_failure',
  'tls_error',
  'blocked_address',
  'http_status',
  'network_error',
] as const;
export type AttemptErrorCode = (typeof ATTEMPT_ERRORS)[number];

export interface WebhookAttempt {
  playerId: string;
  webhookId: string;
  /** The endpoint's sequence number of the attempt, as decimal digits: newer attempts have higher ones. */
  id: string;
  kind: WebhookEventType;
  /** The `webhook-id` header: the same for every attempt of one message. */
  eventId: string;
  attemptedAt: string;
  /** 1 for the first attempt of a message, then one more for each redelivery of it. */
  attempt: number;
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null;
  latencyMs: number;
  error: { code: AttemptErrorCode; message: string } | null;
  redelivery: boolean;
  /** The body as sent, for a redelivery; null when it was larger than a log keeps. */
  payload: string | null;
}
