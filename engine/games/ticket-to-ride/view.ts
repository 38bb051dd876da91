/** What each viewer may see (TTRE-H, TTRG hidden information). */
import type { Viewer } from '../../core/index.js';
import { handSize } from './cards.js';
import type { CardType, TtrMap } from './map.js';
import type { TtrView } from './schemas.js';
import type { TtrState } from './state.js';

export type { TtrView } from './schemas.js';

function countCards(cards: readonly CardType[]): Partial<Record<CardType, number>> {
  const out: Partial<Record<CardType, number>> = {};
  for (const c of cards) out[c] = (out[c] ?? 0) + 1;
  return out;
}

export function createView(map: TtrMap) {
  const byId = new Map(map.tickets.map((t) => [t.id, t]));
  const ticketList = (ids: readonly number[]) => ids.map((id) => ({ ...byId.get(id)! }));
  const typesOf = (ids: readonly number[] | null) =>
    ids === null
      ? null
      : { short: ids.filter((id) => !byId.get(id)?.long).length, long: ids.filter((id) => byId.get(id)?.long).length };

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
      ticketDecks: {
        short: s.ticketDecks.short.length + s.setAside.short.length,
        long: s.ticketDecks.long.length + s.setAside.long.length,
      },
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
              ? {
                  kind: 'tunnel',
                  route: p.route,
                  committed: p.committed,
                  revealed: p.revealed,
                  extra: p.extra,
                  match: p.match,
                }
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
