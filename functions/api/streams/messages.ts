/**
 * The event stream's messages, both ways, as JSON text frames: what a client may send and what it
 * is sent. api-spec/asyncapi.yaml is written from these schemas (npm run spec).
 */
import * as z from 'zod';
import { CHALLENGE_STATUSES } from '../../domain/challenge.js';
import { GAME_EVENT_KINDS } from '../../domain/stream.js';

const GameId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .describe("A game's id");
const Version = z.number().int().min(0);

export const SubscribeSchema = z
  .strictObject({
    action: z.literal('subscribe'),
    game: GameId,
    since: Version.optional().describe(
      'The version the client has: if the game has passed it, a `move` event with the version now follows at once (how a client resumes after a reconnect)',
    ),
  })
  .describe(
    "Watch a game besides the account's own games (any game you may read); subscribe to your own with `since` to catch up",
  );

export const UnsubscribeSchema = z
  .strictObject({ action: z.literal('unsubscribe'), game: GameId })
  .describe('Stop watching a game');

export const PingSchema = z
  .strictObject({ action: z.literal('ping') })
  .describe('Keeps an idle socket open (API Gateway closes one after 10 minutes without a message)');

export const ClientMessageSchema = z.discriminatedUnion('action', [SubscribeSchema, UnsubscribeSchema, PingSchema]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

const GameEventSchema = z
  .strictObject({
    type: z.literal('event'),
    kind: z.enum(GAME_EVENT_KINDS).describe('What happened'),
    game: GameId,
    version: Version.describe("The game's version after it (chat and reminders: the version it happened at)"),
    at: z.iso.datetime().describe('When the stream learnt of it'),
    deadline: z.iso.datetime().optional().describe('A reminder: when the turn times out'),
  })
  .describe('Something happened in a game: read your view (or the chat) again to see what');

const ChallengeEventSchema = z
  .strictObject({
    type: z.literal('event'),
    kind: z.literal('challenge'),
    challenge: z.string().describe("The challenge's id: read it with `GET /v1/challenges/{id}`"),
    status: z.enum(CHALLENGE_STATUSES).describe("The challenge's status now"),
    at: z.iso.datetime().describe('When the stream learnt of it'),
  })
  .describe('A challenge was made to you (`pending`), or yours was accepted or declined');

export const EventSchema = z
  .discriminatedUnion('kind', [GameEventSchema, ChallengeEventSchema])
  .describe('Something happened in a game, or to a challenge');

export const SubscribedSchema = z
  .strictObject({ type: z.literal('subscribed'), game: GameId, version: Version })
  .describe('The socket watches the game, which is at `version` now');

export const UnsubscribedSchema = z
  .strictObject({ type: z.literal('unsubscribed'), game: GameId })
  .describe('The socket no longer watches the game');

export const PongSchema = z.strictObject({ type: z.literal('pong') }).describe('The answer to a ping');

/** Codes a refused message is answered with (the socket stays open). */
export const SOCKET_ERROR_CODES = ['invalid_message', 'not_found', 'too_many_watches'] as const;

export const ErrorSchema = z
  .strictObject({
    type: z.literal('error'),
    code: z.enum(SOCKET_ERROR_CODES),
    detail: z.string(),
    game: GameId.optional().describe('The game the refused message named'),
  })
  .describe('A message was refused; the socket stays open');

export const ServerMessageSchema = z.discriminatedUnion('type', [
  EventSchema,
  SubscribedSchema,
  UnsubscribedSchema,
  PongSchema,
  ErrorSchema,
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
