/**
 * The published shapes of Ticket to Ride's view and log events, one core for both
 * editions: what the map switches on (stations, tunnels, Germany's passengers and two ticket decks)
 * shows up as optional fields, not as separate schemas.
 */
import * as z from 'zod';
import { OutcomeSchema } from '../../core/index.js';
import { CardsSchema } from './actions.js';
import { CARD_TYPES, type CardType } from './map.js';

const Int = z.number().int();
const Count = Int.min(0);
const SeatSchema = Int.min(0).max(4);
const RouteId = Int.meta({ description: 'A route id of the map (components.routes[].id)' });
const TicketIds = z.array(Int).meta({ description: 'Ticket ids of the map (components.tickets[].id)' });

const CardTypeSchema = z
  .enum(CARD_TYPES as [CardType, ...CardType[]])
  .meta({ id: 'TtrCardType', description: 'A train card: a colour or "loco" (locomotive)' });
const MarketSchema = z
  .array(CardTypeSchema.nullable())
  .meta({ description: 'The five face-up slots; null where the deck and discard pile ran out' });

export const TtrHandSchema = z
  .record(CardTypeSchema, Count)
  .meta({ id: 'TtrHand', description: 'A hand of train cards: the count of every card type, zeros included' });

export const TtrTicketSchema = z
  .strictObject({
    id: Int,
    a: z.string(),
    b: z.string(),
    points: Int,
    long: z.boolean().meta({ description: 'Europe: a long (blue-backed) ticket; Germany: from the long deck' }),
  })
  .meta({ id: 'TtrTicket', description: 'A destination ticket' });

const TicketTypesSchema = z.strictObject({ short: Count, long: Count });

/** Passenger colours and locations are map data (Germany), so these maps stay open by key. */
const PassengerPool = z.record(z.string(), Count).meta({ description: 'Passenger colour → how many' });

export const TtrPlayerSchema = z
  .strictObject({
    seat: SeatSchema,
    trains: Count,
    stationsLeft: Count.meta({ description: 'Train stations still to build (Europe; always 0 in Germany)' }),
    cards: Count.meta({ description: 'Train cards in hand' }),
    tickets: Count.nullable().meta({ description: 'Tickets held; null while the opening choice is secret (TTRE-H12)' }),
    ticketTypes: TicketTypesSchema.nullable().optional().meta({
      description:
        'Germany: short and long tickets held, public by their backs (TTRG-H5); null before the opening keep; absent in Europe',
    }),
    routePoints: Int,
    passengers: PassengerPool.meta({ description: "Germany: this seat's passengers by colour; empty in Europe" }),
    ready: z.boolean().meta({ description: 'During the opening: whether this seat has chosen its tickets' }),
  })
  .meta({ id: 'TtrPlayer', description: "A seat's public state" });

export const TtrPendingSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('secondDraw') }).meta({ description: 'The second train card of a draw is due' }),
    z
      .strictObject({ kind: z.literal('tickets'), count: Count })
      .meta({ description: 'Tickets drawn, a keep decision is due' }),
    z
      .strictObject({
        kind: z.literal('tunnel'),
        route: RouteId,
        committed: CardsSchema,
        revealed: z.array(CardTypeSchema),
        extra: Count.meta({ description: 'Extra cards to pay' }),
        match: CardTypeSchema.meta({ description: 'The colour the extra cards must have (locomotives always fit)' }),
      })
      .meta({ description: 'A tunnel attempt waits for the extra payment or a withdrawal (TTRE-10)' }),
    z
      .strictObject({ kind: z.literal('passengers'), route: RouteId })
      .meta({ description: 'Germany: passengers to take at the ends of the route just claimed (TTRG-9)' }),
  ])
  .nullable()
  .meta({ id: 'TtrPending', description: "Public part of the active player's sub-decision" });

