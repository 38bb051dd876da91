/** The schemas of challenges: what makes one, and a challenge as its two parties read it. */
import * as z from '../openapi-zod.js';
import { CHALLENGE_STATUSES, DECLINE_REASONS, SEAT_CHOICES } from '../../domain/challenge.js';
import { TimeControlSchema } from '../../service/time-control.js';
import { GameCreateSchema } from '../games/schemas.js';
import { cursor } from '../profiles/schemas.js';
import { BotAccountMark, Timestamp, pageSchema } from '../schemas.js';

const PlayerId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const ChallengeCreateSchema = z
  .strictObject({
    opponent: PlayerId.openapi({ description: 'The player id of whom you challenge (a person or a bot account)' }),
    game: GameCreateSchema.shape.game,
    options: GameCreateSchema.shape.options,
    timeControl: GameCreateSchema.shape.timeControl,
    seat: z.enum(SEAT_CHOICES).optional().openapi({
      description:
        "Your seat: 'first' (seat 0), 'second' (seat 1), or 'random' (the default), drawn when the challenge is accepted",
    }),
  })
  .openapi('ChallengeCreate');

const PartySchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    botAccount: BotAccountMark.openapi({
      description: 'A bot account (docs/accounts.md "Bot accounts") when the challenge was made; absent for people',
    }),
  })
  .openapi('ChallengeParty');

export const ChallengeSchema = z
  .strictObject({
    id: z.string(),
    status: z.enum([...CHALLENGE_STATUSES, 'expired']).openapi({
      description: "'pending' until answered; 'expired' when nobody answered it by `expiresAt`",
    }),
    challenger: PartySchema,
    opponent: PartySchema,
    game: z.string().openapi({ description: 'The catalog game' }),
    options: z.record(z.string(), z.unknown()).openapi({ description: "The game's options, as the game parsed them" }),
    timeControl: TimeControlSchema.optional(),
    seat: z.enum(SEAT_CHOICES).openapi({ description: "The challenger's seat" }),
    createdAt: Timestamp,
    expiresAt: Timestamp.openapi({ description: 'When it expires if nobody answers it' }),
    settledAt: Timestamp.optional().openapi({ description: 'When it was accepted, declined or canceled' }),
    gameId: z.string().optional().openapi({ description: 'Once accepted: the game it started' }),
    reason: z.enum(DECLINE_REASONS).optional().openapi({ description: 'Once declined: why' }),
  })
  .openapi('Challenge');

export const CHALLENGE_PAGE = { min: 1, max: 100, default: 50 };

export const ChallengeListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(CHALLENGE_PAGE.min)
    .max(CHALLENGE_PAGE.max)
    .default(CHALLENGE_PAGE.default)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Challenges per page' }),
  cursor,
});

export const ChallengePageSchema = pageSchema(
  ChallengeSchema,
  'Newest first: the ones you made and the ones made to you',
).openapi('ChallengePage');

export const DeclineSchema = z
  .strictObject({
    reason: z.enum(DECLINE_REASONS).optional().openapi({
      description:
        "Why, for the challenger's client to word: 'generic' (the default), 'later', 'notThisGame', 'tooFast', 'tooSlow'",
    }),
  })
  .openapi('ChallengeDecline');
