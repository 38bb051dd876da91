/**
 * The event stream's AsyncAPI 3 document as committed in api-spec/asyncapi.yaml (`npm run spec`):
 * its payloads written from the protocol's zod schemas (messages.ts), never by hand, so the
 * document cannot drift from what the socket parses and sends. It describes a client of the
 * stream: a client sends subscribe, unsubscribe and ping, and receives the rest.
 */
import * as z from 'zod';
import { stringify } from 'yaml';
import { STREAM_EVENT_KINDS, type StreamEventKind } from '../../domain/stream.js';
import { CONNECTION_MS, CONNECTIONS_PER_PLAYER, TICKET_SECONDS, WATCHES } from '../../service/streams.js';
import { LOCAL_SOCKET_PATH } from './app.js';
import {
  ErrorSchema,
  EventSchema,
  PingSchema,
  PongSchema,
  SubscribedSchema,
  SubscribeSchema,
  UnsubscribedSchema,
  UnsubscribeSchema,
} from './messages.js';
import { CREDENTIAL_ENDED, MAX_MESSAGE_BYTES } from './socket.js';

/** Who is told of each kind of event, and when: the event message's description and examples. */
const EVENT_KIND_AUDIENCE: Record<StreamEventKind, { to: 'everyone' | 'people' | 'one'; when: string }> = {
  yourTurn: {
    to: 'one',
    when: 'your seat became due: the game started with you to act, or a move handed you the turn (not again while you stay due)',
  },
  move: {
    to: 'everyone',
    when: "the game's log changed (a move, a bot's move) and no other kind tells it more precisely: each new version reaches each socket once, by its most telling kind",
  },
  chat: { to: 'everyone', when: 'a table-talk message was posted: read `GET /v1/games/{id}/chat`' },
  takebackRequested: { to: 'everyone', when: 'a seat asked to take its last move back' },
  takebackAnswered: { to: 'everyone', when: 'a take-back was accepted, refused or made' },
  rematchOffered: { to: 'people', when: 'a seat offered a rematch of the finished game' },
  seekMatched: { to: 'people', when: 'the lobby started this game from your seek (`POST /v1/seeks`)' },
  gameStarted: { to: 'everyone', when: 'the last seat was filled and the game began' },
  gameFinished: { to: 'everyone', when: 'the game ended; its version is the last' },
  reminder: { to: 'one', when: 'your turn is running out: `deadline` is when it times out' },
  challenge: {
    to: 'one',
    when: 'a challenge was made to you (`pending`), or one you made was `accepted` (its `gameId` names the game) or `declined`: read `GET /v1/challenges/{id}`',
  },
};

const AUDIENCE_TEXT = {
  everyone: 'every seated person and every socket watching the game',
  people: 'the seated people only',
  one: 'the person concerned only',
};

const at = '2026-11-24T02:23:05.412Z';
const game = 'k3Qm9vXa2LpT';

/** One example per kind of event, each valid against EventSchema (the asyncapi test checks). */
const EVENT_EXAMPLES = STREAM_EVENT_KINDS.map((kind, i) => ({
  name: kind,
  summary: EVENT_KIND_AUDIENCE[kind].when,
  payload:
    kind === 'challenge'
      ? { type: 'event' as const, kind, challenge: 'Rz8kP2mQa7LxV4nT', status: 'pending', at }
      : {
          type: 'event' as const,
          kind,
          game,
          version: kind === 'gameStarted' || kind === 'seekMatched' ? 0 : 12 + i,
          at,
          ...(kind === 'reminder' ? { deadline: '2026-11-26T18:00:00.000Z' } : {}),
        },
}));

interface Message {
  schema: z.ZodType;
  title: string;
  summary: string;
  description?: string;
  examples: { name: string; summary?: string; payload: unknown }[];
}

