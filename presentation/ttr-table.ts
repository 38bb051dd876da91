/**
 * What the Ticket to Ride table in the web client decides from the legal actions and the viewer's
 * view: which board places glow for the step due, which legal action a choice of
 * individual tickets stands for, and how far each of the viewer's tickets is connected. Pure, so the
 * client only draws.
 */
import type { Route, Ticket, TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import type { UiAction } from './game-ui.js';
import { numbers } from './loose.js';

/** The table's step: null for a normal turn, "station" once the player chose to build a station (Europe, TTRE-12). */
export type TtrMode = 'station' | null;

const KEEPS = new Set(['keep_initial_tickets', 'keep_tickets']);

/**
 * Board places worth a tap now: the routes that can be claimed, or, once the player chose to build a
 * station, the cities where one can be built. The card market, the deck and the ticket pile are on
 * the table, not the board; during a sub-decision (second card, tickets, tunnel payment, passengers)
 * the legal actions hold no claim and no station, so nothing on the board glows (TTRE-4.7, TTRG-4.5).
 */
export function glowingPlaces(legal: readonly UiAction[], mode: string | null): string[] {
  const wanted = mode === 'station' ? 'build_station' : 'claim_route';
  const keys = legal.flatMap((a) =>
    a.type !== wanted ? [] : wanted === 'build_station' ? [`city:${String(a.city)}`] : [`route:${String(a.route)}`],
  );
  return [...new Set(keys)];
}

/** Whether a station can be built now (the "build a station" step is worth offering). */
export const canBuildStation = (legal: readonly UiAction[]): boolean => legal.some((a) => a.type === 'build_station');

/** The ticket keep actions offered now (at the opening or after a ticket draw); [] when no choice is due. */
export const keepActions = (legal: readonly UiAction[]): UiAction[] => legal.filter((a) => KEEPS.has(a.type));

/**
 * The fewest tickets a keep may hold, as the legal actions say: 2 of the opening 4 (TTRE-3.2,
 * TTRG-3.3), 1 of a later draw (TTRE-11.3, TTRG-10.4).
 */
export function keepMinimum(legal: readonly UiAction[]): number {
  const sizes = keepActions(legal).map((a) => numbers(a.tickets).length);
  return sizes.length > 0 ? Math.min(...sizes) : 0;
}

/** The legal keep action for exactly the tickets `chosen`; undefined when that set may not be kept. */
export function keepAction(legal: readonly UiAction[], chosen: readonly number[]): UiAction | undefined {
  const want = [...new Set(chosen)].sort((a, b) => a - b).join();
  return keepActions(legal).find((a) => [...numbers(a.tickets)].sort((x, y) => x - y).join() === want);
}

/** Places joined by `routes`; countries (Germany) end paths and are not passed through. */
export function connected(map: TtrMap, routes: readonly Route[], from: string, to: string): boolean {
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

export type TicketState = 'connected' | 'connectedStation' | 'notConnected';

/**
 * How far a ticket of the seat is connected by its own routes (public), or only with a station's
 * borrowed route (Europe, TTRE-14.3: at final scoring a station borrows one route of another player
 * into its city). The viewer works this out from the public board; the engine tells no one before
 * the end (TTRE-H10).
 */
export function ticketState(
  map: TtrMap,
  view: Pick<TtrView, 'routeOwners' | 'stations'>,
  seat: number,
  ticket: Pick<Ticket, 'a' | 'b'>,
): TicketState {
  const owner = (r: Route) => view.routeOwners[String(r.id)];
  const own = map.routes.filter((r) => owner(r) === seat);
  if (connected(map, own, ticket.a, ticket.b)) return 'connected';
  const stationCities = new Set(view.stations.filter((s) => s.seat === seat).map((s) => s.city));
  if (stationCities.size === 0) return 'notConnected';
  const borrowed = map.routes.filter(
    (r) => owner(r) !== undefined && owner(r) !== seat && (stationCities.has(r.a) || stationCities.has(r.b)),
  );
  return connected(map, [...own, ...borrowed], ticket.a, ticket.b) ? 'connectedStation' : 'notConnected';
}

/** Germany draws tickets from a short and a long deck in a mix the player announces (TTRG-10.1); Europe from one pile. */
export const drawsByMix = (map: Pick<TtrMap, 'id'>): boolean => map.id === 'germany';

/** Tickets a Germany draw takes: four (TTRG-3.1), or all that are left (TTRG-10.2). */
const GERMANY_DRAW = 4;

export interface TicketMix {
  short: number;
  long: number;
  action: UiAction;
}

/** The legal ticket draws that name a mix (the opening's or a turn's), fewest short tickets first; [] where none does (Europe). */
export function ticketMixes(legal: readonly UiAction[], decks: { short: number; long: number }): TicketMix[] {
  const total = Math.min(GERMANY_DRAW, decks.short + decks.long);
  return legal
    .filter((a) => (a.type === 'draw_tickets' || a.type === 'choose_initial_tickets') && typeof a.short === 'number')
    .map((action) => ({ short: action.short as number, long: total - (action.short as number), action }))
    .sort((a, b) => a.short - b.short);
}
