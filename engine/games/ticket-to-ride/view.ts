/** What each viewer may see (TTRE-H, TTRG hidden information). */
import type { Viewer } from '../../core/index.js';
import { handSize, type Cards, type Hand } from './cards.js';
import type { CardType, Ticket, TtrMap } from './map.js';
import type { TtrState } from './state.js';

export type TicketView = Ticket;

export interface PlayerPublic {
  seat: number;
  trains: number;
  stationsLeft: number;
  cards: number;
  /** Null while the opening choice is secret (TTRE-H12). */
  tickets: number | null;
  /** Germany: SHORT and LONG tickets held (kept), public by their backs (TTRG-H5, A30); null before the opening keep. Absent in Europe (TTRE-H7). */
  ticketTypes?: { short: number; long: number } | null;
  routePoints: number;
  passengers: Record<string, number>;
  /** During the opening: whether this seat has chosen. */
  ready: boolean;
}

export interface TtrView {
  map: TtrMap['id'];
  phase: TtrState['phase'];
  turn: number;
  current: number | null;
  market: (CardType | null)[];
  deckCount: number;
  /** The discard pile's contents are public (TTRE-A31); its order is not. */
  discard: Partial<Record<CardType, number>>;
  ticketDecks: { short: number; long: number };
  routeOwners: Record<string, number>;
  stations: { city: string; seat: number }[];
  passengersAt: Record<string, Record<string, number>>;
  players: PlayerPublic[];
  finalRound: TtrState['finalRound'];
  /** Public part of the active player's sub-decision. */
  pending:
    | { kind: 'secondDraw' }
    | { kind: 'tickets'; count: number }
    | { kind: 'tunnel'; route: number; committed: Cards; revealed: CardType[]; extra: number; match: string }
    | { kind: 'passengers'; route: number }
    | null;
  you?: {
    seat: number;
    hand: Hand;
    tickets: TicketView[];
    /** Tickets drawn and waiting for a keep decision (yours only). */
    choosing?: TicketView[];
    openingMix?: number | null;
  };
  /** Everyone's hands and tickets, once the game is over. */
  revealed?: { hands: Hand[]; tickets: TicketView[][] };
  result: TtrState['result'];
}

function countCards(cards: readonly CardType[]): Partial<Record<CardType, number>> {
  const out: Partial<Record<CardType, number>> = {};
  for (const c of cards) out[c] = (out[c] ?? 0) + 1;
  return out;
}

export function createView(map: TtrMap) {
  const byId = new Map(map.tickets.map((t) => [t.id, t]));
  const ticketList = (ids: readonly number[]) => ids.map((id) => ({ ...byId.get(id)! }));
  const typesOf = (ids: readonly number[] | null) => (ids === null ? null : { short: ids.filter((id) => !byId.get(id)?.long).length, long: ids.filter((id) => byId.get(id)?.long).length });

  return function view(s: TtrState, viewer: Viewer): TtrView {
    const opening = s.phase === 'opening';
    const p = s.pending;
    const out: TtrView = {
      map: map.id,
      phase: s.phase,
      turn: s.turn,
      current: s.phase === 'turn' ? s.current : null,
      market: s.market,
      deckCount: s.deck.length,
      discard: countCards(s.discard),
      ticketDecks: { short: s.ticketDecks.short.length + s.setAside.short.length, long: s.ticketDecks.long.length + s.setAside.long.length },
      routeOwners: s.routeOwners,
      stations: s.stations,
      passengersAt: s.passengersAt,
      players: s.hands.map((hand, seat) => ({
        seat,
        trains: s.trains[seat]!,
        stationsLeft: s.stationsLeft[seat]!,
        cards: handSize(hand),
        tickets: opening ? null : s.tickets[seat]!.length,
        routePoints: s.routePoints[seat]!,
        passengers: s.passengers[seat]!,
        ready: !opening || s.opening[seat]!.kept !== null,
        ...(map.passengers ? { ticketTypes: typesOf(opening ? s.opening[seat]!.kept : s.tickets[seat]!) } : {}),
      })),
      finalRound: s.finalRound,
      pending:
        p === null
          ? null
          : p.kind === 'tickets'
            ? { kind: 'tickets', count: p.drawn.length }
            : p.kind === 'tunnel'
              ? { kind: 'tunnel', route: p.route, committed: p.committed, revealed: p.revealed, extra: p.extra, match: p.match }
              : p,
      result: s.result,
    };
    if (typeof viewer === 'number' && viewer >= 0 && viewer < s.players) {
      const o = s.opening[viewer]!;
      out.you = {
        seat: viewer,
        hand: s.hands[viewer]!,
        tickets: ticketList(opening ? (o.kept ?? []) : s.tickets[viewer]!),
        ...(opening && o.kept === null ? { choosing: ticketList(o.dealt), openingMix: o.short } : {}),
        ...(p?.kind === 'tickets' && s.current === viewer ? { choosing: ticketList(p.drawn) } : {}),
      };
    }
    if (viewer === 'all') out.revealed = { hands: s.hands, tickets: s.tickets.map(ticketList) };
    return out;
  };
}
