import * as z from 'zod';
import { CARD_COLOURS, CARD_TYPES, type CardType } from './map.js';

const Count = z.number().int().min(0).max(200);
export const CardsSchema = z
  .partialRecord(z.enum(CARD_TYPES as [CardType, ...CardType[]]), Count)
  .meta({ description: 'A multiset of train cards, e.g. {"red": 2, "loco": 1}' });
const TicketIds = z.array(z.number().int()).max(10);
const Colour = z.enum(CARD_COLOURS);

export const TtrActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('chooseInitialTickets'), short: z.number().int().min(0).max(4) }).meta({ description: 'Germany: announce the mix of the 4 opening tickets (short; the rest long)' }),
  z.strictObject({ type: z.literal('keepInitialTickets'), tickets: TicketIds }),
  z.strictObject({ type: z.literal('drawFaceUp'), slot: z.number().int().min(0).max(4) }),
  z.strictObject({ type: z.literal('drawBlind') }),
  z.strictObject({ type: z.literal('claimRoute'), route: z.number().int(), cards: CardsSchema }).meta({ description: 'Claim a route; on a tunnel this commits the cards and reveals three' }),
  z.strictObject({ type: z.literal('payTunnel'), cards: CardsSchema }),
  z.strictObject({ type: z.literal('withdrawTunnel') }),
  z.strictObject({ type: z.literal('drawTickets'), short: z.number().int().min(0).max(4).optional() }).meta({ description: 'Germany also names how many short tickets (the rest long)' }),
  z.strictObject({ type: z.literal('keepTickets'), tickets: TicketIds }),
  z.strictObject({ type: z.literal('buildStation'), city: z.string().max(64), cards: CardsSchema }),
  z.strictObject({ type: z.literal('takePassengers'), a: z.string().max(32).nullable(), b: z.string().max(32).nullable() }).meta({ description: 'Germany: one passenger colour (or none) from each end of the route just claimed' }),
]);
export type TtrAction = z.infer<typeof TtrActionSchema>;

export const TtrOptionsSchema = z.object({
  firstPlayer: z
    .union([z.literal('random'), z.number().int().min(0).max(4)])
    .default('random')
    .meta({ description: "Seat that plays first, or 'random' (TTRE-2.10, TTRG-2.8)" }),
});
export type TtrOptions = z.infer<typeof TtrOptionsSchema>;
