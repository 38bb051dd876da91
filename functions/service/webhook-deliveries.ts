/**
 * What a bot author develops against: each webhook endpoint's delivery log, and the attempts a
 * player asks for (a test event, a redelivery), which the api makes through the notifier's sender
 * and hands back here to be logged.
 */
import type { PlayerRecord, WebhookRecord } from '../domain/player.js';
import type { WebhookAttempt } from '../domain/webhook-attempt.js';
import type { Channels } from '../store/ports/stores.js';
import { ok, problems, refused, type Result } from './refusal.js';

/** A kept attempt to send again: its endpoint, its body, and which attempt of its message the next is. */
export interface Redelivery {
  hook: WebhookRecord;
  kind: WebhookAttempt['kind'];
  body: string;
  attempt: number;
}

export class WebhookDeliveries {
  constructor(
    private readonly table: Pick<Channels, 'webhooks' | 'webhookAttempts'>,
    private readonly now: () => Date,
  ) {}

  /** The player's endpoint; 404 not_found for another's or none. */
  async endpoint(player: PlayerRecord, webhookId: string): Promise<Result<WebhookRecord>> {
    const hook = (await this.table.webhooks.list(player.id)).find((w) => w.id === webhookId);
    return hook ? ok(hook) : refused(problems.notFound('Webhook'));
  }

  /** The endpoint's kept attempts, newest first. */
  async log(player: PlayerRecord, webhookId: string): Promise<Result<WebhookAttempt[]>> {
    const hook = await this.endpoint(player, webhookId);
    if (!hook.ok) return hook;
    return ok(await this.table.webhookAttempts.list(player.id, webhookId, this.now()));
  }

  /**
   * A kept attempt, to send again: 404 not_found when the endpoint or the attempt is not (or no
   * longer) kept, 409 payload_not_kept when its body was too large to keep.
   */
  async redelivery(player: PlayerRecord, webhookId: string, deliveryId: string): Promise<Result<Redelivery>> {
    const hook = await this.endpoint(player, webhookId);
    if (!hook.ok) return hook;
    const kept = await this.table.webhookAttempts.list(player.id, webhookId, this.now());
    const original = kept.find((a) => a.id === deliveryId);
    if (!original) return refused(problems.notFound('Delivery'));
    if (original.payload === null)
      return refused(
        problems.conflict(
          'payload_not_kept',
          'This delivery was too large for its body to be kept; it cannot be sent again',
        ),
      );
    const attempts = kept.filter((a) => a.eventId === original.eventId).map((a) => a.attempt);
    return ok({ hook: hook.value, kind: original.kind, body: original.payload, attempt: Math.max(...attempts) + 1 });
  }

  /** Logs an attempt made at the player's request; answers it with its id. */
  record(attempt: Omit<WebhookAttempt, 'id'>): Promise<WebhookAttempt> {
    return this.table.webhookAttempts.add(attempt, this.now());
  }
}
