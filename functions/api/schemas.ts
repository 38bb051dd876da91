import { z } from '@hono/zod-openapi';
import { OutcomeSchema, type AnyGame, type GameRegistry } from '../../engine/core/index.js';
import type { NotificationKind } from '../notify/message.js';
import { PushSubscriptionSchema as PushSubscriptionBase } from '../notify/push.js';
import { MAX_CHAT_LENGTH } from '../service/chat.js';
import { MAX_NAME_BYTES, MAX_NAME_CHARACTERS } from '../service/players.js';
import { TimeControlSchema } from '../service/time-control.js';
import { MAX_STORED_VACATIONS } from '../service/vacations.js';
import { NOTIFICATION_KINDS } from '../store/records.js';

export const ProblemSchema = z
  .object({
    type: z.string().meta({ example: 'https://railpost.dev/problems/stale_version' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().meta({ description: 'Stable machine-readable reason; branch on this', example: 'stale_version' }),
    requestId: z.string().optional(),
    currentVersion: z.number().int().optional().meta({ description: 'With 409 stale_version: the version to read and retry from' }),
    rule: z.string().optional().meta({ description: 'With 422 illegal_action: the rule ID of the game spec', example: 'TTRE-7.2' }),
    reason: z.string().optional().meta({ description: 'With 422 illegal_action: the game-specific reason code' }),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    limit: z.number().int().optional().meta({ description: 'With 409 too_many_webhooks / too_many_push_subscriptions: the cap' }),
  })
  .openapi('Problem');

export const SeatIndex = z.number().int().min(0);

export const CatalogEntrySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    minPlayers: z.number().int(),
    maxPlayers: z.number().int(),
    options: z.record(z.string(), z.unknown()).meta({ description: "JSON Schema of the game's options (all optional, with defaults)" }),
  })
  .openapi('CatalogEntry');

export const CatalogGameSchema = CatalogEntrySchema.extend({
  components: z.unknown().meta({ description: 'Static components to draw the game with (e.g. the map: cities, routes with colour and length, tickets)' }),
}).openapi('CatalogGame');

export const CatalogIdParamSchema = z.object({
  game: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .openapi({ param: { name: 'game', in: 'path' }, example: 'ticket-to-ride-europe' }),
});

/** Room for what cleaning drops; the cleaned name is bounded much tighter. */
const MAX_NAME_INPUT = 256;
/** Raw input; the service cleans it and then bounds it (players.ts: playerName). */
const Name = z
  .string()
  .min(1)
  .max(MAX_NAME_INPUT)
  .meta({
    description:
      `One line of at most ${MAX_NAME_CHARACTERS} characters and ${MAX_NAME_BYTES} UTF-8 bytes once line breaks become spaces and control, ` +
      'zero-width and bidi-override characters are dropped; nothing left: 400 invalid_name',
    example: 'Anna',
  });
const Email = z.email().max(254);

export const PlayerCreateSchema = z.strictObject({ name: Name, email: Email.optional() }).openapi('PlayerCreate');
export const PlayerCreatedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    token: z.string().meta({ description: 'Bearer token; shown only here, stored only as a hash' }),
  })
  .openapi('PlayerCreated');
export const NotificationKindSchema = z
  .enum(NOTIFICATION_KINDS)
  .openapi('NotificationKind', { description: "What a notification is about: it is your turn, your deadline is near, a game started or finished, a chat message" });

const kindFlags = <T extends z.ZodType>(flag: (kind: NotificationKind) => T) =>
  ({
    yourTurn: flag('yourTurn'),
    reminder: flag('reminder'),
    gameStarted: flag('gameStarted'),
    gameFinished: flag('gameFinished'),
    chat: flag('chat'),
  }) satisfies Record<NotificationKind, T>;

export const NotificationSettingsSchema = z
  .object({
    email: z.boolean().meta({ description: 'Whether notifications are emailed; always false without an address' }),
    events: z.object(kindFlags(() => z.boolean())).meta({ description: 'Which kinds you are notified of, on every channel' }),
  })
  .openapi('NotificationSettings');

export const NotificationSettingsPatchSchema = z
  .strictObject({
    email: z.boolean().optional().meta({ description: 'true needs an email address' }),
    events: z.strictObject(kindFlags(() => z.boolean().optional())).optional().meta({ description: 'Kinds not named keep their setting' }),
  })
  .openapi('NotificationSettingsPatch');

