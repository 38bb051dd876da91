/** The schemas of finishing games and take-backs, and the platform entries they log. */
import * as z from '../openapi-zod.js';
import { SeatIndex } from '../schemas.js';

export const TakebackSchema = z
  .strictObject({
    seat: SeatIndex.openapi({ description: 'Who asked' }),
    undoes: z.number().int().openapi({
      description: 'The version of the action to undo: accepted, the game returns to the version before it',
    }),
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

export const FinishingFields = {
  abortable: z.boolean().optional().openapi({
    description: 'While the game runs: no seat has made a second action yet, so any seated player may abort it',
  }),
  canTakeBack: z.boolean().optional().openapi({
    description: 'While the game runs, for a seated player: whether you may ask to take your last action back now',
  }),
  takeback: TakebackSchema.optional(),
  rematch: RematchSchema.optional(),
};

export const ExpectedVersionSchema = z
  .strictObject({
    expectedVersion: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'The version you read: a move since then makes this 409 stale_version' }),
  })
  .openapi('ExpectedVersion');

/** The platform's entries besides forfeits: an abort and the steps of a take-back. */
export const PlatformEventSchema = z.union([
  z.strictObject({ type: z.literal('aborted'), data: z.strictObject({ seat: SeatIndex }) }),
  z.strictObject({
    type: z.literal('takeback_requested'),
    data: z.strictObject({ seat: SeatIndex, undoes: z.number().int() }),
  }),
  z.strictObject({ type: z.literal('takeback_accepted'), data: z.strictObject({ seat: SeatIndex }) }),
  z.strictObject({ type: z.literal('takeback_refused'), data: z.strictObject({ seat: SeatIndex }) }),
  z.strictObject({
    type: z.literal('taken_back'),
    data: z.strictObject({
      seat: SeatIndex,
      to: z.number().int().openapi({ description: 'The game is now as it was at this version' }),
    }),
  }),
]);

export const PlatformActionSchema = z.union([
  z.strictObject({ type: z.enum(['abort', 'accept_takeback', 'refuse_takeback']) }),
  z.strictObject({ type: z.literal('request_takeback'), undoes: z.number().int() }),
  z.strictObject({ type: z.literal('take_back'), to: z.number().int() }),
]);
