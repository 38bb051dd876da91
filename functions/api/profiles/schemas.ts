/** Shapes of profiles, leaderboards and the search of finished public games. */
import * as z from '../openapi-zod.js';
import { BotAccountMark, GameIdSchema, SeatIndex, namesCatalogGame, pageSchema } from '../schemas.js';
import { isCursor } from '../pagination.js';

const Timestamp = z.iso.datetime();
const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const GameId = z.string().regex(/^[a-z0-9-]{1,64}$/);

export const FINISHED_PAGE = { min: 1, max: 50, default: 20 };
export const BOARD_PAGE = { min: 1, max: 100, default: 50 };

export const PlayerIdParamSchema = z.object({
  playerId: Id.openapi({ param: { name: 'playerId', in: 'path' }, example: '67yeJhdN_7Vz1Q6p' }),
});

export const BoardParamSchema = z.object({
  game: GameId.openapi({
    ...namesCatalogGame,
    param: { name: 'game', in: 'path' },
    description: 'A catalog game: each is its own rating',
    example: 'ticket-to-ride-europe',
  }),
});

const limit = (page: typeof FINISHED_PAGE, what: string) =>
  z.coerce
    .number()
    .int()
    .min(page.min)
    .max(page.max)
    .default(page.default)
    .openapi({ param: { name: 'limit', in: 'query' }, description: what });
export const cursor = z
  .string()
  .max(256)
  .refine(isCursor, 'not a cursor of this listing')
  .optional()
  .openapi({
    param: { name: 'cursor', in: 'query' },
    description: 'The `next` of the previous page (opaque); without it, the first page',
  });

export const BoardQuerySchema = z.object({ limit: limit(BOARD_PAGE, 'Rows') });
export const PageQuerySchema = z.object({ limit: limit(FINISHED_PAGE, 'Games per page'), cursor });
export const SearchQuerySchema = z.object({
  game: GameId.optional().openapi({
    ...namesCatalogGame,
    param: { name: 'game', in: 'query' },
    description: 'Only games of this catalog game',
  }),
  player: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { name: 'player', in: 'query' },
      description: 'Only games with a seat whose name contains this (any case)',
    }),
  limit: limit(FINISHED_PAGE, 'Games per page'),
  cursor,
});

export const RatingSchema = z
  .strictObject({
    game: GameIdSchema,
    rating: z.number().openapi({ description: 'Glicko-2 rating (1500 to start)' }),
    rd: z.number().openapi({
      description:
        'Rating deviation: the rating is likely within about two of these (350 to start; it shrinks with games played)',
    }),
    games: z.number().int().min(1).openapi({ description: 'Rated games played' }),
    lastChange: z.number().openapi({ description: 'What the last rated game changed' }),
    lastPlayedAt: Timestamp,
  })
  .openapi('Rating');

export const ProfileSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    botAccount: z.literal(true).optional().openapi({
      description: 'A bot account: a program plays under it (docs/accounts.md "Bot accounts"); absent for people',
    }),
    ratings: z
      .array(RatingSchema)
      .openapi({ description: 'One per game the player was rated in; only games between people count' }),
  })
  .openapi('PublicProfile', {
    description: 'What anyone signed in may see of a player: never addresses, tokens or settings',
  });

export const FinishedSeatSchema = z
  .strictObject({
    seat: SeatIndex,
    name: z.string().nullable(),
    playerId: z
      .string()
      .nullable()
      .openapi({ description: 'The profile of the person who held it; null for a bot or a deleted account' }),
    bot: z.boolean(),
    botAccount: BotAccountMark,
    place: z.number().int().min(1).openapi({ description: '1 = winner; tied seats share a place' }),
    score: z.number(),
    forfeited: z.boolean().openapi({ description: 'Resigned or forfeited: ranked after every seat still playing' }),
  })
  .openapi('FinishedSeat');

export const FinishedGameSchema = z
  .strictObject({
    id: z.string(),
    game: GameIdSchema,
    finishedAt: Timestamp,
    seats: z.array(FinishedSeatSchema),
    rated: z.boolean().openapi({
      description:
        'Whether it changed ratings: only games between people do, and not one a seat left before its first action or inside the abort window (RP-RATE-1), nor a second game of the same two people within 24 hours (RP-RATE-2)',
    }),
  })
  .openapi('FinishedGame');

export const FinishedPageSchema = pageSchema(FinishedGameSchema, 'Newest first', { filtered: true }).openapi(
  'FinishedGamePage',
);

export const LeaderboardSchema = z
  .strictObject({
    game: GameIdSchema,
    rows: z.array(
      z.strictObject({
        place: z.number().int().min(1),
        playerId: z.string(),
        name: z.string().openapi({ description: 'The name at the last rated game' }),
        botAccount: z.literal(true).optional().openapi({
          description:
            'A bot account (docs/accounts.md "Bot accounts"), as its seat in the last rated game said; absent for people',
        }),
        rating: z.number(),
        rd: z.number(),
        games: z.number().int().min(1),
      }),
    ),
  })
  .openapi('Leaderboard');