export const VacationSchema = z
  .object({ id: z.string(), from: z.string(), until: z.string() })
  .openapi('Vacation', { description: 'Days away: your clocks pause from `from` until `until`' });

export const VacationCreateSchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).meta({ description: 'Start (not in the past); ISO 8601 date-time', example: '2026-12-20T00:00:00Z' }),
    until: z.iso.datetime({ offset: true }).meta({ description: 'End: in the future, and at most 30 days after the start', example: '2027-01-03T00:00:00Z' }),
  })
  .openapi('VacationCreate');

export const VacationIdParamSchema = z.object({
  vacationId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'vacationId', in: 'path' } }),
});

export const PlayerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().optional(),
    createdAt: z.string(),
    notifications: NotificationSettingsSchema,
    vacations: z.array(VacationSchema).meta({ description: `Past vacations stay listed while a clock may still count them (at most ${MAX_STORED_VACATIONS} in all: the oldest past ones go first)` }),
    onVacation: z.boolean().meta({ description: 'Your clocks are paused now' }),
  })
  .openapi('Player');
export const PlayerPatchSchema = z
  .strictObject({
    name: Name.optional(),
    email: Email.nullable().optional().meta({ description: 'null removes the address' }),
    notifications: NotificationSettingsPatchSchema.optional(),
  })
  .openapi('PlayerPatch');

const WebhookEvents = z
  .array(NotificationKindSchema)
  .min(1)
  .max(5)
  .refine((list) => new Set(list).size === list.length, 'each kind at most once')
  .meta({ description: 'The kinds this endpoint receives (default: all), besides your notification settings' });

export const WebhookCreateSchema = z
  .strictObject({
    url: z.string().max(2048).meta({ description: 'https, on a public host', example: 'https://example.org/railpost-hook' }),
    events: WebhookEvents.optional(),
  })
  .openapi('WebhookCreate');

export const WebhookSchema = z
  .object({ id: z.string(), url: z.string(), events: z.array(NotificationKindSchema), createdAt: z.string() })
  .openapi('Webhook');

export const WebhookCreatedSchema = WebhookSchema.extend({
  secret: z.string().meta({
    description: 'The signing secret (Standard Webhooks, `whsec_` + base64): shown only here, never again',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }),
}).openapi('WebhookCreated');

export const WebhookIdParamSchema = z.object({
  webhookId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'webhookId', in: 'path' }, example: 'Yk2m9Qx0PzY7bLmA' }),
});

export const PushSubscriptionSchema = PushSubscriptionBase.openapi('PushSubscription', {
  description: 'What PushSubscription.toJSON() gives in the browser (endpoint and RFC 8291 keys)',
});

export const PushSubscriptionCreatedSchema = z
  .object({ id: z.string().meta({ description: 'The same endpoint always gets the same id (subscribing again replaces)' }) })
  .openapi('PushSubscriptionCreated');

export const PushSubscriptionItemSchema = z
  .object({
    id: z.string(),
    origin: z.string().meta({ description: "The push service's origin (the endpoint itself is not shown)", example: 'https://fcm.googleapis.com' }),
    createdAt: z.string(),
  })
  .openapi('PushSubscriptionItem');

export const PushSubscriptionIdParamSchema = z.object({
  subscriptionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'subscriptionId', in: 'path' }, example: '9d96ff1923c4a7d30d7aa60e03ae4406' }),
});

export const VapidPublicKeySchema = z
  .object({ publicKey: z.string().meta({ description: 'base64url P-256 public key: the applicationServerKey for pushManager.subscribe()' }) })
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
  .object({
    unsubscribed: z.literal(true),
    channel: z.literal('email'),
    kind: z.union([NotificationKindSchema, z.literal('all')]).meta({ description: "'all': no more email; a kind: no more notifications of that kind" }),
  })
  .openapi('Unsubscribed');

export const GameStatusSchema = z.enum(['open', 'active', 'finished', 'aborted']);

export const GameCreateSchema = z
  .strictObject({
    game: z.string().min(1).max(64).meta({ description: 'A game id from the catalog', example: 'ticket-to-ride-europe' }),
    players: z.number().int().min(1).max(16).meta({ description: 'Number of seats, including yours and the bots' }),
    options: z.record(z.string(), z.unknown()).optional().meta({ description: "The game's options (see the catalog's JSON Schema)" }),
    bots: z.number().int().min(0).max(15).optional().meta({ description: "Seats filled with the game's bot" }),
    timeControl: TimeControlSchema.optional().meta({ description: 'Deadlines for each turn; without it, the game waits for ever' }),
  })
  .openapi('GameCreate');

