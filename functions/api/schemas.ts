import { z } from '@hono/zod-openapi';
import { OutcomeSchema } from '../../engine/core/index.js';

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

const Name = z.string().trim().min(1).max(64);
const Email = z.email().max(254);

export const PlayerCreateSchema = z.strictObject({ name: Name, email: Email.optional() }).openapi('PlayerCreate');
export const PlayerCreatedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    token: z.string().meta({ description: 'Bearer token; shown only here, stored only as a hash' }),
  })
  .openapi('PlayerCreated');
export const PlayerSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string().optional(), createdAt: z.string() })
  .openapi('Player');
export const PlayerPatchSchema = z
  .strictObject({ name: Name.optional(), email: Email.nullable().optional().meta({ description: 'null removes the address' }) })
  .openapi('PlayerPatch');

export const GameStatusSchema = z.enum(['open', 'active', 'finished', 'aborted']);

export const GameCreateSchema = z
  .strictObject({
    game: z.string().min(1).max(64).meta({ description: 'A game id from the catalog', example: 'ticket-to-ride-europe' }),
    players: z.number().int().min(1).max(16).meta({ description: 'Number of seats, including yours and the bots' }),
    options: z.record(z.string(), z.unknown()).optional().meta({ description: "The game's options (see the catalog's JSON Schema)" }),
    bots: z.number().int().min(0).max(15).optional().meta({ description: "Seats filled with the game's bot" }),
  })
  .openapi('GameCreate');

export const SeatSchema = z
  .object({ seat: SeatIndex, name: z.string().nullable(), bot: z.boolean(), playerId: z.string().nullable() })
  .openapi('Seat');

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

export const ViewSchema = z
  .object({
    version: z.number().int(),
    toAct: z.array(SeatIndex),
    view: z.unknown().meta({ description: 'What the caller may see; its shape is per game' }),
    legalActions: z.array(ActionSchema).meta({ description: 'Every action the caller may post now; empty when not to act' }),
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

export const LogSchema = z
  .object({
    version: z.number().int(),
    entries: z.array(
      z
        .object({
          version: z.number().int(),
          seat: SeatIndex,
          bot: z.boolean(),
          at: z.string(),
          action: ActionSchema.optional().meta({ description: 'Shown to the seat that acted, and to all after the end' }),
          events: z.array(z.object({ type: z.string(), data: z.record(z.string(), z.unknown()).optional() })),
        })
        .openapi('LogEntry'),
    ),
  })
  .openapi('Log');

export const ExportSchema = z
  .object({
    game: z.string(),
    options: z.unknown(),
    players: z.array(SeatSchema),
    seed: z.string(),
    seedCommitment: z.string(),
    actions: z.array(z.object({ seat: SeatIndex, action: ActionSchema })),
    outcome: OutcomeSchema.nullable(),
  })
  .openapi('Export');

export const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/)
    .optional()
    .openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'Retrying with the same key returns the first answer and appends nothing' }),
});
