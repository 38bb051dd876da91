/**
 * The `webhooks` section of the OpenAPI document: what the notifier POSTs to a player's webhook
 * endpoints (notify/webhook.ts), one entry per payload kind, with the Standard Webhooks headers.
 * The payload schemas are written here against notify's WebhookPayload type (a compile-time check
 * keeps them equal), and test/api/webhook-payloads.test.ts checks real deliveries against them.
 */
import * as z from '../openapi-zod.js';
import { CHALLENGE_STATUSES, DECLINE_REASONS } from '../../domain/challenge.js';
import { NOTIFICATION_EXAMPLES, SIGNED_EXAMPLE } from './examples.js';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { WebhookEventType, WebhookPayload } from '../../notify/webhook.js';

const Url = z.url();

const commonData = {
  gameId: z.string().meta({ description: 'The game, as in /v1/games/{id}' }),
  game: z
    .string()
    .meta({ description: 'The catalog id of what is played, as in /v1/catalog', example: 'ticket-to-ride-europe' }),
  title: z.string().meta({ description: "The game's title, in your language", example: 'Ticket to Ride: Europe' }),
  playerId: z.string().meta({ description: "You (the endpoint's owner)" }),
  seat: z.number().int().min(0).meta({ description: 'Your seat' }),
  seatsDue: z.array(z.number().int().min(0)).meta({ description: 'The seats to act now' }),
  version: z.number().int().min(0).meta({ description: "The game's version this message is about" }),
  link: Url.meta({ description: 'The game in the REST API' }),
  page: Url.meta({ description: "The game's page in the web client" }),
  board: Url.optional().meta({
    description: 'The board picture at this version, as a spectator sees it (no login; for games with a picture)',
  }),
  changes: z.array(z.string()).meta({
    description: 'What happened since you last acted, in words, redacted as the log is for your seat (may be empty)',
  }),
};

const Party = z.strictObject({ id: z.string(), name: z.string() });

const Deadline = z.iso.datetime().meta({ description: 'Your deadline (timed games)' });

const kinds = {
  yourTurn: {
    name: 'YourTurn',
    summary: 'Your seat became due',
    data: { ...commonData, deadline: Deadline.optional() },
  },
  reminder: {
    name: 'Reminder',
    summary: 'Your deadline is near and you have not moved',
    data: { ...commonData, deadline: Deadline },
  },
  gameStarted: {
    name: 'Started',
    summary: 'A game you are seated in started (its last seat was taken)',
    data: { ...commonData, deadline: Deadline.optional() },
  },
  gameFinished: {
    name: 'Finished',
    summary: 'A game you are seated in ended',
    data: {
      ...commonData,
      result: z
        .strictObject({
          places: z.array(z.number().int().min(0)).meta({ description: 'Seats from first to last' }),
          scores: z.array(z.number()).meta({ description: 'Score per seat' }),
          noWinner: z.literal(true).optional().meta({
            description: 'The game ended without a winner (a Streetcar stalemate): every seat is placed 1st, none won',
          }),
        })
        .meta({ description: 'The outcome' }),
    },
  },
  chat: {
    name: 'Chat',
    summary: 'Someone wrote in the chat of a game you are seated in (the first message of a 10-minute window)',
    data: {
      ...commonData,
      chat: z.strictObject({ from: z.string().meta({ description: "The writer's name" }), text: z.string() }),
    },
  },
  challenge: {
    name: 'Challenge',
    summary: 'A challenge made to you, or one of yours answered or withdrawn (RP-CHALLENGE-6)',
    data: {
      challengeId: z.string().meta({ description: 'The challenge, as in /v1/challenges/{challengeId}' }),
      status: z.enum(CHALLENGE_STATUSES).meta({
        description:
          'pending: made to you; accepted or declined: your challenge answered; canceled: withdrawn by its challenger',
      }),
      game: commonData.game,
      title: commonData.title,
      playerId: commonData.playerId,
      challenger: Party.meta({ description: 'Who made the challenge' }),
      opponent: Party.meta({ description: 'Who was challenged' }),
      link: Url.meta({ description: 'The challenge in the REST API' }),
      page: Url.meta({ description: 'The challenge, or once accepted its game, in the web client' }),
      gameId: z.string().optional().meta({ description: 'Once accepted: the game it started, as in /v1/games/{id}' }),
      reason: z.enum(DECLINE_REASONS).optional().meta({ description: 'Once declined: why' }),
    },
  },
  webhookTest: {
    name: 'Test',
    summary: 'A test you asked for (POST /v1/players/me/webhooks/{webhookId}/test): nothing happened in any game',
    data: {
      playerId: z.string().meta({ description: "You (the endpoint's owner)" }),
      webhookId: z.string().meta({ description: 'The endpoint tested, as in /v1/players/me/webhooks' }),
    },
  },
} as const satisfies Record<WebhookEventType, { name: string; summary: string; data: z.ZodRawShape }>;

