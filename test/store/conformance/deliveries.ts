/** Which notifications went out, on every backend: one claim per message, counts bounded by their limit. */
import { describe, expect, it } from 'vitest';
import type { Harness } from './backends.js';
import { uid } from './fixtures.js';

export function deliveriesSuite(h: Harness): void {
  describe('deliveries (claims and counts of sent messages)', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');

    it('a message is claimed once per game, player and key; another player, key or game claims its own', async () => {
      const game = `g-${uid()}`;
      const { deliveries } = h.stores;
      expect(await deliveries.claim(game, 'p-anna', 'yourTurn#2', now)).toBe(true);
      expect(await deliveries.claim(game, 'p-anna', 'yourTurn#2', now)).toBe(false);
      expect(await deliveries.claim(game, 'p-ben', 'yourTurn#2', now)).toBe(true);
      expect(await deliveries.claim(game, 'p-anna', 'yourTurn#3', now)).toBe(true);
      expect(await deliveries.claim(`g-${uid()}`, 'p-anna', 'yourTurn#2', now)).toBe(true);
    });

    it('a message about no single game is claimed once per player and key', async () => {
      const anna = `p-${uid()}`;
      const { deliveries } = h.stores;
      expect(await deliveries.claimForPlayer(anna, 'reply#m1', now)).toBe(true);
      expect(await deliveries.claimForPlayer(anna, 'reply#m1', now)).toBe(false);
      expect(await deliveries.claimForPlayer(`p-${uid()}`, 'reply#m1', now)).toBe(true);
    });

    it('a count stays true up to its limit, then false and counts nothing more; each game and the player count apart', async () => {
      const game = `g-${uid()}`;
      const anna = `p-${uid()}`;
      const { deliveries } = h.stores;
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push(await deliveries.count(game, anna, 'chat#d1', 3, now));
      expect(counts).toEqual([true, true, true, false]);
      expect(await deliveries.count(game, anna, 'chat#d2', 3, now)).toBe(true);
      expect(await deliveries.count(null, anna, 'chat#d1', 1, now)).toBe(true);
      expect(await deliveries.count(null, anna, 'chat#d1', 1, now)).toBe(false);
      expect(await deliveries.count(`g-${uid()}`, anna, 'chat#d1', 3, now)).toBe(true);
    });

    it('counts from many callers at once land exactly up to the limit', async () => {
      const game = `g-${uid()}`;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => h.stores.deliveries.count(game, 'p-anna', 'chat#race', 5, now)),
      );
      expect(answers.filter(Boolean)).toHaveLength(5);
    });
  });
}
