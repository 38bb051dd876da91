import { WebSocket } from 'ws';
import { SmokeFailure, type SmokeClient } from './api.js';

/** A player's event stream as the smoke holds it: the events received, and a wait for one. */
export interface SmokeStream {
  waitFor(match: (event: { kind: string; game: string }) => boolean, timeoutMs: number): Promise<boolean>;
  close(): void;
}

/** Mints a ticket and opens the socket it names (API Gateway's WebSocket API, or the local server's). */
export async function openSmokeStream(player: SmokeClient): Promise<SmokeStream> {
  const { url } = (await player.expect(201, 'POST', '/v1/stream-tickets', {})) as { url: string };
  const ws = new WebSocket(url);
  const events: { kind: string; game: string }[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type?: string; kind: string; game: string };
    if (message.type !== 'event') return;
    events.push(message);
    for (const w of waiters) w();
  });
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('unexpected-response', (_req, res) =>
      fail(new SmokeFailure(`the stream's handshake was answered ${res.statusCode}`)),
    );
    ws.once('error', (err) => fail(new SmokeFailure(`the stream did not open: ${err.message}`)));
  });
  return {
    waitFor: (match, timeoutMs) =>
      new Promise((ok) => {
        const look = () => {
          if (!events.some(match)) return;
          waiters.delete(look);
          clearTimeout(timer);
          ok(true);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          ok(false);
        }, timeoutMs);
        waiters.add(look);
        look();
      }),
    close: () => ws.close(),
  };
}
