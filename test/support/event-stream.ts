/** The event stream in the API suites: a socket opened the way a client opens one, and what it was sent. */
import { WebSocket } from 'ws';
import { ServerMessageSchema, type ServerMessage } from '../../functions/api/streams/messages.js';
import { dataOf, type Api } from './client.js';

export interface OpenStream {
  /** Every message received so far, each checked against the protocol's schema. */
  readonly received: ServerMessage[];
  send(message: unknown): void;
  /** Waits for the first message after the `from`-th that `match` accepts. */
  next(match: (m: ServerMessage) => boolean, from?: number, timeoutMs?: number): Promise<ServerMessage>;
  /** The events received so far, as `kind@version`, optionally of one game. */
  events(game?: string): string[];
  readonly closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Mints a ticket as `player` and opens the socket at the URL it names. */
export async function openStream(player: Api): Promise<OpenStream> {
  const ticket = dataOf(await player.POST('/v1/stream-tickets', {}));
  return connect(ticket.url);
}

/** Opens a socket at `url`; rejects with the refusal's status and body when the handshake is refused. */
export function connect(url: string): Promise<OpenStream> {
  const ws = new WebSocket(url);
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(ServerMessageSchema.parse(JSON.parse(String(data))));
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((ok) =>
    ws.on('close', (code, reason) => ok({ code, reason: String(reason) })),
  );
  const stream: OpenStream = {
    received,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (match, from = 0, timeoutMs = 5000) =>
      new Promise((ok, fail) => {
        const look = () => {
          const found = received.slice(from).find(match);
          if (!found) return;
          waiters.delete(look);
          clearTimeout(timer);
          ok(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          fail(new Error(`no such message within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(look);
        look();
      }),
    events: (game) =>
      received.flatMap((m) =>
        m.type === 'event' && m.kind !== 'challenge' && (!game || m.game === game) ? [`${m.kind}@${m.version}`] : [],
      ),
    closed,
    close: () => ws.close(),
  };
  return new Promise((ok, fail) => {
    ws.once('open', () => ok(stream));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () =>
        fail(
          Object.assign(new Error(`refused: ${res.statusCode}`), {
            status: res.statusCode,
            body,
            type: res.headers['content-type'],
          }),
        ),
      );
    });
    ws.once('error', fail);
  });
}
