/**
 * The Ticket to Ride state machine for both editions on the game kit: one code path, parameterised
 * by the map (Europe: tunnels, ferries, stations, 3-ticket draws; Germany: passengers, 4-ticket draws
 * with a declared mix). Its steps are the opening, the turn, and one per sub-decision inside a turn
 * (TTRE-4.7); each names its legal actions (legal.ts) and their effects (drawing, claiming, tickets,
 * opening, turn-end). Rule IDs: TTRE-* (Europe spec), TTRG-* (Germany spec).
 */
import { defineRules, type Refusal, type Rules, type Seat } from '../../core/index.js';
import type { TtrAction, TtrOptions } from './actions.js';
import { claiming } from './claiming.js';
import { drawing } from './drawing.js';
import { legalOptions } from './legal.js';
import type { Route, TtrMap } from './map.js';
import { openingChoices } from './opening.js';
import { payableSets } from './payment.js';
import { pendingOf, ruleContext, subsets, type TtrStep } from './rules-context.js';
import { setup } from './setup.js';
import type { TtrState } from './state.js';
import { ticketDraws } from './tickets.js';
import { turnEnd } from './turn-end.js';

export interface TtrRules extends Rules<TtrState, TtrAction> {
  map: TtrMap;
  route(id: number): Route | undefined;
  setup(seed: string, players: number, options: TtrOptions): TtrState;
}

const current = (s: TtrState): Seat[] => [s.current];

export function createRules(map: TtrMap): TtrRules {
  const context = ruleContext(map);
  const { routes, germany, R } = context;
  const legal = legalOptions(context);
  const { drawOptions, turnOptions, tunnelExtraRule, passengerChoices, openingOptions } = legal;
  const end = turnEnd(context, legal);
  const { passIfStuck } = end;
  const { drawFaceUp, drawBlind } = drawing(context, legal, end);
  const { claimRoute, payTunnel, withdrawTunnel, takePassengers, buildStation } = claiming(context, legal, end);
  const { drawTickets, keepTickets } = ticketDraws(context, legal, end);
  const { chooseOpening, keepOpening } = openingChoices(context);

  const NOT_YOUR_TURN: Refusal = { message: 'It is not your turn', rule: R('4.1', '4.1') };

  /** TTRE-3 / TTRG-3: every seat chooses its opening tickets at once, in secret (Germany: announces its mix first). */
  const opening: TtrStep = {
    rule: R('3.4', '3.5'),
    actors: (s) => s.opening.flatMap((o, seat) => (o.kept === null ? [seat] : [])),
    actions: openingOptions,
    on: germany
      ? { choose_initial_tickets: chooseOpening, keep_initial_tickets: keepOpening }
      : { keep_initial_tickets: keepOpening },
    refuse: {
      choose_initial_tickets: {
        code: 'no_mix',
        message: 'Europe deals the opening tickets: keep at least two of them',
        rule: 'TTRE-3.1',
      },
    },
  };

  /** TTRE-4.2 / TTRG-4.2: one of draw cards, claim a route, draw tickets (or, in Europe, build a station). */
  const turn: TtrStep = {
    rule: R('4.2', '4.2'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: turnOptions,
    on: {
      draw_face_up: (d, a) => drawFaceUp(d, a.slot, false),
      draw_blind: (d) => drawBlind(d, false),
      claim_route: claimRoute,
      draw_tickets: drawTickets,
      ...(map.stationsPerPlayer > 0 ? { build_station: buildStation } : {}),
    },
    refuse: { build_station: { code: 'no_stations', message: 'This edition has no train stations', rule: 'TTRG-1.9' } },
    auto: passIfStuck,
  };

  /** TTRE-5.8–5.10 / TTRG-5.7: the second train card. */
  const secondDraw: TtrStep = {
    rule: R('5.9', '5.7'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s) => drawOptions(s, true),
    on: {
      draw_face_up: (d, a) => drawFaceUp(d, a.slot, true),
      draw_blind: (d) => drawBlind(d, true),
    },
  };

  /** TTRE-11.3 / TTRG-10.4: keep at least one of the tickets just drawn. */
  const ticketChoice: TtrStep = {
    rule: R('4.7', '4.5'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s) => subsets(pendingOf(s, 'tickets').drawn, 1).map((kept) => ({ type: 'keep_tickets', tickets: kept })),
    on: { keep_tickets: keepTickets },
  };

  /** TTRE-10: pay a tunnel's extra cost or take the committed cards back. */
  const tunnel: TtrStep = {
    rule: R('4.7', '4.5'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s, seat) => [
      ...payableSets(s.hands[seat]!, tunnelExtraRule(pendingOf(s, 'tunnel'))).map((cards): TtrAction => ({
        type: 'pay_tunnel',
        cards,
      })),
      { type: 'withdraw_tunnel' },
    ],
    on: { pay_tunnel: payTunnel, withdraw_tunnel: withdrawTunnel },
  };

  /** TTRG-9: a passenger (or none) from each end of the route just claimed. */
  const passengers: TtrStep = {
    rule: 'TTRG-9.6',
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s) => {
      const route = routes.get(pendingOf(s, 'passengers').route)!;
      return passengerChoices(s, route.a).flatMap((a) =>
        passengerChoices(s, route.b).map((b): TtrAction => ({ type: 'take_passengers', a, b })),
      );
    },
    on: { take_passengers: takePassengers },
  };

  const rules = defineRules({
    seats: (s) => s.players,
    // The rule an action after the end has always cited (before the kit it was refused as out of turn).
    overRule: R('4.1', '4.1'),
    step: (s) => (s.phase === 'over' ? null : s.phase === 'opening' ? 'opening' : (s.pending?.kind ?? 'turn')),
    steps: { opening, turn, secondDraw, tickets: ticketChoice, tunnel, passengers },
  });

  return {
    ...rules,
    map,
    route: (id) => routes.get(id),
    setup: (seed, players, options) => setup(context, seed, players, options),
  };
}
