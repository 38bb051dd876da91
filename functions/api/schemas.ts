import * as z from './openapi-zod.js';
import { BOT_LEVELS, BotLevelSchema, OutcomeSchema, ScoreLineSchema, type AnyGame } from '../../engine/core/index.js';
import type { NotificationKind } from '../notify/message.js';
import { PushSubscriptionSchema as PushSubscriptionBase } from '../notify/push-subscription.js';
import { MAX_CHAT_LENGTH } from '../service/chat.js';
import { MAX_NAME_BYTES, MAX_NAME_CHARACTERS } from '../service/players.js';
import { TimeControlSchema } from '../service/time-control.js';
import { DEFAULT_STAND_IN_LEVEL } from '../service/bots.js';
import { MAX_STORED_VACATIONS } from '../service/vacations.js';
import { NOTIFICATION_KINDS } from '../domain/notifications.js';
import { type Scope, SCOPES } from '../domain/player.js';
import { MAX_WAIT_SECONDS } from '../service/version-waits.js';
import { MAX_LABEL_CHARACTERS } from '../service/credentials.js';
import { isCursor } from './pagination.js';
import { LANGUAGES } from '../../engine/core/languages.js';

/*
 * Answer objects are strict: the document then closes them (`additionalProperties: false`), so a
 * field the API starts to send without declaring it is a mismatch, not a silent extra. Only
 * content that is open by nature (a game's options, static components) stays `unknown`.
 * A registered schema's `.extend()` renders as `allOf` with its parent, which a closed parent
 * refuses; answers that add to another one spread its shape instead.
 * Descriptions and examples go through `.openapi()`, which a serving process skips (openapi-zod.ts),
 * rather than zod's `.meta()`, which copies the schema at every cold start. `.meta()` stays where
 * a registered schema is to be spelled out in place instead of referred to.
 */

