/** API actions (§16.2) and game options. */
import * as z from 'zod';
import { LaneSchema, SymSchema } from './data.js';

const CardId = z.string().min(1).max(16);
const Source = z.enum(['HAND', 'MARKET']);
const Steps = z.number().int().min(1).max(5);

export const VntActionSchema = z.discriminatedUnion('type', [
  z
    .strictObject({ type: z.literal('choose_start_side'), side: z.union([z.literal(0), z.literal(1)]) })
    .meta({ description: 'DP-1: the starting player turns a side of the start card up' }),
  z
    .strictObject({ type: z.literal('choose_track'), lane: LaneSchema })
    .meta({ description: 'DP-2: take a free start field' }),
  z
    .strictObject({ type: z.literal('place_card'), source: Source, cardId: CardId })
    .meta({ description: 'DP-3: the card goes upright into the lowest empty slot' }),
  z
    .strictObject({ type: z.literal('resolve_gains'), decline: z.array(z.number().int().min(0).max(1)).max(2) })
    .meta({ description: 'DP-4 (3 players): indices of the pending symbols to decline for a coin each' }),
  z
    .strictObject({
      type: z.literal('curve_move'),
      steps: Steps,
      symbol: SymSchema.optional(),
      decline: z.literal(true).optional(),
    })
    .meta({
      description:
        'DP-5: free slower-locomotive move; `symbol` picks one of two, `decline` (3p, opponent’s turn) takes a coin instead',
    }),
  z.strictObject({ type: z.literal('curve_skip') }),
  z
    .strictObject({ type: z.literal('slow_move'), steps: Steps, symbol: SymSchema.optional() })
    .meta({ description: 'Free action, 1 coin: move the slower locomotive 1–5 stations' }),
  z
    .strictObject({ type: z.literal('second_card'), source: Source, cardId: CardId })
    .meta({ description: 'Free action, 1 coin: place another card' }),
  z
    .strictObject({ type: z.literal('discard_a'), cardId: CardId })
    .meta({ description: 'Free action: remove an A card from your hand for 1 coin' }),
  z
    .strictObject({ type: z.literal('any_symbol'), row: SymSchema })
    .meta({ description: 'Free action, 2 coins, once per game: tick the leftmost box of a row' }),
  z.strictObject({ type: z.literal('end_turn') }),
  z.strictObject({ type: z.literal('pass') }).meta({ description: 'DP-7: no final free action' }),
]);
export type VntAction = z.infer<typeof VntActionSchema>;

export const VntOptionsSchema = z.strictObject({
  sheet: z.enum(['I', 'II']).default('I').meta({ description: 'Scoring sheet side for every player (VNT-2.2)' }),
  startingPlayer: z
    .union([z.literal('random'), z.number().int().min(0).max(2)])
    .default('random')
    .meta({ description: "Seat holding the starting-player card, or 'random' (VNT-2.3)" }),
});
export type VntOptions = z.infer<typeof VntOptionsSchema>;
