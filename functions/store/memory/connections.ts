import type { ConnectionRecord, StreamTicketRecord } from '../../domain/stream.js';
import type { ConnectionStore, Opened, StreamTicketStore, WatchCaps } from '../ports/connections.js';
import type { MemoryState } from './state.js';

const live = (c: { expiresAt: string }, now: Date) => Date.parse(c.expiresAt) > now.getTime();

/**
 * The event stream's connections in memory, laid out as functions/store/connection-table.ts lays
 * them out: the slots under the player's partition, each holding its connection (so deleting the
 * player takes them), a link from each connection to its slot, and per game the watchers with
 * their end. Expiry is read, not swept: an ended connection is simply not there.
 */
export class MemoryConnections implements ConnectionStore {
  private readonly links = new Map<string, { playerId: string; slot: number }>();
  private readonly watchers = new Map<string, Map<string, string>>();

  constructor(private readonly state: MemoryState) {}

  async open(c: Omit<ConnectionRecord, 'slot' | 'games'>, cap: number, now: Date): Promise<Opened> {
    const held = this.state.player(c.playerId).streamSlots;
    const slot = Array.from({ length: cap }, (_, i) => held[i]).findIndex((holder) => !holder || !live(holder, now));
    if (slot < 0) return { ok: false, limit: cap };
    const previous = held[slot];
    if (previous && previous.id !== c.id) this.forget(previous);
    const connection: ConnectionRecord = { ...c, slot, games: [] };
    held[slot] = connection;
    this.links.set(c.id, { playerId: c.playerId, slot });
    return { ok: true, connection: structuredClone(connection) };
  }

  async get(id: string, now: Date): Promise<ConnectionRecord | null> {
    const c = this.held(id);
    return c && live(c, now) ? structuredClone(c) : null;
  }

  async close(id: string): Promise<ConnectionRecord | null> {
    const c = this.held(id);
    this.links.delete(id);
    if (!c) return null;
    this.state.player(c.playerId).streamSlots[c.slot] = undefined;
    this.forget(c);
    return structuredClone(c);
  }

  async ofPlayer(playerId: string, now: Date): Promise<ConnectionRecord[]> {
    return (this.state.players.get(playerId)?.streamSlots ?? [])
      .filter((c): c is ConnectionRecord => c !== undefined && live(c, now))
      .map((c) => structuredClone(c));
  }

  async watch(id: string, gameId: string, caps: WatchCaps, now: Date): Promise<boolean> {
    const c = this.held(id);
    if (!c || !live(c, now)) return false;
    if (c.games.includes(gameId)) return true;
    if (c.games.length >= caps.perConnection) return false;
    const watching = this.watchers.get(gameId) ?? new Map<string, string>();
    if ([...watching.values()].filter((expiresAt) => live({ expiresAt }, now)).length >= caps.perGame) return false;
    watching.set(id, c.expiresAt);
    this.watchers.set(gameId, watching);
    c.games.push(gameId);
    return true;
  }

  async unwatch(id: string, gameId: string): Promise<void> {
    const c = this.held(id);
    if (c) c.games = c.games.filter((g) => g !== gameId);
    this.watchers.get(gameId)?.delete(id);
  }

  async watchersOf(gameId: string, now: Date): Promise<string[]> {
    return [...(this.watchers.get(gameId) ?? [])].filter(([, expiresAt]) => live({ expiresAt }, now)).map(([id]) => id);
  }

  /** The connection in its slot, if the slot still holds it (ended or not). */
  private held(id: string): ConnectionRecord | undefined {
    const link = this.links.get(id);
    const c = link && this.state.players.get(link.playerId)?.streamSlots[link.slot];
    return c?.id === id ? c : undefined;
  }

  /** The connection's link and watches go (its slot is freed or taken over by the caller). */
  private forget(c: ConnectionRecord): void {
    this.links.delete(c.id);
    for (const game of c.games) this.watchers.get(game)?.delete(c.id);
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
