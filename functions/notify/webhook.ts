import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '../domain/webhook-attempt.js';
import type { ChallengeParty, ChallengeStatus, DeclineReason } from '../domain/challenge.js';
import type { GameNotificationKind, Notification } from './message.js';
import { agentFor, strictOutbound, type Outbound } from './outbound-guard.js';

export type { WebhookEventType };

/**
 * The Standard Webhooks envelope: `type`, `timestamp` (ISO), `data`. `type` is the notification
 * kind, spelled as the event stream and the notification settings spell it.
 */
export type WebhookPayload = GamePayload | ChallengePayload | TestPayload;

export interface GamePayload {
  type: GameNotificationKind;
  timestamp: string;
  data: {
    gameId: string;
    /** The catalog id (`ticket-to-ride-europe`), as in /v1/catalog. */
    game: string;
    /** The game's title, in the recipient's language. */
    title: string;
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

/** A challenge made to the endpoint's owner, or one of theirs answered or withdrawn (RP-CHALLENGE-6). */
export interface ChallengePayload {
  type: 'challenge';
  timestamp: string;
  data: {
    challengeId: string;
    /** pending: made to you; accepted, declined: your challenge answered; canceled: withdrawn by its challenger. */
    status: ChallengeStatus;
    /** The catalog id, as in /v1/catalog. */
    game: string;
    /** The game's title, in the recipient's language. */
    title: string;
    playerId: string;
    challenger: ChallengeParty;
    opponent: ChallengeParty;
    link: string;
    page: string;
    /** Once accepted: the game it started. */
    gameId?: string;
    /** Once declined: why. */
    reason?: DeclineReason;
  };
}

/** What POST /v1/players/me/webhooks/{id}/test sends: nothing happened in any game. */
export interface TestPayload {
  type: 'webhookTest';
  timestamp: string;
  data: { playerId: string; webhookId: string };
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

/** How long a receiver has to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export function webhookPayload(n: Notification, now: Date = new Date()): GamePayload {
  return {
    type: n.kind,
    timestamp: now.toISOString(),
    data: {
      gameId: n.gameId,
      game: n.game,
      title: n.gameTitle,
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

export function testPayload(playerId: string, webhookId: string, now: Date = new Date()): TestPayload {
  return { type: 'webhookTest', timestamp: now.toISOString(), data: { playerId, webhookId } };
}

/** Signs a payload per Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export function signWebhook(
  endpoint: WebhookEndpoint,
  payload: WebhookPayload,
  sentAt: Date = new Date(),
): WebhookRequest {
  return signBody(endpoint, JSON.stringify(payload), sentAt);
}

/** Signs a body as sent before (a redelivery): the same `webhook-id`, a fresh timestamp and signature. */
export function signBody(endpoint: WebhookEndpoint, body: string, sentAt: Date = new Date()): WebhookRequest {
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
 * error, a refused address or the timeout rejects (webhook-attempt.ts names each for the delivery log). node:http(s) rather
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
  const signal = AbortSignal.timeout(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
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
