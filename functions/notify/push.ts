import type { PushSubscription } from '../domain/player.js';
import { subjectOf, summaryOf, type Notification } from './message.js';
import { strictOutbound, type Outbound } from './outbound-guard.js';

export { MAX_PUSH_ENDPOINT_LENGTH, PushSubscriptionSchema } from './push-subscription.js';
export type { PushSubscription };

export interface VapidKeys {
  /** `mailto:` or `https:` contact for the push services' operators; not a localhost URL (Apple rejects it). */
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushOptions {
  /** How long the push service keeps the message for an offline device. */
  ttlSeconds?: number;
  /** Push services keep only the newest undelivered message per topic: pass the game id. At most 32 base64url characters. */
  topic?: string;
  timeoutMs?: number;
  /** The guarded agents (outbound-guard.ts); default the production rules. */
  outbound?: Outbound;
}

/** The JSON a service worker gets; `tag` makes a newer turn replace the older notification of the same game. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const DAY_SECONDS = 24 * 60 * 60;

export function pushPayload(n: Notification): string {
  const message: PushMessage = { title: subjectOf(n), body: summaryOf(n), url: n.link, tag: n.gameId };
  return JSON.stringify(message);
}

/**
 * Encrypts per RFC 8291 (aes128gcm) and signs with VAPID (RFC 8292). 404/410 mean the browser
 * dropped the subscription (`gone`: remove it); every other failure throws, for a retry.
 * web-push and its crypto (a tenth of a notifier's cold start) load with the first push sent.
 */
export async function sendPush(
  subscription: PushSubscription,
  payloadJson: string,
  vapid: VapidKeys,
  opts: PushOptions = {},
): Promise<{ status: number; gone: boolean }> {
  const { default: webpush } = await import('web-push');
  try {
    const result = await webpush.sendNotification(subscription, payloadJson, {
      vapidDetails: vapid,
      contentEncoding: 'aes128gcm',
      TTL: opts.ttlSeconds ?? DAY_SECONDS,
      timeout: opts.timeoutMs ?? 10_000,
      ...(opts.topic && { topic: opts.topic }),
      // The push service's address is checked at connect time like a webhook's: the endpoint is
      // whatever URL a client registered.
      agent: (opts.outbound ?? strictOutbound).https,
    });
    return { status: result.statusCode, gone: false };
  } catch (err) {
    if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
      return { status: err.statusCode, gone: true };
    }
    throw err;
  }
}
