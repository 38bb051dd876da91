/**
 * The event stream on the local server's own port (`/v1/stream`): the same protocol as API
 * Gateway's WebSocket API in AWS (api/streams/socket.ts), on `ws`. An opening is refused with
 * the status and problem document the protocol chose, before any upgrade; a socket closes after
 * the lifetime API Gateway gives one, so that clients meet one behaviour.
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { LOCAL_SOCKET_PATH } from '../api/streams/app.js';
import { CREDENTIAL_ENDED, MAX_MESSAGE_BYTES, type StreamSocket } from '../api/streams/socket.js';
import { newId } from '../service/secrets.js';
import { problemJson } from '../api/problem-response.js';
import { Refusal, problems } from '../service/refusal.js';
import { CONNECTION_MS, type StreamSender } from '../service/streams.js';

export class LocalSockets implements StreamSender {
  private readonly sockets = new Map<string, WebSocket>();
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  constructor(
    private readonly protocol: StreamSocket,
    private readonly log: (line: string) => void,
  ) {}

  /** Takes the upgrades of `server` to LOCAL_SOCKET_PATH; any other upgrade is refused with 404. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      void this.upgrade(req, socket, head).catch((err: unknown) => {
        this.log(`event stream: opening failed: ${(err as Error).message}`);
        refuse(socket, 500, problemJson(new Refusal('internal', 'Internal error')));
      });
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== LOCAL_SOCKET_PATH) return refuse(socket, 404, problemJson(problems.notFound('Stream')));
    const id = newId();
    const opening = await this.protocol.open(url.searchParams.get('ticket') ?? undefined, id);
    if (!opening.ok) return refuse(socket, opening.status, opening.body);
    this.server.handleUpgrade(req, socket, head, (ws) => this.serve(id, ws));
  }

  private serve(id: string, ws: WebSocket): void {
    this.sockets.set(id, ws);
    // Answers go out in the order their messages came.
    let answering = Promise.resolve();
    ws.on('message', (data) => {
      answering = answering.then(async () => {
        for (const answer of await this.protocol.message(id, String(data))) ws.send(JSON.stringify(answer));
      });
    });
    const lifetime = setTimeout(() => ws.close(1001, 'connection lifetime reached: open a new one'), CONNECTION_MS);
    lifetime.unref();
    ws.on('close', () => {
      clearTimeout(lifetime);
      this.sockets.delete(id);
      void this.protocol
        .close(id)
        .catch((err: unknown) => this.log(`event stream: close failed: ${(err as Error).message}`));
    });
  }

  async post(connectionId: string, message: unknown): Promise<'sent' | 'gone'> {
    const ws = this.sockets.get(connectionId);
    if (!ws || ws.readyState !== WebSocket.OPEN) return 'gone';
    ws.send(JSON.stringify(message));
    return 'sent';
  }

  async close(connectionId: string): Promise<void> {
    this.sockets.get(connectionId)?.close(CREDENTIAL_ENDED, 'credential ended');
  }

  /** Closes every socket (the server is stopping). */
  closeAll(): void {
    for (const ws of this.sockets.values()) ws.close(1001, 'server stopping');
  }
}

function refuse(socket: Duplex, status: number, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
