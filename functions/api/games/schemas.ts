/** The schemas of creating, listing and reading games: the game summary, its seats, clocks and outcome. */
import * as z from '../openapi-zod.js';
import { BOT_LEVELS, BotLevelSchema, OutcomeSchema, ScoreLineSchema } from '../../../engine/core/index.js';
import { DEFAULT_STAND_IN_LEVEL } from '../../service/bots.js';
import { FinishingFields } from '../finishing/schemas.js';
import { GameIdSchema, GameStatusSchema, SeatIndex, Timestamp, namesCatalogGame, pageSchema } from '../schemas.js';
import type { AnyGame } from '../../../engine/core/index.js';
import { byGame, optionsOf, pascal, published } from '../per-game.js';
import { TimeControlSchema } from '../../service/time-control.js';
import { isCursor } from '../pagination.js';

export const VisibilitySchema = z.enum(['public', 'private']);

export const GameCreateSchema = z
  .strictObject({
    game: z
      .string()
      .min(1)
      .max(64)
      .openapi({
        ...namesCatalogGame,
        description: 'A game id from the catalog',
        example: 'ticket-to-ride-europe',
      }),
    players: z.number().int().min(1).max(16).openapi({ description: 'Number of seats, including yours and the bots' }),
    options: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "The game's options (see the catalog's JSON Schema)" }),
    bots: z
      .union([
        z
          .number()
          .int()
          .min(0)
          .max(15)
          .openapi({ description: 'How many of the last seats the bot plays, each at level easy', example: 1 }),
        z
          .array(BotLevelSchema)
          .max(15)
          .openapi({
            description: 'The level of each bot seat: one per seat, for the last seats in order',
            example: ['hard', 'medium'],
          }),
      ])
      .optional()
      .openapi({
        description:
          "Seats the bot plays: a count (each easy), or each bot seat's level (easy is the greedy bot, medium and hard search)",
      }),
    standInLevel: BotLevelSchema.optional().openapi({
      description: `The level of the bot that plays for a person: after a timeout (\`onTimeout: 'bot'\`), after a forfeit, or for a deleted account; default ${DEFAULT_STAND_IN_LEVEL}`,
    }),
    timeControl: TimeControlSchema.optional().openapi({
      description: 'Deadlines for each turn; without it, the game waits for ever',
    }),
    visibility: VisibilitySchema.optional().openapi({
      description:
        "'public': listed in the lobby while seats are open, and anyone may join without the invite code; 'private' (the default): by invite only",
    }),
  })
  .openapi('GameCreate');

/** The create request per game, discriminated by `game`: the game's own options (for the document; the service checks them, 400 invalid_options). */
export function gameCreateSchema(games: readonly AnyGame[]): typeof GameCreateSchema {
  const members = published(games).map(({ def }) =>
    z
      .strictObject({
        ...GameCreateSchema.shape,
        game: z.literal(def.id),
        options: optionsOf(def).optional(),
      })
      .openapi(`${pascal(def.id)}Create`),
  );
  return byGame('game', members, GameCreateSchema).openapi('GameCreate') as unknown as typeof GameCreateSchema;
}

/**
 * A game's options, whichever game: the component `GameOptions`, which openapi-document.ts
 * registers as the union of every catalog game's options before the routes refer to it here.
 */
export const GameOptionsSchema = z.unknown().openapi('GameOptions');

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
  playerId: z.string().nullable().optional().openapi({
    description:
      "The seat holder's player id (null: a bot or an open seat); shown to the game's seated players only, like chat",
  }),
  forfeited: z
    .boolean()
    .optional()
    .openapi({ description: "The seat forfeited; the stand-in bot plays on for it (at the game's `standInLevel`)" }),
  deleted: z.boolean().optional().openapi({ description: 'Its player deleted their account: no name, no id' }),
};

// A plain union: OpenAPI discriminators name string values, and `bot` is a boolean.
export const SeatSchema = z
  .union([
    z
      .strictObject({
        ...SeatFields,
        bot: z.literal(false),
        botAccount: z.literal(true).optional().openapi({
          description:
            'Its player is a bot account (a program playing under an account, docs/accounts.md "Bot accounts"); absent for people',
        }),
      })
      .openapi('PersonSeat', { description: "A person's seat, or one waiting for a person" }),
    z.strictObject({ ...SeatFields, bot: z.literal(true), level: BotLevelSchema }).openapi('BotSeat', {
      description: "A seat the bot plays at `level` (a deleted account's seat the stand-in took over is one too)",
    }),
  ])
  .openapi('Seat');

export const ClockSchema = z
  .strictObject({
    seat: SeatIndex,
    deadline: Timestamp.optional().openapi({
      description: 'When the turn times out, while the seat is to act (vacations counted)',
    }),
    bankMs: z.number().int().optional().openapi({
      description: 'Bank controls: the time the seat had when its turn began, or has while not to act (ms)',
    }),
  })
  .openapi('Clock');

export const Deadline = Timestamp.optional().openapi({
  description: 'Your deadline while you are to act, else the earliest deadline of the seats to act',
});

