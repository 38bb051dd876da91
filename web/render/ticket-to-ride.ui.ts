/**
 * The Ticket to Ride (Europe and Germany) UI contract: click targets on the board picture, actions and
 * log events in words (city names from the map), and the viewer's own hand and tickets.
 *
 * Targets: `route:<routeId>` (claim_route), `market:<slot>` (draw_face_up), `deck` (draw_blind), `tickets`
 * (draw_tickets), `city:<name>` (build_station, Europe). Ticket choices, tunnel payments and passengers are
 * buttons.
 */
import type { CardType, Route, Ticket, TtrMap } from '../../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../../engine/games/ticket-to-ride/view.js';
import { plainWords, type GameUi, type PanelSection, type UiAction, type UiEvent } from './game-ui.js';
import { isRecord, num, numbers, plural, str } from './loose.js';

const CARD_ORDER: readonly CardType[] = ['pink', 'white', 'blue', 'yellow', 'orange', 'black', 'red', 'green', 'loco'];

type Cards = Partial<Record<CardType, number>>;


function asMap(components: unknown): TtrMap | null {
  return isRecord(components) && Array.isArray(components.routes) && Array.isArray(components.tickets) ? (components as unknown as TtrMap) : null;
}

const cardName = (t: string, n: number): string => (t === 'loco' ? (n === 1 ? 'locomotive' : 'locomotives') : t);

/** "2 green + 1 locomotive"; "nothing" for an empty set. */
export function cardsText(cards: unknown): string {
  if (!isRecord(cards)) return 'no cards';
  const parts = CARD_ORDER.flatMap((t) => {
    const n = num(cards[t]) ?? 0;
    return n > 0 ? [`${n} ${cardName(t, n)}`] : [];
  });
  return parts.length > 0 ? parts.join(' + ') : 'no cards';
}

/** A list of card types as "red, blue, locomotive". */
function cardListText(list: unknown): string {
  const cards = Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  return cards.length > 0 ? cards.map((c) => cardName(c, 1)).join(', ') : 'nothing';
}

function routeOf(map: TtrMap | null, id: unknown): Route | undefined {
  return map?.routes.find((r) => r.id === id);
}

/** "Berlin – Wien (green, 3, tunnel)". */
function routeText(map: TtrMap | null, id: unknown): string {
  const r = routeOf(map, id);
  if (!r) return `route ${String(id)}`;
  // Parallel routes of the same colour are told apart by their track number (in id order).
  const twins = map!.routes.filter((x) => x.group === r.group && x.colour === r.colour).sort((x, y) => x.id - y.id);
  const track = twins.length > 1 ? `track ${twins.findIndex((x) => x.id === r.id) + 1}` : null;
  const extras = [r.colour, String(r.length), r.tunnel ? 'tunnel' : null, r.ferry > 0 ? `ferry, ${plural(r.ferry, 'locomotive')}` : null, track].filter(Boolean);
  return `${r.a} – ${r.b} (${extras.join(', ')})`;
}

function ticketOf(map: TtrMap | null, id: unknown): Ticket | undefined {
  return map?.tickets.find((t) => t.id === id);
}

/** "Berlin – Wien, 8 points" (plus "long" for a long ticket). */
function ticketText(map: TtrMap | null, id: unknown): string {
  const t = ticketOf(map, id);
  return t ? ticketLine(t) : `ticket ${String(id)}`;
}
const ticketLine = (t: Ticket): string => `${t.a} – ${t.b}, ${plural(t.points, 'point')}${t.long ? ', long' : ''}`;

const ticketsText = (map: TtrMap | null, ids: readonly number[]): string => (ids.length > 0 ? ids.map((id) => ticketText(map, id)).join('; ') : 'none');

