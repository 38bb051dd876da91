import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { Notification, NotificationKind } from './message.js';
import { agentFor, strictOutbound, type Outbound } from './outbound-guard.js';

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
    result?: { places: number[]; scores: number[]; noWinner?: true };
    chat?: { from: string; text: string };
  };
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliverOptions {
  /** The guarded agents (outbound-guard.ts); default the production rules. */
  outbound?: Outbound;
  timeoutMs?: number;
}

/** A signed delivery, as it goes on the wire. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

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

/** Signs a payload per Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export function signWebhook(
  endpoint: WebhookEndpoint,
  payload: WebhookPayload,
  sentAt: Date = new Date(),
): WebhookRequest {
  const body = JSON.stringify(payload);
  // Derived from the body, so a retry of the same payload keeps its id and receivers can drop
  // the duplicate (the spec's idempotency key); the payload timestamp keeps distinct events apart.
  const id = `msg_${createHash('sha256').update(body).digest('base64url')}`;
  return {
    url: endpoint.url,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'railpost-webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(endpoint.secret).sign(id, sentAt, body),
    },
  };
}

export function deliverWebhook(
  endpoint: WebhookEndpoint,
  payload: WebhookPayload,
  opts: DeliverOptions = {},
): Promise<{ status: number; gone: boolean }> {
  return postWebhook(signWebhook(endpoint, payload), opts);
}

/**
 * Any HTTP answer resolves (2xx is success; 404/410 mean "remove this subscription"); a network
 * error, a refused address or the timeout rejects, for the caller to retry. node:http(s) rather
 * than fetch: only an http.Agent can check the address at connect time. Redirects are returned,
 * not followed: the subscriber registered one URL, and a Location could send the signed body
 * anywhere, to a host nobody checked.
 */
export function postWebhook(
  req: WebhookRequest,
  opts: DeliverOptions = {},
): Promise<{ status: number; gone: boolean }> {
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        agent: agentFor(url, opts.outbound ?? strictOutbound),
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        signal,
      },
      (response) => {
        // The answer's body is of no use, but is drained: destroying the response would leave the
        // pending timeout to fail it later, unhandled. A body that never ends is cut at the timeout.
        response.resume();
        const status = response.statusCode ?? 0;
        resolve({ status, gone: status === 404 || status === 410 });
      },
    );
    outgoing.on('error', (err) => reject(signal.aborted ? signal.reason : err));
    outgoing.end(req.body);
  });
}
