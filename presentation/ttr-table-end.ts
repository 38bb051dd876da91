/**
 * Ticket to Ride's part of the generic table: the hands and tickets the view reveals
 * after the end, and where another seat's move shows on the board. Kept beside ticket-to-ride.ui.ts
 * and joined to it in ticket-to-ride.game.ts.
 */
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import type { PanelSection, Translate, UiEvent } from './game-ui.js';
import { isRecord, num, str } from './loose.js';
import { cardsText } from './ticket-to-ride.ui.js';

/** Every hand and every ticket, as the view after the end shows them (TTRE-H lifted). */
export function ttrRevealed(t: Translate, view: unknown, seat: number): PanelSection[] {
  if (!isRecord(view) || !isRecord(view.revealed)) return [];
  const shown = (view as unknown as TtrView).revealed!;
  const hand = shown.hands[seat];
  const tickets = shown.tickets[seat] ?? [];
  if (!hand) return [];
  const count = Object.values(hand).reduce<number>((n, c) => n + (c ?? 0), 0);
  return [
    { title: t('ttrEnd.cards', { n: count }), lines: [cardsText(t, hand)] },
    {
      title: t('ttrEnd.tickets', { n: tickets.length }),
      lines: tickets.map((k) => t(k.long ? 'ttr.ticketLong' : 'ttr.ticket', { a: k.a, b: k.b, count: k.points })),
    },
  ];
}

/** The route claimed, the face-up slot taken, the deck or ticket pile drawn from, the city of a station. */
export function ttrEventTargets(event: UiEvent): string[] {
  const d = event.data ?? {};
  switch (event.type) {
    case 'claimed_route':
    case 'tunnel_paid':
      return [`route:${String(d.route)}`];
    case 'drew_face_up':
      return num(d.slot) === undefined ? [] : [`market:${num(d.slot)!}`];
    case 'drew_blind':
      return ['deck'];
    case 'drew_tickets':
      return ['tickets'];
    case 'built_station':
      return [`city:${str(d.city) ?? ''}`];
    default:
      return [];
  }
}