export const ProblemSchema = z
  .strictObject({
    type: z.string().openapi({ example: 'https://railpost.dev/problems/stale_version' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().openapi({ description: 'Stable machine-readable reason; branch on this', example: 'stale_version' }),
    requestId: z.string().optional(),
    currentVersion: z.number().int().optional().openapi({ description: 'With 409 stale_version: the version to read and retry from' }),
    rule: z.string().optional().openapi({ description: 'With 422 illegal_action: the rule ID of the game spec', example: 'TTRE-7.2' }),
    reason: z.string().optional().openapi({ description: 'With 422 illegal_action: the game-specific reason code' }),
    issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
    limit: z.number().int().optional().openapi({ description: 'With 409 too_many_webhooks / too_many_push_subscriptions: the cap' }),
    retryAfter: z.number().int().min(1).optional().openapi({ description: 'With 429 rate_limited: seconds to wait, as in the Retry-After header' }),
    gameId: z.string().optional().openapi({ description: 'With 409 seek_matched: the game your seek was matched into' }),
  })
  .openapi('Problem');

export const SeatIndex = z.number().int().min(0);

/** An instant as the API writes it: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const Timestamp = z.iso.datetime();

export const CatalogEntrySchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    minPlayers: z.number().int(),
    maxPlayers: z.number().int(),
    options: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema of the game's options (all optional, with defaults)" }),
  })
  .openapi('CatalogEntry');

export const CatalogGameSchema = z
  .strictObject({
    ...CatalogEntrySchema.shape,
    components: z.unknown().openapi({ description: 'Static components to draw the game with (e.g. the map: cities, routes with colour and length, tickets)' }),
  })
  .openapi('CatalogGame');

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
  .openapi({
    description:
      `One line of at most ${MAX_NAME_CHARACTERS} characters and ${MAX_NAME_BYTES} UTF-8 bytes once line breaks become spaces and control, ` +
      'zero-width and bidi-override characters are dropped; nothing left: 400 invalid_name',
    example: 'Anna',
  });
const Email = z.email().max(254);

const LanguageSchema = z.enum(LANGUAGES).openapi({ description: 'The language of your emails and pushes (and of the web client on a new device)', example: 'cs' });
export const PlayerCreateSchema = z.strictObject({ name: Name, email: Email.optional(), language: LanguageSchema.optional().openapi({ description: 'Default: English' }) }).openapi('PlayerCreate');
export const PlayerCreatedSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    token: z.string().openapi({ description: 'Bearer token; shown only here, stored only as a hash' }),
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

export const DigestSchema = z
  .strictObject({
    hour: z.number().int().min(0).max(23).openapi({ description: 'The hour (0–23) of your wall clock the digest is sent at', example: 8 }),
    timeZone: z.string().min(1).max(64).openapi({ description: 'Your IANA time zone; summer time is followed', example: 'Europe/Prague' }),
  })
  .openapi('Digest', {
    description: 'One email a day instead of one per turn: every game where it is your turn, each with its position and reply codes, so that one reply moves in several games',
  });

export const NotificationSettingsSchema = z
  .strictObject({
    email: z.boolean().openapi({ description: 'Whether notifications are emailed; always false without an address' }),
    events: z.strictObject(kindFlags(() => z.boolean())).openapi({ description: 'Which kinds you are notified of, on every channel' }),
    digest: DigestSchema.nullable().openapi({ description: 'Your turns by email once a day; null: an email per turn' }),
  })
  .openapi('NotificationSettings');

export const NotificationSettingsPatchSchema = z
  .strictObject({
    email: z.boolean().optional().openapi({ description: 'true needs an email address' }),
    events: z.strictObject(kindFlags(() => z.boolean().optional())).optional().openapi({ description: 'Kinds not named keep their setting' }),
    digest: DigestSchema.nullable().optional().openapi({ description: 'null: back to an email per turn' }),
  })
  .openapi('NotificationSettingsPatch');

export const VacationSchema = z
  .strictObject({ id: z.string(), from: Timestamp, until: Timestamp })
  .openapi('Vacation', { description: 'Days away: your clocks pause from `from` until `until`' });

export const VacationCreateSchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).openapi({ description: 'Start (not in the past); ISO 8601 date-time', example: '2026-12-20T00:00:00Z' }),
    until: z.iso.datetime({ offset: true }).openapi({ description: 'End: in the future, and at most 30 days after the start', example: '2027-01-03T00:00:00Z' }),
  })
  .openapi('VacationCreate');

export const VacationIdParamSchema = z.object({
  vacationId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'vacationId', in: 'path' } }),
});

export const PlayerSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string().optional().openapi({ description: 'Your confirmed address: the only one notices and sign-in codes go to' }),
    pendingEmail: z.string().optional().openapi({ description: 'A new address waiting for the code sent to it (POST /v1/players/me/email-confirmation)' }),
    createdAt: Timestamp,
    notifications: NotificationSettingsSchema,
    vacations: z.array(VacationSchema).openapi({ description: `Past vacations stay listed while a clock may still count them (at most ${MAX_STORED_VACATIONS} in all: the oldest past ones go first)` }),
    onVacation: z.boolean().openapi({ description: 'Your clocks are paused now' }),
    language: LanguageSchema,
  })
  .openapi('Player');
export const PlayerPatchSchema = z
  .strictObject({
    name: Name.optional(),
    email: Email.nullable().optional().openapi({ description: 'A new address gets a code to confirm it (until then the old one stays); null removes both at once' }),
    notifications: NotificationSettingsPatchSchema.optional(),
    language: LanguageSchema.optional(),
  })
  .openapi('PlayerPatch');

const WebhookEvents = z
  .array(NotificationKindSchema)
  .min(1)
  .max(5)
  .refine((list) => new Set(list).size === list.length, 'each kind at most once')
  .openapi({ description: 'The kinds this endpoint receives (default: all), besides your notification settings' });

export const WebhookCreateSchema = z
  .strictObject({
    url: z.string().max(2048).openapi({ description: 'https, on a public host', example: 'https://example.org/railpost-hook' }),
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

export const PushSubscriptionSchema = PushSubscriptionBase.openapi('PushSubscription', {
  description: 'What PushSubscription.toJSON() gives in the browser (endpoint and RFC 8291 keys)',
});

export const PushSubscriptionCreatedSchema = z
  .strictObject({ id: z.string().openapi({ description: 'The same endpoint always gets the same id (subscribing again replaces)' }) })
  .openapi('PushSubscriptionCreated');

export const PushSubscriptionItemSchema = z
  .strictObject({
    id: z.string(),
    origin: z.string().openapi({ description: "The push service's origin (the endpoint itself is not shown)", example: 'https://fcm.googleapis.com' }),
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
  .strictObject({ publicKey: z.string().openapi({ description: 'base64url P-256 public key: the applicationServerKey for pushManager.subscribe()' }) })
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
    kind: z.union([NotificationKindSchema, z.literal('all')]).openapi({ description: "'all': no more email; a kind: no more notifications of that kind" }),
  })
  .openapi('Unsubscribed');

export const GameStatusSchema = z.enum(['open', 'active', 'finished', 'aborted']);

export const VisibilitySchema = z.enum(['public', 'private']);

export const GameCreateSchema = z
  .strictObject({
    game: z.string().min(1).max(64).openapi({ description: 'A game id from the catalog', example: 'ticket-to-ride-europe' }),
    players: z.number().int().min(1).max(16).openapi({ description: 'Number of seats, including yours and the bots' }),
    options: z.record(z.string(), z.unknown()).optional().openapi({ description: "The game's options (see the catalog's JSON Schema)" }),
    bots: z
      .union([
        z.number().int().min(0).max(15).openapi({ description: 'How many of the last seats the bot plays, each at level easy', example: 1 }),
        z
          .array(BotLevelSchema)
          .max(15)
          .openapi({ description: 'The level of each bot seat: one per seat, for the last seats in order', example: ['hard', 'medium'] }),
      ])
      .optional()
      .openapi({ description: "Seats the bot plays: a count (each easy), or each bot seat's level (easy is the greedy bot, medium and hard search)" }),
    standInLevel: BotLevelSchema.optional().openapi({
      description: `The level of the bot that plays for a person: after a timeout (\`onTimeout: 'bot'\`), after a forfeit, or for a deleted account; default ${DEFAULT_STAND_IN_LEVEL}`,
    }),
    timeControl: TimeControlSchema.optional().openapi({ description: 'Deadlines for each turn; without it, the game waits for ever' }),
    visibility: VisibilitySchema.optional().openapi({ description: "'public': listed in the lobby while seats are open, and anyone may join without the invite code; 'private' (the default): by invite only" }),
  })
  .openapi('GameCreate');

/**
 * The first value in a create request's `bots` list or `standInLevel` that is not a bot level, or
 * null: such a body gets 400 invalid_bot_level rather than the general invalid_body.
 */
export function unknownBotLevel(body: unknown): { value: unknown } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { bots, standInLevel } = body as Record<string, unknown>;
  const given = [...(Array.isArray(bots) ? bots : []), ...('standInLevel' in body ? [standInLevel] : [])];
  const bad = given.findIndex((level) => !(BOT_LEVELS as readonly unknown[]).includes(level));
  return bad < 0 ? null : { value: given[bad] };
}

const SeatFields = {
  seat: SeatIndex,
  name: z.string().nullable(),
  playerId: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: "The seat holder's player id (null: a bot or an open seat); shown to the game's seated players only, like chat" }),
  forfeited: z.boolean().optional().openapi({ description: "The seat forfeited; the stand-in bot plays on for it (at the game's `standInLevel`)" }),
  deleted: z.boolean().optional().openapi({ description: 'Its player deleted their account: no name, no id' }),
};

