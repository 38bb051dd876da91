/**
 * The published shapes of what Vlaky na trati shows: the view of §18 and every log
 * event. The view's types (and the sheet, route and task types it carries verbatim) are derived from
 * these schemas, so what the OpenAPI document promises cannot drift from what the engine returns.
 */
import * as z from 'zod';
import { OutcomeSchema } from '../../core/index.js';
import { EdgeStation, LaneSchema, SymSchema } from './data.js';

const Seat = z.number().int().min(0).max(2);
const Node = z
  .number()
  .int()
  .min(0)
  .meta({ description: 'Position along a track (VNT-3.2): 0 = start field, then cards, curves and the end station' });
const CardId = z.string().min(1).meta({ description: 'A railway card id (see the components)' });
const Count = z.number().int().min(0);
const PerSymbol = (description: string) => z.record(SymSchema, Count).meta({ description });

export const VntPhaseSchema = z
  .enum(['side', 'track', 'turn', 'final', 'over'])
  .meta({ description: 'side = DP-1, track = DP-2, turn = the turns, final = the last free actions (VNT-11.8), over' });
export const VntStepSchema = z.enum(['place', 'noPlace', 'events', 'free']).meta({
  description:
    'Within a turn: place a card (DP-3), no card can be placed (VNT-11.5), a placement event being resolved, the free action (DP-6)',
});
export const VntGainOutcomeSchema = z
  .enum(['ticked', 'coins', 'lost'])
  .meta({ description: 'VNT-7.2–7.5: a box ticked, coins for a full row, or lost to a locked box' });
export const VntSheetIdSchema = z.enum(['I', 'II']);

export const VntSheetStateSchema = z
  .strictObject({
    ticks: PerSymbol('VNT-7.3: boxes 1..k of each row are ticked'),
    gained: PerSymbol('VNT-7.7: symbols ticked or converted to coins per row; not declined or lost'),
    coinsGained: Count,
    coinsSpent: Count,
    declinesUsed: Count.meta({ description: 'VNT-10: declines used (3 players)' }),
    anySymbolUsed: z.boolean().meta({ description: 'VNT-9.8: the once-per-game any-symbol tick is spent' }),
    columnsPaid: z
      .array(Count)
      .meta({ description: 'Sheet II: completed columns already paid (indices into the sheet’s columns)' }),
    glassMaxTurn: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'Sheet II: turnIndex in which the glassworks race box was ticked (VNT-14.9)' }),
    lost: Count.meta({ description: 'Symbols lost to a locked box (VNT-7.5)' }),
  })
  .meta({ id: 'VntSheetState', description: 'A player’s scoring sheet as marked so far (public, H-4)' });

export const VntRouteNodeSchema = z
  .strictObject({
    node: Node,
    slot: z.number().int().min(1).max(24).nullable().meta({ description: 'Slot number for railway-card nodes' }),
    kind: z.enum(['start', 'card', 'curve', 'end']),
    lane: LaneSchema.meta({
      description: 'Lane on which the track enters this node, in the row’s direction of travel',
    }),
    station: EdgeStation.nullable(),
  })
  .meta({ id: 'VntRouteNode', description: 'One node of a player’s track as built' });

export const VntTaskSchema = z
  .discriminatedUnion('kind', [
    z
      .strictObject({ kind: z.literal('gains'), node: Node, symbols: z.array(SymSchema).min(1).max(2) })
      .meta({ description: 'DP-4: symbols waiting for the player to decline some (3 players)' }),
    z
      .strictObject({ kind: z.literal('curveMove'), node: Node })
      .meta({ description: 'DP-5: a free curve move of the slower locomotive' }),
  ])
  .meta({ id: 'VntTask', description: 'Work a placement event left for one player, done in order (§16.1)' });

export const VntPlayerViewSchema = z
  .strictObject({
    seat: Seat,
    lane: LaneSchema.nullable().meta({ description: 'Start field = track; null before DP-2' }),
    locos: z.tuple([Node, Node]).meta({ description: 'Nodes of the two locomotives, slower first (VNT-6.4)' }),
    handCount: Count,
    sheet: VntSheetStateSchema,
    coins: z.number().int().meta({ description: 'Coins to spend: gained minus spent' }),
    route: z.array(VntRouteNodeSchema).meta({ description: 'The player’s track as built (index = node)' }),
    pending: VntTaskSchema.nullable().meta({ description: 'Open DP-4/DP-5 of this player (H-5)' }),
    score: z.number().int().meta({ description: 'Score if the game ended now (sheets are public, H-4)' }),
  })
  .meta({ id: 'VntPlayerView', description: 'What everyone sees of a player' });

