/**
 * The account event stream's doors: the single-use tickets a socket is opened with (a browser
 * cannot send a token header on a WebSocket, and a token must never appear in a URL), the sockets
 * themselves (bounded per player), and the games a socket watches besides its account's own.
 * What is sent on the sockets is the notifier's business (notify/event-fanout.ts).
 */
import type { ConnectionRecord, StreamCredential, StreamEvent } from '../domain/stream.js';
import type { AccountStore } from '../store/ports/accounts.js';
import type { ConnectionStore, StreamTicketStore } from '../store/ports/connections.js';
import type { GameLog } from '../store/ports/game-log.js';
import type { PlayerStore } from '../store/ports/players.js';
import type { Access } from './players.js';
import { Refusal, ok, problems, refused, type Result } from './refusal.js';
import { newSecret, sha256Hex } from './secrets.js';

/** A ticket opens a socket within this long of being minted (RP-STREAM-1). */
export const TICKET_SECONDS = 60;
/** API Gateway ends every socket after 2 hours; the local server does the same, so clients meet one behaviour. */
export const CONNECTION_MS = 2 * 3_600_000;
/** Open sockets per player: pages, tabs and bots together (RP-STREAM-2). */
export const CONNECTIONS_PER_PLAYER = 10;
/** Games one socket watches besides its account's own, and sockets watching one game (RP-STREAM-3). */
export const WATCHES = { perConnection: 20, perGame: 500 };

/** What the event stream posts on, and closes: API Gateway's connections in AWS, the local server's sockets. */
export interface StreamSender {
  /** Posts one message; `gone` when the far end has left (the connection is then removed). */
  post(connectionId: string, message: unknown): Promise<'sent' | 'gone'>;
  /** Closes the socket from this end. */
  close(connectionId: string): Promise<void>;
}

/** Credentials that have stopped working: every one of the player's, or the ones named. */
export type EndedCredentials = { all: true } | { ids: readonly string[]; registration: boolean };

/** Whether the socket was opened with one of the credentials that ended. */
export function endedBy(c: ConnectionRecord, ended: EndedCredentials): boolean {
  if ('all' in ended) return true;
  return c.credential.id === null ? ended.registration : ended.ids.includes(c.credential.id);
}

/** A ticket as minted: its secret is shown this once. */
export interface MintedTicket {
  ticket: string;
  expiresAt: string;
}

/** A subscription made: the game's version now, and a catch-up event when the game has passed `since`. */
export interface Subscribed {
  version: number;
  catchUp: StreamEvent | null;
}

const ticketRefused = () =>
  new Refusal('invalid_ticket', 'Invalid stream ticket', 'The ticket is unknown, used or expired: mint a new one');

export class Streams {
  constructor(
    private readonly d: {
      connections: ConnectionStore;
      tickets: StreamTicketStore;
      accounts: AccountStore;
      players: PlayerStore;
      games: GameLog;
      now: () => Date;
    },
  ) {}

  /** A ticket for the caller's credential, valid for TICKET_SECONDS and for one socket. */
  async mintTicket(access: Access): Promise<MintedTicket> {
    const ticket = newSecret();
    const expiresAt = new Date(this.d.now().getTime() + TICKET_SECONDS * 1000).toISOString();
    const { kind, id } = access.credential;
    await this.d.tickets.put({
      hash: sha256Hex(ticket),
      playerId: access.player.id,
      credential: { kind, id },
      expiresAt,
    });
    return { ticket, expiresAt };
  }

  /**
   * Opens socket `connectionId` with a ticket: refused when the ticket is unknown, used or
   * expired, when the credential it was minted with has ended since, or when the player has
   * CONNECTIONS_PER_PLAYER sockets open.
   */
  async connect(ticket: string | undefined, connectionId: string): Promise<Result<ConnectionRecord>> {
    const now = this.d.now();
    const found = ticket ? await this.d.tickets.take(sha256Hex(ticket), now) : null;
    if (!found || !(await this.stillValid(found.playerId, found.credential, now))) return refused(ticketRefused());
    const opened = await this.d.connections.open(
      {
        id: connectionId,
        playerId: found.playerId,
        credential: found.credential,
        connectedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CONNECTION_MS).toISOString(),
      },
      CONNECTIONS_PER_PLAYER,
      now,
    );
    if (!opened.ok)
      return refused(
        new Refusal(
          'too_many_connections',
          'Too many requests',
          `At most ${opened.limit} event streams open at once per player; close one first`,
          { limit: opened.limit },
        ),
      );
    return ok(opened.connection);
  }

  private async stillValid(playerId: string, credential: StreamCredential, now: Date): Promise<boolean> {
    const player = await this.d.players.getPlayer(playerId);
    if (!player) return false;
    if (credential.id === null) return true;
    const found = await this.d.accounts.getCredential(playerId, credential.id);
    return found !== null && (found.expiresAt === null || Date.parse(found.expiresAt) > now.getTime());
  }

  /** The socket watches the game too; `since` (the version the client has) asks for a catch-up event. */
  async subscribe(connectionId: string, gameId: string, since: number | undefined): Promise<Result<Subscribed>> {
    const now = this.d.now();
    const version = await this.d.games.readVersion(gameId);
    if (!version) return refused(problems.notFound('Game'));
    if (!(await this.d.connections.watch(connectionId, gameId, WATCHES, now)))
      return refused(
        new Refusal(
          'too_many_watches',
          'Too many requests',
          `A stream watches at most ${WATCHES.perConnection} games, and a game has at most ${WATCHES.perGame} watching streams`,
          { limit: WATCHES.perConnection },
        ),
      );
    // RP-STREAM-6: the move path reads the meta, not the watchers: it learns there that someone may watch.
    await this.d.games.extendWatch(gameId, new Date(now.getTime() + CONNECTION_MS).toISOString());
    const behind = since !== undefined && since < version.version;
    return ok({
      version: version.version,
      catchUp: behind ? { kind: 'move', game: gameId, version: version.version, at: now.toISOString() } : null,
    });
  }

  unsubscribe(connectionId: string, gameId: string): Promise<void> {
    return this.d.connections.unwatch(connectionId, gameId);
  }

  async disconnect(connectionId: string): Promise<void> {
    await this.d.connections.close(connectionId);
  }
}