// A plain union: OpenAPI discriminators name string values, and `bot` is a boolean.
export const SeatSchema = z
  .union([
    z.strictObject({ ...SeatFields, bot: z.literal(false) }).openapi('PersonSeat', { description: "A person's seat, or one waiting for a person" }),
    z
      .strictObject({ ...SeatFields, bot: z.literal(true), level: BotLevelSchema })
      .openapi('BotSeat', { description: 'A seat the bot plays at `level` (a deleted account\'s seat the stand-in took over is one too)' }),
  ])
  .openapi('Seat');

export const ClockSchema = z
  .strictObject({
    seat: SeatIndex,
    deadline: Timestamp.optional().openapi({ description: 'When the turn times out, while the seat is to act (vacations counted)' }),
    bankMs: z.number().int().optional().openapi({ description: 'Bank controls: the time the seat had when its turn began, or has while not to act (ms)' }),
  })
  .openapi('Clock');

const Deadline = Timestamp.optional().openapi({ description: 'Your deadline while you are to act, else the earliest deadline of the seats to act' });

// ---- finishing games and take-backs

export const TakebackSchema = z
  .strictObject({
    seat: SeatIndex.openapi({ description: 'Who asked' }),
    undoes: z.number().int().openapi({ description: 'The version of the action to undo: accepted, the game returns to the version before it' }),
    requestedAt: z.number().int().openapi({ description: 'The version the request was logged at' }),
    accepted: z.array(SeatIndex),
    waitingFor: z.array(SeatIndex).openapi({ description: 'Seated people still to answer (bots accept at once)' }),
  })
  .openapi('Takeback', { description: 'A take-back request waiting for answers; any move ends it' });

