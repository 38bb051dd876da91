/**
 * The schemas every resource of the API shares: the problem document, instants, seats, names,
 * email addresses, languages, game ids and statuses. Each resource keeps its own beside its routes.
 */
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
import * as z from './openapi-zod.js';
import { LANGUAGES } from '../../engine/core/languages.js';
import { manifests } from '../../engine/games/on-demand.js';
import { MAX_NAME_BYTES, MAX_NAME_CHARACTERS } from '../service/players.js';

export const ProblemSchema = z
  .strictObject({
    type: z.string().openapi({ example: 'https://railpost.dev/problems/stale_version' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z
      .string()
      .openapi({ description: 'Stable machine-readable reason; branch on this', example: 'stale_version' }),
    requestId: z.string().optional(),
    currentVersion: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'With 409 stale_version: the version to read and retry from' }),
    rule: z
      .string()
      .optional()
      .openapi({ description: 'With 422 illegal_action: the rule ID of the game spec', example: 'TTRE-7.2' }),
    reason: z.string().optional().openapi({ description: 'With 422 illegal_action: the game-specific reason code' }),
    issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
    limit: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'With 409 too_many_webhooks / too_many_push_subscriptions: the cap' }),
    retryAfter: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({ description: 'With 429 rate_limited: seconds to wait, as in the Retry-After header' }),
    gameId: z.string().optional().openapi({
      description:
        'With 409 seek_matched: the game your seek was matched into; with 409 challenge_not_pending, once accepted: its game',
    }),
    challengeStatus: z
      .enum(['accepted', 'declined', 'canceled', 'expired'])
      .optional()
      .openapi({ description: "With 409 challenge_not_pending: the challenge's status now" }),
  })
  .openapi('Problem');

export const SeatIndex = z.number().int().min(0);

/** An instant as the API writes it: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const Timestamp = z.iso.datetime();

/** A person's name shown to others in a list (lobby, finished games): the mark that a program plays under it. */
export const BotAccountMark = z.literal(true).optional().openapi({
  description: 'A bot account (docs/accounts.md "Bot accounts"), as its seat says; absent for people',
});

/** Room for what cleaning drops; the cleaned name is bounded much tighter. */
const MAX_NAME_INPUT = 256;
/** Raw input; the service cleans it and then bounds it (players.ts: playerName). */
export const Name = z
  .string()
  .min(1)
  .max(MAX_NAME_INPUT)
  .openapi({
    description:
      `One line of at most ${MAX_NAME_CHARACTERS} characters and ${MAX_NAME_BYTES} UTF-8 bytes once line breaks become spaces and control, ` +
      'zero-width and bidi-override characters are dropped; nothing left: 400 invalid_name',
    example: 'Anna',
  });
export const Email = z.email().max(254);

export const LanguageSchema = z.enum(LANGUAGES).openapi({
  description: 'The language of your emails and pushes (and of the web client on a new device)',
  example: 'cs',
});

/** The catalog's game ids, from the manifests (the serving app loads no game to know them). */
export const CATALOG_GAME_IDS = manifests.filter((m) => m.listed).map((m) => m.id) as [
  (typeof manifests)[number]['id'],
  ...(typeof manifests)[number]['id'][],
];

/**
 * A catalog game's id, as answers name it. TypeScript sees a string: the service also plays
 * the unlisted fixture games of the tests, which the document leaves out.
 */
export const GameIdSchema = z
  .enum(CATALOG_GAME_IDS)
  .openapi('GameId', { description: 'A game of the catalog' }) as unknown as z.ZodString;

/**
 * What the document says of a field that names a catalog game in a request: one of the catalog's
 * ids. The document only: the field's check stays a string's, so an unknown id is refused as before
 * (unknown_game, or not_found on a path) rather than as an invalid request, and the tests' fixture
 * games are taken.
 */
export const namesCatalogGame = { enum: CATALOG_GAME_IDS };

export const GameStatusSchema = z.enum(['open', 'active', 'finished', 'aborted']);

export const GameIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'k3Jd9aQx0PzY7bLm' }),
});

/** A page of a listing: its items, in the order `order` says, and the cursor of the next page. */
export const pageSchema = (item: z.ZodType, order: string, { filtered = false } = {}) =>
  z.strictObject({
    items: z.array(item).openapi({ description: order }),
    next: z
      .string()
      .nullable()
      .openapi({
        description: `Pass it as \`cursor\`${filtered ? ' (with the same filters)' : ''} for the next page; null on the last page`,
      }),
  });
