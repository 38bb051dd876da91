/**
 * The published shapes of Trains & Stations' view (§17) and log events. `TsView` is
 * derived from `TsViewSchema`, so the view and its schema cannot drift. The state types the view hands
 * out unchanged (dice, buildings, goods spaces, offers) are tied both ways: each schema `satisfies`
 * its type here, and view.ts returns the state's values as the derived type.
 */
import * as z from 'zod';
import { OutcomeSchema } from '../../core/index.js';
import { BUILDINGS, FACES, GOODS } from './board.js';
import type { Building, Die, GoodsSpace, Offer } from './state.js';

const Seat = z.number().int().min(0);
const Count = z.number().int().min(0);
const Id = z.string().min(1);
const Good = z.enum(GOODS);
const BuildingType = z.enum(BUILDINGS);
const Face = z.enum(FACES);
const Committed = z.array(z.boolean()).meta({
  description: 'Per seat: whether it has committed its sealed choice (the choice itself stays hidden, TS-17.5)',
});

export const TsDieSchema = z
  .strictObject({
    owner: Seat.nullable().meta({ description: 'Seat of the colour; null for a white bonus die' }),
    zone: z.enum(['pool', 'saved', 'held', 'supply', 'play', 'track']).meta({
      description:
        'Own dice: pool, saved, play, track. White dice: supply (common), held (by `holder`), play (rolled by the active player), track',
    }),
    face: Face.nullable().meta({ description: 'Shown while saved or in play; null elsewhere' }),
    space: Id.nullable().meta({ description: 'Track space, in zone `track`' }),
    holder: Seat.nullable().meta({ description: 'The seat holding or rolling a white die' }),
  })
  .meta({
    id: 'TsDie',
    description: 'One die; its index in `dice` is its id (seat s owns dice 8s…8s+7, the white dice follow)',
  }) satisfies z.ZodType<Die>;

export const TsBuildingSchema = z.strictObject({ id: Count, owner: Seat, type: BuildingType, city: Id }).meta({
  id: 'TsBuilding',
  description: 'A building on a city site; `id` is its index in `buildings`',
}) satisfies z.ZodType<Building>;

export const TsGoodsSpaceSchema = z
  .strictObject({
    good: Good.meta({
      description: 'The good on the space, or the one whose deck ran out while the space waits for an upgrade',
    }),
    count: Count.meta({ description: 'Cards left in its deck' }),
    dead: z.boolean().meta({ description: 'No upgrade is possible any more (TS-8.4)' }),
  })
  .meta({ id: 'TsGoodsSpace' }) satisfies z.ZodType<GoodsSpace>;

const GoodsCounts = z.record(Good, Count).meta({ description: 'Cards per good (cards of one good are identical)' });

export const TsOfferSchema = z
  .strictObject({
    goods: z.partialRecord(Good, z.number().int().min(1)).meta({ description: 'Goods cards offered, by good' }),
    specials: z.array(Id).meta({ description: 'Special goods cards offered (2 units each)' }),
  })
  .meta({ id: 'TsOffer', description: 'A speculation offer (TS-9.2)' }) satisfies z.ZodType<Offer>;

const OfferOrPass = z.union([TsOfferSchema, z.literal('pass')]);