export const RematchSchema = z
  .strictObject({
    status: z.enum(['pending', 'declined', 'started']),
    proposedBy: SeatIndex,
    accepted: z.array(SeatIndex).openapi({ description: 'Seated people who accepted, the proposer included' }),
    waitingFor: z.array(SeatIndex).openapi({ description: 'Seated people still to answer (bots accept at once)' }),
    declinedBy: SeatIndex.optional(),
    gameId: z.string().optional().openapi({ description: 'The rematch, once every seated person accepted' }),
  })
  .openapi('Rematch', { description: 'A rematch offer on a finished game, and the new game once it exists' });

const FinishingFields = {
  abortable: z.boolean().optional().openapi({ description: 'While the game runs: no seat has made a second action yet, so any seated player may abort it' }),
  canTakeBack: z.boolean().optional().openapi({ description: 'While the game runs, for a seated player: whether you may ask to take your last action back now' }),
  takeback: TakebackSchema.optional(),
  rematch: RematchSchema.optional(),
};

export const ExpectedVersionSchema = z
  .strictObject({ expectedVersion: z.number().int().min(0).openapi({ description: 'The version you read: a move since then makes this 409 stale_version' }) })
  .openapi('ExpectedVersion');

/** The platform's entries besides forfeits: an abort and the steps of a take-back. */
const PlatformEventSchema = z.union([
  z.strictObject({ type: z.literal('aborted'), data: z.strictObject({ seat: SeatIndex }) }),
  z.strictObject({ type: z.literal('takeback_requested'), data: z.strictObject({ seat: SeatIndex, undoes: z.number().int() }) }),
  z.strictObject({ type: z.literal('takeback_accepted'), data: z.strictObject({ seat: SeatIndex }) }),
  z.strictObject({ type: z.literal('takeback_refused'), data: z.strictObject({ seat: SeatIndex }) }),
  z.strictObject({ type: z.literal('taken_back'), data: z.strictObject({ seat: SeatIndex, to: z.number().int().openapi({ description: 'The game is now as it was at this version' }) }) }),
]);

const PlatformActionSchema = z.union([
  z.strictObject({ type: z.enum(['abort', 'accept_takeback', 'refuse_takeback']) }),
  z.strictObject({ type: z.literal('request_takeback'), undoes: z.number().int() }),
  z.strictObject({ type: z.literal('take_back'), to: z.number().int() }),
]);

/**
 * The engine's outcome, closed: exactly these fields, score lines included. It takes the engine's
 * component name, so the games' views (which name the engine's open schema) refer to it too; the
 * Game answer, generated before any view, makes it the one in the document.
 */
const OutcomeAnswerSchema = z
  .strictObject({
    ...OutcomeSchema.shape,
    breakdown: z.array(z.array(ScoreLineSchema.strict())).openapi({ description: OutcomeSchema.shape.breakdown.description }),
  })
  .openapi('Outcome');

