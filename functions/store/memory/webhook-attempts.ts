import type { WebhookAttempt } from '../../domain/webhook-attempt.js';
import { KEPT_ATTEMPTS, type WebhookAttemptStore } from '../ports/webhook-attempts.js';
import { copy, type MemoryState } from './state.js';

/** Delivery logs in memory, numbered and cut as functions/store/webhook-attempt-log.ts does (nothing expires). */
export class MemoryWebhookAttempts implements WebhookAttemptStore {
  constructor(private readonly state: MemoryState) {}

  async add(attempt: Omit<WebhookAttempt, 'id'>, _now: Date): Promise<WebhookAttempt> {
    const logs = this.state.player(attempt.playerId).webhookAttempts;
    const log = logs.get(attempt.webhookId) ?? { seq: 0, attempts: new Map<number, WebhookAttempt>() };
    logs.set(attempt.webhookId, log);
    const seq = ++log.seq;
    const added = { ...copy(attempt), id: String(seq) };
    log.attempts.set(seq, added);
    log.attempts.delete(seq - KEPT_ATTEMPTS);
    return copy(added);
  }

  async list(playerId: string, webhookId: string, _now: Date): Promise<WebhookAttempt[]> {
    const log = this.state.players.get(playerId)?.webhookAttempts.get(webhookId);
    return log ? [...log.attempts.keys()].sort((a, b) => b - a).map((seq) => copy(log.attempts.get(seq)!)) : [];
  }

  async forget(playerId: string, webhookId: string): Promise<void> {
    this.state.players.get(playerId)?.webhookAttempts.delete(webhookId);
  }
}
