import * as z from 'zod';
import { CARD_TYPES, type CardType } from './map.js';

const Count = z.number().int().min(0).max(200);
export const CardsSchema = z
  .partialRecord(z.enum(CARD_TYPES as [CardType, ...CardType[]]), Count)
  .meta({ description: 'A multiset of train cards, e.g. {"red": 2, "loco": 1}' });
const TicketIds = z.array(z.number().int()).max(10);

export const TtrActionSchema = z.discriminatedUnion('type', [
  z
    .strictObject({ type: z.literal('choose_initial_tickets'), short: z.number().int().min(0).max(4) })
    .meta({ description: 'Germany: announce the mix of the 4 opening tickets (short; the rest long)' }),
  z.strictObject({ type: z.literal('keep_initial_tickets'), tickets: TicketIds }),
  z.strictObject({ type: z.literal('draw_face_up'), slot: z.number().int().min(0).max(4) }),
  z.strictObject({ type: z.literal('draw_blind') }),
  z
    .strictObject({ type: z.literal('claim_route'), route: z.number().int(), cards: CardsSchema })
    .meta({ description: 'Claim a route; on a tunnel this commits the cards and reveals three' }),
  z.strictObject({ type: z.literal('pay_tunnel'), cards: CardsSchema }),
  z.strictObject({ type: z.literal('withdraw_tunnel') }),
  z
    .strictObject({ type: z.literal('draw_tickets'), short: z.number().int().min(0).max(4).optional() })
    .meta({ description: 'Germany also names how many short tickets (the rest long)' }),
  z.strictObject({ type: z.literal('keep_tickets'), tickets: TicketIds }),
  z.strictObject({ type: z.literal('build_station'), city: z.string().max(64), cards: CardsSchema }),
  z
    .strictObject({
      type: z.literal('take_passengers'),
      a: z.string().max(32).nullable(),
      b: z.string().max(32).nullable(),
    })
    .meta({ description: 'Germany: one passenger colour (or none) from each end of the route just claimed' }),
]);
export type TtrAction = z.infer<typeof TtrActionSchema>;

export const TtrOptionsSchema = z.strictObject({
  firstPlayer: z
    .union([z.literal('random'), z.number().int().min(0).max(4)])
    .default('random')
    .meta({ description: "Seat that plays first, or 'random' (TTRE-2.10, TTRG-2.8)" }),
});
export type TtrOptions = z.infer<typeof TtrOptionsSchema>;