function eventDescription(): string {
  const rows = STREAM_EVENT_KINDS.map(
    (kind) => `| \`${kind}\` | ${AUDIENCE_TEXT[EVENT_KIND_AUDIENCE[kind].to]} | ${EVENT_KIND_AUDIENCE[kind].when} |`,
  );
  return [
    'An event names the game, its version and what happened; it carries no secret (no hand, no deck, no chat text): ' +
      'read your own view (`GET /v1/games/{id}/view`) or the chat after one (RP-STREAM-4). ' +
      "A socket is told of its account's games and of the games it subscribed to, each event once, " +
      "one game's events in the order they happened. Bots and deleted accounts have no sockets. " +
      'A `challenge` event names a challenge and its status instead of a game (docs/challenges.md).',
    '',
    '| kind | to | when |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** A message whose one example is named as the message. */
const single = (name: string, schema: z.ZodType, title: string, summary: string, payload: unknown): Message => ({
  schema,
  title,
  summary,
  examples: [{ name, payload }],
});

/** Every message, both ways, by its name in the document. */
export const MESSAGES: Record<string, Message> = {
  event: {
    schema: EventSchema,
    title: 'Event',
    summary: 'Something happened in a game',
    description: eventDescription(),
    examples: EVENT_EXAMPLES,
  },
  subscribed: single('subscribed', SubscribedSchema, 'Subscribed', 'The answer to subscribe', {
    type: 'subscribed',
    game,
    version: 14,
  }),
  unsubscribed: single('unsubscribed', UnsubscribedSchema, 'Unsubscribed', 'The answer to unsubscribe', {
    type: 'unsubscribed',
    game,
  }),
  pong: single('pong', PongSchema, 'Pong', 'The answer to ping', { type: 'pong' }),
  error: {
    schema: ErrorSchema,
    title: 'Error',
    summary: 'A message was refused; the socket stays open',
    examples: [
      {
        name: 'invalid_message',
        payload: {
          type: 'error',
          code: 'invalid_message',
          detail: 'Send {"action":"subscribe"|"unsubscribe","game":"…"} or {"action":"ping"}: Invalid input',
        },
      },
      {
        name: 'not_found',
        payload: { type: 'error', code: 'not_found', detail: 'Game not found', game: 'no-such-game' },
      },
      {
        name: 'too_many_watches',
        payload: {
          type: 'error',
          code: 'too_many_watches',
          detail: `A stream watches at most ${WATCHES.perConnection} games, and a game has at most ${WATCHES.perGame} watching streams`,
          game,
        },
      },
    ],
  },
  subscribe: {
    schema: SubscribeSchema,
    title: 'Subscribe',
    summary: 'Watch a game, or catch up on one',
    examples: [
      { name: 'watch', summary: 'Watch a game you are not seated at', payload: { action: 'subscribe', game } },
      {
        name: 'resume',
        summary: 'After a reconnect: a `move` event follows if the game has passed version 12',
        payload: { action: 'subscribe', game, since: 12 },
      },
    ],
  },
  unsubscribe: single('unsubscribe', UnsubscribeSchema, 'Unsubscribe', 'Stop watching a game', {
    action: 'unsubscribe',
    game,
  }),
  ping: single('ping', PingSchema, 'Ping', 'Keep an idle socket open', { action: 'ping' }),
};

const hours = CONNECTION_MS / 3_600_000;

const INFO_DESCRIPTION = `What happens in your games, pushed over one WebSocket per page or bot: your turn, moves, chat, take-backs, rematch offers, matched seeks, starts, ends and reminders. The REST API is described by \`/openapi.json\`; this document describes a client of the stream: what it sends and what it receives, as JSON text frames.

**Opening (RP-STREAM-1).** Mint a ticket with \`POST /v1/stream-tickets\` (any credential with the \`read\` scope) and open the \`url\` it answers, which carries the ticket as \`?ticket=\`. A ticket is single use and lasts ${TICKET_SECONDS} s; a token never goes in a URL. A refused opening is answered at the handshake, before any upgrade, with a problem+json body: \`401 invalid_ticket\` (unknown, used or expired ticket, or its credential has ended) or \`429 too_many_connections\`.

**Caps.** ${CONNECTIONS_PER_PLAYER} sockets open at once per player (RP-STREAM-2). A socket watches at most ${WATCHES.perConnection} games besides its account's own, and a game is watched by at most ${WATCHES.perGame} sockets (RP-STREAM-3). A message is at most ${MAX_MESSAGE_BYTES} bytes.

**Lifetime and close.** A socket lasts at most ${hours} hours, and in AWS closes after 10 minutes without a message: send \`ping\` every few minutes. It closes when the credential its ticket was minted with ends, by revocation, sign-out or account deletion (RP-STREAM-5). The local server closes with \`${CREDENTIAL_ENDED}\` when the credential ended and \`1001\` at the end of the lifetime or when it stops; in AWS, API Gateway closes the socket. After any close, mint a new ticket and reconnect.

**Resuming.** Nothing is replayed: after a reconnect, send \`subscribe\` with \`since\` (the version you have) for each game you follow, your own included; a \`move\` event with the version now follows at once when the game has passed it.

**Without a socket.** \`GET /v1/games/{id}/view?waitForVersion=N\` holds a view until the game moves, for up to 25 s (docs/api.md, "Waiting for a move").`;

/** The payloads as JSON Schema (draft 7, which AsyncAPI's own schema format extends). */
function payloadSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-7' });
  return rest;
}

const names = Object.keys(MESSAGES);
const ref = (path: string) => ({ $ref: `#/${path}` });
const channelMessage = (name: string) => ref(`channels/stream/messages/${name}`);
const channel = ref('channels/stream');

function received(name: string, summary: string) {
  return { action: 'receive', channel, summary, messages: [channelMessage(name)] };
}

function sent(name: string, summary: string, replies: string[]) {
  return {
    action: 'send',
    channel,
    summary,
    messages: [channelMessage(name)],
    reply: { channel, messages: replies.map(channelMessage) },
  };
}

function asyncApiDocument() {
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'railpost event stream',
      version: '1.0.0',
      description: INFO_DESCRIPTION,
      license: { name: 'Proprietary' },
      contact: { name: 'railpost', url: 'https://railpost.dev' },
    },
    defaultContentType: 'application/json',
    servers: {
      production: {
        host: 'stream.railpost.dev',
        pathname: LOCAL_SOCKET_PATH,
        protocol: 'wss',
        description:
          "API Gateway's WebSocket API as deployed. Open the `url` a ticket answers: it names this deployment's host",
      },
      local: {
        host: 'localhost:8787',
        pathname: LOCAL_SOCKET_PATH,
        protocol: 'ws',
        description: 'The local server (`npm start`), on the port of its API',
      },
    },
    channels: {
      stream: {
        address: null,
        title: "The account's event stream",
        description:
          'One socket: the URL of the ticket answer, nothing else sent to connect. A client sends subscribe, unsubscribe and ping; each is answered on the same socket, in the order sent, and events come as they happen.',
        messages: Object.fromEntries(names.map((name) => [name, ref(`components/messages/${name}`)])),
        bindings: {
          ws: {
            method: 'GET',
            query: {
              type: 'object',
              properties: {
                ticket: {
                  type: 'string',
                  description: `The ticket of \`POST /v1/stream-tickets\`: single use, valid ${TICKET_SECONDS} s`,
                },
              },
              required: ['ticket'],
            },
            bindingVersion: '0.1.0',
          },
        },
      },
    },
    operations: {
      receiveEvent: received('event', 'Be told what happens in your games and the games you watch'),
      receiveSubscribed: received('subscribed', 'A subscription made'),
      receiveUnsubscribed: received('unsubscribed', 'A subscription ended'),
      receivePong: received('pong', 'The answer to a ping'),
      receiveError: received('error', 'A message refused'),
      sendSubscribe: sent('subscribe', 'Watch a game, or catch up on one with `since`', [
        'subscribed',
        'event',
        'error',
      ]),
      sendUnsubscribe: sent('unsubscribe', 'Stop watching a game', ['unsubscribed', 'error']),
      sendPing: sent('ping', 'Keep the socket open', ['pong']),
    },
    components: {
      schemas: Object.fromEntries(names.map((name) => [MESSAGES[name]!.title, payloadSchema(MESSAGES[name]!.schema)])),
      messages: Object.fromEntries(
        Object.entries(MESSAGES).map(([name, { schema: _schema, title, ...rest }]) => [
          name,
          { name, title, ...rest, payload: ref(`components/schemas/${title}`) },
        ]),
      ),
    },
  };
}

/** The document as committed: YAML, in the order written here. */
export function asyncApiDocumentText(): string {
  return stringify(asyncApiDocument(), { lineWidth: 0, aliasDuplicateObjects: false });
}
