/**
 * The event stream's socket protocol, the same in AWS (API Gateway's WebSocket routes, each a
 * Lambda invocation: stream-lambda.ts) and locally (the local server's sockets): opening with a
 * ticket, the messages a client sends, and the close. The opening's status is chosen here, as
 * every status is chosen in api/.
 */
import type { Streams, Subscribed } from '../../service/streams.js';
import type { Result } from '../../service/refusal.js';
import { problemJson, statusOf } from '../problem-response.js';
import { ClientMessageSchema, type ServerMessage } from './messages.js';

/** The largest message a client may send (a subscribe is well under 200 bytes). */
export const MAX_MESSAGE_BYTES = 1024;

/** The close code of a socket whose credential ended, where the server picks it (4000–4999 are the application's). */
export const CREDENTIAL_ENDED = 4001;

/** How an opening ends: accepted, or refused with a status and a problem+json document. */
export type Opening = { ok: true } | { ok: false; status: number; body: string };

const invalid = (detail: string): ServerMessage => ({ type: 'error', code: 'invalid_message', detail });

export class StreamSocket {
  constructor(private readonly streams: Streams) {}

  /** A socket asks to open with `ticket` (its URL's `?ticket=`). */
  async open(ticket: string | undefined, connectionId: string): Promise<Opening> {
    const opened = await this.streams.connect(ticket, connectionId);
    if (opened.ok) return { ok: true };
    return { ok: false, status: statusOf(opened.refusal), body: problemJson(opened.refusal) };
  }

  /** The answers to one message from the client, in order. */
  async message(connectionId: string, text: string): Promise<ServerMessage[]> {
    if (Buffer.byteLength(text, 'utf8') > MAX_MESSAGE_BYTES)
      return [invalid(`A message is at most ${MAX_MESSAGE_BYTES} bytes`)];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return [invalid('A message is a JSON object, e.g. {"action":"subscribe","game":"…"}')];
    }
    const parsed = ClientMessageSchema.safeParse(json);
    if (!parsed.success)
      return [
        invalid(
          `Send {"action":"subscribe"|"unsubscribe","game":"…"} or {"action":"ping"}: ${parsed.error.issues[0]?.message}`,
        ),
      ];
    const m = parsed.data;
    if (m.action === 'ping') return [{ type: 'pong' }];
    if (m.action === 'unsubscribe') {
      await this.streams.unsubscribe(connectionId, m.game);
      return [{ type: 'unsubscribed', game: m.game }];
    }
    return answerSubscribe(m.game, await this.streams.subscribe(connectionId, m.game, m.since));
  }

  close(connectionId: string): Promise<void> {
    return this.streams.disconnect(connectionId);
  }
}

function answerSubscribe(game: string, result: Result<Subscribed>): ServerMessage[] {
  if (!result.ok) {
    const code = result.refusal.code === 'not_found' ? 'not_found' : 'too_many_watches';
    return [{ type: 'error', code, detail: result.refusal.detail ?? result.refusal.title, game }];
  }
  const { version, catchUp } = result.value;
  return [{ type: 'subscribed', game, version }, ...(catchUp ? [{ type: 'event' as const, ...catchUp }] : [])];
}