export const TsPendingSchema = z
  .discriminatedUnion('kind', [
    z
      .strictObject({ kind: z.literal('keep'), committed: Committed })
      .meta({ description: 'DP-1: every seat keeps 2 of its 3 dealt special cards, sealed' }),
    z.strictObject({ kind: z.literal('start') }).meta({ description: 'DP-2: the active player rolls or recalls' }),
    z.strictObject({ kind: z.literal('rolling') }).meta({ description: 'DP-3 (Step 2): re-roll or stop' }),
    z.strictObject({ kind: z.literal('resolve') }).meta({ description: 'DP-4 (Step 3): resolve the dice in play' }),
    z
      .strictObject({ kind: z.literal('order'), routes: z.array(Id) })
      .meta({ description: 'DP-5: order the deliveries of these complete routes' }),
    z
      .strictObject({ kind: z.literal('tie'), route: Id, tied: z.array(Seat) })
      .meta({ description: 'DP-6: pick the majority winner among the tied seats' }),
    z
      .strictObject({
        kind: z.literal('goods'),
        route: Id,
        space: BuildingType,
        buildings: z.array(Count),
        count: Count,
      })
      .meta({ description: 'DP-7: `count` of these buildings (ids) get the last cards of the space' }),
    z
      .strictObject({ kind: z.literal('tasks'), committed: Committed })
      .meta({ description: 'DP-8 (manual tasks): every seat reveals fulfilled tasks, sealed' }),
    z
      .strictObject({
        kind: z.literal('upgrade'),
        options: z.array(z.strictObject({ space: BuildingType, good: Good.nullable() })),
      })
      .meta({ description: 'DP-9: choose the upgrade; good null = the space goes dead' }),
    z
      .strictObject({ kind: z.literal('speculate'), space: BuildingType, good: Good, committed: Committed })
      .meta({ description: 'DP-10: every seat offers or passes, sealed' }),
    z
      .strictObject({ kind: z.literal('share'), space: BuildingType, good: Good, requests: z.array(Count) })
      .meta({ description: 'DP-11: share the short new deck; `requests` are cards asked for, by seat' }),
    z.strictObject({ kind: z.literal('over') }).meta({ description: 'DP-12: the game has ended' }),
  ])
  .meta({ id: 'TsPending', description: 'The single pending decision (spec §16.1), without sealed contents' });
export type PendingView = z.infer<typeof TsPendingSchema>;

export const TsPlayerSchema = z
  .strictObject({
    vp: z.number().int(),
    coins: Count,
    buildingsLeft: z.record(BuildingType, Count).meta({ description: 'Buildings left in the supply, by type' }),
    revealedTasks: z.array(Id).meta({ description: 'Task cards revealed face up (TS-7.8)' }),
    heldBonusDice: Count,
    diceInPool: Count,
    diceOnBoard: Count,
  })
  .meta({ id: 'TsPlayer', description: "A seat's public counters" });
export type PlayerView = z.infer<typeof TsPlayerSchema>;

const handShape = {
  goods: GoodsCounts,
  specials: z.array(Id).meta({ description: 'Special cards in hand, unrevealed tasks included' }),
  dealt: z.array(Id).meta({ description: 'The 3 cards dealt at setup, until DP-1 closes' }),
};

export const TsHandSchema = z.strictObject(handShape).meta({ id: 'TsHand', description: "A seat's hidden cards" });
export type Hand = z.infer<typeof TsHandSchema>;

export const TsYouSchema = z
  .strictObject({
    ...handShape,
    seat: Seat,
    kept: z.array(Id).nullable().meta({ description: 'Own sealed keep (DP-1), null if none' }),
    offer: OfferOrPass.nullable().meta({ description: 'Own sealed speculation (DP-10), null if none' }),
    revealing: z.array(Id).nullable().meta({ description: 'Own sealed task reveal (DP-8), null if none' }),
  })
  .meta({ id: 'TsYou', description: "The viewer's own hidden cards and sealed choices" });

export const TsViewSchema = z
  .strictObject({
    pending: TsPendingSchema,
    toAct: z.array(Seat).meta({ description: 'Seats expected to act now' }),
    active: Seat,
    conductor: Seat.meta({ description: 'The first player; the game ends before their turn (TS-10.4)' }),
    turn: Count.meta({ description: 'Turns started so far (0 during setup)' }),
    round: Count,
    endTriggered: z.boolean().meta({ description: 'The VP supply ran out: the round is played out (TS-10.4)' }),
    roundLimit: z
      .number()
      .int()
      .min(1)
      .nullable()
      .meta({ description: 'RP-TS-1: the game ends after this round even if the VP supply lasts; null: no limit' }),
    vpSupply: Count,
    vpReserve: Count,
    bank: Count.meta({ description: 'Coins in the bank' }),
    specialDeck: Count.meta({ description: 'Special cards left in the deck (order hidden)' }),
    bonusSupply: Count.meta({ description: 'White dice in the common supply' }),
    goodsSpaces: z.record(BuildingType, TsGoodsSpaceSchema),
    usedGoods: z.array(Good).meta({ description: 'Goods whose deck has ever lain on a goods space (TS-8.2)' }),
    unusedGoods: z.array(Good),
    boxedGoods: GoodsCounts.meta({ description: 'Goods cards put in the box by speculation (TS-9.3)' }),
    boxedSpecials: z.array(Id),
    dice: z.array(TsDieSchema),
    buildings: z.array(TsBuildingSchema),
    players: z.array(TsPlayerSchema).meta({ description: 'By seat' }),
    you: TsYouSchema.nullable().meta({ description: 'Null unless the viewer is a seat' }),
    hands: z
      .array(TsHandSchema)
      .nullable()
      .meta({ description: "Every seat's hand: only for the 'all' viewer (after the game)" }),
    outcome: OutcomeSchema.nullable(),
  })
  .meta({ id: 'TsView', description: 'What a viewer may see of a Trains & Stations game (§17)' });
