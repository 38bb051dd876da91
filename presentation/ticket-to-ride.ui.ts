/**
 * The Ticket to Ride (Europe and Germany) UI contract: click targets on the board picture, actions and
 * log events in words (city names from the map, as printed on the board), and the viewer's own hand and
 * tickets. Words come from the `ttr.…` messages in the reader's language (`t`).
 *
 * Targets: `route:<routeId>` (claim_route), `market:<slot>` (draw_face_up), `deck` (draw_blind), `tickets`
 * (draw_tickets), `city:<name>` (build_station, Europe). The market, deck, ticket pile and ticket choices
 * are on the client's table (web/client/table/ttr-table.tsx), so only routes, or station sites once the
 * player chose to build one, glow on the board; tunnel payments and passengers are buttons.
 */
import type { CardType, Route, Ticket, TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import { plainWords, type GameUi, type PanelSection, type Translate, type UiAction, type UiEvent } from './game-ui.js';
import { isRecord, num, numbers, str } from './loose.js';
import { CARD_ORDER } from './ttr-cards.js';
import { glowingPlaces, ticketState } from './ttr-table.js';

/** Actions the client's table offers: the card market, the deck, the ticket pile, Germany's ticket mixes and the ticket choices. */
const TABLE_ACTIONS = new Set([
  'draw_face_up',
  'draw_blind',
  'draw_tickets',
  'choose_initial_tickets',
  'keep_initial_tickets',
  'keep_tickets',
]);
/** Route colours (cards' and gray) and passenger colours the catalogs name. */
const COLOURS = ['pink', 'white', 'blue', 'yellow', 'orange', 'black', 'red', 'green', 'gray'] as const;
const PASSENGERS = ['red', 'black', 'green', 'yellow', 'blue', 'white'] as const;
const among = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

type Cards = Partial<Record<CardType, number>>;

function asMap(components: unknown): TtrMap | null {
  return isRecord(components) && Array.isArray(components.routes) && Array.isArray(components.tickets)
    ? (components as unknown as TtrMap)
    : null;
}

function routeOf(map: TtrMap | null, id: unknown): Route | undefined {
  return map?.routes.find((r) => r.id === id);
}

function ticketOf(map: TtrMap | null, id: unknown): Ticket | undefined {
  return map?.tickets.find((t) => t.id === id);
}

/** The wording of one reader's language over one map; the board picture names routes and cards with it too. */
export function ttrWords(t: Translate, components: unknown) {
  const map = asMap(components);
  /** A card type as a name ("red", "locomotive"). */
  const cardName = (type: unknown): string => (among(CARD_ORDER, type) ? t(`ttr.card.${type}`) : String(type));
  /** "2 green + 1 locomotive"; "no cards" for an empty set. */
  const cardsText = (cards: unknown): string => {
    if (!isRecord(cards)) return t('ttr.noCards');
    const parts = CARD_ORDER.flatMap((type) => {
      const n = num(cards[type]) ?? 0;
      return n > 0 ? [t(`ttr.cards.${type}`, { count: n })] : [];
    });
    return parts.length > 0 ? parts.join(' + ') : t('ttr.noCards');
  };
  /** A list of card types as "red, blue, locomotive". */
  const cardListText = (list: unknown): string => {
    const cards = Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
    return cards.length > 0 ? cards.map(cardName).join(', ') : t('ttr.nothing');
  };
  /** "Berlin – Wien (green, 3, tunnel)". */
  const routeText = (id: unknown): string => {
    const r = routeOf(map, id);
    if (!r) return t('ttr.routeId', { id: String(id) });
    // Parallel routes of the same colour are told apart by their track number (in id order).
    const twins = map!.routes.filter((x) => x.group === r.group && x.colour === r.colour).sort((x, y) => x.id - y.id);
    const extras = [
      among(COLOURS, r.colour) ? t(`ttr.colour.${r.colour}`) : r.colour,
      String(r.length),
      r.tunnel ? t('ttr.tunnel') : null,
      r.ferry > 0 ? t('ttr.ferry', { count: r.ferry }) : null,
      twins.length > 1 ? t('ttr.track', { n: twins.findIndex((x) => x.id === r.id) + 1 }) : null,
    ].filter(Boolean);
    return t('ttr.route', { a: r.a, b: r.b, extras: extras.join(', ') });
  };
  /** "Berlin – Wien, 8 points" (plus "long" for a long ticket). */
  const ticketLine = (ticket: Ticket): string =>
    t(ticket.long ? 'ttr.ticketLong' : 'ttr.ticket', { a: ticket.a, b: ticket.b, count: ticket.points });
  const ticketText = (id: unknown): string => {
    const ticket = ticketOf(map, id);
    return ticket ? ticketLine(ticket) : t('ttr.ticketId', { id: String(id) });
  };
  const ticketsText = (ids: readonly number[]): string =>
    ids.length > 0 ? ids.map(ticketText).join('; ') : t('ttr.none');
  /** " (2 short, 1 long)", or nothing when the counts are not known. */
  const shortLong = (short: unknown, long: unknown): string => {
    const s = num(short);
    const l = num(long);
    return s === undefined || l === undefined ? '' : ` ${t('ttr.shortLong', { short: s, long: l })}`;
  };
  return { map, cardName, cardsText, cardListText, routeText, ticketLine, ticketsText, shortLong };
}

function targets(action: UiAction): string[] {
  switch (action.type) {
    case 'claim_route':
      return [`route:${String(action.route)}`];
    case 'draw_face_up':
      return [`market:${String(action.slot)}`];
    case 'draw_blind':
      return ['deck'];
    case 'draw_tickets':
      return ['tickets'];
    case 'build_station':
      return [`city:${String(action.city)}`];
    default:
      return [];
  }
}

function describeAction(t: Translate, action: UiAction, components: unknown, view?: unknown): string {
  const w = ttrWords(t, components);
  const v = isRecord(view) ? (view as unknown as Partial<TtrView>) : {};
  const pendingRoute = v.pending && 'route' in v.pending ? routeOf(w.map, v.pending.route) : undefined;
  switch (action.type) {
    case 'choose_initial_tickets': {
      const short = num(action.short) ?? 0;
      return t('ttr.action.openingTickets', { short, long: 4 - short });
    }
    case 'keep_initial_tickets':
    case 'keep_tickets': {
      const ids = numbers(action.tickets);
      return t('ttr.action.keepTickets', { count: ids.length, list: w.ticketsText(ids) });
    }
    case 'draw_face_up': {
      const slot = num(action.slot) ?? 0;
      const card = v.market?.[slot];
      return card
        ? t('ttr.action.faceUp', { card: w.cardName(card), slot: slot + 1 })
        : t('ttr.action.faceUpSlot', { slot: slot + 1 });
    }
    case 'draw_blind':
      return t('ttr.action.blind');
    case 'claim_route':
      return t(routeOf(w.map, action.route)?.tunnel ? 'ttr.action.tryTunnel' : 'ttr.action.claim', {
        route: w.routeText(action.route),
        cards: w.cardsText(action.cards),
      });
    case 'pay_tunnel':
      return pendingRoute
        ? t('ttr.action.payTunnelAB', { a: pendingRoute.a, b: pendingRoute.b, cards: w.cardsText(action.cards) })
        : t('ttr.action.payTunnel', { cards: w.cardsText(action.cards) });
    case 'withdraw_tunnel':
      return t('ttr.action.withdrawTunnel');
    case 'draw_tickets': {
      const short = num(action.short);
      return short === undefined ? t('ttr.action.drawTickets') : t('ttr.action.drawTicketsShort', { short });
    }
    case 'build_station':
      return t('ttr.action.station', { city: str(action.city) ?? '?', cards: w.cardsText(action.cards) });
    case 'take_passengers': {
      const a = str(action.a);
      const b = str(action.b);
      if (!a && !b) return t('ttr.action.noPassengers');
      const [first, second] = pendingRoute ? [pendingRoute.a, pendingRoute.b] : [t('ttr.firstEnd'), t('ttr.secondEnd')];
      const at = (colour: string | undefined, place: string) =>
        t('ttr.action.passengerAt', {
          passenger: among(PASSENGERS, colour) ? t(`ttr.passengerOne.${colour}`) : (colour ?? t('ttr.passengerNone')),
          place,
        });
      return t('ttr.action.passengers', { first: at(a, first), second: at(b, second) });
    }
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(action).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(t: Translate, event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const w = ttrWords(t, components);
  const d = event.data ?? {};
  const who = num(d.seat) !== undefined ? seatName(num(d.seat)!) : t('ttr.someone');
  switch (event.type) {
    case 'drew_face_up': {
      const refill = str(d.refill);
      const card = str(d.card) ? w.cardName(d.card) : t('ttr.cardWord');
      return refill
        ? t('ttr.event.faceUpRefill', { who, card, refill: w.cardName(refill) })
        : t('ttr.event.faceUp', { who, card });
    }
    case 'drew_blind':
      return str(d.card)
        ? t('ttr.event.blindCard', { who, card: w.cardName(str(d.card)) })
        : t('ttr.event.blind', { who });
    case 'claimed_route':
      return t('ttr.event.claimed', { who, route: w.routeText(d.route), cards: w.cardsText(d.cards) });
    case 'scored':
      return t('ttr.event.scored', { who, count: num(d.points) ?? 0, route: w.routeText(d.route) });
    case 'tunnel_revealed': {
      const extra = num(d.extra) ?? 0;
      const vars = {
        who,
        route: w.routeText(d.route),
        cards: w.cardsText(d.committed),
        revealed: w.cardListText(d.revealed),
      };
      return extra === 0 ? t('ttr.event.tunnelFree', vars) : t('ttr.event.tunnelExtra', { ...vars, count: extra });
    }
    case 'tunnel_paid':
      return t('ttr.event.tunnelPaid', { who, cards: w.cardsText(d.cards), route: w.routeText(d.route) });
    case 'tunnel_withdrawn':
      return t('ttr.event.tunnelWithdrawn', { who, route: w.routeText(d.route) });
    case 'took_passengers': {
      const r = routeOf(w.map, d.route);
      const part = (colour: unknown, place: string | undefined) => {
        const c = str(colour);
        if (!c) return null;
        return t('ttr.event.passengerIn', {
          passenger: among(PASSENGERS, c) ? t(`ttr.passenger.${c}`) : c,
          place: place ?? t('ttr.oneEnd'),
        });
      };
      const taken = [part(d.a, r?.a), part(d.b, r?.b)].filter((x): x is string => x !== null);
      return taken.length > 0
        ? t('ttr.event.passengers', { who, list: taken.join(t('ttr.and')) })
        : t('ttr.event.noPassengers', { who });
    }
    case 'drew_tickets': {
      if (Array.isArray(d.tickets))
        return t('ttr.event.drewTicketList', { who, list: w.ticketsText(numbers(d.tickets)) });
      return `${t('ttr.event.drewTickets', { who, count: num(d.count) ?? 0 })}${w.shortLong(d.short, d.long)}`;
    }
    case 'kept_tickets':
    case 'kept_opening_tickets': {
      const opening = event.type === 'kept_opening_tickets';
      if (Array.isArray(d.kept)) {
        const returned = numbers(d.returned);
        const kept = t(opening ? 'ttr.event.keptOpeningList' : 'ttr.event.keptList', {
          who,
          list: w.ticketsText(numbers(d.kept)),
        });
        return returned.length > 0
          ? `${kept}; ${t('ttr.event.returnedList', { list: w.ticketsText(returned) })}`
          : kept;
      }
      const kept = num(d.kept);
      const types = num(d.keptShort) !== undefined ? w.shortLong(d.keptShort, d.keptLong) : '';
      if (kept === undefined && !types) return t(opening ? 'ttr.event.choseOpening' : 'ttr.event.chose', { who });
      const count = kept ?? (num(d.keptShort) ?? 0) + (num(d.keptLong) ?? 0);
      const returned = num(d.returned);
      return `${t(opening ? 'ttr.event.keptOpening' : 'ttr.event.kept', { who, count })}${types}${returned !== undefined ? t('ttr.event.returned', { n: returned }) : ''}`;
    }
    case 'drew_opening_tickets': {
      const ids = numbers(d.tickets);
      return `${t('ttr.event.drewOpening', { who })}${w.shortLong(d.short, d.long)}${ids.length > 0 ? `: ${w.ticketsText(ids)}` : ''}`;
    }
    case 'built_station':
      return t('ttr.event.station', { who, city: str(d.city) ?? '?', cards: w.cardsText(d.cards) });
    case 'play_started': {
      const kept = numbers(d.ticketsKept);
      const first = num(d.first) !== undefined ? seatName(num(d.first)!) : t('ttr.firstPlayer');
      const started = t('ttr.event.playStarted', { first });
      return kept.length > 0
        ? `${started}; ${t('ttr.event.ticketsKept', { list: kept.map((n, seat) => `${seatName(seat)} ${n}`).join(', ') })}`
        : started;
    }
    case 'final_round':
      return t('ttr.event.finalRound', {
        who: num(d.trigger) !== undefined ? seatName(num(d.trigger)!) : t('ttr.aPlayer'),
        count: num(d.trains) ?? 0,
      });
    case 'passed':
      return t('ttr.event.passed', { who });
    case 'market_wiped':
      return t('ttr.event.marketWiped', {
        wiped: w.cardListText(d.wiped),
        market: w.cardListText(Array.isArray(d.market) ? d.market.filter((c) => c !== null) : []),
      });
    case 'deck_reshuffled':
      return t('ttr.event.reshuffled', { count: num(d.cards) ?? 0 });
    case 'game_over': {
      const scores = numbers(d.scores);
      return t(d.reason === 'deadlock' ? 'ttr.event.gameOverDeadlock' : 'ttr.event.gameOver', {
        scores: scores.map((s, seat) => `${seatName(seat)} ${s}`).join(', '),
      });
    }
    default:
      return plainWords(event.type, event.data);
  }
}

function privatePanel(t: Translate, view: unknown, components: unknown): PanelSection[] {
  const w = ttrWords(t, components);
  const map = w.map;
  if (!isRecord(view) || !isRecord(view.you) || !map) return [];
  const v = view as unknown as TtrView;
  const you = v.you!;
  const hand = you.hand as Cards;
  const total = CARD_ORDER.reduce((n, type) => n + (hand[type] ?? 0), 0);
  const handLines = CARD_ORDER.flatMap((type) =>
    (hand[type] ?? 0) > 0 ? [t(`ttr.cards.${type}`, { count: hand[type]! })] : [],
  );
  const me = v.players.find((p) => p.seat === you.seat);
  const sections: PanelSection[] = [
    { title: t('ttr.panel.cards', { n: total }), lines: handLines.length > 0 ? handLines : [t('ttr.noCards')] },
  ];

  const ticketLines = you.tickets.map((ticket) =>
    t('ttr.panel.ticketState', {
      ticket: w.ticketLine(ticket),
      state: t(`ttr.panel.${ticketState(map, v, you.seat, ticket)}`),
    }),
  );
  sections.push({
    title: t('ttr.panel.tickets', { n: you.tickets.length }),
    lines: ticketLines.length > 0 ? ticketLines : [t('ttr.panel.noneYet')],
  });
  if (you.choosing && you.choosing.length > 0)
    sections.push({ title: t('ttr.panel.choosing'), lines: you.choosing.map(w.ticketLine) });
  if (me) {
    const supplies = [
      t('ttr.panel.trainsLeft', { count: me.trains }),
      map.stationsPerPlayer > 0 ? t('ttr.panel.stationsLeft', { count: me.stationsLeft }) : null,
      t('ttr.panel.routePoints', { count: me.routePoints }),
    ];
    sections.push({ title: t('ttr.panel.supplies'), lines: [supplies.filter(Boolean).join(', ')] });
  }
  return sections;
}

/** A board key in words: a route as on the board, a city by name, a face-up card by its place counted from 1. */
function placeName(t: Translate, key: string, components: unknown): string {
  const [kind, rest = ''] = key.split(/:(.*)/s) as [string, string?];
  switch (kind) {
    case 'route':
      return ttrWords(t, components).routeText(Number(rest));
    case 'city':
      return rest;
    case 'market':
      return t('ttr.place.market', { n: Number(rest) + 1 });
    case 'deck':
      return t('ttr.place.deck');
    case 'tickets':
      return t('ttr.place.tickets');
    default:
      return key;
  }
}

/** "2 green + 1 locomotive" in the language of `t`. */
export const cardsText = (t: Translate, cards: unknown): string => ttrWords(t, null).cardsText(cards);

export const ticketToRideUi = (t: Translate): GameUi => ({
  targets,
  describeAction: (a, c, v) => describeAction(t, a, c, v),
  describeEvent: (e, c, seatName) => describeEvent(t, e, c, seatName),
  privatePanel: (v, c) => privatePanel(t, v, c),
  glowing: glowingPlaces,
  tapActs: true,
  onTable: (a) => TABLE_ACTIONS.has(a.type),
  placeName: (key, c) => placeName(t, key, c),
});