const payloadSchema = <T extends WebhookEventType, D extends z.ZodRawShape>(type: T, data: D) =>
  z
    .strictObject({
      type: z.literal(type),
      timestamp: z.iso.datetime().meta({ description: 'When the notifier made the message' }),
      data: z.strictObject(data),
    })
    .openapi(`Webhook${kinds[type].name}`, { description: kinds[type].summary });

const payloads = {
  yourTurn: payloadSchema('yourTurn', kinds.yourTurn.data),
  reminder: payloadSchema('reminder', kinds.reminder.data),
  gameStarted: payloadSchema('gameStarted', kinds.gameStarted.data),
  gameFinished: payloadSchema('gameFinished', kinds.gameFinished.data),
  chat: payloadSchema('chat', kinds.chat.data),
  challenge: payloadSchema('challenge', kinds.challenge.data),
  webhookTest: payloadSchema('webhookTest', kinds.webhookTest.data),
};

/** Every payload the notifier can send is one of these, and every one of these is a payload. */
type Payload = z.output<(typeof payloads)[WebhookEventType]>;
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const samePayloads: Exact<Payload['type'], WebhookPayload['type']> & (Payload extends WebhookPayload ? true : never) =
  true;
void samePayloads;

const StandardHeaders = z.object({
  'webhook-id': z
    .string()
    .regex(/^msg_[A-Za-z0-9_-]+$/)
    .openapi({
      param: { name: 'webhook-id', in: 'header' },
      description:
        'The message id: the same for every delivery of one message (a redelivery you asked for), so drop a second one',
      example: SIGNED_EXAMPLE.id,
    }),
  'webhook-timestamp': z
    .string()
    .regex(/^[0-9]{1,12}$/)
    .openapi({
      param: { name: 'webhook-timestamp', in: 'header' },
      description:
        'Unix seconds when it was signed (each delivery anew); refuse one more than 5 minutes from your clock (replays), as the Standard Webhooks libraries do by default',
      example: SIGNED_EXAMPLE.timestamp,
    }),
  'webhook-signature': z
    .string()
    .regex(/^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$/)
    .openapi({
      param: { name: 'webhook-signature', in: 'header' },
      description:
        "`v1,` and the base64 HMAC-SHA256, with the endpoint's secret, of `<webhook-id>.<webhook-timestamp>.<body>` (Standard Webhooks; its libraries verify it). " +
        "The examples sign the `webhookTest` example's body with the `createWebhook` example's secret",
      example: SIGNED_EXAMPLE.signature,
    }),
});

export const WEBHOOK_PAYLOADS = payloads;

/** Adds every webhook payload kind to the registry's `webhooks` section. */
export function registerWebhooks(registry: OpenAPIHono['openAPIRegistry']): void {
  for (const type of Object.keys(payloads) as WebhookEventType[]) {
    const example = (NOTIFICATION_EXAMPLES.webhooks as Partial<Record<WebhookEventType, unknown>> | undefined)?.[type];
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `webhook${kinds[type].name}`,
      tags: ['webhooks'],
      // The signature headers are the authority (Standard Webhooks), not an OpenAPI security scheme.
      security: [],
      summary: kinds[type].summary,
      description:
        (type === 'webhookTest'
          ? 'Sent to one endpoint when you ask for it (POST /v1/players/me/webhooks/{webhookId}/test), whatever its `events`. '
          : `Sent to each of your webhook endpoints that takes \`${type}\` (its \`events\`), if your notification settings have this kind on. `) +
        'Verify the signature before trusting the body, and answer 2xx within 10 s. Each message is attempted once, never retried on its own: ' +
        'see the attempt in GET /v1/players/me/webhooks/{webhookId}/deliveries and redeliver it (same webhook-id) if you missed it. ' +
        'A 404 or 410 to a notification removes the endpoint.',
      request: {
        headers: StandardHeaders,
        body: {
          required: true,
          content: { 'application/json': { schema: payloads[type], ...(example ? { example } : {}) } },
        },
      },
      responses: {
        200: { description: 'Any 2xx: delivered' },
        410: {
          description:
            '404 or 410 (to a notification, not to a test or a redelivery): the endpoint is gone; railpost removes it',
        },
      },
    });
  }
}