export type TsView = z.infer<typeof TsViewSchema>;

/** A public event: everybody sees `data`. */
const publicEvent = <T extends string, D extends z.ZodRawShape>(type: T, data: D, name: string, description: string) =>
  z.strictObject({ type: z.literal(type), data: z.strictObject(data) }).meta({ id: `Ts${name}Event`, description });

/**
 * A sealed event: only the seats in `visibleTo` see `data`; the others see `redacted`. Both forms
 * carry the same `type`, so one member accepts either data.
 */
function sealedEvent<T extends string, F extends z.ZodRawShape, R extends z.ZodRawShape>(
  type: T,
  full: F,
  open: R,
  name: string,
  description: string,
) {
  const redacted = z
    .strictObject({ type: z.literal(type), data: z.strictObject(open) })
    .meta({ id: `Ts${name}Redacted`, description: `What the other seats see of ${type}` });
  const event = z
    .strictObject({
      type: z.literal(type),
      data: z.union([z.strictObject(full), z.strictObject(open)]),
      visibleTo: z.array(Seat).optional(),
      redacted: redacted.optional(),
    })
    .meta({ id: `Ts${name}Event`, description: `${description}; the other seats see the redacted form` });
  return { event, redacted };
}

const RolledDie = z.strictObject({ die: Count, face: Face });

const TsSpecialsKept = sealedEvent(
  'specials_kept',
  { seat: Seat, cards: z.array(Id) },
  { seat: Seat },
  'SpecialsKept',
  'DP-1: a seat kept these special cards',
);
const TsBonusSpecialCard = sealedEvent(
  'bonus_special_card',
  { seat: Seat, city: Id, card: Id },
  { seat: Seat, city: Id },
  'BonusSpecialCard',
  'TS-7.6: the majority winner drew a special card as a city bonus',
);
const TsTasksCommitted = sealedEvent(
  'tasks_committed',
  { seat: Seat, cards: z.array(Id) },
  { seat: Seat },
  'TasksCommitted',
  'DP-8: a seat chose the tasks to reveal ([] passes)',
);
const TsSpeculationCommitted = sealedEvent(
  'speculation_committed',
  { seat: Seat, offer: OfferOrPass },
  { seat: Seat },
  'SpeculationCommitted',
  'DP-10: a seat committed an offer or a pass',
);

