/** The game log on every backend: metas, the conditional commit, reading the log, listings. */
import { describe, expect, it } from 'vitest';
import type { Harness } from './backends.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import { FIXTURE_GAME, chatMessage, commit, gameMeta, race, record, uid, versionsOf, writeLog } from './fixtures.js';

export function gameLogSuite(h: Harness): void {
  describe('game meta', () => {
    it('putMeta then readGame returns the same meta (secret seed included) and no commit', async () => {
      const id = `meta-${uid()}`;
      const meta = gameMeta(id);
      await h.table.putMeta(meta);
      expect(await h.table.readGame(id)).toEqual({ meta, latest: null });
    });

    it('readGame of an unknown game is null', async () => {
      expect(await h.table.readGame(`nope-${uid()}`)).toBeNull();
    });

    it('putMeta refuses to overwrite an existing game (WriteConflict)', async () => {
      const id = `dup-${uid()}`;
      await h.table.putMeta(gameMeta(id));
      await expect(h.table.putMeta(gameMeta(id, { inviteCode: 'OTHER' }))).rejects.toBeInstanceOf(WriteConflict);
      expect((await h.table.readGame(id))?.meta.inviteCode).toBe(`INV-${id}`);
    });
  });

  describe('replaceMeta (optimistic concurrency on revision)', () => {
    it('replaces the meta when the stored revision is the one before', async () => {
      const id = `rep-${uid()}`;
      await h.table.putMeta(gameMeta(id));
      const joined = gameMeta(id, {
        revision: 2,
        status: 'active',
        seats: [
          { playerId: 'p-anna', name: 'Anna', bot: false },
          { playerId: 'p-ben', name: 'Ben', bot: false },
        ],
      });
      await h.table.replaceMeta(joined);
      expect((await h.table.readGame(id))?.meta).toEqual(joined);
    });

    it('a writer with a stale revision loses with WriteConflict and changes nothing', async () => {
      const id = `stale-${uid()}`;
      await h.table.putMeta(gameMeta(id));
      const first = gameMeta(id, { revision: 2, inviteCode: 'FIRST' });
      const second = gameMeta(id, { revision: 2, inviteCode: 'SECOND' });
      await h.table.replaceMeta(first);
      await expect(h.table.replaceMeta(second)).rejects.toBeInstanceOf(WriteConflict);
      // Skipping a revision is stale too.
      await expect(h.table.replaceMeta(gameMeta(id, { revision: 4 }))).rejects.toBeInstanceOf(WriteConflict);
      expect((await h.table.readGame(id))?.meta).toEqual(first);
    });

    it('of 12 concurrent replaceMeta calls with the same revision exactly one wins', async () => {
      const id = `join-race-${uid()}`;
      await h.table.putMeta(gameMeta(id));
      const candidates = Array.from({ length: 12 }, (_, i) =>
        gameMeta(id, {
          revision: 2,
          seats: [
            { playerId: 'p-anna', name: 'Anna', bot: false },
            { playerId: `p-${i}`, name: `Player ${i}`, bot: false },
          ],
        }),
      );
      const { won, conflicts } = await race(candidates.map((m) => h.table.replaceMeta(m)));
      expect(won).toHaveLength(1);
      expect(conflicts).toBe(11);
      expect((await h.table.readGame(id))?.meta).toEqual(candidates[won[0]!]);
    });

    it('replacing the meta of a game that does not exist fails with WriteConflict', async () => {
      await expect(h.table.replaceMeta(gameMeta(`ghost-${uid()}`, { revision: 2 }))).rejects.toBeInstanceOf(
        WriteConflict,
      );
    });
  });

  it('extendWatch (RP-STREAM-6) only moves watchedUntil later, keeps the revision, and writes nothing for a game not there', async () => {
    const id = `watch-${uid()}`;
    await h.table.putMeta(gameMeta(id));
    await h.table.extendWatch(id, '2026-11-29T07:00:00.000Z');
    await h.table.extendWatch(id, '2026-11-29T06:00:00.000Z');
    const meta = (await h.table.readGame(id))?.meta;
    expect(meta?.watchedUntil).toBe('2026-11-29T07:00:00.000Z');
    expect(meta?.revision).toBe(1);
    await h.table.replaceMeta({ ...meta!, revision: 2 });
    expect((await h.table.readGame(id))?.meta.watchedUntil).toBe('2026-11-29T07:00:00.000Z');
    const missing = `missing-${uid()}`;
    await h.table.extendWatch(missing, '2026-11-29T07:00:00.000Z');
    expect(await h.table.readGame(missing)).toBeNull();
  });

  describe('putCommit (one conditional write per request: the truth of every game)', () => {
    it('getCommit returns a commit field for field (records, state, clocks, request, recent keys), and one without the optional fields', async () => {
      const id = `cm-${uid()}`;
      const full = commit(1, 3, {
        clocks: [
          {
            dueSince: '2026-11-21T10:00:00.000Z',
            bankMs: null,
            deadline: '2026-11-24T10:00:00.000Z',
            remindAt: '2026-11-23T10:00:00.000Z',
            reminded: false,
          },
          { dueSince: null, bankMs: null, deadline: null, remindAt: null, reminded: false },
        ],
        request: { key: 'k'.repeat(16), hash: 'h'.repeat(16) },
        recentKeys: { 0: { key: 'k'.repeat(16), commit: 1 } },
        forfeited: [1],
        status: 'finished',
      });
      const plain = commit(4, 4);
      await h.table.putCommit(id, full, FIXTURE_GAME);
      await h.table.putCommit(id, plain, FIXTURE_GAME);
      expect(await h.table.getCommit(id, 1)).toEqual(full);
      expect(await h.table.getCommit(id, 4)).toEqual(plain);
      expect(await h.table.getCommit(id, 2)).toBeNull();
    });

    it('writing the same key twice fails with WriteConflict and keeps the first commit', async () => {
      const id = `twice-${uid()}`;
      const first = commit(1, 1);
      await h.table.putCommit(id, first, FIXTURE_GAME);
      await expect(
        h.table.putCommit(id, commit(1, 3, { state: { other: true } }), FIXTURE_GAME),
      ).rejects.toBeInstanceOf(WriteConflict);
      expect(await h.table.commitsAfter(id, 0)).toEqual([first]);
    });

    it('of 20 concurrent commits of the same key (however many versions each holds) exactly one wins; nothing is lost or doubled', async () => {
      const id = `race-${uid()}`;
      await h.table.putCommit(id, commit(1, 1), FIXTURE_GAME);
      const contenders = Array.from({ length: 20 }, (_, i) =>
        commit(2, 2 + (i % 3), { request: { key: `k-${i}`.padEnd(16, '-'), hash: 'h'.repeat(16) } }),
      );
      const { won, conflicts } = await race(contenders.map((c) => h.table.putCommit(id, c, FIXTURE_GAME)));
      expect(won).toHaveLength(1);
      expect(conflicts).toBe(19);
      const log = await h.table.commitsAfter(id, 0);
      expect(log.map((c) => c.key)).toEqual([1, 2]);
      expect(log[1]).toEqual(contenders[won[0]!]);
    });

    it('8 writers racing read-then-commit loops build one gap-free log with every move exactly once', async () => {
      const id = `writers-${uid()}`;
      await h.table.putMeta(gameMeta(id, { status: 'active', revision: 2 }));
      const writers = 8;
      const movesEach = 4;
      let conflicts = 0;
      const writer = async (w: number) => {
        for (let m = 0; m < movesEach;) {
          const known = (await h.table.readGame(id))?.latest?.version ?? 0;
          try {
            await h.table.putCommit(
              id,
              commit(known + 1, known + 1, {
                records: [record(known + 1, { playerId: `w${w}`, action: { type: `w${w}-m${m}` } })],
              }),
              FIXTURE_GAME,
            );
            m++;
          } catch (err) {
            if (!(err instanceof WriteConflict)) throw err;
            conflicts++;
          }
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      const records = (await h.table.commitsAfter(id, 0)).flatMap((c) => c.records);
      expect(records.map((e) => e.version)).toEqual(Array.from({ length: writers * movesEach }, (_, i) => i + 1));
      const moves = records.map((e) => e.action.type).sort();
      const expected = Array.from({ length: writers }, (_, w) =>
        Array.from({ length: movesEach }, (_, m) => `w${w}-m${m}`),
      )
        .flat()
        .sort();
      expect(moves).toEqual(expected);
      expect(conflicts).toBeGreaterThan(0);
    });
  });

  describe('commitsAfter and commitsUpTo (the log, and the state at a past version)', () => {
    it('returns the commits holding the versions after N, in order across digit boundaries (9 < 10 < 100), the one holding N+1 included', async () => {
      const id = `order-${uid()}`;
      await writeLog(h.table, id, 120);
      const all = Array.from({ length: 120 }, (_, i) => i + 1);
      for (const after of [0, 1, 2, 3, 4, 5, 9, 10, 98, 99, 119])
        expect(versionsOf(await h.table.commitsAfter(id, after), after)).toEqual(all.filter((v) => v > after));
      expect(await h.table.commitsAfter(id, 120)).toEqual([]);
      expect(await h.table.commitsAfter(id, 500)).toEqual([]);
      expect(await h.table.commitsAfter(`empty-${uid()}`, 0)).toEqual([]);
    });

    it('with a limit covers at least that many versions, and paging by the last version read covers the log once', async () => {
      const id = `limit-${uid()}`;
      await writeLog(h.table, id, 23);
      const seen: number[] = [];
      for (let after = 0; ;) {
        const page = versionsOf(await h.table.commitsAfter(id, after, 5), after);
        if (page.length === 0) break;
        expect(page.length).toBeGreaterThanOrEqual(Math.min(5, 23 - after));
        const taken = page.slice(0, 5);
        seen.push(...taken);
        after = taken.at(-1)!;
      }
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    });

    it('commitsUpTo finds the commit holding a version and the one before it, newest first', async () => {
      const id = `upto-${uid()}`;
      const written = await writeLog(h.table, id, 40);
      for (const version of [1, 2, 3, 7, 8, 20, 40]) {
        const [holder, previous] = await h.table.commitsUpTo(id, version, 2);
        const expected = written.findLast((c) => c.key <= version)!;
        expect(holder).toEqual(expected);
        expect(previous).toEqual(written[written.indexOf(expected) - 1]);
      }
    });

    it('ignores the meta, the deadline entry and the chat stored under the same game', async () => {
      const id = `mixed-${uid()}`;
      await h.table.putMeta(gameMeta(id));
      await h.stores.times.setDue(id, '2026-11-22T10:00:00.000Z', 2, 'exact');
      await h.stores.chats.put(chatMessage(id, 'c1', 0));
      await h.table.putCommit(id, commit(1, 1), FIXTURE_GAME);
      await h.table.putCommit(id, commit(2, 2), FIXTURE_GAME);
      expect((await h.table.commitsAfter(id, 0)).map((c) => c.key)).toEqual([1, 2]);
    });
  });

  describe('readSummaries and getMetas (listings)', () => {
    it('answer an empty list with an empty map', async () => {
      expect((await h.table.readSummaries([])).size).toBe(0);
      expect((await h.table.getMetas([])).size).toBe(0);
    });
  });
}
