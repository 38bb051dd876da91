import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Notification, NotificationKind } from './message.js';

export type WebhookEventType = 'game.your_turn' | 'game.reminder' | 'game.started' | 'game.finished' | 'game.chat';

const EVENT_TYPES: Record<NotificationKind, WebhookEventType> = {
  yourTurn: 'game.your_turn',
  reminder: 'game.reminder',
  gameStarted: 'game.started',
  gameFinished: 'game.finished',
  chat: 'game.chat',
};

/** The Standard Webhooks envelope: `type`, `timestamp` (ISO), `data`. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: {
    gameId: string;
    game: string;
    playerId: string;
    seat: number;
    seatsDue: number[];
    version: number;
    link: string;
    page: string;
    board?: string;
    changes: string[];
    deadline?: string;
    result?: { places: number[]; scores: number[] };
    chat?: { from: string; text: string };
  };
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliverOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** `whsec_` + base64 of 32 random bytes, the format the Standard Webhooks libraries read. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function webhookPayload(n: Notification, now: Date = new Date()): WebhookPayload {
  return {
    type: EVENT_TYPES[n.kind],
    timestamp: now.toISOString(),
    data: {
      gameId: n.gameId,
      game: n.gameTitle,
      playerId: n.playerId,
      seat: n.seat,
      seatsDue: n.toAct,
      version: n.version,
      link: n.apiLink,
      page: n.link,
      ...(n.boardLink && { board: n.boardLink }),
      changes: n.changes,
      ...(n.deadline && { deadline: n.deadline }),
      ...(n.result && { result: n.result }),
      ...(n.chat && { chat: n.chat }),
    },
  };
}

/**
 * Any HTTP answer resolves (2xx is success; 404/410 mean "remove this subscription"); a network
 * error or the timeout rejects, for the caller to retry. Redirects are returned, not followed: the
 * subscriber registered one URL, and following a Location could send the signed body anywhere.
 */
export async function deliverWebhook(endpoint: WebhookEndpoint, payload: WebhookPayload, opts: DeliverOptions = {}): Promise<{ status: number; gone: boolean }> {
  const body = JSON.stringify(payload);
  // Derived from the body, so a retry of the same payload keeps its id and receivers can drop
  // the duplicate (the spec's idempotency key); the payload timestamp keeps distinct events apart.
  const id = `msg_${createHash('sha256').update(body).digest('base64url')}`;
  const sentAt = new Date();
  const response = await (opts.fetch ?? fetch)(endpoint.url, {
    method: 'POST',
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'railpost-webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(endpoint.secret).sign(id, sentAt, body),
    },
  });
  // The answer's body is of no use; an unread body would hold the connection until garbage collection.
  await response.body?.cancel();
  return { status: response.status, gone: response.status === 404 || response.status === 410 };
}
