/**
 * The lobby (docs/playing.md "Lobby"): public games waiting for players, and "play anyone"
 * seeks: their schemas, routes and handlers.
 */
import * as z from '../openapi-zod.js';
import { BotLevelSchema } from '../../../engine/core/index.js';
import { caller, type AppEnv as Env } from '../env.js';
import { LOBBY_PAGE, OPEN_GAME_DAYS, SEEK_HOURS, UNTIMED, type Lobby } from '../../service/lobby.js';
import { DURATION, MAX_MOVE_TIME_MS, TimeControlSchema, durationMs } from '../../service/time-control.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import { BotAccountMark, GameIdSchema, Timestamp, namesCatalogGame } from '../schemas.js';
import { GameCreateSchema, GameOptionsSchema } from '../games/schemas.js';
import { defineRoute, rateLimitText } from '../answers.js';
import { json, secured } from '../route-content.js';
import { valueOf } from '../problem-response.js';

const PaceSchema = z
  .string()
  .max(40)
  .regex(new RegExp(`^${UNTIMED}$|${DURATION.source}`), {
    message: `"${UNTIMED}", or an ISO 8601 duration in weeks, days, hours, minutes or seconds, e.g. "P3D"`,
  })
  .refine((v) => v === UNTIMED || ((durationMs(v) ?? 0) >= 1000 && (durationMs(v) ?? 0) <= MAX_MOVE_TIME_MS), {
    message: `"${UNTIMED}", or an ISO 8601 duration per move between 1 second and ${MAX_MOVE_TIME_MS / 86_400_000} days, e.g. "P3D"`,
  })
  .openapi({
    description: `The time for each move: an ISO 8601 duration (e.g. "P3D"), or "${UNTIMED}"`,
    example: 'P3D',
  });

const LobbyQuerySchema = z.object({
  game: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      ...namesCatalogGame,
      param: { name: 'game', in: 'query' },
      description: 'Only games of this catalog game',
      example: 'ticket-to-ride-europe',
    }),
  players: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .optional()
    .openapi({ param: { name: 'players', in: 'query' }, description: 'Only games with this many seats' }),
  pace: PaceSchema.optional().openapi({ param: { name: 'pace', in: 'query' }, description: 'Only games at this pace' }),
});

const LobbyGameSchema = z
  .strictObject({
    id: z.string(),
    game: GameIdSchema,
    players: z.number().int().openapi({ description: 'Seats in all' }),
    seated: z.array(z.string()).openapi({ description: 'Names of the people seated so far' }),
    people: z.array(z.strictObject({ name: z.string(), botAccount: BotAccountMark })).openapi({
      description:
        'The people seated so far, in the order of `seated` (which stays, names only, for clients written before this), each with the bot account mark',
    }),
    ratings: z
      .array(
        z
          .strictObject({
            rating: z.number(),
            rd: z
              .number()
              .openapi({ description: 'Rating deviation: the true strength most likely lies within ± 2 RD' }),
          })
          .nullable(),
      )
      .openapi({
        description:
          'Each seated person\'s Glicko-2 rating in this game, in the order of `seated`; null before their first rated game of it (docs/playing.md "Ratings")',
      }),
    freeSeats: z.number().int(),
    bots: z.number().int(),
    botLevels: z
      .array(BotLevelSchema)
      .openapi({ description: "Each bot seat's level, in seat order (as many as `bots`)" }),
    standInLevel: BotLevelSchema.meta({
      description: 'The level of the bot that plays for a person after a timeout or a forfeit',
    }),
    options: GameOptionsSchema,
    pace: z.string().openapi({ description: `The time per move, "${UNTIMED}", or "bank" for a bank time control` }),
    timeControl: TimeControlSchema.optional(),
    createdAt: Timestamp,
    expiresAt: Timestamp.openapi({ description: 'When it is closed if seats are still open' }),
    yours: z.boolean().openapi({ description: 'You hold a seat in it already' }),
  })
  .openapi('LobbyGame');

const LobbySchema = z
  .strictObject({ games: z.array(LobbyGameSchema).openapi({ description: `Newest first, at most ${LOBBY_PAGE}` }) })
  .openapi('Lobby');

const SeekCreateSchema = z
  .strictObject({
    game: GameCreateSchema.shape.game,
    players: z.number().int().min(2).max(16).openapi({ description: 'Seats of the game to make, all for people' }),
    pace: PaceSchema,
  })
  .openapi('SeekCreate');

const SeekSchema = z
  .strictObject({
    id: z.string(),
    game: GameIdSchema,
    players: z.number().int(),
    pace: z.string(),
    createdAt: Timestamp,
    expiresAt: Timestamp.openapi({ description: 'When it lapses unmatched' }),
    status: z.enum(['waiting', 'matched', 'expired']),
    waiting: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'While waiting: players waiting for the same game, seats and pace, you included' }),
    gameId: z.string().optional().openapi({ description: 'Once matched: the game made for the seekers' }),
  })
  .openapi('Seek');

const SeekStateSchema = z.strictObject({ seek: SeekSchema.nullable() }).openapi('SeekState');

