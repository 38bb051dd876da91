/** The legal actions of Ticket to Ride, per step, and why a route cannot be claimed. */
import type { Refusal, Seat } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import type { Route } from './map.js';
import { payableSets, routeSetRule, type SetRule } from './payment.js';
import { GERMANY_TICKET_DRAW, subsets, type TtrContext } from './rules-context.js';
import type { Pending, TtrState } from './state.js';

export function legalOptions({ map, siblingsOf, germany, R }: TtrContext) {
  const ownerOf = (s: TtrState, route: Route) => s.routeOwners[String(route.id)];

  // Why a route cannot be claimed. Plain records, not errors: legalActions asks about every route, and an error records a stack.
  const ROUTE_TAKEN: Required<Refusal> = {
    code: 'route_taken',
    message: 'That route is already claimed',
    rule: R('7.1', '7.1'),
  };
  const PARALLEL_LOCKED: Required<Refusal> = {
    code: 'parallel_route_locked',
    message: 'With 2 or 3 players only one route between two places can be used',
    rule: R('8.3', '8.4'),
  };
  const OWN_PARALLEL: Required<Refusal> = {
    code: 'own_parallel_route',
    message: 'You already own a route between these two places',
    rule: R('8.2', '8.2'),
  };
  const TOO_FEW_TRAINS: Required<Refusal> = {
    code: 'not_enough_trains',
    message: 'You do not have enough trains left',
    rule: R('7.3', '7.2'),
  };

  /** TTRE-7.1/7.3/8, TTRG-7.1/7.2/8: open, unlocked, and enough trains. */
  function claimBlock(s: TtrState, seat: Seat, route: Route): Required<Refusal> | null {
    if (ownerOf(s, route) !== undefined) return ROUTE_TAKEN;
    const siblings = siblingsOf.get(route.id)!;
    // With 2 or 3 players the lock applies to everyone, the owner of the claimed route included (TTRE-8.3, TTRG-8.4).
    if (s.players <= 3 && siblings.some((r) => ownerOf(s, r) !== undefined)) return PARALLEL_LOCKED;
    if (siblings.some((r) => ownerOf(s, r) === seat)) return OWN_PARALLEL;
    if ((s.trains[seat] ?? 0) < route.length) return TOO_FEW_TRAINS;
    return null;
  }

  const claimRule = (route: Route): SetRule => routeSetRule(route.length, route.colour, route.tunnel ? 0 : route.ferry);

  function stationRule(s: TtrState, seat: Seat): SetRule {
    return { size: map.stationsPerPlayer - (s.stationsLeft[seat] ?? 0) + 1, colour: null, minLocos: 0 };
  }

  const tunnelExtraRule = (p: Extract<Pending, { kind: 'tunnel' }>): SetRule =>
    p.match === 'loco'
      ? { size: p.extra, colour: null, minLocos: 0, locosOnly: true }
      : { size: p.extra, colour: p.match, minLocos: 0 };

  const cardsAvailable = (s: TtrState) => s.deck.length > 0 || s.discard.length > 0;

  function drawOptions(s: TtrState, second: boolean): TtrAction[] {
    const out: TtrAction[] = [];
    s.market.forEach((card, slot) => {
      if (card !== null && !(second && card === 'loco')) out.push({ type: 'draw_face_up', slot });
    });
    if (cardsAvailable(s)) out.push({ type: 'draw_blind' });
    return out;
  }

  function ticketDrawOptions(s: TtrState): TtrAction[] {
    const { short, long } = s.ticketDecks;
    if (!germany) return short.length > 0 ? [{ type: 'draw_tickets' }] : [];
    const total = Math.min(GERMANY_TICKET_DRAW, short.length + long.length);
    if (total === 0) return [];
    const out: TtrAction[] = [];
    for (let n = 0; n <= total; n++)
      if (n <= short.length && total - n <= long.length) out.push({ type: 'draw_tickets', short: n });
    return out;
  }

  function turnOptions(s: TtrState, seat: Seat): TtrAction[] {
    const hand = s.hands[seat]!;
    const out: TtrAction[] = [...drawOptions(s, false)];
    for (const route of map.routes) {
      if (claimBlock(s, seat, route)) continue;
      for (const cards of payableSets(hand, claimRule(route)))
        out.push({ type: 'claim_route', route: route.id, cards });
    }
    out.push(...ticketDrawOptions(s));
    if ((s.stationsLeft[seat] ?? 0) > 0) {
      const sets = payableSets(hand, stationRule(s, seat));
      const taken = new Set(s.stations.map((st) => st.city));
      for (const city of map.cities)
        if (!taken.has(city)) for (const cards of sets) out.push({ type: 'build_station', city, cards });
    }
    return out;
  }

  /** Whether any turn action exists, without listing them all (checked after every turn). */
  function hasTurnOption(s: TtrState, seat: Seat): boolean {
    return drawOptions(s, false).length > 0 || ticketDrawOptions(s).length > 0 || turnOptions(s, seat).length > 0;
  }

  function passengerChoices(s: TtrState, location: string): (string | null)[] {
    const here = s.passengersAt[location] ?? {};
    return [
      null,
      ...Object.keys(here)
        .filter((c) => (here[c] ?? 0) > 0)
        .sort(),
    ];
  }

  function openingOptions(s: TtrState, seat: Seat): TtrAction[] {
    const o = s.opening[seat]!;
    if (germany && o.short === null)
      return Array.from({ length: GERMANY_TICKET_DRAW + 1 }, (_, n): TtrAction => ({
        type: 'choose_initial_tickets',
        short: n,
      }));
    return subsets(o.dealt, 2).map((kept) => ({ type: 'keep_initial_tickets', tickets: kept }));
  }

  return {
    claimBlock,
    claimRule,
    stationRule,
    tunnelExtraRule,
    cardsAvailable,
    drawOptions,
    ticketDrawOptions,
    turnOptions,
    hasTurnOption,
    passengerChoices,
    openingOptions,
  };
}

export type Legal = ReturnType<typeof legalOptions>;