export const SeatSchema = z
  .object({
    seat: SeatIndex,
    name: z.string().nullable(),
    bot: z.boolean(),
    playerId: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The seat holder's player id (null: a bot or an open seat); shown to the game's seated players only, like chat" }),
    forfeited: z.boolean().optional().meta({ description: "The seat forfeited; the game's bot plays on for it" }),
  })
  .openapi('Seat');

export const ClockSchema = z
  .object({
    seat: SeatIndex,
    deadline: z.string().optional().meta({ description: 'When the turn times out, while the seat is to act (vacations counted)' }),
    bankMs: z.number().int().optional().meta({ description: 'Bank controls: the time the seat had when its turn began, or has while not to act (ms)' }),
  })
  .openapi('Clock');

const Deadline = z.string().optional().meta({ description: 'Your deadline while you are to act, else the earliest deadline of the seats to act' });

export const GameSchema = z
  .object({
    id: z.string(),
    game: z.string(),
    status: GameStatusSchema,
    players: z.number().int(),
    options: z.unknown(),
    seats: z.array(SeatSchema),
    toAct: z.array(SeatIndex).meta({ description: 'Seats that may act now (several during simultaneous decisions)' }),
    version: z.number().int().meta({ description: 'Number of accepted actions; post actions with this as expectedVersion' }),
    seedCommitment: z.string().meta({ description: "SHA-256 (hex) of the game's secret seed, published with the export after the end" }),
    createdAt: z.string(),
    finishedAt: z.string().optional(),
    inviteCode: z.string().optional().meta({ description: 'Shown to seated players while seats are open' }),
    yourSeat: SeatIndex.optional(),
    outcome: OutcomeSchema.optional(),
    timeControl: TimeControlSchema.optional(),
    deadline: Deadline,
    clocks: z.array(ClockSchema).optional(),
  })
  .openapi('Game');

export const GameListItemSchema = z
  .object({
    id: z.string(),
    game: z.string(),
    status: GameStatusSchema,
    players: z.number().int(),
    seat: SeatIndex,
    myTurn: z.boolean(),
    toAct: z.array(SeatIndex),
    version: z.number().int(),
    createdAt: z.string(),
    deadline: z.string().optional().meta({ description: 'Your deadline, while you are to act' }),
  })
  .openapi('GameListItem');

export const GameListQuerySchema = z.object({
  status: GameStatusSchema.optional().openapi({ param: { name: 'status', in: 'query' } }),
  myTurn: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({ param: { name: 'myTurn', in: 'query' }, type: 'boolean' }),
});

export const GameIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'k3Jd9aQx0PzY7bLm' }),
});

export const JoinSchema = z.strictObject({ inviteCode: z.string().min(1).max(128) }).openapi('Join');

export const ActionSchema = z
  .looseObject({ type: z.string().min(1).max(64) })
  .openapi('Action', { description: 'One of legalActions, posted back unchanged' });

const GameIdField = z.string().meta({ description: "The game's catalog id; it decides the shapes of `view`, `legalActions` and the log's events" });

export const ViewSchema = z
  .object({
    game: GameIdField,
    version: z.number().int(),
    toAct: z.array(SeatIndex),
    view: z.unknown().meta({ description: 'What the caller may see; its shape is per game' }),
    legalActions: z.array(ActionSchema).meta({ description: 'Every action the caller may post now; empty when not to act' }),
    deadline: Deadline,
    clocks: z.array(ClockSchema).optional(),
  })
  .openapi('View');

export const ActionPostSchema = z
  .strictObject({
    action: ActionSchema,
    expectedVersion: z.number().int().min(0).meta({ description: 'The version the action was chosen at' }),
  })
  .openapi('ActionPost');

export const LogQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0).openapi({ param: { name: 'after', in: 'query' }, type: 'integer' }),
  limit: z.coerce.number().int().min(1).max(1000).default(1000).openapi({ param: { name: 'limit', in: 'query' }, type: 'integer' }),
});

export const BoardPictureTokenParamSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(1024)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The signed token from the link in an email' }),
});