export const GameSchema = z
  .strictObject({
    id: z.string(),
    game: z.string(),
    status: GameStatusSchema,
    players: z.number().int(),
    options: z.unknown(),
    seats: z.array(SeatSchema),
    toAct: z.array(SeatIndex).openapi({ description: 'Seats that may act now (several during simultaneous decisions)' }),
    version: z.number().int().openapi({ description: 'Number of accepted actions; post actions with this as expectedVersion' }),
    seedCommitment: z.string().openapi({ description: "SHA-256 (hex) of the game's secret seed, published with the export after the end" }),
    createdAt: Timestamp,
    visibility: VisibilitySchema.openapi({ description: "'public': in the lobby while seats are open, joined without the invite code; 'private': by invite only" }),
    standInLevel: BotLevelSchema.meta({ description: "The level of the bot that plays for a person's seat after a timeout, a forfeit or a deleted account" }),
    finishedAt: Timestamp.optional(),
    inviteCode: z.string().optional().openapi({ description: 'Shown to seated players while seats are open' }),
    yourSeat: SeatIndex.optional(),
    outcome: OutcomeAnswerSchema.optional(),
    timeControl: TimeControlSchema.optional(),
    deadline: Deadline,
    clocks: z.array(ClockSchema).optional(),
    ...FinishingFields,
  })
  .openapi('Game');

export const GameListItemSchema = z
  .strictObject({
    id: z.string(),
    game: z.string(),
    status: GameStatusSchema,
    players: z.number().int(),
    seat: SeatIndex,
    myTurn: z.boolean(),
    toAct: z.array(SeatIndex),
    version: z.number().int(),
    createdAt: Timestamp,
    deadline: Timestamp.optional().openapi({ description: 'Your deadline, while you are to act' }),
  })
  .openapi('GameListItem');

export const GAME_PAGE = { min: 1, max: 100, default: 50 };

export const GameListQuerySchema = z.object({
  status: GameStatusSchema.optional().openapi({ param: { name: 'status', in: 'query' }, description: 'Only games in this status' }),
  myTurn: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({ param: { name: 'myTurn', in: 'query' }, type: 'boolean', description: 'Only games where you are (true) or are not (false) to act' }),
  limit: z.coerce
    .number()
    .int()
    .min(GAME_PAGE.min)
    .max(GAME_PAGE.max)
    .default(GAME_PAGE.default)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Games per page' }),
  cursor: z
    .string()
    .max(256)
    .refine(isCursor, 'not a cursor of this listing')
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' }, description: 'The `next` of the previous page (opaque); without it, the first page', example: 'WyIyMDI2LTA1LTA0VDA5OjEyOjAwLjAwMFoiLCJrM0pkOWFReDBQelk3YkxtIl0' }),
});

export const GamePageSchema = z
  .strictObject({
    items: z.array(GameListItemSchema).openapi({ description: 'Newest first' }),
    next: z.string().nullable().openapi({ description: 'Pass it as `cursor` (with the same filters) for the next page; null on the last page' }),
  })
  .openapi('GamePage');

export const GameIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'k3Jd9aQx0PzY7bLm' }),
});

export const JoinSchema = z
  .strictObject({ inviteCode: z.string().min(1).max(128).optional().openapi({ description: 'Needed for a private game; a public game is open to anyone' }) })
  .openapi('Join');

export const ActionSchema = z
  .looseObject({ type: z.string().min(1).max(64) })
  .openapi('Action', {
    description: "One of legalActions, posted back unchanged: `type` and the action's own fields (each game's schema in GameView lists them)",
    example: { type: 'claim_route', route: 2, cards: { yellow: 2, loco: 1 } },
  });

const GameIdField = z.string().openapi({ description: "The game's catalog id; it decides the shapes of `view`, `legalActions` and the log's events" });

export const ViewSchema = z
  .strictObject({
    game: GameIdField,
    version: z.number().int(),
    toAct: z.array(SeatIndex),
    view: z.unknown().openapi({ description: 'What the caller may see; its shape is per game' }),
    legalActions: z.array(ActionSchema).openapi({ description: 'Every action the caller may post now; empty when not to act' }),
    deadline: Deadline,
    clocks: z.array(ClockSchema).optional(),
  })
  .openapi('View');

export const ActionPostSchema = z
  .strictObject({
    action: ActionSchema,
    expectedVersion: z.number().int().min(0).openapi({ description: 'The version the action was chosen at' }),
  })
  .openapi('ActionPost');

