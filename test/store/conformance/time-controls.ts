/** The store's side of time controls on every backend: the deadline entry, clocks moved in place, and vacations. */
import { describe, expect, it } from 'vitest';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import type { Harness } from './backends.js';
import { FIXTURE_GAME, commit, player, uid } from './fixtures.js';

export function timeControlsSuite(h: Harness): void {
  /** The game's entry in the deadline index, as the sweep finds it. */
  const dueAt = async (id: string) =>
    (await h.stores.times.dueGames(new Date('9999-01-01T00:00:00.000Z'))).find((d) => d.gameId === id)?.dueAt;

  describe('the deadline entry and clocks in place (time controls)', () => {
    it('exact sets the time unless a newer version was recorded; null takes the game out of the index', async () => {
      const id = `due-${uid()}`;
      expect(await h.stores.times.setDue(id, '2026-11-22T10:00:00.000Z', 3, 'exact')).toBe(true);
      expect(await h.stores.times.setDue(id, '2026-11-25T10:00:00.000Z', 2, 'exact')).toBe(false);
      expect(await dueAt(id)).toBe('2026-11-22T10:00:00.000Z');
      expect(await h.stores.times.setDue(id, '2026-11-25T10:00:00.000Z', 3, 'exact')).toBe(true);
      expect(await dueAt(id)).toBe('2026-11-25T10:00:00.000Z');
      expect((await h.stores.times.dueGames(new Date('2026-11-26T00:00:00.000Z'))).map((d) => d.gameId)).toContain(id);
      expect(await h.stores.times.setDue(id, null, 4, 'exact')).toBe(true);
      expect(await dueAt(id)).toBeUndefined();
      expect((await h.stores.times.dueGames(new Date('2026-11-26T00:00:00.000Z'))).map((d) => d.gameId)).not.toContain(
        id,
      );
      // Nothing due for a game without an entry creates none.
      expect(await h.stores.times.setDue(`none-${uid()}`, null, 1, 'exact')).toBe(false);
    });

    it('earlier only ever moves the time earlier, and never behind a newer version', async () => {
      const id = `earlier-${uid()}`;
      expect(await h.stores.times.setDue(id, '2026-11-22T10:00:00.000Z', 1, 'earlier')).toBe(true);
      expect(await h.stores.times.setDue(id, '2026-11-23T10:00:00.000Z', 2, 'earlier')).toBe(false);
      expect(await h.stores.times.setDue(id, '2026-11-21T12:00:00.000Z', 2, 'earlier')).toBe(true);
      expect(await h.stores.times.setDue(id, '2026-11-21T11:00:00.000Z', 1, 'earlier')).toBe(false);
      expect(await dueAt(id)).toBe('2026-11-21T12:00:00.000Z');
    });

    it('setClocks rewrites the clocks of a commit in place, and of no commit that is not there', async () => {
      const id = `clocks-${uid()}`;
      const clocks = [
        {
          dueSince: '2026-11-21T10:00:00.000Z',
          bankMs: 5,
          deadline: '2026-11-24T10:00:00.000Z',
          remindAt: '2026-11-23T10:00:00.000Z',
          reminded: false,
        },
      ];
      await h.table.putCommit(
        id,
        commit(1, 1, { clocks: [{ ...clocks[0]!, deadline: null, remindAt: null }] }),
        FIXTURE_GAME,
      );
      expect(await h.stores.times.setClocks(id, 1, clocks)).toBe(true);
      expect((await h.table.getCommit(id, 1))?.clocks).toEqual(clocks);
      expect(await h.stores.times.setClocks(id, 2, clocks)).toBe(false);
      expect(await h.table.getCommit(id, 2)).toBeNull();
    });

    it('changeVacations writes an accepted change, answers a refused one as is writing nothing, and fails for nobody', async () => {
      const id = `vac-${uid()}`;
      await h.table.putPlayer(player(id));
      const away = { id: 'v1', from: '2026-11-22T10:00:00.000Z', until: '2026-11-23T10:00:00.000Z' };
      const added = await h.stores.times.changeVacations(id, (current) => ({ ok: true, value: [...current, away] }));
      expect(added).toEqual({ ok: true, value: [away] });
      const refusedChange = await h.stores.times.changeVacations(id, () => ({ ok: false, refusal: 'no' }));
      expect(refusedChange).toEqual({ ok: false, refusal: 'no' });
      expect((await h.stores.times.seatFactsOf([id])).get(id)).toEqual({ vacations: [away], credentialVersion: 0 });
      await h.table.bumpCredentialVersion(id);
      expect((await h.stores.times.seatFactsOf([id])).get(id)?.credentialVersion).toBe(1);
      await expect(
        h.stores.times.changeVacations(`none-${uid()}`, () => ({ ok: true, value: [away] })),
      ).rejects.toBeInstanceOf(WriteConflict);
    });
  });
}
