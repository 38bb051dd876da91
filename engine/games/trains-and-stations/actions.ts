/** Actions ACT-1…ACT-17 (spec §16.2) and the game options. Chat (ACT-18) is a platform feature, not an engine action. */
import * as z from 'zod';
import { BUILDINGS, GOODS } from './board.js';

const DieId = z.number().int().min(0).max(59);
const DieIds = z.array(DieId).max(20);
const CardId = z.string().min(1).max(32);
const RouteId = z.string().min(1).max(32);
const Seat = z.number().int().min(0).max(4);
const Building = z.enum(BUILDINGS);
const Good = z.enum(GOODS);

export const TsActionSchema = z.discriminatedUnion('type', [
  z
    .strictObject({ type: z.literal('keep_special_cards'), cards: z.array(CardId).max(3) })
    .meta({ description: 'ACT-1: the two dealt special cards to keep (sealed)' }),
  z
    .strictObject({ type: z.literal('roll'), bonus: z.number().int().min(0).max(10), keep: DieIds })
    .meta({ description: 'ACT-2: roll, with this many held bonus dice, keeping the faces of these saved dice' }),
  z
    .strictObject({ type: z.literal('recall') })
    .meta({ description: 'ACT-3: take back every own die from the board (5 or more there)' }),
  z
    .strictObject({ type: z.literal('reroll'), dice: DieIds })
    .meta({ description: 'ACT-4: pay 1 coin and re-roll these dice' }),
  z.strictObject({ type: z.literal('stop_rolling') }).meta({ description: 'ACT-5' }),
  z
    .strictObject({ type: z.literal('place_train'), die: DieId, space: z.string().min(1).max(32) })
    .meta({ description: 'ACT-6' }),
  z
    .strictObject({ type: z.literal('build'), building: Building, dice: DieIds, city: z.string().min(1).max(32) })
    .meta({ description: 'ACT-7: three dice showing the building' }),
  z
    .strictObject({ type: z.literal('take_coins'), dice: DieIds })
    .meta({ description: 'ACT-8: dice showing COIN, 2 coins each up to 5' }),
  z
    .strictObject({ type: z.literal('end_resolution'), save: DieIds })
    .meta({ description: 'ACT-9: end Step 3, saving these own dice' }),
  z
    .strictObject({ type: z.literal('order_deliveries'), routes: z.array(RouteId).max(40) })
    .meta({ description: 'ACT-10: the order of every complete route' }),
  z.strictObject({ type: z.literal('break_tie'), route: RouteId, winner: Seat }).meta({ description: 'ACT-11' }),
  z
    .strictObject({
      type: z.literal('allocate_goods'),
      route: RouteId,
      space: Building,
      buildings: z.array(z.number().int().min(0)).max(45),
    })
    .meta({
      description: 'ACT-12: the buildings that get the last cards of a short deck',
    }),
  z.strictObject({ type: z.literal('reveal_tasks'), cards: z.array(CardId).max(20) }).meta({
    description:
      'ACT-13 (manual tasks variant): fulfilled task cards to reveal, at most one per city pair; [] passes (sealed)',
  }),
  z
    .strictObject({ type: z.literal('choose_upgrade'), space: Building, good: Good.optional() })
    .meta({ description: 'ACT-14: good only when the hotel offers two' }),
  z
    .strictObject({
      type: z.literal('speculate'),
      goods: z.partialRecord(Good, z.number().int().min(0).max(60)),
      specials: z.array(CardId).max(20),
    })
    .meta({
      description: 'ACT-15: offer goods cards (by type and count) and special goods cards (sealed)',
    }),
  z.strictObject({ type: z.literal('speculate_pass') }).meta({ description: 'ACT-16 (sealed)' }),
  z
    .strictObject({ type: z.literal('allocate_speculation'), shares: z.array(z.number().int().min(0).max(10)).max(5) })
    .meta({
      description: 'ACT-17: cards of the new good for each seat, by seat index',
    }),
]);
export type TsAction = z.infer<typeof TsActionSchema>;
export type ActionOf<T extends TsAction['type']> = Extract<TsAction, { type: T }>;

export const TsOptionsSchema = z.strictObject({
  conductor: z
    .union([z.literal('random'), z.number().int().min(0).max(4)])
    .default('random')
    .meta({ description: "Seat of the conductor, who plays first, or 'random' (TS-2.7, AMB-34)" }),
  manualTasks: z.boolean().default(false).meta({
    description:
      'Players reveal fulfilled tasks themselves in a secret window for all seats (DP-8) instead of automatically (AMB-12)',
  }),
});
export type TsOptions = z.infer<typeof TsOptionsSchema>;