export const LogQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0).openapi({ param: { name: 'after', in: 'query' }, description: 'Only entries after this version (the setup is version 0)' }),
  limit: z.coerce.number().int().min(1).max(1000).default(1000).openapi({ param: { name: 'limit', in: 'query' }, description: 'Entries per answer' }),
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
    .openapi({ param: { name: 'version', in: 'query' }, description: 'A past version to replay (default: now); nothing can be posted there' }),
});

/** A view's query: a past version, or how long to wait for a later one. */
export const BoardQuerySchema = VersionQuerySchema.extend({
  lang: LanguageSchema.optional().openapi({ param: { name: 'lang', in: 'query' }, description: 'The language of the words in the picture (names, counts, titles); default English' }),
});

export const BoardLinkQuerySchema = BoardQuerySchema.pick({ lang: true });

export const ViewQuerySchema = VersionQuerySchema.extend({
  waitForVersion: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({
      param: { name: 'waitForVersion', in: 'query' },
      description: 'Hold the answer until the game reaches this version (usually the version you have plus one), at most `wait` seconds. Not with `version`.',
      example: 13,
    }),
  wait: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_WAIT_SECONDS)
    .default(MAX_WAIT_SECONDS)
    .openapi({ param: { name: 'wait', in: 'query' }, description: `The longest hold for waitForVersion, in seconds (1–${MAX_WAIT_SECONDS})` }),
});

/** A log event as the platform knows it, whatever the game (each game publishes its own union). */
export const LogEventSchema = z.strictObject({ type: z.string(), data: z.record(z.string(), z.unknown()).optional() });

/** What every log entry says, whoever made it. */
const EntryBase = {
  version: z.number().int(),
  seat: SeatIndex,
  bot: z.boolean(),
  at: Timestamp,
  timeout: z.literal(true).optional().openapi({ description: "The seat's time ran out: the platform acted for it" }),
};

/** An entry of the game: one of its actions and the events it caused. */
const LogEntrySchema = z.strictObject({
  ...EntryBase,
  level: BotLevelSchema.optional().openapi({ description: 'With `bot`: the level the bot played this action at (a bot seat\'s, or the stand-in\'s)' }),
  action: ActionSchema.optional().openapi({ description: 'Shown to the seat that acted, and to all after the end' }),
  events: z.array(LogEventSchema),
});

/** The platform's entry when a seat forfeits (its time ran out): not a game action, the same in every game. */
const ForfeitEntrySchema = z
  .strictObject({
    ...EntryBase,
    action: z.strictObject({ type: z.literal('forfeit') }).optional().openapi({ description: 'Shown to the seat, and to all after the end' }),
    events: z.array(z.strictObject({ type: z.literal('forfeited'), data: z.strictObject({ seat: SeatIndex }) })),
    forfeit: z.literal(true).openapi({ description: 'The seat forfeited: a platform entry, not a game action (skip it when replaying)' }),
  })
  .openapi('ForfeitEntry');

/** An abort or a step of a take-back: a platform entry, the same in every game. */
const PlatformEntrySchema = z
  .strictObject({
    ...EntryBase,
    action: PlatformActionSchema,
    events: z.array(PlatformEventSchema),
    platform: z.literal(true).openapi({ description: 'Not a game action: skip it when replaying, except `take_back`, which returns to the state at version `to`' }),
  })
  .openapi('PlatformEntry');

export const LogSchema = z
  .strictObject({
    game: GameIdField,
    version: z.number().int(),
    entries: z.array(z.union([LogEntrySchema.openapi('LogEntry'), ForfeitEntrySchema, PlatformEntrySchema])),
  })
  .openapi('Log');

export const ExportSchema = z
  .strictObject({
    game: z.string(),
    options: z.unknown(),
    players: z.array(SeatSchema),
    seed: z.string(),
    seedCommitment: z.string(),
    actions: z.array(
      z.strictObject({
        seat: SeatIndex,
        action: ActionSchema,
        level: BotLevelSchema.optional().openapi({ description: 'The bot chose this action, at this level' }),
        timeout: z.literal(true).optional(),
        forfeit: z.literal(true).optional().openapi({ description: 'Not a game action: skip it when replaying with the engine' }),
        platform: z
          .literal(true)
          .optional()
          .openapi({ description: 'An abort or a take-back step: skip it when replaying, except `take_back`, after which the game is as it was at version `action.to`' }),
      }),
    ),
    outcome: OutcomeAnswerSchema.nullable(),
  })
  .openapi('Export');

