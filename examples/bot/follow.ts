/**
 * Two ways to learn that a game moved, a loop that plays one game to its end with either, and
 * `serve`, which plays every game of the account over the stream:
 * - `stream` (the default): one WebSocket for all of the account's games (docs/event-stream.md);
 *   each event names a game and its version, and the bot looks at that game again.
 * - `poll`: a held view (`waitForVersion`, docs/api.md "Waiting for a move"), for a client that
 *   speaks only HTTP; a token may hold 4 at once, so it suits a bot with few games.
 */
import { WebSocket } from 'ws';
import { sleep, type Api } from './client.js';
import { act, type Look, type Tally } from './turns.js';

export type Mode = 'stream' | 'poll';

/** How often a polling bot asks whether a game it joined has filled its seats. */
const OPEN_GAME_POLL_MS = 5000;

/** The part of a stream event the bot reads (the full protocol: /asyncapi.yaml). */
interface StreamEvent {
  type: 'event';
  kind: string;
  game: string;
  version: number;
}

/** Opens the account's event stream and calls `onEvent` for each event; resolves once it is open. */
async function openStream(api: Api, onEvent: (event: StreamEvent) => void): Promise<WebSocket> {
  // The token never goes in a URL: a single-use ticket, minted with it, opens the socket.
  const { data: ticket, error } = await api.POST('/v1/stream-tickets');
  if (!ticket) throw new Error(`no stream ticket: ${JSON.stringify(error)}`);
  const socket = new WebSocket(ticket.url);
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'event') onEvent(message);
  });
  // An idle socket is closed after 10 minutes in AWS.
  const keepAlive = setInterval(() => socket.send('{"action":"ping"}'), 5 * 60_000);
  socket.on('close', () => clearInterval(keepAlive));
  await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
  return socket;
}

/** Plays game `id` until it ends, looking at it again whenever the stream (or a held view) says it moved. */
export async function playToEnd(api: Api, id: string, tally: Tally, mode: Mode = 'stream'): Promise<void> {
  let look = await act(api, id, tally);
  while (!look.finished) {
    if (mode === 'stream') await streamUntilEnd(api, id, tally);
    else if (!(await holdView(api, id, look.version + 1))) await sleep(OPEN_GAME_POLL_MS);
    look = await act(api, id, tally);
  }
}

/**
 * Holds the view until the game reaches `version` (or 25 s pass). False when there is nothing to
 * hold on: a game with seats still open answers 409 game_not_started at once.
 */
async function holdView(api: Api, id: string, version: number): Promise<boolean> {
  const held = await api.GET('/v1/games/{id}/view', { params: { path: { id }, query: { waitForVersion: version } } });
  return held.response.ok;
}

/**
 * A `look(id)` that runs `act` on game `id`, one look per game at a time: an event that comes
 * during a look asks for one more once it is done, so no move is missed and none is doubled.
 */
function oneLookAtATime(api: Api, tally: Tally, seen: (id: string, look: Look) => void, failed: (e: unknown) => void) {
  const again = new Map<string, boolean>();
  const look = (id: string) => {
    if (again.has(id)) return void again.set(id, true);
    again.set(id, false);
    act(api, id, tally).then((result) => {
      const more = again.get(id);
      again.delete(id);
      seen(id, result);
      if (more && !result.finished) look(id);
    }, failed);
  };
  return look;
}

/**
 * Looks at game `id` on each of its events until it ends or the socket closes (a socket lives two
 * hours at most; the caller then opens another and looks again, which catches up on what it missed).
 */
async function streamUntilEnd(api: Api, id: string, tally: Tally): Promise<void> {
  let ended = () => {};
  let failed = (_: unknown) => {};
  const done = new Promise<void>((resolve, reject) => ((ended = resolve), (failed = reject)));
  const look = oneLookAtATime(api, tally, (_, seen) => seen.finished && ended(), failed);
  const socket = await openStream(api, (event) => event.game === id && look(id));
  socket.on('close', ended);
  // Events sent before the socket opened are not replayed: look once now.
  look(id);
  await done.finally(() => socket.close());
}

/**
 * Serves every game of the account over the stream, until `stop` is called: the games where the
 * bot is to act now (`GET /v1/games?myTurn=true`), then each game an event names: a game the bot
 * joined or was matched into, a take-back asked, a move. Reconnects when the socket closes.
 */
export function serve(api: Api, tally: Tally, onError: (e: unknown) => void = console.error): { stop(): void } {
  let socket: WebSocket | undefined;
  let stopped = false;
  const look = oneLookAtATime(api, tally, () => {}, onError);
  const connect = async () => {
    socket = await openStream(api, (event) => look(event.game));
    socket.on('close', () => stopped || connect().catch(onError));
    const { data: due } = await api.GET('/v1/games', { params: { query: { status: 'active', myTurn: true } } });
    for (const game of due?.items ?? []) look(game.id);
  };
  connect().catch(onError);
  return { stop: () => ((stopped = true), socket?.close()) };
}