export const TtrViewSchema = z
  .strictObject({
    map: z.enum(['europe', 'germany']),
    phase: z.enum(['opening', 'turn', 'over']),
    turn: Count,
    current: SeatSchema.nullable().meta({ description: 'Seat to play; null outside the turn phase' }),
    market: MarketSchema,
    deckCount: Count,
    discard: CardsSchema.meta({
      description: 'The discard pile as counts: its contents are public, its order is not (TTRE-A31)',
    }),
    ticketDecks: z
      .strictObject({ short: Count, long: Count })
      .meta({ description: 'Tickets left per deck (Europe uses only short)' }),
    routeOwners: z
      .record(z.string().regex(/^\d+$/), SeatSchema)
      .meta({ description: 'Route id → the seat that claimed it' }),
    stations: z
      .array(z.strictObject({ city: z.string(), seat: SeatSchema }))
      .meta({ description: 'Europe: train stations built' }),
    passengersAt: z
      .record(z.string(), PassengerPool)
      .meta({ description: 'Germany: passengers waiting per location; empty in Europe' }),
    players: z.array(TtrPlayerSchema),
    finalRound: z
      .strictObject({
        trigger: SeatSchema,
        turnsLeft: Count.meta({ description: "Turns still to play, the trigger seat's last one included" }),
      })
      .nullable()
      .meta({ description: 'Set once a seat is down to two or fewer trains (TTRE-13.1)' }),
    pending: TtrPendingSchema,
    you: z
      .strictObject({
        seat: SeatSchema,
        hand: TtrHandSchema,
        tickets: z.array(TtrTicketSchema),
        choosing: z
          .array(TtrTicketSchema)
          .optional()
          .meta({ description: 'Tickets drawn and waiting for a keep decision' }),
        openingMix: Count.nullable()
          .optional()
          .meta({ description: 'Germany: the announced opening mix (short tickets of 4); null until announced' }),
      })
      .optional()
      .meta({ id: 'TtrYou', description: "The viewing seat's secrets; absent for spectators" }),
    revealed: z
      .strictObject({ hands: z.array(TtrHandSchema), tickets: z.array(z.array(TtrTicketSchema)) })
      .optional()
      .meta({ description: "Everyone's hands and tickets (viewer 'all', after the game)" }),
    result: OutcomeSchema.nullable(),
  })
  .meta({ id: 'TtrView', description: 'What a viewer sees of a Ticket to Ride game (Europe or Germany)' });
export type TtrView = z.infer<typeof TtrViewSchema>;
export type TtrPlayer = z.infer<typeof TtrPlayerSchema>;

// ---------- events

const VisibleTo = z.array(Int).optional();

function event<T extends string, D extends z.ZodType>(type: T, data: D, description: string) {
  return z.strictObject({ type: z.literal(type), data, visibleTo: VisibleTo }).meta({ description });
}

/** An event seen by `visibleTo` only; other seats see its `redacted` form, which has the same type. */
function secretEvent<T extends string, D extends z.ZodType, R extends z.ZodType>(
  type: T,
  data: D,
  redacted: R,
  description: string,
) {
  return z
    .strictObject({
      type: z.literal(type),
      data: z.union([data, redacted]),
      visibleTo: VisibleTo,
      redacted: z.strictObject({ type: z.literal(type), data: redacted }).optional(),
    })
    .meta({ description });
}

const Seat = { seat: SeatSchema };
const GermanyMix = { short: Count.optional(), long: Count.optional() };

export const TtrDrewBlindRedactedSchema = z
  .strictObject({ ...Seat })
  .meta({ id: 'TtrDrewBlindRedacted', description: 'A seat drew a card from the deck' });
export const TtrDrewTicketsRedactedSchema = z
  .strictObject({ ...Seat, count: Count, ...GermanyMix })
  .meta({ id: 'TtrDrewTicketsRedacted', description: 'How many tickets a seat drew (Germany: and from which deck)' });
export const TtrKeptTicketsRedactedSchema = z
  .strictObject({ ...Seat, kept: Count, returned: Count, keptShort: Count.optional(), keptLong: Count.optional() })
  .meta({
    id: 'TtrKeptTicketsRedacted',
    description: 'How many tickets a seat kept and returned (Germany: kept per deck)',
  });
export const TtrDrewOpeningTicketsRedactedSchema = z
  .strictObject({ ...Seat, short: Count, long: Count })
  .meta({ id: 'TtrDrewOpeningTicketsRedacted', description: 'Germany: the opening mix a seat drew' });
export const TtrKeptOpeningTicketsRedactedSchema = z
  .strictObject({ ...Seat, keptShort: Count.optional(), keptLong: Count.optional() })
  .meta({
    id: 'TtrKeptOpeningTicketsRedacted',
    description:
      'A seat kept its opening tickets (Germany: how many per deck, TTRG-H5; Europe: nothing more, TTRE-H12)',
  });