export const ChatPostSchema = z
  .strictObject({ text: z.string().min(1).max(MAX_CHAT_LENGTH).openapi({ description: `Up to ${MAX_CHAT_LENGTH} characters; line breaks kept, control characters dropped` }) })
  .openapi('ChatPost');

export const ChatMessageSchema = z
  .strictObject({
    id: z.string().openapi({ description: 'Sorts in order; pass it as `after` to read what came later' }),
    seat: SeatIndex,
    name: z.string(),
    text: z.string(),
    at: Timestamp,
    version: z.number().int().openapi({ description: "The game's version when it was written: it follows that log entry" }),
  })
  .openapi('ChatMessage');

export const ChatSchema = z
  .strictObject({
    messages: z.array(ChatMessageSchema).openapi({ description: 'Oldest first' }),
    next: z.string().nullable().openapi({ description: 'Pass it as `after` for the messages that follow; null when none follow yet' }),
  })
  .openapi('Chat');

export const ChatQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[0-9a-z-]{1,64}$/)
    .optional()
    .openapi({ param: { name: 'after', in: 'query' }, description: 'Only messages after the one with this id (a `next`); without it, from the first' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: 'limit', in: 'query' }, description: 'Messages per answer' }),
});

export const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/)
    .optional()
    .openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'Retrying with the same key returns the first answer and appends nothing' }),
});

/** The catalog's games that publish their shapes (GameDefinition.schemas), in catalog order; unlisted test games are not documented. */
const published = (games: readonly AnyGame[]) => games.flatMap((g) => (g.listed && g.schemas ? [{ def: g, schemas: g.schemas }] : []));

/** A game id as a component name: `ticket-to-ride-europe` -> `TicketToRideEurope`. */
const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** One game's view answer: the common envelope with the game's id, its view and its own actions. */
export const viewAnswerSchema = (def: AnyGame, view: z.ZodType) =>
  z.strictObject({
    ...ViewSchema.shape,
    game: z.literal(def.id),
    view,
    legalActions: z.array(def.action).openapi({ description: 'Every action the caller may post now; empty when not to act' }),
  });

/** One game's log answer: the common envelope with the game's id, its own actions and events. */
export const logAnswerSchema = (def: AnyGame, event: z.ZodType) =>
  z.strictObject({
    ...LogSchema.shape,
    game: z.literal(def.id),
    entries: z.array(z.union([z.strictObject({ ...LogEntrySchema.shape, action: def.action.optional(), events: z.array(event) }), ForfeitEntrySchema, PlatformEntrySchema])),
  });

/**
 * The view answer per game, discriminated by `game`: the game's published view, and its own
 * action schema for `legalActions`. TypeScript sees the common shape (the wire shape is the union).
 */
export function gameViewSchema(games: readonly AnyGame[]): typeof ViewSchema {
  const members = published(games).map(({ def, schemas }) => viewAnswerSchema(def, schemas.view).openapi(`${pascal(def.id)}ViewAnswer`));
  const [first, ...rest] = members;
  return (first ? z.discriminatedUnion('game', [first, ...rest]).openapi('GameView') : ViewSchema) as unknown as typeof ViewSchema;
}

/** The log answer per game, discriminated by `game`, with the game's published events. */
export function gameLogSchema(games: readonly AnyGame[]): typeof LogSchema {
  const members = published(games).map(({ def, schemas }) => logAnswerSchema(def, schemas.event).openapi(`${pascal(def.id)}LogAnswer`));
  const [first, ...rest] = members;
  return (first ? z.discriminatedUnion('game', [first, ...rest]).openapi('GameLog') : LogSchema) as unknown as typeof LogSchema;
}

// ---- sign-in, sessions, tokens and your data

export const ScopeSchema = z
  .enum(SCOPES as [Scope, ...Scope[]])
  .openapi('Scope', { description: 'read: every GET; play: create, join and act in games; chat: write in chats; settings: profile, notifications, vacations, sessions, tokens, your data' });

