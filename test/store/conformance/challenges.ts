/** Challenges on every backend: both parties' lists, expiry, and settlements that race (RP-CHALLENGE-3). */
import { describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '../../../functions/domain/challenge.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import type { Harness } from './backends.js';
import { uid } from './fixtures.js';

const NOW = '2026-11-21T10:00:00.000Z';

function challenge(challenger: string, opponent: string, minute: number, expiresAt = '2026-11-28T10:00:00.000Z') {
  const record: ChallengeRecord = {
    id: `c${minute}-${uid()}`,
    challenger: { id: challenger, name: 'Anna' },
    opponent: { id: opponent, name: 'Bruno' },
    game: 'high-card',
    options: { rounds: 3 },
    seat: 'random',
    status: 'pending',
    createdAt: `2026-11-21T09:${String(minute).padStart(2, '0')}:00.000Z`,
    expiresAt,
  };
  return record;
}

export function challengesSuite(h: Harness): void {
  describe('challenges', () => {
    it('lists a challenge for both parties, newest first, until it expires or is settled', async () => {
      const [a, b] = [`a-${uid()}`, `b-${uid()}`];
      const older = challenge(a, b, 1);
      const newer = challenge(a, b, 2);
      const lapsed = challenge(a, b, 3, '2026-11-21T09:59:59.000Z');
      for (const c of [older, newer, lapsed]) await h.stores.challenges.put(c);
      expect(await h.stores.challenges.pending(a, 'outgoing', NOW, 10)).toEqual([newer, older]);
      expect(await h.stores.challenges.pending(b, 'incoming', NOW, 1)).toEqual([newer]);
      expect(await h.stores.challenges.pending(a, 'incoming', NOW, 10)).toEqual([]);
      expect(await h.stores.challenges.get(lapsed.id)).toEqual(lapsed);
      await h.stores.challenges.settle(newer.id, { status: 'declined', reason: 'later', at: NOW });
      expect(await h.stores.challenges.pending(b, 'incoming', NOW, 10)).toEqual([older]);
      expect(await h.stores.challenges.get(newer.id)).toEqual({
        ...newer,
        status: 'declined',
        reason: 'later',
        settledAt: NOW,
      });
    });

    it('settles a pending challenge once: a second settlement, racing or late, is a WriteConflict', async () => {
      const c = challenge(`a-${uid()}`, `b-${uid()}`, 4);
      await h.stores.challenges.put(c);
      const outcomes = await Promise.allSettled([
        h.stores.challenges.settle(c.id, { status: 'accepted', gameId: 'g1', at: NOW }),
        h.stores.challenges.settle(c.id, { status: 'accepted', gameId: 'g2', at: NOW }),
        h.stores.challenges.settle(c.id, { status: 'canceled', at: NOW }),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WriteConflict);
      expect(await h.stores.challenges.get(c.id)).toEqual((won[0] as PromiseFulfilledResult<ChallengeRecord>).value);
      await expect(h.stores.challenges.settle(`none-${uid()}`, { status: 'canceled', at: NOW })).rejects.toBeInstanceOf(
        WriteConflict,
      );
      await expect(h.stores.challenges.put(c)).rejects.toBeInstanceOf(WriteConflict);
    });

    it("lists every challenge of a player, whatever its status, and removes one from both parties' lists", async () => {
      const [a, b, x] = [`a-${uid()}`, `b-${uid()}`, `x-${uid()}`];
      const made = challenge(a, b, 5);
      const received = challenge(x, a, 6);
      for (const c of [made, received]) await h.stores.challenges.put(c);
      const canceled = await h.stores.challenges.settle(made.id, { status: 'canceled', at: NOW });
      const byId = (l: ChallengeRecord[]) => [...l].sort((p, q) => (p.id < q.id ? -1 : 1));
      expect(byId(await h.stores.challenges.all(a))).toEqual(byId([canceled, received]));
      for (const c of await h.stores.challenges.all(a)) await h.stores.challenges.remove(c);
      expect(await h.stores.challenges.all(a)).toEqual([]);
      expect(await h.stores.challenges.all(b)).toEqual([]);
      expect(await h.stores.challenges.pending(x, 'outgoing', NOW, 10)).toEqual([]);
      expect(await h.stores.challenges.get(received.id)).toBeNull();
    });
  });
}
