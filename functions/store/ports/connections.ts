import type { ConnectionRecord, StreamTicketRecord } from '../../domain/stream.js';

/** How many games a connection may watch, and how many connections may watch a game. */
export type WatchCaps = { perConnection: number; perGame: number };

/** A connection opened, or every slot of the player held by a live one. */
export type Opened = { ok: true; connection: ConnectionRecord } | { ok: false; limit: number };

/**
 * The open sockets of the event stream: per player a fixed number of slots (so a player's list is
 * bounded), and per game the sockets that watch it (bounded too). A connection whose close was
 * never seen frees its slot and its watches at its `expiresAt`.
 */
export interface ConnectionStore {
  /** Opens `connection` in a free one of the player's `cap` slots (free: never taken, or its holder expired). */
  open(connection: Omit<ConnectionRecord, 'slot' | 'games'>, cap: number, now: Date): Promise<Opened>;
  get(id: string, now: Date): Promise<ConnectionRecord | null>;
  /** Removes the connection with its slot and watches; the connection as it was, or null if unknown. */
  close(id: string): Promise<ConnectionRecord | null>;
  /** The player's live connections. */
  ofPlayer(playerId: string, now: Date): Promise<ConnectionRecord[]>;
  /**
   * The connection watches the game too: false when it watches `perConnection` games already, or
   * the game has `perGame` watchers. Watching a game again is a success that changes nothing.
   */
  watch(id: string, gameId: string, caps: WatchCaps, now: Date): Promise<boolean>;
  unwatch(id: string, gameId: string): Promise<void>;
  /** The ids of the live connections that watch the game. */
  watchersOf(gameId: string, now: Date): Promise<string[]>;
}

/** Single-use tickets to open a socket (a browser cannot send a token header on a WebSocket). */
export interface StreamTicketStore {
  put(ticket: StreamTicketRecord): Promise<void>;
  /** The ticket with this hash, removed so that it opens one socket only; null when unknown, used or expired. */
  take(hash: string, now: Date): Promise<StreamTicketRecord | null>;
}
