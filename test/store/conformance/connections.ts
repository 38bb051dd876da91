/** The event stream's connections and tickets, on every backend: slots per player, watches per game, single-use tickets. */
import { describe, expect, it } from 'vitest';
import type { ConnectionRecord, StreamTicketRecord } from '../../../functions/domain/stream.js';
import type { Harness } from './backends.js';
import { player, uid } from './fixtures.js';

const now = new Date('2026-11-21T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const caps = { perConnection: 2, perGame: 3 };

/** A connection of the player, opened now and ending after `minutes`. */
const socket = (playerId: string, minutes = 120): Omit<ConnectionRecord, 'slot' | 'games'> => ({
  id: `c-${uid()}`,
  playerId,
  credential: { kind: 'session', id: `s-${uid()}` },
  connectedAt: now.toISOString(),
  expiresAt: later(minutes).toISOString(),
});

export function connectionsSuite(h: Harness): void {
  const open = async (playerId: string, cap: number, minutes?: number) => {
    const opened = await h.stores.connections.open(socket(playerId, minutes), cap, now);
    if (!opened.ok) throw new Error(`no free slot of ${cap}`);
    return opened.connection;
  };

  describe('event stream connections (slots, watches)', () => {
    it('opens up to the cap in slot order, then refuses with the limit; ofPlayer lists them', async () => {
      const p = `p-${uid()}`;
      const { connections } = h.stores;
      const first = socket(p);
      expect(await connections.open(first, 2, now)).toEqual({ ok: true, connection: { ...first, slot: 0, games: [] } });
      const second = await open(p, 2);
      expect(second.slot).toBe(1);
      expect(await connections.open(socket(p), 2, now)).toEqual({ ok: false, limit: 2 });
      expect(await connections.get(first.id, now)).toEqual({ ...first, slot: 0, games: [] });
      expect((await connections.ofPlayer(p, now)).map((c) => c.id)).toEqual([first.id, second.id]);
      expect(await connections.ofPlayer(`p-${uid()}`, now)).toEqual([]);
    });

    it('opens racing for the last slots land exactly up to the cap', async () => {
      const p = `p-${uid()}`;
      await open(p, 3);
      const answers = await Promise.all(Array.from({ length: 5 }, () => h.stores.connections.open(socket(p), 3, now)));
      expect(answers.filter((a) => a.ok)).toHaveLength(2);
      expect(answers.filter((a) => !a.ok)).toEqual([
        { ok: false, limit: 3 },
        { ok: false, limit: 3 },
        { ok: false, limit: 3 },
      ]);
      expect(await h.stores.connections.ofPlayer(p, now)).toHaveLength(3);
    });

    it('get and ofPlayer skip an ended connection; its slot is taken over, and its watches go with it', async () => {
      const p = `p-${uid()}`;
      const game = `g-${uid()}`;
      const { connections } = h.stores;
      const ended = await open(p, 1, 30);
      expect(await connections.watch(ended.id, game, caps, now)).toBe(true);
      expect(await connections.get(ended.id, later(30))).toBeNull();
      expect(await connections.ofPlayer(p, later(30))).toEqual([]);
      expect(await connections.watchersOf(game, later(30))).toEqual([]);
      expect(await connections.watch(ended.id, `g-${uid()}`, caps, later(30))).toBe(false);

      const next = socket(p);
      const opened = await connections.open(next, 1, later(30));
      expect(opened).toEqual({ ok: true, connection: { ...next, slot: 0, games: [] } });
      expect(await connections.get(next.id, later(30))).toEqual({ ...next, slot: 0, games: [] });
      // Read as of a time the ended one still ran: it is gone, not merely ended.
      expect(await connections.get(ended.id, now)).toBeNull();
      expect(await connections.watchersOf(game, now)).toEqual([]);
      expect(await connections.close(ended.id)).toBeNull();
      expect((await connections.ofPlayer(p, later(30))).map((c) => c.id)).toEqual([next.id]);
    });

    it('close answers the connection, frees its slot and drops its watches; a second close answers null', async () => {
      const p = `p-${uid()}`;
      const game = `g-${uid()}`;
      const { connections } = h.stores;
      const c = await open(p, 1);
      const other = await open(`p-${uid()}`, 1);
      await connections.watch(c.id, game, caps, now);
      await connections.watch(other.id, game, caps, now);
      expect(await connections.close(c.id)).toEqual({ ...c, games: [game] });
      expect(await connections.close(c.id)).toBeNull();
      expect(await connections.close(`c-${uid()}`)).toBeNull();
      expect(await connections.get(c.id, now)).toBeNull();
      expect(await connections.watchersOf(game, now)).toEqual([other.id]);
      expect((await open(p, 1)).slot).toBe(0);
    });

    it('watch is idempotent and capped per connection; unwatch removes the game from both sides', async () => {
      const { connections } = h.stores;
      const c = await open(`p-${uid()}`, 1);
      const [a, b, third] = [`g-${uid()}`, `g-${uid()}`, `g-${uid()}`];
      expect(await connections.watch(c.id, a, caps, now)).toBe(true);
      expect(await connections.watch(c.id, a, caps, now)).toBe(true);
      expect(await connections.watch(c.id, b, caps, now)).toBe(true);
      expect(await connections.watch(c.id, third, caps, now)).toBe(false);
      expect((await connections.get(c.id, now))?.games).toEqual([a, b]);
      expect(await connections.watchersOf(a, now)).toEqual([c.id]);

      await connections.unwatch(c.id, a);
      await connections.unwatch(c.id, a);
      expect((await connections.get(c.id, now))?.games).toEqual([b]);
      expect(await connections.watchersOf(a, now)).toEqual([]);
      expect(await connections.watch(c.id, third, caps, now)).toBe(true);
      expect((await connections.ofPlayer(c.playerId, now))[0]?.games).toEqual([b, third]);
      expect(await connections.watch(`c-${uid()}`, a, caps, now)).toBe(false);
    });

    it('a game takes watchers up to its cap, counting live ones only; watchersOf lists the live ones', async () => {
      const game = `g-${uid()}`;
      const { connections } = h.stores;
      const brief = await open(`p-${uid()}`, 1, 30);
      const watchers = [brief, await open(`p-${uid()}`, 1), await open(`p-${uid()}`, 1)];
      for (const w of watchers) expect(await connections.watch(w.id, game, caps, now)).toBe(true);
      const more = await open(`p-${uid()}`, 1);
      expect(await connections.watch(more.id, game, caps, now)).toBe(false);
      expect((await connections.watchersOf(game, now)).sort()).toEqual(watchers.map((w) => w.id).sort());

      expect(await connections.watch(more.id, game, caps, later(30))).toBe(true);
      expect((await connections.watchersOf(game, later(30))).sort()).toEqual(
        [watchers[1]!.id, watchers[2]!.id, more.id].sort(),
      );
    });

    it("deleting the account takes the player's connections", async () => {
      const p = player(`str-${uid()}`);
      await h.table.putPlayer(p);
      const c = await open(p.id, 2);
      await h.stores.accounts.deletePlayer(p.id);
      expect(await h.stores.connections.ofPlayer(p.id, now)).toEqual([]);
      expect(await h.stores.connections.get(c.id, now)).toBeNull();
    });
  });

  describe('event stream tickets', () => {
    const ticket = (minutes: number): StreamTicketRecord => ({
      hash: `h-${uid()}`,
      playerId: `p-${uid()}`,
      credential: { kind: 'token', id: `t-${uid()}` },
      expiresAt: later(minutes).toISOString(),
    });

    it('a ticket is taken once; an unknown one is null', async () => {
      const { streamTickets } = h.stores;
      const t = ticket(1);
      await streamTickets.put(t);
      expect(await streamTickets.take(t.hash, now)).toEqual(t);
      expect(await streamTickets.take(t.hash, now)).toBeNull();
      expect(await streamTickets.take(`h-${uid()}`, now)).toBeNull();
    });

    it('of racing takes exactly one gets the ticket; an expired one is null, and stays so', async () => {
      const { streamTickets } = h.stores;
      const t = ticket(1);
      await streamTickets.put(t);
      const taken = await Promise.all(Array.from({ length: 4 }, () => streamTickets.take(t.hash, now)));
      expect(taken.filter((x) => x !== null)).toEqual([t]);

      const expired = ticket(1);
      await streamTickets.put(expired);
      expect(await streamTickets.take(expired.hash, later(1))).toBeNull();
      expect(await streamTickets.take(expired.hash, now)).toBeNull();
    });
  });
}
