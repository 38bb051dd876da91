/** Accounts on every backend: credentials, the token cap, one-time codes, addresses, deleting an account, digests. */
import { describe, expect, it } from 'vitest';
import type { CredentialRecord } from '../../../functions/domain/player.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import type { Harness } from './backends.js';
import { player, uid } from './fixtures.js';

const credential = (playerId: string, id: string, over: Partial<CredentialRecord> = {}): CredentialRecord => ({
  playerId,
  id,
  kind: 'token',
  name: 'ci',
  scopes: ['read', 'play'],
  hash: 'h'.repeat(64),
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: null,
  ...over,
});

export function accountsSuite(h: Harness): void {
  describe('credentials and the token cap', () => {
    it('a credential is written once, listed by id, touched while it exists, and deleted once', async () => {
      const p = `cred-${uid()}`;
      const accounts = h.stores.accounts;
      const session = credential(p, 's1', { kind: 'session', expiresAt: '2026-12-21T10:00:00.000Z' });
      await accounts.putCredential(credential(p, 't1'));
      await accounts.putCredential(session);
      await expect(accounts.putCredential(credential(p, 't1'))).rejects.toBeInstanceOf(WriteConflict);
      expect(await accounts.listCredentials(p)).toEqual([session, credential(p, 't1')]);
      await accounts.touchCredential(p, 's1', '2026-11-22T10:00:00.000Z', '2026-12-22T10:00:00.000Z');
      await accounts.touchCredential(p, 'gone', '2026-11-22T10:00:00.000Z', null);
      expect(await accounts.getCredential(p, 's1')).toEqual({
        ...session,
        lastUsedAt: '2026-11-22T10:00:00.000Z',
        expiresAt: '2026-12-22T10:00:00.000Z',
      });
      expect(await accounts.getCredential(p, 'gone')).toBeNull();
      expect(await accounts.deleteCredential(p, 's1')).toBe(true);
      expect(await accounts.deleteCredential(p, 's1')).toBe(false);
    });

    it('tokens count up to the cap, under races too, and not for a player who is gone or being deleted', async () => {
      const p = player(`cap-${uid()}`);
      await h.table.putPlayer(p);
      const counted = await Promise.all(
        Array.from({ length: 6 }, (_, i) => h.stores.accounts.countToken(p.id, `t${i}`, 4)),
      );
      expect(counted.filter(Boolean)).toHaveLength(4);
      const winners = ['t0', 't1', 't2', 't3', 't4', 't5'].filter((_, i) => counted[i]);
      expect((await h.stores.accounts.countedTokens(p.id)).sort()).toEqual(winners);
      await h.stores.accounts.uncountTokens(p.id, [...winners.slice(0, 2), 'never']);
      expect((await h.stores.accounts.countedTokens(p.id)).sort()).toEqual(winners.slice(2));
      expect(await h.stores.accounts.countToken(`ghost-${uid()}`, 't', 4)).toBe(false);
      await h.stores.deletion.setTombstone(p.id, '2026-11-21T10:00:00.000Z');
      expect(await h.stores.accounts.countToken(p.id, 't9', 4)).toBe(false);
    });
  });

  describe('one-time codes and addresses', () => {
    it('attempts are counted before the code is shown, up to the most; exactly one use takes the code', async () => {
      const slot = { signIn: `Code-${uid()}@Example.org` };
      const code = { codeHash: 'c1', expiresAt: '2026-11-21T10:10:00.000Z', attempts: 0, playerId: 'p1' };
      expect(await h.stores.accounts.attemptCode(slot, 3)).toBeNull();
      await h.stores.accounts.putCode(slot, code);
      const tries = await Promise.all(Array.from({ length: 5 }, () => h.stores.accounts.attemptCode(slot, 3)));
      expect(
        tries
          .filter(Boolean)
          .map((c) => c!.attempts)
          .sort(),
      ).toEqual([1, 2, 3]);
      await h.stores.accounts.putCode(slot, { ...code, codeHash: 'c2' });
      expect(await h.stores.accounts.takeCode(slot, 'c1')).toBe(false);
      expect(
        await Promise.all([h.stores.accounts.takeCode(slot, 'c2'), h.stores.accounts.takeCode(slot, 'c2')]),
      ).toEqual(expect.arrayContaining([true, false]));
      const change = { emailChange: `p-${uid()}` };
      await h.stores.accounts.putCode(change, {
        codeHash: 'c3',
        expiresAt: code.expiresAt,
        attempts: 0,
        address: 'x@example.org',
      });
      expect(await h.stores.accounts.attemptCode(change, 1)).toEqual({
        codeHash: 'c3',
        expiresAt: code.expiresAt,
        attempts: 1,
        address: 'x@example.org',
      });
      await h.stores.accounts.deleteCode(change);
      expect(await h.stores.accounts.takeCode(change, 'c3')).toBe(false);
    });

    it('an address (any case) belongs to one account at a time', async () => {
      const address = `own-${uid()}@example.org`;
      expect(await h.stores.accounts.emailOwner(address)).toBeNull();
      expect(await h.stores.accounts.claimEmail(address, 'a')).toBe(true);
      expect(await h.stores.accounts.claimEmail(address.toUpperCase(), 'a')).toBe(true);
      expect(await h.stores.accounts.claimEmail(` ${address.toUpperCase()}`, 'b')).toBe(false);
      await h.stores.accounts.releaseEmail(address, 'b');
      expect(await h.stores.accounts.emailOwner(address.toUpperCase())).toBe('a');
      await h.stores.accounts.releaseEmail(address, 'a');
      expect(await h.stores.accounts.claimEmail(address, 'b')).toBe(true);
    });
  });

  describe('deleting an account', () => {
    it('permits are refused after the tombstone, which hides the profile; deletePlayer takes everything under the player', async () => {
      const p = player(`del-${uid()}`);
      const deletion = h.stores.deletion;
      expect(await deletion.takePermit(p.id, 1)).toBe(false);
      await h.table.putPlayer(p);
      expect(await deletion.takePermit(p.id, 5)).toBe(true);
      expect(await deletion.takePermit(p.id, 7)).toBe(true);
      await deletion.returnPermit(p.id);
      expect(await deletion.permitsHeld(p.id)).toEqual({ count: 1, newestAt: 7 });
      await h.stores.accounts.putCredential(credential(p.id, 't1'));
      await h.table.putMembership({
        playerId: p.id,
        gameId: 'g1',
        game: 'high-card',
        seat: 0,
        joinedAt: '2026-11-21T10:00:00.000Z',
      });
      expect(await deletion.setTombstone(p.id, '2026-11-21T10:00:00.000Z')).toBe(true);
      expect(await deletion.takePermit(p.id, 9)).toBe(false);
      expect(await h.table.getPlayer(p.id)).toBeNull();
      await h.stores.accounts.deletePlayer(p.id);
      expect(await h.stores.accounts.listCredentials(p.id)).toEqual([]);
      expect(await h.table.listMemberships(p.id)).toEqual([]);
      expect(await deletion.permitsHeld(p.id)).toEqual({ count: 0, newestAt: 0 });
      expect(await deletion.setTombstone(p.id, '2026-11-21T10:00:00.000Z')).toBe(false);
    });
  });

  describe('daily digests', () => {
    it('due players by time, one claim per day, and sheets written once', async () => {
      const p = `dig-${uid()}`;
      const digests = h.stores.digests;
      await digests.setDue(p, new Date('2026-11-21T08:00:00.000Z'));
      const due = async (at: string) => (await digests.due(new Date(at))).filter((d) => d.playerId === p);
      expect(await due('2026-11-21T07:59:59.000Z')).toEqual([]);
      expect(await due('2026-11-21T08:00:00.000Z')).toEqual([{ playerId: p, dueAt: '2026-11-21T08:00:00.000Z' }]);
      await digests.setDue(p, null);
      expect(await due('2026-11-22T08:00:00.000Z')).toEqual([]);
      expect(
        await Promise.all([digests.claimDay(p, '20261121', new Date()), digests.claimDay(p, '20261121', new Date())]),
      ).toEqual(expect.arrayContaining([true, false]));
      const sheet = [{ label: 'A', gameId: 'g1', seat: 0, version: 4 }];
      expect(await digests.getSheet(p, 'd1')).toBeNull();
      expect(await digests.putSheet(p, 'd1', sheet, new Date('2026-12-01T00:00:00.000Z'))).toBe(true);
      expect(await digests.putSheet(p, 'd1', [], new Date('2026-12-01T00:00:00.000Z'))).toBe(false);
      expect(await digests.getSheet(p, 'd1')).toEqual(sheet);
    });
  });
}
