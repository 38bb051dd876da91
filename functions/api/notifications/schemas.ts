/** The schemas of notification settings: kinds, digests, vacations, webhooks, push subscriptions, unsubscribing. */
import * as z from '../openapi-zod.js';
import { NOTIFICATION_KINDS, notificationKinds } from '../../domain/notifications.js';
import { ATTEMPT_ERRORS, WEBHOOK_EVENT_TYPES } from '../../domain/webhook-attempt.js';
import type { NotificationKind } from '../../notify/message.js';
import { PushSubscriptionSchema as PushSubscriptionBase } from '../../notify/push-subscription.js';
import { Timestamp } from '../schemas.js';

export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS).openapi('NotificationKind', {
  description:
    'What a notification is about: it is your turn, your deadline is near, a game started or finished, a chat message, a challenge made to you or answered',
});

const kindFlags = <T extends z.ZodType>(flag: (kind: NotificationKind) => T) =>
  ({
    yourTurn: flag('yourTurn'),
    reminder: flag('reminder'),
    gameStarted: flag('gameStarted'),
    gameFinished: flag('gameFinished'),
    chat: flag('chat'),
    challenge: flag('challenge'),
  }) satisfies Record<NotificationKind, T>;

export const DigestSchema = z
  .strictObject({
    hour: z
      .number()
      .int()
      .min(0)
      .max(23)
      .openapi({ description: 'The hour (0–23) of your wall clock the digest is sent at', example: 8 }),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .openapi({ description: 'Your IANA time zone; summer time is followed', example: 'Europe/Prague' }),
  })
  .openapi('Digest', {
    description:
      'One email a day instead of one per turn: every game where it is your turn, each with its position and reply codes, so that one reply moves in several games',
  });

export const NotificationSettingsSchema = z
  .strictObject({
    email: z.boolean().openapi({ description: 'Whether notifications are emailed; always false without an address' }),
    events: z
      .strictObject(kindFlags(() => z.boolean()))
      .openapi({ description: 'Which kinds you are notified of, on every channel' }),
    digest: DigestSchema.nullable().openapi({ description: 'Your turns by email once a day; null: an email per turn' }),
  })
  .openapi('NotificationSettings');

export const NotificationSettingsPatchSchema = z
  .strictObject({
    email: z.boolean().optional().openapi({ description: 'true needs an email address' }),
    events: z
      .strictObject(kindFlags(() => z.boolean().optional()))
      .optional()
      .openapi({ description: 'Kinds not named keep their setting' }),
    digest: DigestSchema.nullable().optional().openapi({ description: 'null: back to an email per turn' }),
  })
  .openapi('NotificationSettingsPatch');

export const VacationSchema = z
  .strictObject({ id: z.string(), from: Timestamp, until: Timestamp })
  .openapi('Vacation', { description: 'Days away: your clocks pause from `from` until `until`' });

export const VacationCreateSchema = z
  .strictObject({
    from: z.iso
      .datetime({ offset: true })
      .openapi({ description: 'Start (not in the past); ISO 8601 date-time', example: '2026-12-20T00:00:00Z' }),
    until: z.iso.datetime({ offset: true }).openapi({
      description: 'End: in the future, and at most 30 days after the start',
      example: '2027-01-03T00:00:00Z',
    }),
  })
  .openapi('VacationCreate');

export const VacationIdParamSchema = z.object({
  vacationId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'vacationId', in: 'path' } }),
});

const WebhookEvents = z
  .array(NotificationKindSchema)
  .min(1)
  .max(notificationKinds.length)
  .refine((list) => new Set(list).size === list.length, 'each kind at most once')
  .openapi({ description: 'The kinds this endpoint receives (default: all), besides your notification settings' });

export const WebhookCreateSchema = z
  .strictObject({
    url: z
      .string()
      .max(2048)
      .openapi({ description: 'https, on a public host', example: 'https://example.org/railpost-hook' }),
    events: WebhookEvents.optional(),
  })
  .openapi('WebhookCreate');

export const WebhookSchema = z
  .strictObject({ id: z.string(), url: z.string(), events: z.array(NotificationKindSchema), createdAt: Timestamp })
  .openapi('Webhook');