const Code = z.string().regex(/^[0-9]{6}$/).openapi({ description: 'The six digits from the email', example: '042917' });
const CredentialId = (name: string) => z.string().regex(/^[A-Za-z0-9_-]{16}$/).openapi({ param: { name, in: 'path' }, example: 'q3JmX0v9LkT2aPzC' });

export const SignInRequestSchema = z.strictObject({ email: Email }).openapi('SignInRequest');
export const SignInSentSchema = z
  .strictObject({ expiresAt: Timestamp.openapi({ description: 'When a code sent now stops working' }) })
  .openapi('SignInSent', { description: 'The same answer whether or not the address belongs to an account' });
export const SignInVerifySchema = z
  .strictObject({
    email: Email,
    code: Code,
    label: z.string().min(1).max(MAX_LABEL_CHARACTERS).optional().openapi({ description: "What the session is called in your list (default: the browser's user agent)" }),
  })
  .openapi('SignInVerify');

export const SessionSchema = z
  .strictObject({
    id: z.string(),
    label: z.string(),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.openapi({ description: 'Written at most once an hour' }),
    expiresAt: Timestamp.openapi({ description: 'Thirty days after its last use' }),
    current: z.boolean().openapi({ description: 'The session this request was made with' }),
  })
  .openapi('Session');
export const SessionCreatedSchema = z
  .strictObject({ ...SessionSchema.shape, token: z.string().openapi({ description: 'The bearer token of the session: shown only here, stored only as a hash' }) })
  .openapi('SessionCreated');
export const SessionIdParamSchema = z.object({ sessionId: CredentialId('sessionId') });

export const TokenSchema = z
  .strictObject({ id: z.string(), name: z.string(), scopes: z.array(ScopeSchema), createdAt: Timestamp, lastUsedAt: Timestamp.openapi({ description: 'Written at most once an hour' }) })
  .openapi('Token');
export const TokenCreateSchema = z
  .strictObject({
    name: z.string().min(1).max(64).openapi({ description: 'What the token is for', example: 'my bot' }),
    scopes: z
      .array(ScopeSchema)
      .min(1)
      .max(SCOPES.length)
      .refine((list) => new Set(list).size === list.length, 'each scope at most once')
      .openapi({ description: 'At most the scopes of the credential creating it' }),
  })
  .openapi('TokenCreate');
export const TokenCreatedSchema = z
  .strictObject({ ...TokenSchema.shape, token: z.string().openapi({ description: 'The bearer token: shown only here, stored only as a hash' }) })
  .openapi('TokenCreated');
export const TokenIdParamSchema = z.object({ tokenId: CredentialId('tokenId') });

export const SignOutEverywhereSchema = z
  .strictObject({ tokens: z.boolean().optional().openapi({ description: 'Also revoke every personal access token and the registration token (needs a confirmed address)' }) })
  .openapi('SignOutEverywhere');
export const EmailConfirmationSchema = z.strictObject({ code: Code }).openapi('EmailConfirmation');

export const AccountExportSchema = z
  .strictObject({
    exportedAt: Timestamp,
    profile: PlayerSchema,
    sessions: z.array(SessionSchema.omit({ current: true })),
    tokens: z.array(TokenSchema),
    webhooks: z.array(WebhookSchema).openapi({ description: 'Without their signing secrets' }),
    pushSubscriptions: z.array(z.strictObject({ id: z.string(), endpoint: z.string(), createdAt: Timestamp })).openapi({ description: 'Without their keys' }),
    games: z.array(
      z.strictObject({
        id: z.string(),
        game: z.string(),
        seat: SeatIndex,
        joinedAt: Timestamp,
        status: GameStatusSchema,
        seats: z.array(z.strictObject({ seat: SeatIndex, name: z.string().nullable(), bot: z.boolean() })),
      }),
    ),
    chat: z.array(z.strictObject({ gameId: z.string(), id: z.string(), seat: SeatIndex, text: z.string(), at: Timestamp, version: z.number().int() })),
  })
  .openapi('AccountExport', { description: 'Everything stored about you, without secrets (no token hashes, webhook secrets or push keys)' });