export const TsEventSchema = z
  .discriminatedUnion('type', [
    publicEvent(
      'setup_done',
      { specialDeck: Count, conductor: Seat },
      'SetupDone',
      'DP-1 closed: the deck size after the unkept cards went back, and the conductor (TS-2.5, TS-2.7)',
    ),
    publicEvent('turn_start', { seat: Seat, turn: z.number().int().min(1) }, 'TurnStart', 'A turn begins (TS-3.1)'),
    TsSpecialsKept.event,
    publicEvent(
      'roll',
      { seat: Seat, dice: z.array(RolledDie) },
      'Roll',
      'Step 2: the dice in play after the roll (TS-5.1)',
    ),
    publicEvent(
      'reroll',
      { seat: Seat, dice: z.array(RolledDie) },
      'Reroll',
      'Step 2: the dice in play after a paid re-roll (TS-5.3)',
    ),
    publicEvent(
      'strike',
      { seat: Seat, vp: Count },
      'Strike',
      'TS-5.5: locked trains caused a strike; `vp` actually lost',
    ),
    publicEvent('recall', { seat: Seat }, 'Recall', 'TS-4.1: a seat took back its dice from the board'),
    publicEvent(
      'train_placed',
      { seat: Seat, die: Count, owner: Seat.nullable(), space: Id },
      'TrainPlaced',
      'TS-6.3: a train die went on a track space (owner null: white)',
    ),
    publicEvent(
      'built',
      { seat: Seat, building: BuildingType, city: Id },
      'Built',
      'TS-6.7: a building went on a city site',
    ),
    publicEvent('coins', { seat: Seat, coins: Count }, 'Coins', 'TS-6.13: coins actually taken from the bank'),
    publicEvent(
      'resolution_ended',
      { seat: Seat, saved: z.array(RolledDie) },
      'ResolutionEnded',
      'Step 3 ended, saving these dice (TS-6.14)',
    ),
    publicEvent(
      'delivery_order',
      { routes: z.array(Id) },
      'DeliveryOrder',
      'DP-5: the order of this turn’s deliveries',
    ),
    publicEvent(
      'delivery',
      { route: Id, cities: z.array(Id), dice: z.array(Count).meta({ description: 'Dice on the route, by seat' }) },
      'Delivery',
      'TS-7.4: a route is delivered',
    ),
    publicEvent(
      'completion_vp',
      { seat: Seat, route: Id, vp: Count },
      'CompletionVp',
      'TS-7.5: VP for a die on the delivered route',
    ),
    publicEvent('majority', { route: Id, seat: Seat }, 'Majority', 'TS-7.6: the majority winner of a route'),
    publicEvent('bonus_vp', { seat: Seat, city: Id }, 'BonusVp', 'TS-7.6: 1 VP city bonus'),
    TsBonusSpecialCard.event,
    publicEvent('bonus_die', { seat: Seat, city: Id }, 'BonusDie', 'TS-7.6: a white bonus die as city bonus'),
    publicEvent(
      'bonus_lost',
      { seat: Seat, city: Id, kind: z.enum(['SPECIAL_CARD', 'BONUS_DIE']) },
      'BonusLost',
      'AMB-22: a city bonus is lost, the deck or the white dice being empty',
    ),
    publicEvent(
      'goods_drawn',
      { seat: Seat, good: Good, building: Count, city: Id },
      'GoodsDrawn',
      'TS-7.7: a building drew a goods card',
    ),
    publicEvent(
      'goods_vp',
      { seat: Seat, building: Count, city: Id },
      'GoodsVp',
      'TS-7.7, AMB-14: a building got 1 VP instead of a goods card',
    ),
    publicEvent(
      'task_revealed',
      { seat: Seat, card: Id, cities: z.tuple([Id, Id]), vp: z.number().int().min(1) },
      'TaskRevealed',
      'TS-7.8: a fulfilled task card is turned face up',
    ),
    TsTasksCommitted.event,
    publicEvent(
      'space_dead',
      { space: BuildingType },
      'SpaceDead',
      'TS-8.4: an exhausted goods space can no longer be upgraded',
    ),
    publicEvent(
      'upgrade',
      { space: BuildingType, good: Good, count: Count },
      'Upgrade',
      'TS-8.4: a goods space gets a new deck',
    ),
    TsSpeculationCommitted.event,
    publicEvent(
      'speculation_revealed',
      {
        good: Good,
        offers: z.array(OfferOrPass).meta({ description: 'By seat' }),
        requests: z.array(Count).meta({ description: 'Cards of the new good asked for, by seat' }),
      },
      'SpeculationRevealed',
      'TS-9.3: every offer is revealed and boxed',
    ),
    publicEvent(
      'speculation_share',
      { seat: Seat, good: Good, cards: Count, vp: Count },
      'SpeculationShare',
      'TS-9.4: cards of the new good received, and 1 VP per card asked for and not received',
    ),
    publicEvent(
      'game_over',
      {
        turns: Count,
        roundLimit: z
          .number()
          .int()
          .min(1)
          .optional()
          .meta({ description: 'Present when the round limit ended the game (RP-TS-1), not the VP supply' }),
      },
      'GameOver',
      'TS-10.4: the game has ended',
    ),
  ])
  .meta({ id: 'TsEvent', description: 'A Trains & Stations log event, or the redacted form of a sealed one' });
export type TsEvent = z.infer<typeof TsEventSchema>;