function shortLong(short: unknown, long: unknown): string {
  const s = num(short);
  const l = num(long);
  if (s === undefined || l === undefined) return '';
  return ` (${s} short, ${l} long)`;
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

function describeAction(action: UiAction, components: unknown, view?: unknown): string {
  const map = asMap(components);
  const v = isRecord(view) ? (view as unknown as Partial<TtrView>) : {};
  const pendingRoute = v.pending && 'route' in v.pending ? routeOf(map, v.pending.route) : undefined;
  switch (action.type) {
    case 'choose_initial_tickets': {
      const short = num(action.short) ?? 0;
      return `Draw opening tickets: ${short} short + ${4 - short} long`;
    }
    case 'keep_initial_tickets':
    case 'keep_tickets': {
      const ids = numbers(action.tickets);
      return `Keep ${plural(ids.length, 'ticket')}: ${ticketsText(map, ids)}`;
    }
    case 'draw_face_up': {
      const slot = num(action.slot) ?? 0;
      const card = v.market?.[slot];
      return card ? `Take the face-up ${cardName(card, 1)} (slot ${slot + 1})` : `Take face-up card ${slot + 1}`;
    }
    case 'draw_blind':
      return 'Draw a card from the deck';
    case 'claim_route': {
      const r = routeOf(map, action.route);
      const verb = r?.tunnel ? 'Try the tunnel' : 'Claim';
      return `${verb} ${routeText(map, action.route)}: ${cardsText(action.cards)}`;
    }
    case 'pay_tunnel':
      return `Pay the extra cost of ${pendingRoute ? `the tunnel ${pendingRoute.a} – ${pendingRoute.b}` : 'the tunnel'}: ${cardsText(action.cards)}`;
    case 'withdraw_tunnel':
      return 'Give up the tunnel and take the cards back';
    case 'draw_tickets': {
      const short = num(action.short);
      return short === undefined ? 'Draw destination tickets' : `Draw destination tickets: ${short} short, the rest long`;
    }
    case 'build_station':
      return `Build a station in ${str(action.city) ?? '?'}: ${cardsText(action.cards)}`;
    case 'take_passengers': {
      const a = str(action.a);
      const b = str(action.b);
      if (!a && !b) return 'Take no passengers';
      const [first, second] = pendingRoute ? [pendingRoute.a, pendingRoute.b] : ['the first end', 'the second end'];
      return `Take passengers: ${a ? `a ${a} one` : 'none'} at ${first}, ${b ? `a ${b} one` : 'none'} at ${second}`;
    }
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(action).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const map = asMap(components);
  const d = event.data ?? {};
  const who = num(d.seat) !== undefined ? seatName(num(d.seat)!) : 'Someone';
  switch (event.type) {
    case 'drew_face_up': {
      const refill = str(d.refill);
      return `${who} took a face-up ${cardName(str(d.card) ?? 'card', 1)}${refill ? `; ${cardName(refill, 1)} turned up in its place` : ''}`;
    }
    case 'drew_blind':
      return str(d.card) ? `${who} drew a ${cardName(str(d.card)!, 1)} from the deck` : `${who} drew a card from the deck`;
    case 'claimed_route':
      return `${who} claimed ${routeText(map, d.route)} with ${cardsText(d.cards)}`;
    case 'scored':
      return `${who} scored ${plural(num(d.points) ?? 0, 'point')} for ${routeText(map, d.route)}`;
    case 'tunnel_revealed': {
      const extra = num(d.extra) ?? 0;
      return `${who} tried the tunnel ${routeText(map, d.route)} with ${cardsText(d.committed)}; revealed ${cardListText(d.revealed)}: ${extra === 0 ? 'nothing extra to pay' : `${plural(extra, 'extra card')} to pay`}`;
    }
    case 'tunnel_paid':
      return `${who} paid ${cardsText(d.cards)} extra for the tunnel ${routeText(map, d.route)}`;
    case 'tunnel_withdrawn':
      return `${who} gave up the tunnel ${routeText(map, d.route)}`;
    case 'took_passengers': {
      const r = routeOf(map, d.route);
      const part = (colour: unknown, place: string | undefined) => (str(colour) ? `a ${str(colour)} passenger in ${place ?? 'one end'}` : null);
      const taken = [part(d.a, r?.a), part(d.b, r?.b)].filter(Boolean);
      return taken.length > 0 ? `${who} took ${taken.join(' and ')}` : `${who} took no passengers`;
    }
    case 'drew_tickets': {
      const ids = numbers(d.tickets);
      if (Array.isArray(d.tickets)) return `${who} drew tickets: ${ticketsText(map, ids)}`;
      return `${who} drew ${plural(num(d.count) ?? 0, 'ticket')}${shortLong(d.short, d.long)}`;
    }
    case 'kept_tickets':
    case 'kept_opening_tickets': {
      const opening = event.type === 'kept_opening_tickets' ? 'opening ' : '';
      if (Array.isArray(d.kept)) {
        const returned = numbers(d.returned);
        return `${who} kept ${opening}tickets ${ticketsText(map, numbers(d.kept))}${returned.length > 0 ? `; returned ${ticketsText(map, returned)}` : ''}`;
      }
      const kept = num(d.kept);
      const types = num(d.keptShort) !== undefined ? shortLong(d.keptShort, d.keptLong) : '';
      if (kept === undefined && !types) return `${who} chose ${opening}tickets`;
      const count = kept ?? (num(d.keptShort) ?? 0) + (num(d.keptLong) ?? 0);
      const returned = num(d.returned);
      return `${who} kept ${plural(count, `${opening}ticket`)}${types}${returned !== undefined ? ` and returned ${returned}` : ''}`;
    }
    case 'drew_opening_tickets': {
      const ids = numbers(d.tickets);
      return `${who} drew opening tickets${shortLong(d.short, d.long)}${ids.length > 0 ? `: ${ticketsText(map, ids)}` : ''}`;
    }
    case 'built_station':
      return `${who} built a station in ${str(d.city) ?? '?'} with ${cardsText(d.cards)}`;
    case 'play_started': {
      const kept = numbers(d.ticketsKept);
      return `Play starts with ${num(d.first) !== undefined ? seatName(num(d.first)!) : 'the first player'}${kept.length > 0 ? `; tickets kept: ${kept.map((n, seat) => `${seatName(seat)} ${n}`).join(', ')}` : ''}`;
    }
    case 'final_round':
      return `${num(d.trigger) !== undefined ? seatName(num(d.trigger)!) : 'A player'} has ${plural(num(d.trains) ?? 0, 'train')} left: everyone plays one last turn`;
    case 'passed':
      return `${who} could not do anything and passed`;
    case 'market_wiped':
      return `Three locomotives face up: the face-up cards (${cardListText(d.wiped)}) were discarded and replaced by ${cardListText(Array.isArray(d.market) ? d.market.filter((c) => c !== null) : [])}`;
    case 'deck_reshuffled':
      return `The discard pile (${plural(num(d.cards) ?? 0, 'card')}) was shuffled into a new deck`;
    case 'game_over': {
      const scores = numbers(d.scores);
      const why = d.reason === 'deadlock' ? 'nobody could move any more' : 'the final round is over';
      return `Game over (${why}): ${scores.map((s, seat) => `${seatName(seat)} ${s}`).join(', ')}`;
    }
    default:
      return plainWords(event.type, event.data);
  }
}

/** Places joined by the seat's own routes; countries (Germany) end paths and are not passed through. */
function connected(map: TtrMap, routes: readonly Route[], from: string, to: string): boolean {
  const countries = new Set(map.countries);
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === to) return true;
    if (countries.has(at) && at !== from) continue;
    for (const r of routes) {
      const next = r.a === at ? r.b : r.b === at ? r.a : null;
      if (next !== null && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

function privatePanel(view: unknown, components: unknown): PanelSection[] {
  const map = asMap(components);
  if (!isRecord(view) || !isRecord(view.you) || !map) return [];
  const v = view as unknown as TtrView;
  const you = v.you!;
  const hand = you.hand as Cards;
  const total = CARD_ORDER.reduce((n, t) => n + (hand[t] ?? 0), 0);
  const handLines = CARD_ORDER.flatMap((t) => ((hand[t] ?? 0) > 0 ? [`${hand[t]} ${cardName(t, hand[t]!)}`] : []));
  const me = v.players.find((p) => p.seat === you.seat);
  const sections: PanelSection[] = [
    { title: `Your cards (${total})`, lines: handLines.length > 0 ? handLines : ['no cards'] },
  ];

  const own = map.routes.filter((r) => v.routeOwners[String(r.id)] === you.seat);
  // Europe: at final scoring a station borrows one route of another player into its city (TTRE-14.3); shown apart.
  const stationCities = new Set(v.stations.filter((s) => s.seat === you.seat).map((s) => s.city));
  const borrowed = map.routes.filter((r) => v.routeOwners[String(r.id)] !== undefined && v.routeOwners[String(r.id)] !== you.seat && (stationCities.has(r.a) || stationCities.has(r.b)));
  const ticketLines = you.tickets.map((t) => {
    const state = connected(map, own, t.a, t.b) ? 'connected' : stationCities.size > 0 && connected(map, [...own, ...borrowed], t.a, t.b) ? 'connected with a station' : 'not yet connected';
    return `${ticketLine(t)} — ${state}`;
  });
  sections.push({ title: `Your tickets (${you.tickets.length})`, lines: ticketLines.length > 0 ? ticketLines : ['none yet'] });
  if (you.choosing && you.choosing.length > 0) sections.push({ title: 'Tickets to choose from', lines: you.choosing.map(ticketLine) });
  if (me) {
    const supplies = [`${plural(me.trains, 'train')} left`, map.stationsPerPlayer > 0 ? `${plural(me.stationsLeft, 'station')} left` : null, `${plural(me.routePoints, 'route point')}`];
    sections.push({ title: 'Your supplies', lines: [supplies.filter(Boolean).join(', ')] });
  }
  return sections;
}

export const ticketToRideUi: GameUi = { targets, describeAction, describeEvent, privatePanel };