export const VersionQuerySchema = z.object({
  version: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .openapi({ param: { name: 'version', in: 'query' }, type: 'integer', description: 'A past version to replay (default: now); nothing can be posted there' }),
});

const LogEntrySchema = z.object({
  version: z.number().int(),
  seat: SeatIndex,
  bot: z.boolean(),
  at: z.string(),
  action: ActionSchema.optional().meta({ description: 'Shown to the seat that acted, and to all after the end' }),
  events: z.array(z.object({ type: z.string(), data: z.record(z.string(), z.unknown()).optional() })),
  timeout: z.literal(true).optional().meta({ description: "The seat's time ran out: the platform acted for it" }),
  forfeit: z.literal(true).optional().meta({ description: 'The seat forfeited (a platform entry, not a game action)' }),
});

export const LogSchema = z
  .object({
    game: GameIdField,
    version: z.number().int(),
    entries: z.array(LogEntrySchema.openapi('LogEntry')),
  })
  .openapi('Log');

export const ExportSchema = z
  .object({
    game: z.string(),
    options: z.unknown(),
    players: z.array(SeatSchema),
    seed: z.string(),
    seedCommitment: z.string(),
    actions: z.array(
      z.object({
        seat: SeatIndex,
        action: ActionSchema,
        timeout: z.literal(true).optional(),
        forfeit: z.literal(true).optional().meta({ description: 'Not a game action: skip it when replaying with the engine' }),
      }),
    ),
    outcome: OutcomeSchema.nullable(),
  })
  .openapi('Export');

export const ChatPostSchema = z
  .strictObject({ text: z.string().min(1).max(MAX_CHAT_LENGTH).meta({ description: `Up to ${MAX_CHAT_LENGTH} characters; line breaks kept, control characters dropped` }) })
  .openapi('ChatPost');

export const ChatMessageSchema = z
  .object({
    id: z.string().meta({ description: 'Sorts in order; pass it as `after` to read what came later' }),
    seat: SeatIndex,
    name: z.string(),
    text: z.string(),
    at: z.string(),
    version: z.number().int().meta({ description: "The game's version when it was written: it follows that log entry" }),
  })
  .openapi('ChatMessage');

export const ChatSchema = z.object({ messages: z.array(ChatMessageSchema) }).openapi('Chat');

export const ChatQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[0-9a-z-]{1,64}$/)
    .optional()
    .openapi({ param: { name: 'after', in: 'query' }, description: 'Only messages after this id' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: 'limit', in: 'query' }, type: 'integer' }),
});

export const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/)
    .optional()
    .openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'Retrying with the same key returns the first answer and appends nothing' }),
});

/** The catalog's games that publish their shapes (GameDefinition.schemas), in catalog order; unlisted test games are not documented. */
const published = (registry: GameRegistry) => registry.listed().flatMap((g) => (g.schemas ? [{ def: g as AnyGame, schemas: g.schemas }] : []));

/** A game id as a component name: `ticket-to-ride-europe` -> `TicketToRideEurope`. */
const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The view answer per game, discriminated by `game`: the game's published view, and its own
 * action schema for `legalActions`. TypeScript sees the common shape (the wire shape is the union).
 */
export function gameViewSchema(registry: GameRegistry): typeof ViewSchema {
  const members = published(registry).map(({ def, schemas }) =>
    ViewSchema.extend({
      game: z.literal(def.id),
      view: schemas.view,
      legalActions: z.array(def.action).meta({ description: 'Every action the caller may post now; empty when not to act' }),
    }).openapi(`${pascal(def.id)}ViewAnswer`),
  );
  const [first, ...rest] = members;
  return (first ? z.discriminatedUnion('game', [first, ...rest]).openapi('GameView') : ViewSchema) as unknown as typeof ViewSchema;
}

/** The log answer per game, discriminated by `game`, with the game's published events. */
export function gameLogSchema(registry: GameRegistry): typeof LogSchema {
  const members = published(registry).map(({ def, schemas }) =>
    LogSchema.extend({
      game: z.literal(def.id),
      entries: z.array(LogEntrySchema.extend({ action: def.action.optional(), events: z.array(schemas.event) })),
    }).openapi(`${pascal(def.id)}LogAnswer`),
  );
  const [first, ...rest] = members;
  return (first ? z.discriminatedUnion('game', [first, ...rest]).openapi('GameLog') : LogSchema) as unknown as typeof LogSchema;
}