const lobbyGame = {
  id: 'Vq2mL8xRt0aZ4kPe',
  game: 'ticket-to-ride-europe',
  players: 3,
  seated: ['Anna'],
  people: [{ name: 'Anna' }],
  ratings: [{ rating: 1621.4, rd: 84.2 }],
  freeSeats: 1,
  bots: 1,
  botLevels: ['hard'],
  standInLevel: 'medium',
  options: { firstPlayer: 'random' },
  pace: 'P3D',
  timeControl: { perMove: 'P3D', onTimeout: 'bot', reminderAt: 0.8 },
  createdAt: '2026-11-24T02:22:10.441Z',
  expiresAt: '2026-12-01T02:22:10.441Z',
  yours: false,
};
const seek = {
  id: 'Hk3vQ9LmZx2Pw7Ra',
  game: 'ticket-to-ride-europe',
  players: 2,
  pace: 'P1D',
  createdAt: '2026-11-24T02:30:00.000Z',
  expiresAt: '2026-11-25T02:30:00.000Z',
};

export const lobbyRoutes = {
  listLobby: defineRoute(
    {
      operationId: 'listLobby',
      method: 'get',
      path: '/v1/lobby',
      tags: ['games'],
      summary: 'Public games waiting for players, newest first',
      description:
        `Public games with open seats, newest first (at most ${LOBBY_PAGE}), filtered by catalog game, seat count and pace. Join one with POST /v1/games/{id}/join, no invite code needed. ` +
        `A public game not full ${OPEN_GAME_DAYS} days after it was made is closed (it ends as aborted, never started).`,
      security: secured,
      request: { query: LobbyQuerySchema },
      responses: { 200: json(LobbySchema, 'The public games waiting for players', { games: [lobbyGame] }) },
    },
    { problems: { unknown_game: 'No such game in the catalog' } },
  ),
  createSeek: defineRoute(
    {
      operationId: 'createSeek',
      method: 'post',
      path: '/v1/seeks',
      tags: ['games'],
      summary: 'Play anyone: wait to be matched for a game, seat count and pace',
      description:
        'You wait with everyone seeking the same game, seat count and pace; as soon as there are enough of you, a public game starts with you all seated in the order you came ' +
        `(the game's default options; a seat out of time is played by the bot). One seek at a time; it lapses unmatched after ${SEEK_HOURS} hours. ` +
        'The answer is your seek, `matched` with its `gameId` when you completed a table.\n\n' +
        rateLimitText('seek'),
      security: secured,
      request: {
        body: {
          required: true,
          content: {
            'application/json': {
              schema: SeekCreateSchema,
              example: { game: 'ticket-to-ride-europe', players: 2, pace: 'P1D' },
            },
          },
        },
      },
      responses: { 201: json(SeekSchema, 'Your seek', { ...seek, status: 'waiting', waiting: 1 }) },
    },
    {
      scope: 'play',
      limited: 'seek',
      location: 'Your seek, /v1/seeks/current',
      problems: {
        unknown_game: 'No such game in the catalog',
        invalid_players: 'The game does not take that many players',
        already_seeking: 'You are seeking already',
        busy: 'Too many players sought at once; retry',
      },
    },
  ),
  currentSeek: defineRoute(
    {
      operationId: 'getSeek',
      method: 'get',
      path: '/v1/seeks/current',
      tags: ['games'],
      summary: 'Your seek: waiting, matched (with its game) or lapsed; null when you have none',
      description:
        'Poll it while waiting: once matched, `gameId` names your game (it is among your games too). `seek` is null when you have not sought, or withdrew your seek.',
      security: secured,
      responses: {
        200: json(SeekStateSchema, 'Your seek, or null', {
          seek: { ...seek, status: 'matched', gameId: 'Vq2mL8xRt0aZ4kPe' },
        }),
      },
    },
    { problems: {} },
  ),
  cancelSeek: defineRoute(
    {
      operationId: 'cancelSeek',
      method: 'delete',
      path: '/v1/seeks/current',
      tags: ['games'],
      summary: 'Withdraw your waiting seek',
      description: `A seek that was matched meanwhile stays: 409 seek_matched with the game's \`gameId\`.\n\n${rateLimitText('seek')}`,
      security: secured,
      responses: { 204: { description: 'Withdrawn' } },
    },
    {
      scope: 'play',
      limited: 'seek',
      problems: {
        not_found: 'You have no waiting seek',
        seek_matched: 'It was matched: see `gameId`',
        busy: 'Too many players sought at once; retry',
      },
    },
  ),
};

/** The handlers; authentication and scopes run before (app.ts, answers.ts). */
export function lobbyApp(lobby: Lobby) {
  return new OpenAPIHono<Env>()
    .openapi(lobbyRoutes.listLobby, async (c) =>
      c.json({ games: valueOf(await lobby.list(caller(c), c.req.valid('query'))) }, 200),
    )
    .openapi(lobbyRoutes.createSeek, async (c) =>
      c.json(valueOf(await lobby.seek(caller(c), c.req.valid('json'))), 201, { Location: '/v1/seeks/current' }),
    )
    .openapi(lobbyRoutes.currentSeek, async (c) => c.json({ seek: await lobby.current(caller(c)) }, 200))
    .openapi(lobbyRoutes.cancelSeek, async (c) => {
      valueOf(await lobby.cancel(caller(c)));
      return c.body(null, 204);
    });
}
