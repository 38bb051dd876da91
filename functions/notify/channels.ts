/**
 * Delivery of one message to one player on every channel they chose: email, Web Push and
 * webhooks. Each attempt is counted; a failure is returned for retries, never thrown.
 */
import { noMetrics } from '../service/metrics.js';
import type { PlayerRecord } from '../domain/player.js';
import { renderEmail, type Notification, type NotificationKind, type RenderedEmail } from './message.js';
import type { NotifierConfig } from './notifier-config.js';
import { strictOutbound } from './outbound-guard.js';
import { pushPayload, sendPush } from './push.js';
import { signUnsubscribe } from './unsubscribe.js';
import { webhookPayload, type WebhookPayload } from './webhook.js';
import { attemptDelivery } from './webhook-attempt.js';

export interface DeliveryFailure {
  playerId: string;
  channel: 'email' | 'push' | 'webhook';
  error: string;
}

/**
 * Per-event choices apply to every channel; email also needs an address and email switched on. A
 * player who chose the daily digest gets their turns in it instead of one email each.
 */
export function wants(player: PlayerRecord, kind: NotificationKind): { any: boolean; email: boolean } {
  const any = player.notifications.events[kind];
  const inDigest = kind === 'yourTurn' && player.notifications.digest !== null;
  return { any, email: any && !inDigest && player.notifications.email && Boolean(player.email) };
}

/** One delivery, counted; a failure is added to `failures`, never thrown. */
async function attempt(
  config: NotifierConfig,
  player: PlayerRecord,
  channel: DeliveryFailure['channel'],
  send: () => Promise<void>,
  failures: DeliveryFailure[],
): Promise<void> {
  const metrics = config.metrics ?? noMetrics;
  try {
    await send();
    metrics.count('Notifications', { channel, outcome: 'sent' });
  } catch (err) {
    metrics.count('Notifications', { channel, outcome: 'failed' });
    failures.push({ playerId: player.id, channel, error: (err as Error).message });
    config.log(`notify: ${channel} to ${player.id} failed: ${(err as Error).message}`);
  }
}

/** The signed one-click link that switches the player's email off. */
export function unsubscribeUrl(config: NotifierConfig, player: PlayerRecord): string {
  const token = signUnsubscribe(config.unsubscribeSecret, { playerId: player.id, channel: 'email' });
  return `${config.publicUrl}/v1/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** A rendered email to the player's address, if they have one and email is configured. */
export async function sendMail(
  config: NotifierConfig,
  player: PlayerRecord,
  mail: RenderedEmail,
  replyTo: string | undefined,
  failures: DeliveryFailure[],
): Promise<void> {
  const { email } = config;
  const to = player.email;
  if (!email || !to) return;
  await attempt(config, player, 'email', () => email.send({ to, ...mail, ...(replyTo ? { replyTo } : {}) }), failures);
}

/** The message as an email, replies going to its own reply address. */
export async function emailNotification(
  config: NotifierConfig,
  player: PlayerRecord,
  n: Notification,
  failures: DeliveryFailure[],
): Promise<void> {
  await sendMail(config, player, renderEmail(n, unsubscribeUrl(config, player)), n.replyTo, failures);
}

/** One message in each channel's form, made by the kind of message it is (a game's, a challenge's). */
export interface Outgoing {
  kind: NotificationKind;
  email: (unsubscribeUrl: string) => RenderedEmail;
  replyTo?: string | undefined;
  push: string;
  /** Push services keep only the newest undelivered message per topic: a game's or a challenge's id. */
  topic: string;
  webhook: (now: Date) => WebhookPayload;
}

/** A game's message on every channel the player chose. */
export function toPlayer(config: NotifierConfig, player: PlayerRecord, n: Notification): Promise<DeliveryFailure[]> {
  return sendOutgoing(config, player, {
    kind: n.kind,
    email: (url) => renderEmail(n, url),
    replyTo: n.replyTo,
    push: pushPayload(n),
    topic: n.gameId,
    webhook: (now) => webhookPayload(n, now),
  });
}

/** A message on every channel the player chose; subscriptions the far end says are gone are removed. */
export async function sendOutgoing(
  config: NotifierConfig,
  player: PlayerRecord,
  n: Outgoing,
): Promise<DeliveryFailure[]> {
  const failures: DeliveryFailure[] = [];
  const tryChannel = (channel: DeliveryFailure['channel'], send: () => Promise<void>) =>
    attempt(config, player, channel, send, failures);
  const { table, vapid } = config;
  const outbound = config.outbound ?? strictOutbound;
  if (wants(player, n.kind).email)
    await sendMail(config, player, n.email(unsubscribeUrl(config, player)), n.replyTo, failures);
  if (vapid) {
    for (const sub of await table.pushSubscriptions.list(player.id)) {
      await tryChannel('push', async () => {
        const { gone } = await sendPush(sub.subscription, n.push, vapid, { topic: n.topic, outbound });
        if (gone) await table.pushSubscriptions.delete(player.id, sub.id);
      });
    }
  }
  for (const hook of await table.webhooks.list(player.id)) {
    if (!hook.events.includes(n.kind)) continue;
    await tryChannel('webhook', async () => {
      // The real clock, not the service's: receivers check the signed timestamp against theirs.
      const now = new Date();
      const body = JSON.stringify(n.webhook(now));
      const made = await attemptDelivery(
        hook,
        { kind: n.kind, body, attempt: 1, redelivery: false },
        { outbound, now },
      );
      // The log is for the player to look at: a write that fails costs the entry, not the delivery.
      await table.webhookAttempts
        .add(made.attempt, now)
        .catch((err: unknown) =>
          config.log(`notify: delivery log of ${hook.id} not written: ${(err as Error).message}`),
        );
      const { status, error } = made.attempt;
      if (made.gone) {
        await table.webhooks.delete(player.id, hook.id);
        await table.webhookAttempts.forget(player.id, hook.id);
      } else if (status === null || status >= 500 || status === 429)
        throw new Error(`webhook ${error?.code}: ${error?.message}`);
    });
  }
  return failures;
}