export const VntViewSchema = z
  .strictObject({
    sheet: VntSheetIdSchema.meta({ description: 'Scoring sheet side every player uses (VNT-2.2)' }),
    phase: VntPhaseSchema,
    step: VntStepSchema,
    current: Seat.nullable().meta({ description: 'Active (or choosing) seat; null when over' }),
    startSeat: Seat,
    side: z
      .number()
      .int()
      .min(0)
      .max(1)
      .nullable()
      .meta({ description: 'Start-card side turned up; null before DP-1' }),
    turnIndex: Count,
    round: z
      .number()
      .int()
      .min(1)
      .nullable()
      .meta({ description: 'Round during the turns (H-3): every seat plays once per round from the starting player' }),
    endTriggered: z.boolean(),
    line: z.array(CardId).max(24).meta({ description: 'Placed cards in slot order' }),
    market: z.array(CardId),
    deckCount: Count.meta({ description: 'Cards left in deck B (its order is hidden, H-2)' }),
    boxedCount: Count.meta({ description: '2 players: A cards boxed unseen (VNT-2.7)' }),
    discardedCount: Count.meta({ description: 'A cards removed face down by discard_a' }),
    slots: z.number().int().min(1),
    toAct: z.array(Seat),
    players: z.array(VntPlayerViewSchema).min(2).max(3),
    you: z
      .strictObject({ seat: Seat, hand: z.array(CardId) })
      .optional()
      .meta({ description: 'The viewing seat’s own hand (H-1); absent for spectators' }),
    hands: z
      .array(z.array(CardId))
      .optional()
      .meta({ description: 'Every hand, only for the "all" viewer after the game' }),
    result: OutcomeSchema.nullable(),
  })
  .meta({ id: 'VntView', description: 'Vlaky na trati as one viewer may see it (§18)' });

export type VntView = z.infer<typeof VntViewSchema>;
export type VntPlayerView = z.infer<typeof VntPlayerViewSchema>;
// The state carries these verbatim into the view, so the state modules take their types from here.
export type SheetState = z.infer<typeof VntSheetStateSchema>;
export type GainOutcome = z.infer<typeof VntGainOutcomeSchema>;
export type RouteNode = z.infer<typeof VntRouteNodeSchema>;
export type Task = z.infer<typeof VntTaskSchema>;
export type Phase = z.infer<typeof VntPhaseSchema>;
export type Step = z.infer<typeof VntStepSchema>;

const event = <T extends string, D extends z.ZodRawShape>(type: T, data: D, description: string) =>
  z.strictObject({ type: z.literal(type), data: z.strictObject(data) }).meta({
    id: `Vnt${type
      .split('_')
      .map((w) => w[0]?.toUpperCase() + w.slice(1))
      .join('')}Event`,
    description,
  });

/** H-2: what every other seat sees of a discard_a. */
export const VntDiscardARedactedSchema = z
  .strictObject({ type: z.literal('discard_a'), data: z.strictObject({ seat: Seat }) })
  .meta({ id: 'VntDiscardARedacted', description: 'A discard as other seats see it: the card stays hidden (H-2)' });

const DiscardAEvent = z
  .strictObject({
    type: z.literal('discard_a'),
    data: z
      .union([z.strictObject({ seat: Seat, cardId: CardId }), VntDiscardARedactedSchema.shape.data])
      .meta({ description: 'With cardId for the discarding seat, without for everyone else' }),
    visibleTo: z.array(Seat).optional(),
    redacted: VntDiscardARedactedSchema.optional(),
  })
  .meta({ id: 'VntDiscardAEvent', description: 'VNT-9.7: an A card removed from the hand for a coin' });

export const VntEventSchema = z
  .discriminatedUnion('type', [
    event(
      'start_side',
      { seat: Seat, side: z.union([z.literal(0), z.literal(1)]) },
      'DP-1: the start-card side turned up',
    ),
    event('track', { seat: Seat, lane: LaneSchema }, 'DP-2: a start field taken'),
    event(
      'turn',
      { seat: Seat, turnIndex: z.number().int().min(1), phase: z.enum(['turn', 'final']) },
      'A turn or final free action begins (VNT-11.3, 11.8)',
    ),
    event('refill', { cardId: CardId, deckCount: Count }, 'VNT-5.5: the market gap filled from deck B'),
    event(
      'placed',
      { seat: Seat, source: z.enum(['HAND', 'MARKET']), cardId: CardId, slot: z.number().int().min(1).max(24) },
      'VNT-5: a card placed into the next slot',
    ),
    event('moved', { seat: Seat, node: Node }, 'VNT-6.1: a player’s faster locomotive after a placement'),
    event('slow_moved', { seat: Seat, node: Node }, 'VNT-9.3: the slower locomotive moved'),
    event(
      'symbol',
      { seat: Seat, symbol: SymSchema, node: Node, outcome: VntGainOutcomeSchema },
      'VNT-7: a gained symbol recorded',
    ),
    event('declined', { seat: Seat, symbol: SymSchema }, 'VNT-10.2: a symbol declined for a coin'),
    event('curve_skipped', { seat: Seat }, 'DP-5: the free curve move not taken'),
    DiscardAEvent,
    event('any_symbol', { seat: Seat, symbol: SymSchema }, 'VNT-9.8: the any-symbol tick bought'),
    event(
      'end_triggered',
      { reason: z.enum(['deckEmpty', 'lineComplete']) },
      'VNT-11.1/11.2: the line is complete or deck B is empty; the game ends after this round',
    ),
    event(
      'game_over',
      { scores: z.array(z.number().int()), ranking: z.array(z.number().int().min(1)) },
      'VNT-11.9, §12–§15: final scores and places',
    ),
  ])
  .meta({ id: 'VntEvent', description: 'A Vlaky na trati log event, or the redacted form other seats see' });

export type VntEvent = z.infer<typeof VntEventSchema>;