export const WebhookCreatedSchema = z
  .strictObject({
    ...WebhookSchema.shape,
    secret: z.string().openapi({
      description: 'The signing secret (Standard Webhooks, `whsec_` + base64): shown only here, never again',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .openapi('WebhookCreated');

export const WebhookIdParamSchema = z.object({
  webhookId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'webhookId', in: 'path' }, example: 'Yk2m9Qx0PzY7bLmA' }),
});

export const DeliveryIdParamSchema = z.object({
  ...WebhookIdParamSchema.shape,
  deliveryId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .openapi({ param: { name: 'deliveryId', in: 'path' }, example: '7' }),
});

export const WebhookDeliverySchema = z
  .strictObject({
    id: z.string().openapi({
      description: "The attempt's number in this endpoint's log: a newer attempt has a higher one",
      example: '7',
    }),
    kind: z.enum(WEBHOOK_EVENT_TYPES).openapi({ description: 'The payload `type`' }),
    eventId: z.string().openapi({
      description: 'The `webhook-id` header sent: the same for every attempt of one message (drop duplicates by it)',
    }),
    attemptedAt: Timestamp,
    attempt: z
      .number()
      .int()
      .min(1)
      .openapi({ description: '1 for the first attempt of its message, then one more per redelivery' }),
    status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Your endpoint's HTTP status; null when no answer came" }),
    latencyMs: z.number().int().min(0).openapi({ description: 'From sending to the answer (or to the failure)' }),
    error: z
      .strictObject({
        code: z.enum(ATTEMPT_ERRORS).openapi({
          description:
            '`http_status`: an answer other than 2xx; `timeout`: none within 10 s; `blocked_address`: the host is or resolved to an address that is not public (the SSRF guard); the others: the connection failed',
        }),
        message: z.string().openapi({ description: "A short sentence of ours; never your endpoint's answer body" }),
      })
      .nullable()
      .openapi({ description: 'Why the attempt failed; null for a 2xx answer' }),
    redelivery: z.boolean().openapi({ description: 'Sent again at your request (POST …/redeliver)' }),
  })
  .openapi('WebhookDelivery', { description: 'One attempt to deliver a message to your endpoint' });

/**
 * A copy built here: zod gives a schema `.openapi()` when it is built, from the prototype that
 * openapi-zod.ts sets up, and the notifier's schema may have been built before any of the API's
 * modules was loaded (a worker that ran a notifier suite first).
 */
export const PushSubscriptionSchema = PushSubscriptionBase.clone().openapi('PushSubscription', {
  description: 'What PushSubscription.toJSON() gives in the browser (endpoint and RFC 8291 keys)',
});

export const PushSubscriptionCreatedSchema = z
  .strictObject({
    id: z.string().openapi({ description: 'The same endpoint always gets the same id (subscribing again replaces)' }),
  })
  .openapi('PushSubscriptionCreated');

export const PushSubscriptionItemSchema = z
  .strictObject({
    id: z.string(),
    origin: z.string().openapi({
      description: "The push service's origin (the endpoint itself is not shown)",
      example: 'https://fcm.googleapis.com',
    }),
    createdAt: Timestamp,
  })
  .openapi('PushSubscriptionItem');

export const PushSubscriptionIdParamSchema = z.object({
  subscriptionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'subscriptionId', in: 'path' }, example: '9d96ff1923c4a7d30d7aa60e03ae4406' }),
});

export const VapidPublicKeySchema = z
  .strictObject({
    publicKey: z
      .string()
      .openapi({ description: 'base64url P-256 public key: the applicationServerKey for pushManager.subscribe()' }),
  })
  .openapi('VapidPublicKey');

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .min(1)
    .max(2048)
    .openapi({ param: { name: 'token', in: 'query' }, description: 'The signed token from the link in an email' }),
});

export const UnsubscribeFormSchema = z
  .object({ 'List-Unsubscribe': z.enum(['One-Click']).optional() })
  .openapi('UnsubscribeForm', { description: 'RFC 8058 one-click body; may also be empty' });

export const UnsubscribedSchema = z
  .strictObject({
    unsubscribed: z.literal(true),
    channel: z.literal('email'),
    kind: z
      .union([NotificationKindSchema, z.literal('all')])
      .openapi({ description: "'all': no more email; a kind: no more notifications of that kind" }),
  })
  .openapi('Unsubscribed');
