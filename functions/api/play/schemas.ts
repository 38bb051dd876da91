/** The schemas of playing: views, actions, the log (per game, for the document), the export. */
import * as z from '../openapi-zod.js';
import { BotLevelSchema, type AnyGame } from '../../../engine/core/index.js';
import { ClockSchema, Deadline, GameEndFields, OutcomeAnswerSchema, SeatSchema } from '../games/schemas.js';
import { LanguageSchema, SeatIndex, Timestamp } from '../schemas.js';
import { MAX_WAIT_SECONDS } from '../../service/version-waits.js';
import { PlatformActionSchema, PlatformEventSchema } from '../finishing/schemas.js';
import { actionOf, byGame, byReference, optionsOf, pascal, published } from '../per-game.js';

export const ActionSchema = z.looseObject({ type: z.string().min(1).max(64) }).openapi('Action', {
  description:
    "One of legalActions, posted back unchanged: `type` and the action's own fields (each game's schema in GameView lists them)",
  example: { type: 'claim_route', route: 2, cards: { yellow: 2, loco: 1 } },
});

const GameIdField = z.string().openapi({
  description: "The game's catalog id; it decides the shapes of `view`, `legalActions` and the log's events",
});

export const ViewSchema = z
  .strictObject({
    game: GameIdField,
    version: z.number().int(),
    ...GameEndFields,
    toAct: z.array(SeatIndex),
    view: z.unknown().openapi({
      description:
        "What the caller may see; its shape is per game (the game's own end markers too: `status` and `result` say the end for every game)",
    }),
    legalActions: z
      .array(ActionSchema)
      .openapi({ description: 'Every action the caller may post now; empty when not to act' }),
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
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({
      param: { name: 'after', in: 'query' },
      description: 'Only entries after this version (the setup is version 0)',
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(1000)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Entries per answer' }),
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
    .openapi({
      param: { name: 'version', in: 'query' },
      description: 'A past version to replay (default: now); nothing can be posted there',
    }),
});

/** A view's query: a past version, or how long to wait for a later one. */
export const BoardQuerySchema = VersionQuerySchema.extend({
  lang: LanguageSchema.optional().openapi({
    param: { name: 'lang', in: 'query' },
    description: 'The language of the words in the picture (names, counts, titles); default English',
  }),
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
      description:
        'Hold the answer until the game reaches this version (usually the version you have plus one), at most `wait` seconds. Not with `version`.',
      example: 13,
    }),
  wait: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_WAIT_SECONDS)
    .default(MAX_WAIT_SECONDS)
    .openapi({
      param: { name: 'wait', in: 'query' },
      description: `The longest hold for waitForVersion, in seconds (1–${MAX_WAIT_SECONDS})`,
    }),
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
  level: BotLevelSchema.optional().openapi({
    description: "With `bot`: the level the bot played this action at (a bot seat's, or the stand-in's)",
  }),
  action: ActionSchema.optional().openapi({ description: 'Shown to the seat that acted, and to all after the end' }),
  events: z.array(LogEventSchema),
});

const ForfeitActionSchema = z.strictObject({ type: z.literal('forfeit') });

/** The platform's entry when a seat forfeits (its time ran out): not a game action, the same in every game. */
const ForfeitEntrySchema = z
  .strictObject({
    ...EntryBase,
    action: ForfeitActionSchema.optional().openapi({ description: 'Shown to the seat, and to all after the end' }),
    events: z.array(z.strictObject({ type: z.literal('forfeited'), data: z.strictObject({ seat: SeatIndex }) })),
    forfeit: z
      .literal(true)
      .openapi({ description: 'The seat forfeited: a platform entry, not a game action (skip it when replaying)' }),
  })
  .openapi('ForfeitEntry');

/** An abort or a step of a take-back: a platform entry, the same in every game. */
const PlatformEntrySchema = z
  .strictObject({
    ...EntryBase,
    action: PlatformActionSchema,
    events: z.array(PlatformEventSchema),
    platform: z.literal(true).openapi({
      description:
        'Not a game action: skip it when replaying, except `take_back`, which returns to the state at version `to`',
    }),
  })
  .openapi('PlatformEntry');

export const LogSchema = z
  .strictObject({
    game: GameIdField,
    version: z.number().int(),
    ...GameEndFields,
    entries: z.array(z.union([LogEntrySchema.openapi('LogEntry'), ForfeitEntrySchema, PlatformEntrySchema])),
  })
  .openapi('Log');

const SETUP_DESCRIPTION =
  'The game as dealt at version 0 (opening hands, first market, first tiles), seen by all, as the server recorded it when the game started: a replay set up from the seed must find the same (docs/fairness.md); null for games started before the setup was kept';
const SetupField = z.unknown().nullable().openapi({ description: SETUP_DESCRIPTION });