/**
 * The engine's outcome, closed: exactly these fields, score lines included. It takes the engine's
 * component name, so the games' views (which name the engine's open schema) refer to it too; the
 * Game answer, generated before any view, makes it the one in the document.
 */
export const OutcomeAnswerSchema = z
  .strictObject({
    ...OutcomeSchema.shape,
    breakdown: z
      .array(z.array(ScoreLineSchema.strict()))
      .openapi({ description: OutcomeSchema.shape.breakdown.description }),
  })
  .openapi('Outcome');

/** How a game ended, the same for every game (service/game-result.ts). */
export const GameResultSchema = z
  .strictObject({
    places: z
      .array(z.number().int().min(1))
      .openapi({ description: "Each seat's place, by seat index (1 = first); tied seats share a place" }),
    winners: z
      .array(SeatIndex)
      .openapi({ description: 'The seats placed first; empty when the game ended without a winner (`noWinner`)' }),
    draw: z.literal(true).optional().openapi({
      description: 'First place is shared: more than one seat placed first (also when the game has no winner)',
    }),
    noWinner: z.literal(true).optional().openapi({
      description:
        'The game ended without a winner (a Streetcar stalemate, SC-12.3): every seat placed first, none won; ratings count it a draw',
    }),
  })
  .openapi('GameResult', {
    description:
      "How a finished game ended, in one shape for every game: present exactly when `status` is `finished`; read it instead of the game's own view",
    example: { places: [2, 1], winners: [1] },
  });

/** What every answer about one game says of its end (docs/api.md, "Status and result"). */
export const GameEndFields = {
  status: GameStatusSchema.openapi({
    description:
      '`active` while the game is played, `finished` when it ended by its rules, a resignation or forfeits (see `result`), `aborted` when it was called off (no result); `open` only before it starts',
  }),
  result: GameResultSchema.optional(),
};

export const GameSchema = z
  .strictObject({
    id: z.string(),
    game: GameIdSchema,
    status: GameStatusSchema,
    players: z.number().int(),
    options: GameOptionsSchema,
    seats: z.array(SeatSchema),
    toAct: z
      .array(SeatIndex)
      .openapi({ description: 'Seats that may act now (several during simultaneous decisions)' }),
    version: z
      .number()
      .int()
      .openapi({ description: 'Number of accepted actions; post actions with this as expectedVersion' }),
    seedCommitment: z
      .string()
      .openapi({ description: "SHA-256 (hex) of the game's secret seed, published with the export after the end" }),
    createdAt: Timestamp,
    visibility: VisibilitySchema.openapi({
      description:
        "'public': in the lobby while seats are open, joined without the invite code; 'private': by invite only",
    }),
    standInLevel: BotLevelSchema.meta({
      description:
        "The level of the bot that plays for a person's seat after a timeout, a forfeit or a deleted account",
    }),
    finishedAt: Timestamp.optional(),
    inviteCode: z.string().optional().openapi({ description: 'Shown to seated players while seats are open' }),
    yourSeat: SeatIndex.optional(),
    outcome: OutcomeAnswerSchema.optional(),
    result: GameEndFields.result,
    timeControl: TimeControlSchema.optional(),
    deadline: Deadline,
    clocks: z.array(ClockSchema).optional(),
    ...FinishingFields,
  })
  .openapi('Game');

export const GameListItemSchema = z
  .strictObject({
    id: z.string(),
    game: GameIdSchema,
    status: GameStatusSchema,
    players: z.number().int(),
    seat: SeatIndex,
    myTurn: z.boolean(),
    toAct: z.array(SeatIndex),
    version: z.number().int(),
    createdAt: Timestamp,
    deadline: Timestamp.optional().openapi({ description: 'Your deadline, while you are to act' }),
    seats: z.array(SeatSchema).openapi({
      description:
        "Every seat, yours too, as the game's own answer gives them (who sits there, bot or person), so a list can name the opponents and whose turn it is; forfeits are marked in the game's answer only",
    }),
  })
  .openapi('GameListItem');

export const GAME_PAGE = { min: 1, max: 100, default: 50 };

export const GameListQuerySchema = z.object({
  status: GameStatusSchema.optional().openapi({
    param: { name: 'status', in: 'query' },
    description: 'Only games in this status',
  }),
  myTurn: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({
      param: { name: 'myTurn', in: 'query' },
      type: 'boolean',
      description: 'Only games where you are (true) or are not (false) to act',
    }),
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
    .openapi({
      param: { name: 'cursor', in: 'query' },
      description: 'The `next` of the previous page (opaque); without it, the first page',
      example: 'WyIyMDI2LTA1LTA0VDA5OjEyOjAwLjAwMFoiLCJrM0pkOWFReDBQelk3YkxtIl0',
    }),
});

export const GamePageSchema = pageSchema(GameListItemSchema, 'Newest first', { filtered: true }).openapi('GamePage');

export const JoinSchema = z
  .strictObject({
    inviteCode: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .openapi({ description: 'Needed for a private game; a public game is open to anyone' }),
  })
  .openapi('Join');