export const TtrEventSchema = z
  .discriminatedUnion('type', [
    event(
      'market_wiped',
      z.strictObject({ wiped: z.array(CardTypeSchema), market: MarketSchema }),
      'Three locomotives face up: the market was discarded and dealt anew (TTRE-6.6)',
    ),
    event(
      'deck_reshuffled',
      z.strictObject({ cards: Count.meta({ description: 'Cards shuffled from the discard pile' }) }),
      'The discard pile became the new deck',
    ),
    event(
      'drew_face_up',
      z.strictObject({ ...Seat, slot: Int.min(0).max(4), card: CardTypeSchema, refill: CardTypeSchema.nullable() }),
      'A seat took a face-up card; the slot was refilled',
    ),
    secretEvent(
      'drew_blind',
      z.strictObject({ ...Seat, card: CardTypeSchema }),
      TtrDrewBlindRedactedSchema,
      'A seat drew from the deck',
    ),
    event(
      'claimed_route',
      z.strictObject({ ...Seat, route: RouteId, cards: CardsSchema }),
      'A seat claimed a route (not a tunnel) with these cards',
    ),
    event('scored', z.strictObject({ ...Seat, route: RouteId, points: Int }), 'Points for a claimed route'),
    event(
      'tunnel_revealed',
      z.strictObject({
        ...Seat,
        route: RouteId,
        committed: CardsSchema,
        revealed: z.array(CardTypeSchema),
        extra: Count,
      }),
      'A tunnel attempt: the cards committed, the three revealed and the extra cost (TTRE-10)',
    ),
    event(
      'tunnel_paid',
      z.strictObject({ ...Seat, route: RouteId, cards: CardsSchema }),
      "A tunnel's extra cost was paid",
    ),
    event('tunnel_withdrawn', z.strictObject({ ...Seat, route: RouteId }), 'A tunnel attempt was given up'),
    event(
      'took_passengers',
      z.strictObject({ ...Seat, route: RouteId, a: z.string().nullable(), b: z.string().nullable() }),
      'Germany: passenger colours taken at either end (null: none)',
    ),
    secretEvent(
      'drew_tickets',
      z.strictObject({ ...Seat, tickets: TicketIds, ...GermanyMix }),
      TtrDrewTicketsRedactedSchema,
      'A seat drew destination tickets (Germany names the mix)',
    ),
    secretEvent(
      'kept_tickets',
      z.strictObject({ ...Seat, kept: TicketIds, returned: TicketIds }),
      TtrKeptTicketsRedactedSchema,
      'A seat kept some of the tickets it drew',
    ),
    event(
      'built_station',
      z.strictObject({ ...Seat, city: z.string(), cards: CardsSchema }),
      'Europe: a seat built a train station',
    ),
    secretEvent(
      'drew_opening_tickets',
      z.strictObject({ ...Seat, short: Count, long: Count, tickets: TicketIds }),
      TtrDrewOpeningTicketsRedactedSchema,
      'Germany: a seat drew its opening tickets in the mix it announced',
    ),
    secretEvent(
      'kept_opening_tickets',
      z.strictObject({ ...Seat, kept: TicketIds }),
      TtrKeptOpeningTicketsRedactedSchema,
      'A seat kept its opening tickets',
    ),
    event(
      'play_started',
      z.strictObject({ first: SeatSchema, ticketsKept: z.array(Count) }),
      'Every seat has chosen: turns begin',
    ),
    event(
      'final_round',
      z.strictObject({ trigger: SeatSchema, trains: Count }),
      'A seat is down to two or fewer trains: everyone has one more turn',
    ),
    event('passed', z.strictObject({ ...Seat }), 'A seat with no legal action passed automatically (TTRE-4.4)'),
    event(
      'game_over',
      z.strictObject({
        reason: z.enum(['finalRound', 'deadlock']),
        scores: z.array(Int),
        ranking: z.array(Int.min(1)),
        tickets: z.array(TicketIds),
      }),
      'The game ended; the tickets of every seat are revealed',
    ),
  ])
  .meta({
    id: 'TtrEvent',
    description: 'A Ticket to Ride log event; secret ones carry their redacted form for other seats',
  });
export type TtrEvent = z.infer<typeof TtrEventSchema>;