/** One entry of the export: an action of the game, or the platform's (a forfeit, an abort, a take-back step). */
const exportEntrySchema = <A extends z.ZodType>(action: A) =>
  z.strictObject({
    seat: SeatIndex,
    action,
    level: BotLevelSchema.optional().openapi({ description: 'The bot chose this action, at this level' }),
    timeout: z.literal(true).optional(),
    forfeit: z
      .literal(true)
      .optional()
      .openapi({ description: 'Not a game action: skip it when replaying with the engine' }),
    platform: z.literal(true).optional().openapi({
      description:
        'An abort or a take-back step: skip it when replaying, except `take_back`, after which the game is as it was at version `action.to`',
    }),
    events: z.array(LogEventSchema).openapi({
      description:
        "The entry's events, none redacted (the game has ended): a replay must emit the same, every card drawn and die rolled",
    }),
  });

export const ExportSchema = z
  .strictObject({
    game: z.string(),
    rulesRevision: z.string().nullable().openapi({
      description:
        "The revision of the game's rules it was played under (docs/fairness.md); null for games made before revisions were kept",
    }),
    options: z.unknown(),
    players: z.array(SeatSchema),
    seed: z.string(),
    seedCommitment: z.string(),
    setup: SetupField,
    actions: z.array(exportEntrySchema(ActionSchema).openapi('ExportEntry')),
    outcome: OutcomeAnswerSchema.nullable(),
  })
  .openapi('Export');

export const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/)
    .optional()
    .openapi({
      param: { name: 'idempotency-key', in: 'header' },
      description: 'Retrying with the same key returns the first answer and appends nothing',
    }),
});

/** One game's view answer: the common envelope with the game's id, its view and its own actions. */
export const viewAnswerSchema = (def: AnyGame, view: z.ZodType) =>
  z.strictObject({
    ...ViewSchema.shape,
    game: z.literal(def.id),
    view,
    legalActions: z
      .array(actionOf(def))
      .openapi({ description: 'Every action the caller may post now; empty when not to act' }),
  });

/** One game's log answer: the common envelope with the game's id, its own actions and events. */
export const logAnswerSchema = (def: AnyGame, event: z.ZodType) =>
  z.strictObject({
    ...LogSchema.shape,
    game: z.literal(def.id),
    entries: z.array(
      z.union([
        z.strictObject({ ...LogEntrySchema.shape, action: actionOf(def).optional(), events: z.array(event) }),
        ForfeitEntrySchema,
        PlatformEntrySchema,
      ]),
    ),
  });

/**
 * The view answer per game, discriminated by `game`: the game's published view, and its own
 * action schema for `legalActions`. TypeScript sees the common shape (the wire shape is the union).
 */
export function gameViewSchema(games: readonly AnyGame[]): typeof ViewSchema {
  const members = published(games).map(({ def, schemas }) =>
    viewAnswerSchema(def, schemas.view).openapi(`${pascal(def.id)}ViewAnswer`),
  );
  return byGame('game', members, ViewSchema).openapi('GameView') as unknown as typeof ViewSchema;
}

/** The log answer per game, discriminated by `game`, with the game's published events. */
export function gameLogSchema(games: readonly AnyGame[]): typeof LogSchema {
  const members = published(games).map(({ def, schemas }) =>
    logAnswerSchema(def, schemas.event).openapi(`${pascal(def.id)}LogAnswer`),
  );
  return byGame('game', members, LogSchema).openapi('GameLog') as unknown as typeof LogSchema;
}

/** The action post of every catalog game: `action` is any game's action (the game is known only once the game is loaded). */
export function gameActionPostSchema(games: readonly AnyGame[]): typeof ActionPostSchema {
  const actions = published(games).map(({ def }) => byReference(actionOf(def)));
  const [first, ...rest] = actions;
  const action = first
    ? z.union([first, ...rest]).openapi('GameAction', {
        description:
          "One of legalActions, posted back unchanged: an action of the game's own schema (the view's `game` names it)",
      })
    : ActionSchema;
  return z
    .strictObject({ ...ActionPostSchema.shape, action })
    .openapi('ActionPost') as unknown as typeof ActionPostSchema;
}

/** One game's export: the common one with the game's id, its setup in the game's view. */
export const exportAnswerSchema = (def: AnyGame, view: z.ZodType) =>
  z.strictObject({
    ...ExportSchema.shape,
    game: z.literal(def.id),
    // A union, not .nullable(): the view stays a reference to its component.
    setup: z.union([view, z.null()]).openapi({ description: SETUP_DESCRIPTION }),
  });

/**
 * The export per game, discriminated by `game`: its options, its setup in the game's published
 * view, and its actions beside the platform's.
 */
export function gameExportSchema(games: readonly AnyGame[]): typeof ExportSchema {
  const members = published(games).map(({ def, schemas }) =>
    exportAnswerSchema(def, schemas.view)
      .extend({
        options: optionsOf(def),
        actions: z.array(
          exportEntrySchema(z.union([byReference(actionOf(def)), ForfeitActionSchema, PlatformActionSchema])),
        ),
      })
      .openapi(`${pascal(def.id)}Export`),
  );
  return byGame('game', members, ExportSchema).openapi('GameExport') as unknown as typeof ExportSchema;
}
