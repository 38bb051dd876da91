/** The lobby, seeks and table talk on every backend. */
import { describe, expect, it } from 'vitest';
import type { SeekRecord } from '../../../functions/domain/lobby.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import type { Harness } from './backends.js';
import { chatMessage, uid } from './fixtures.js';

const seek = (playerId: string, id: string, expiresAt: string): SeekRecord => ({
  id,
  playerId,
  game: 'high-card',
  players: 2,
  pace: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  expiresAt,
  status: 'waiting',
});

export function lobbyAndChatSuite(h: Harness): void {
  describe('lobby and seeks', () => {
    it('lists the newest entries first, and those before an entry oldest first; removed entries go', async () => {
      const game = `lobby-${uid()}`;
      const entries = Array.from({ length: 5 }, (_, i) => ({
        game,
        gameId: `g${i}`,
        createdAt: `2026-11-21T10:0${i}:00.000Z`,
      }));
      for (const e of entries) await h.stores.lobby.putEntry(e);
      expect(await h.stores.lobby.entries(game, 3)).toEqual([entries[4], entries[3], entries[2]]);
      expect(await h.stores.lobby.entries(game, 2, `${entries[3]!.createdAt}#g3`)).toEqual([entries[0], entries[1]]);
      await h.stores.lobby.removeEntry(entries[4]!);
      expect(await h.stores.lobby.entries(game, 1)).toEqual([entries[3]]);
    });

    it('a pool is written only from the revision read', async () => {
      const key = `pool-${uid()}`;
      const of = { game: 'high-card', players: 2, pace: null };
      const fresh = await h.stores.lobby.readPool(key, of);
      expect(fresh).toEqual({ key, ...of, waiting: [], revision: 0 });
      const waiting = [{ seekId: 's1', playerId: 'a', name: 'A', at: '2026-11-21T10:00:00.000Z' }];
      await h.stores.lobby.writePool({ ...fresh, waiting });
      await expect(h.stores.lobby.writePool({ ...fresh, waiting: [] })).rejects.toBeInstanceOf(WriteConflict);
      const match = { gameId: 'g1', seekers: waiting };
      await h.stores.lobby.writePool({ ...fresh, waiting: [], match, revision: 1 });
      expect(await h.stores.lobby.readPool(key, of)).toEqual({ key, ...of, waiting: [], match, revision: 2 });
    });

    it('one waiting seek per player: matched, expired or deleted, it makes room; changes name the seek they mean', async () => {
      const p = `seeker-${uid()}`;
      const first = seek(p, 's1', '2026-11-21T11:00:00.000Z');
      expect(await h.stores.lobby.getSeek(p)).toBeNull();
      await h.stores.lobby.putSeek(first, '2026-11-21T10:00:00.000Z');
      const second = seek(p, 's2', '2026-11-21T12:00:00.000Z');
      await expect(h.stores.lobby.putSeek(second, '2026-11-21T10:30:00.000Z')).rejects.toBeInstanceOf(WriteConflict);
      await h.stores.lobby.putSeek(second, '2026-11-21T11:00:00.000Z');
      await h.stores.lobby.matchSeek(p, 's1', 'g-stale');
      await h.stores.lobby.deleteSeek(p, 's1');
      expect(await h.stores.lobby.getSeek(p)).toEqual(second);
      await h.stores.lobby.matchSeek(p, 's2', 'g2');
      expect(await h.stores.lobby.getSeek(p)).toEqual({ ...second, status: 'matched', gameId: 'g2' });
      await h.stores.lobby.putSeek(seek(p, 's3', '2026-11-21T13:00:00.000Z'), '2026-11-21T10:30:00.000Z');
      await h.stores.lobby.deleteSeek(p, 's3');
      expect(await h.stores.lobby.getSeek(p)).toBeNull();
    });
  });

  describe('table talk', () => {
    it('lists messages by id after the one given, up to a limit; removed ones go', async () => {
      const gameId = `chat-${uid()}`;
      const written = ['01', '02', '03', '04', '10'].map((id) => chatMessage(gameId, id, 1));
      for (const m of [...written].reverse()) await h.stores.chats.put(m);
      expect(await h.stores.chats.list(gameId, undefined, 10)).toEqual(written);
      expect(await h.stores.chats.list(gameId, '02', 2)).toEqual(written.slice(2, 4));
      await h.stores.chats.remove(gameId, '03');
      expect(await h.stores.chats.list(gameId, '02', 2)).toEqual([written[3], written[4]]);
    });

    it("counts a player's messages up to the cap, under races too; a deleted player's count is forgotten", async () => {
      const gameId = `quota-${uid()}`;
      const counted = await Promise.all(Array.from({ length: 8 }, () => h.stores.chats.countMessage(gameId, 'a', 5)));
      expect(counted.filter(Boolean)).toHaveLength(5);
      expect(await h.stores.chats.countMessage(gameId, 'b', 5)).toBe(true);
      await h.stores.deletion.forgetChatQuota(gameId, 'a');
      expect(await h.stores.chats.countMessage(gameId, 'a', 1)).toBe(true);
    });
  });
}
