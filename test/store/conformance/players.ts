/** Players on every backend: profiles, notification choices and memberships. */
import { describe, expect, it } from 'vitest';
import type { Harness } from './backends.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import { player, read, uid } from './fixtures.js';
import { DEFAULT_EVENTS } from '../../support/notifications.js';

export function playersSuite(h: Harness): void {
  describe('credential version', () => {
    it('starts absent, counts up by one per bump, and a missing player is a WriteConflict', async () => {
      const id = `cv-${uid()}`;
      await h.table.putPlayer(player(id));
      expect((await h.table.getPlayer(id))?.credentialVersion).toBeUndefined();
      expect(await h.table.bumpCredentialVersion(id)).toBe(1);
      expect(await h.table.bumpCredentialVersion(id)).toBe(2);
      expect((await h.table.getPlayer(id))?.credentialVersion).toBe(2);
      await expect(h.table.bumpCredentialVersion(`nobody-${uid()}`)).rejects.toBeInstanceOf(WriteConflict);
    });
  });

  describe('bot accounts', () => {
    it('marking is for good: the first mark sets when, a second answers false and keeps it; a missing or deleted player is a WriteConflict', async () => {
      const id = `bot-${uid()}`;
      await h.table.putPlayer(player(id));
      expect((await h.table.getPlayer(id))?.botAccountSince).toBeUndefined();
      expect(await h.table.markBotAccount(id, '2026-11-21T10:00:00.000Z')).toBe(true);
      expect(await h.table.markBotAccount(id, '2026-11-22T10:00:00.000Z')).toBe(false);
      expect((await h.table.getPlayer(id))?.botAccountSince).toBe('2026-11-21T10:00:00.000Z');
      await expect(h.table.markBotAccount(`nobody-${uid()}`, '2026-11-21T10:00:00.000Z')).rejects.toBeInstanceOf(
        WriteConflict,
      );
      const gone = `gone-${uid()}`;
      await h.table.putPlayer(player(gone));
      await h.stores.deletion.setTombstone(gone, '2026-11-21T11:00:00.000Z');
      await expect(h.table.markBotAccount(gone, '2026-11-21T12:00:00.000Z')).rejects.toBeInstanceOf(WriteConflict);
      await h.table.unlistBotAccount(id);
    });

    it('the directory lists bot accounts newest first in pages, once each, until unlisted', async () => {
      const ids = [0, 1, 2].map((i) => `bot${i}-${uid()}`);
      const since = (i: number) => `2026-11-21T10:00:0${i}.000Z`;
      for (const [i, id] of ids.entries()) {
        await h.table.putPlayer(player(id));
        await h.table.markBotAccount(id, since(i));
      }
      // Marking again writes the same entry, not a second one.
      await h.table.markBotAccount(ids[1]!, since(9));
      const first = await h.table.listBotAccounts(2, null);
      expect(first.items).toEqual([
        { playerId: ids[2], since: since(2) },
        { playerId: ids[1], since: since(1) },
      ]);
      expect(first.next).toEqual([since(1), ids[1]]);
      expect(await h.table.listBotAccounts(2, first.next)).toEqual({
        items: [{ playerId: ids[0], since: since(0) }],
        next: null,
      });
      // A deleted account's entry goes: its profile, tombstoned, still tells which.
      await h.stores.deletion.setTombstone(ids[2]!, '2026-11-21T11:00:00.000Z');
      await h.table.unlistBotAccount(ids[2]!);
      await h.table.unlistBotAccount(`nobody-${uid()}`);
      expect((await h.table.listBotAccounts(10, null)).items.map((e) => e.playerId)).toEqual([ids[1], ids[0]]);
      for (const id of ids) await h.table.unlistBotAccount(id);
      expect(await h.table.listBotAccounts(10, null)).toEqual({ items: [], next: null });
    });
  });

  describe('memberships', () => {
    it('lists exactly the games a player joined, not the profile nor other players', async () => {
      const anna = `anna-${uid()}`;
      const ben = `ben-${uid()}`;
      await h.table.putPlayer(player(anna));
      const annas = Array.from({ length: 30 }, (_, i) => ({
        playerId: anna,
        gameId: `g-${String(i).padStart(2, '0')}`,
        game: 'high-card',
        seat: i % 4,
        joinedAt: `2026-11-21T10:00:${String(i).padStart(2, '0')}.000Z`,
      }));
      await Promise.all(annas.map((m) => h.table.putMembership(m)));
      await h.table.putMembership({
        playerId: ben,
        gameId: 'g-00',
        game: 'high-card',
        seat: 1,
        joinedAt: '2026-11-21T10:00:00.000Z',
      });
      const listed = await h.table.listMemberships(anna);
      expect([...listed].sort((a, b) => a.gameId.localeCompare(b.gameId))).toEqual(annas);
      expect(await h.table.listMemberships(`nobody-${uid()}`)).toEqual([]);
    });

    it('joining the same game twice fails with WriteConflict', async () => {
      const p = `p-${uid()}`;
      const m = { playerId: p, gameId: 'g-1', game: 'high-card', seat: 0, joinedAt: '2026-11-21T10:00:00.000Z' };
      await h.table.putMembership(m);
      await expect(h.table.putMembership({ ...m, seat: 1 })).rejects.toBeInstanceOf(WriteConflict);
      expect(await h.table.listMemberships(p)).toEqual([m]);
    });
  });

  describe('players', () => {
    it('putPlayer/getPlayer round-trip, with and without email; unknown players are null', async () => {
      const withEmail = player(`pe-${uid()}`, { email: 'anna@example.org' });
      const without = player(`pn-${uid()}`, { name: 'Ben' });
      await h.table.putPlayer(withEmail);
      await h.table.putPlayer(without);
      expect(await h.table.getPlayer(withEmail.id)).toEqual(read(withEmail));
      expect(await h.table.getPlayer(without.id)).toEqual(read(without));
      expect(await h.table.getPlayer(`ghost-${uid()}`)).toBeNull();
    });

    it('putPlayer never overwrites an existing player (WriteConflict)', async () => {
      const p = player(`pd-${uid()}`);
      await h.table.putPlayer(p);
      await expect(h.table.putPlayer({ ...p, tokenHash: 'x'.repeat(64) })).rejects.toBeInstanceOf(WriteConflict);
      expect(await h.table.getPlayer(p.id)).toEqual(read(p));
    });

    it('updatePlayer sets the name, sets the email, removes it, and does both at once', async () => {
      const p = player(`pu-${uid()}`);
      await h.table.putPlayer(p);
      await h.table.updatePlayer(p.id, { name: 'Anna Maria' });
      expect(await h.table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna Maria' }));
      await h.table.updatePlayer(p.id, { email: 'am@example.org' });
      expect(await h.table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna Maria', email: 'am@example.org' }));
      await h.table.updatePlayer(p.id, { email: null });
      expect(await h.table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna Maria' }));
      await h.table.updatePlayer(p.id, { name: 'Anna', email: 'a@example.org' });
      expect(await h.table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna', email: 'a@example.org' }));
      await h.table.updatePlayer(p.id, { name: 'Anne', email: null });
      expect(await h.table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anne' }));
      // Removing an email that is not there is fine; no change at all is a no-op.
      await h.table.updatePlayer(p.id, { email: null });
      await h.table.updatePlayer(p.id, {});
      expect(await h.table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anne' }));
    });

    it('updatePlayer of an unknown player fails with WriteConflict and creates nothing', async () => {
      const id = `ghost-${uid()}`;
      await expect(h.table.updatePlayer(id, { name: 'Nobody' })).rejects.toBeInstanceOf(WriteConflict);
      expect(await h.table.getPlayer(id)).toBeNull();
    });
  });

  describe('notification settings (on the profile item)', () => {
    const allOn = DEFAULT_EVENTS;

    it('default to every kind but chat, and email only when there is an address', async () => {
      const withEmail = player(`nd-${uid()}`, { email: 'anna@example.org' });
      const without = player(`nn-${uid()}`);
      await h.table.putPlayer(withEmail);
      await h.table.putPlayer(without);
      expect((await h.table.getPlayer(withEmail.id))?.notifications).toEqual({
        email: true,
        digest: null,
        events: allOn,
      });
      expect((await h.table.getPlayer(without.id))?.notifications).toEqual({
        email: false,
        digest: null,
        events: allOn,
      });
      // Adding an address later turns email on: the default follows the address until the player chooses.
      await h.table.updatePlayer(without.id, { email: 'late@example.org' });
      expect((await h.table.getPlayer(without.id))?.notifications.email).toBe(true);
    });

    it('updatePlayer merges choices: kinds not named keep theirs; an explicit "no email" survives address changes', async () => {
      const p = player(`nm-${uid()}`, { email: 'anna@example.org' });
      await h.table.putPlayer(p);
      await h.table.updatePlayer(p.id, { notifications: { events: { chat: true } } });
      await h.table.updatePlayer(p.id, { notifications: { email: false, events: { reminder: false } } });
      await h.table.updatePlayer(p.id, { name: 'Anne', email: 'anne@example.org' });
      const got = await h.table.getPlayer(p.id);
      expect(got).toEqual({
        ...p,
        vacations: [],
        name: 'Anne',
        email: 'anne@example.org',
        notifications: { email: false, digest: null, events: { ...allOn, chat: true, reminder: false } },
      });
      await h.table.updatePlayer(p.id, { email: null, notifications: { email: true, events: { chat: false } } });
      // No address: nothing can be emailed, whatever was chosen.
      expect((await h.table.getPlayer(p.id))?.notifications).toEqual({
        email: false,
        digest: null,
        events: { ...allOn, reminder: false },
      });
      await h.table.updatePlayer(p.id, { email: 'back@example.org' });
      expect((await h.table.getPlayer(p.id))?.notifications).toEqual({
        email: true,
        digest: null,
        events: { ...allOn, reminder: false },
      });
    });

    it('putPlayer stores given choices', async () => {
      const p = player(`np-${uid()}`, {
        email: 'a@example.org',
        notifications: { email: false, events: { chat: true } },
      });
      await h.table.putPlayer(p);
      expect((await h.table.getPlayer(p.id))?.notifications).toEqual({
        email: false,
        digest: null,
        events: { ...allOn, chat: true },
      });
    });

    it('concurrent updates of different kinds all take effect (no lost update)', async () => {
      const p = player(`nc-${uid()}`, { email: 'a@example.org' });
      await h.table.putPlayer(p);
      await Promise.all([
        h.table.updatePlayer(p.id, { notifications: { events: { yourTurn: false } } }),
        h.table.updatePlayer(p.id, { notifications: { events: { reminder: false } } }),
        h.table.updatePlayer(p.id, { notifications: { events: { gameStarted: false } } }),
        h.table.updatePlayer(p.id, { notifications: { events: { gameFinished: false } } }),
        h.table.updatePlayer(p.id, { notifications: { events: { chat: true } } }),
        h.table.updatePlayer(p.id, { notifications: { events: { challenge: false } } }),
        h.table.updatePlayer(p.id, { notifications: { email: false } }),
        h.table.updatePlayer(p.id, { name: 'Racer' }),
      ]);
      expect(await h.table.getPlayer(p.id)).toEqual({
        ...p,
        vacations: [],
        name: 'Racer',
        notifications: {
          email: false,
          digest: null,
          events: {
            yourTurn: false,
            reminder: false,
            gameStarted: false,
            gameFinished: false,
            chat: true,
            challenge: false,
          },
        },
      });
    });

    it('updatePlayer with notifications of an unknown player fails with WriteConflict and creates nothing', async () => {
      const id = `ghost-${uid()}`;
      await expect(h.table.updatePlayer(id, { notifications: { email: false } })).rejects.toBeInstanceOf(WriteConflict);
      expect(await h.table.getPlayer(id)).toBeNull();
    });
  });
}
