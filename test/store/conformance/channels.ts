/** A player's notification channels on every backend: webhooks and push subscriptions, capped. */
import { describe, expect, it } from 'vitest';
import type { Harness } from './backends.js';
import { LimitReached, WriteConflict } from '../../../functions/store/ports/errors.js';
import { MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS } from '../../../functions/store/ports/subscriptions.js';
import { pushSubscriptionId, type PushRecord } from '../../../functions/domain/player.js';
import { hook, player, read, uid } from './fixtures.js';

export function channelsSuite(h: Harness): void {
  describe('webhooks and push subscriptions (items under the player)', () => {
    const sub = (playerId: string, endpoint: string, auth = 'A'.repeat(22)): PushRecord => ({
      playerId,
      id: pushSubscriptionId(endpoint),
      subscription: { endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth } },
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

    it('webhooks round-trip per player; delete says whether it existed; another player never sees or deletes them', async () => {
      const anna = player(`wa-${uid()}`);
      const ben = player(`wb-${uid()}`);
      await h.table.putPlayer(anna);
      await h.table.putPlayer(ben);
      const a1 = hook(anna.id);
      const a2 = hook(anna.id, { events: ['chat'], url: 'https://other.example.org/x?y=1' });
      await h.table.webhooks.put(a1);
      await h.table.webhooks.put(a2);
      await h.table.putMembership({
        playerId: anna.id,
        gameId: 'g-1',
        game: 'high-card',
        seat: 0,
        joinedAt: '2026-11-21T10:00:00.000Z',
      });
      expect(byId(await h.table.webhooks.list(anna.id))).toEqual(byId([a1, a2]));
      expect(await h.table.webhooks.list(ben.id)).toEqual([]);
      // Neither the profile nor memberships see the new items, and vice versa.
      expect(await h.table.getPlayer(anna.id)).toEqual(read(anna));
      expect((await h.table.listMemberships(anna.id)).map((m) => m.gameId)).toEqual(['g-1']);
      expect(await h.table.pushSubscriptions.list(anna.id)).toEqual([]);

      await expect(h.table.webhooks.put({ ...a1, url: 'https://evil.example.org/' })).rejects.toBeInstanceOf(
        WriteConflict,
      );
      expect(await h.table.webhooks.delete(ben.id, a1.id)).toBe(false);
      expect(await h.table.webhooks.delete(anna.id, a1.id)).toBe(true);
      expect(await h.table.webhooks.delete(anna.id, a1.id)).toBe(false);
      expect(await h.table.webhooks.list(anna.id)).toEqual([a2]);
    });

    it(`at most ${MAX_WEBHOOKS} webhooks: one more is LimitReached and stores nothing; after a delete there is room again`, async () => {
      const p = player(`wl-${uid()}`);
      await h.table.putPlayer(p);
      const hooks = Array.from({ length: MAX_WEBHOOKS }, () => hook(p.id));
      for (const w of hooks) await h.table.webhooks.put(w);
      const extra = hook(p.id);
      const err = await h.table.webhooks.put(extra).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LimitReached);
      expect(err).toMatchObject({ what: 'webhooks', limit: MAX_WEBHOOKS });
      expect(byId(await h.table.webhooks.list(p.id))).toEqual(byId(hooks));
      expect(await h.table.webhooks.delete(p.id, hooks[3]!.id)).toBe(true);
      await h.table.webhooks.put(extra);
      expect(await h.table.webhooks.list(p.id)).toHaveLength(MAX_WEBHOOKS);
    });

    it(`${MAX_WEBHOOKS + 6} concurrent putWebhook calls on an empty list: exactly ${MAX_WEBHOOKS} win, the rest are LimitReached and leave nothing behind`, async () => {
      const p = player(`wr-${uid()}`);
      await h.table.putPlayer(p);
      const hooks = Array.from({ length: MAX_WEBHOOKS + 6 }, () => hook(p.id));
      const results = await Promise.allSettled(hooks.map((w) => h.table.webhooks.put(w)));
      const won = hooks.filter((_, i) => results[i]!.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(MAX_WEBHOOKS);
      for (const r of lost) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LimitReached);
      expect(byId(await h.table.webhooks.list(p.id))).toEqual(byId(won));
    }, 60_000);

    it('the same endpoint twice is one push subscription, replaced; delete is per player', async () => {
      const p = player(`pa-${uid()}`);
      const other = player(`pb-${uid()}`);
      await h.table.putPlayer(p);
      await h.table.putPlayer(other);
      const first = sub(p.id, 'https://push.example.net/send/abc');
      const again = {
        ...sub(p.id, 'https://push.example.net/send/abc', 'B'.repeat(22)),
        createdAt: '2026-11-22T10:00:00.000Z',
      };
      const second = sub(p.id, 'https://push.example.net/send/def');
      await h.table.pushSubscriptions.put(first);
      await h.table.pushSubscriptions.put(second);
      await h.table.pushSubscriptions.put(again);
      expect(again.id).toBe(first.id);
      expect(byId(await h.table.pushSubscriptions.list(p.id))).toEqual(byId([again, second]));
      expect(await h.table.webhooks.list(p.id)).toEqual([]);
      expect(await h.table.pushSubscriptions.delete(other.id, first.id)).toBe(false);
      expect(await h.table.pushSubscriptions.delete(p.id, first.id)).toBe(true);
      expect(await h.table.pushSubscriptions.delete(p.id, first.id)).toBe(false);
      expect(await h.table.pushSubscriptions.list(p.id)).toEqual([second]);
    });

    it(`at most ${MAX_PUSH_SUBSCRIPTIONS} push subscriptions, but replacing one at the limit is allowed`, async () => {
      const p = player(`pl-${uid()}`);
      await h.table.putPlayer(p);
      const subs = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, (_, i) =>
        sub(p.id, `https://push.example.net/send/${i}`),
      );
      for (const x of subs) await h.table.pushSubscriptions.put(x);
      await expect(
        h.table.pushSubscriptions.put(sub(p.id, 'https://push.example.net/send/one-more')),
      ).rejects.toMatchObject({ name: 'LimitReached', what: 'pushSubscriptions' });
      const replaced = sub(p.id, 'https://push.example.net/send/7', 'C'.repeat(22));
      await h.table.pushSubscriptions.put(replaced);
      const listed = await h.table.pushSubscriptions.list(p.id);
      expect(listed).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
      expect(listed.find((x) => x.id === replaced.id)).toEqual(replaced);
    });

    it('pushSubscriptionId is a 128-bit hex prefix of the SHA-256 of the endpoint', () => {
      expect(pushSubscriptionId('https://push.example.net/send/abc')).toBe('9d96ff1923c4a7d30d7aa60e03ae4406');
      expect(pushSubscriptionId('https://push.example.net/send/abc')).not.toBe(
        pushSubscriptionId('https://push.example.net/send/abd'),
      );
    });
  });
}
