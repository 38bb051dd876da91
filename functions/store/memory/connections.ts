import type { ConnectionRecord, StreamTicketRecord } from '../../domain/stream.js';
import type { ConnectionStore, Opened, StreamTicketStore } from '../ports/connections.js';

const live = (c: { expiresAt: string }, now: Date) => Date.parse(c.expiresAt) > now.getTime();

/**
 * The event stream's connections in memory, with the slots, caps and expiry of
 * functions/store/connection-table.ts (expiry is read, not swept: an expired connection is
 * simply not there).
 */
export class MemoryConnections implements ConnectionStore {
  private readonly connections = new Map<string, ConnectionRecord>();
  /** Per player, the connection id in each slot. */
  private readonly slots = new Map<string, (string | undefined)[]>();
  private readonly watchers = new Map<string, Set<string>>();

  async open(c: Omit<ConnectionRecord, 'slot' | 'games'>, cap: number, now: Date): Promise<Opened> {
    const held = this.slots.get(c.playerId) ?? [];
    const slot = Array.from({ length: cap }, (_, i) => held[i]).findIndex((id) => {
      const holder = id === undefined ? undefined : this.connections.get(id);
      return !holder || !live(holder, now);
    });
    if (slot < 0) return { ok: false, limit: cap };
    const previous = held[slot];
    if (previous !== undefined) await this.close(previous);
    held[slot] = c.id;
    this.slots.set(c.playerId, held);
    const connection: ConnectionRecord = { ...c, slot, games: [] };
    this.connections.set(c.id, connection);
    return { ok: true, connection: structuredClone(connection) };
  }

  async get(id: string, now: Date): Promise<ConnectionRecord | null> {
    const c = this.connections.get(id);
    return c && live(c, now) ? structuredClone(c) : null;
  }

  async close(id: string): Promise<ConnectionRecord | null> {
    const c = this.connections.get(id);
    if (!c) return null;
    this.connections.delete(id);
    const held = this.slots.get(c.playerId);
    if (held?.[c.slot] === id) held[c.slot] = undefined;
    for (const game of c.games) this.watchers.get(game)?.delete(id);
    return c;
  }

  async ofPlayer(playerId: string, now: Date): Promise<ConnectionRecord[]> {
    return (this.slots.get(playerId) ?? [])
      .map((id) => (id === undefined ? undefined : this.connections.get(id)))
      .filter((c): c is ConnectionRecord => c !== undefined && live(c, now))
      .map((c) => structuredClone(c));
  }

  async watch(
    id: string,
    gameId: string,
    caps: { perConnection: number; perGame: number },
    now: Date,
  ): Promise<boolean> {
    const c = this.connections.get(id);
    if (!c || !live(c, now)) return false;
    if (c.games.includes(gameId)) return true;
    if (c.games.length >= caps.perConnection) return false;
    const watching = this.watchers.get(gameId) ?? new Set();
    const liveWatchers = [...watching].filter((w) => {
      const other = this.connections.get(w);
      return other !== undefined && live(other, now);
    });
    if (liveWatchers.length >= caps.perGame) return false;
    watching.add(id);
    this.watchers.set(gameId, watching);
    c.games.push(gameId);
    return true;
  }

  async unwatch(id: string, gameId: string): Promise<void> {
    const c = this.connections.get(id);
    if (c) c.games = c.games.filter((g) => g !== gameId);
    this.watchers.get(gameId)?.delete(id);
  }

  async watchersOf(gameId: string, now: Date): Promise<string[]> {
    return [...(this.watchers.get(gameId) ?? [])].filter((id) => {
      const c = this.connections.get(id);
      return c !== undefined && live(c, now);
    });
  }
}

/** Stream tickets in memory: each taken once, none after its expiry. */
export class MemoryStreamTickets implements StreamTicketStore {
  private readonly tickets = new Map<string, StreamTicketRecord>();

  async put(ticket: StreamTicketRecord): Promise<void> {
    this.tickets.set(ticket.hash, { ...ticket });
  }

  async take(hash: string, now: Date): Promise<StreamTicketRecord | null> {
    const t = this.tickets.get(hash);
    if (!t) return null;
    this.tickets.delete(hash);
    return live(t, now) ? t : null;
  }
}
