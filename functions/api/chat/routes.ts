/** The chat's operations and schemas; handlers in app.ts, examples in examples.ts. */
import * as z from '../openapi-zod.js';
import { DEFAULT_LIMITS } from '../../service/limits.js';
import { GameIdParamSchema, SeatIndex, Timestamp } from '../schemas.js';
import { MAX_CHAT_LENGTH } from '../../service/chat.js';
import { body, json, secured } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';

export const ChatPostSchema = z
  .strictObject({
    text: z
      .string()
      .min(1)
      .max(MAX_CHAT_LENGTH)
      .openapi({ description: `Up to ${MAX_CHAT_LENGTH} characters; line breaks kept, control characters dropped` }),
  })
  .openapi('ChatPost');

export const ChatMessageSchema = z
  .strictObject({
    id: z.string().openapi({ description: 'Sorts in order; pass it as `after` to read what came later' }),
    seat: SeatIndex,
    name: z.string(),
    text: z.string(),
    at: Timestamp,
    version: z
      .number()
      .int()
      .openapi({ description: "The game's version when it was written: it follows that log entry" }),
  })
  .openapi('ChatMessage');

export const ChatSchema = z
  .strictObject({
    messages: z.array(ChatMessageSchema).openapi({ description: 'Oldest first' }),
    next: z
      .string()
      .nullable()
      .openapi({ description: 'Pass it as `after` for the messages that follow; null when none follow yet' }),
  })
  .openapi('Chat');

export const ChatQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[0-9a-z-]{1,64}$/)
    .optional()
    .openapi({
      param: { name: 'after', in: 'query' },
      description: 'Only messages after the one with this id (a `next`); without it, from the first',
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(100)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Messages per answer' }),
});

const caps = DEFAULT_LIMITS.caps;

export const chatRoutes = {
  chat: defineRoute(
    {
      operationId: 'readChat',
      method: 'get',
      path: '/v1/games/{id}/chat',
      tags: ['play'],
      summary: "The game's table talk, oldest first (seats and spectators read it)",
      description:
        'Messages oldest first, at most `limit`, after the message `after`. `next` is the id to pass as `after` for the messages that follow, null when none follow yet; ' +
        "each message carries the game's `version` it was written at, so a client shows it after that log entry.",
      security: secured,
      request: { params: GameIdParamSchema, query: ChatQuerySchema },
      responses: { 200: json(ChatSchema, 'Messages', (e) => e.chat) },
    },
    { problems: { not_found: 'No such game' } },
  ),
  postChat: defineRoute(
    {
      operationId: 'writeChat',
      method: 'post',
      path: '/v1/games/{id}/chat',
      tags: ['play'],
      summary: 'Say something to the table (open and non-binding; seated players only)',
      description:
        `Writes one message of up to ${MAX_CHAT_LENGTH} characters (control, zero-width and bidi-override characters are dropped, line breaks kept). ` +
        'Seated players only; a seat that forfeited writes again once the game has ended. Seated people who chose chat notices hear of the first message of each 10-minute window. ' +
        'No Location: a message has no URL of its own (read it in the chat).\n\n' +
        `**Cap**: ${caps.chatMessagesPerGame} messages per player and game (409 chat_full).\n\n` +
        rateLimitText('chat'),
      security: secured,
      request: { params: GameIdParamSchema, body: body(ChatPostSchema, (e) => e.postChat.request) },
      responses: { 201: json(ChatMessageSchema, 'The message as stored', (e) => e.postChat.response) },
    },
    {
      scope: 'chat',
      problems: {
        empty_message: 'Nothing is left once control characters are dropped',
        not_seated: 'You hold no seat in this game',
        forfeited: 'You forfeited, and the game still runs',
        not_found: 'No such game',
        chat_full: `You have written ${caps.chatMessagesPerGame} messages in this game (see \`limit\`)`,
      },
      limited: 'chat',
    },
  ),
};
