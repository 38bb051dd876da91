/** Webhook delivery logs on every backend: numbered attempts, newest first, at most KEPT_ATTEMPTS per endpoint. */
import { describe, expect, it } from 'vitest';
import type { Harness } from './backends.js';
import { KEPT_ATTEMPTS } from '../../../functions/store/ports/webhook-attempts.js';
import type { WebhookAttempt } from '../../../functions/domain/webhook-attempt.js';
import { hook, player, uid } from './fixtures.js';

export function webhookAttemptsSuite(h: Harness): void {
  describe('webhook delivery logs (items under the player)', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    const attempt = (playerId: string, webhookId: string, n: number): Omit<WebhookAttempt, 'id'> => ({
      playerId,
      webhookId,
      kind: n % 2 ? 'yourTurn' : 'webhookTest',
      eventId: `msg_${n}`,
      attemptedAt: new Date(now.getTime() + n * 1000).toISOString(),
      attempt: 1,
      status: n % 3 ? 200 : null,
      latencyMs: n,
      error: n % 3 ? null : { code: 'timeout', message: 'No answer within 10 s' },
      redelivery: false,
      payload: n % 5 ? JSON.stringify({ type: 'yourTurn', n }) : null,
    });

    it('attempts are numbered 1, 2, …; listed newest first; each endpoint and player has its own log', async () => {
      const p = player(`ha-${uid()}`);
      await h.table.putPlayer(p);
      const [w1, w2] = [hook(p.id), hook(p.id)];
      const { webhookAttempts: log } = h.table;
      const added = [];
      for (let i = 1; i <= 3; i++) added.push(await log.add(attempt(p.id, w1.id, i), now));
      expect(added.map((a) => a.id)).toEqual(['1', '2', '3']);
      expect(added[2]).toEqual({ ...attempt(p.id, w1.id, 3), id: '3' });
      expect(await log.list(p.id, w1.id, now)).toEqual([...added].reverse());
      expect((await log.add(attempt(p.id, w2.id, 9), now)).id).toBe('1');
      expect(await log.list(p.id, w2.id, now)).toHaveLength(1);
      expect(await log.list(`other-${uid()}`, w1.id, now)).toEqual([]);
    });

    it(`at most ${KEPT_ATTEMPTS} kept: each one more drops the oldest; forget empties the log and restarts its numbers`, async () => {
      const p = player(`hk-${uid()}`);
      await h.table.putPlayer(p);
      const w = hook(p.id);
      const other = hook(p.id);
      const { webhookAttempts: log } = h.table;
      await log.add(attempt(p.id, other.id, 1), now);
      for (let i = 1; i <= KEPT_ATTEMPTS + 3; i++) await log.add(attempt(p.id, w.id, i), now);
      const kept = await log.list(p.id, w.id, now);
      expect(kept).toHaveLength(KEPT_ATTEMPTS);
      expect(kept[0]!.id).toBe(String(KEPT_ATTEMPTS + 3));
      expect(kept.at(-1)!.id).toBe('4');
      await log.forget(p.id, w.id);
      expect(await log.list(p.id, w.id, now)).toEqual([]);
      expect((await log.add(attempt(p.id, w.id, 1), now)).id).toBe('1');
      expect(await log.list(p.id, other.id, now)).toHaveLength(1);
    }, 60_000);

    it('deleting the account deletes the logs and the bodies they keep', async () => {
      const p = player(`hd-${uid()}`);
      await h.table.putPlayer(p);
      const w = hook(p.id);
      await h.table.webhookAttempts.add(attempt(p.id, w.id, 1), now);
      await h.stores.accounts.deletePlayer(p.id);
      expect(await h.table.webhookAttempts.list(p.id, w.id, now)).toEqual([]);
    });
  });
}
