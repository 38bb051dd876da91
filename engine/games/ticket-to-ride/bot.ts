/**
 * A greedy Ticket to Ride bot. It sees only its own seat's view. It keeps the cheapest tickets,
 * claims routes on the shortest open paths for its unfinished tickets (longest route first, fewest
 * locomotives spent), draws the colours those routes need, and takes new tickets when its own are done.
 */
import type { BotInput } from '../../core/index.js';
import { connected, pathTo, shortestPaths, type Edge } from '../../core/graph.js';
import { handSize } from './cards.js';
import type { TtrAction } from './actions.js';
import type { Route, Ticket } from './map.js';
import type { TtrRules } from './rules.js';
import type { TtrView } from './view.js';

type Of<T extends TtrAction['type']> = Extract<TtrAction, { type: T }>;

const HAND_TO_SPEND = 12;
const TRAINS_FOR_NEW_TICKETS = 12;

function ofType<T extends TtrAction['type']>(legal: readonly TtrAction[], type: T): Of<T>[] {
  return legal.filter((a): a is Of<T> => a.type === type);
}

function cheapest<T>(items: readonly T[], cost: (x: T) => number): T | undefined {
  let best: T | undefined;
  let bestCost = Infinity;
  for (const x of items) {
    const c = cost(x);
    if (c < bestCost) {
      best = x;
      bestCost = c;
    }
  }
  return best;
}

export function createBot(rules: TtrRules) {
  const { map } = rules;
  const countries = new Set(map.countries);
  const ticketPoints = new Map(map.tickets.map((t) => [t.id, t.points]));
  // A country is a dead end: each route into it ends in a node of its own (TTRG-11.3).
  const endpoint = (route: Route, place: string) => (countries.has(place) ? `${place}#${route.id}` : place);
  const nodesOf = (place: string, edges: readonly Edge[]) =>
    countries.has(place) ? edges.flatMap((e) => [e.a, e.b]).filter((n) => n.startsWith(`${place}#`)) : [place];

  /**
   * Search bots play this bot in their simulations, thousands of calls per move, and most calls
   * (draws) leave the routes unchanged: the wanted routes are remembered per board, seat and tickets.
   */
  const remembered = new Map<string, ReadonlySet<number>>();
  const REMEMBERED_MAX = 4096;

  /** Open routes on the shortest paths that would finish the bot's unfinished tickets. */
  function wantedRoutes(view: TtrView, seat: number, tickets: readonly Ticket[]): ReadonlySet<number> {
    const key = `${seat}|${tickets.map((t) => t.id).join(',')}|${JSON.stringify(view.routeOwners)}`;
    const known = remembered.get(key);
    if (known) return known;
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    const wanted = findWanted(view, seat, tickets);
    remembered.set(key, wanted);
    return wanted;
  }

  function findWanted(view: TtrView, seat: number, tickets: readonly Ticket[]): Set<number> {
    const usable = map.routes.filter((r) => {
      const owner = view.routeOwners[String(r.id)];
      return owner === undefined || owner === seat;
    });
    const edges: Edge[] = usable.map((r) => ({
      id: r.id,
      a: endpoint(r, r.a),
      b: endpoint(r, r.b),
      weight: view.routeOwners[String(r.id)] === seat ? 0 : r.length,
    }));
    const mine = edges.filter((e) => e.weight === 0);
    const wanted = new Set<number>();
    for (const t of tickets) {
      const froms = nodesOf(t.a, edges);
      const tos = nodesOf(t.b, edges);
      if (froms.some((f) => tos.some((to) => connected(mine, f, to)))) continue;
      const best = cheapest(
        froms.flatMap((f) => {
          const paths = shortestPaths(edges, f);
          return tos.map((to) => pathTo(paths, to)).filter((p): p is Edge[] => p !== null);
        }),
        (p) => p.reduce((n, e) => n + e.weight, 0),
      );
      for (const e of best ?? []) if (e.weight > 0) wanted.add(e.id);
    }
    return wanted;
  }

  function claimScore(a: Of<'claim_route'>): number {
    const route = rules.route(a.route)!;
    return route.length * 10 - (a.cards.loco ?? 0);
  }

  function draw(legal: readonly TtrAction[], view: TtrView, wanted: ReadonlySet<number>): TtrAction | undefined {
    const colours = new Set([...wanted].map((id) => rules.route(id)!.colour));
    const faceUp = ofType(legal, 'draw_face_up').find((a) => {
      const card = view.market[a.slot];
      return card === 'loco' || (card !== null && card !== undefined && colours.has(card));
    });
    return faceUp ?? ofType(legal, 'draw_blind')[0] ?? ofType(legal, 'draw_face_up')[0];
  }

  return ({ view, legal, seat, rng }: BotInput<TtrView, TtrAction>): TtrAction => {
    const you = view.you;
    const choice = (() => {
      if (!you) return undefined;
      const mix = ofType(legal, 'choose_initial_tickets');
      if (mix.length) return mix.find((a) => a.short === 3) ?? mix[0];
      const keepOpening = ofType(legal, 'keep_initial_tickets');
      if (keepOpening.length)
        return cheapest(
          keepOpening,
          (a) => a.tickets.length * 100 + a.tickets.reduce((n, id) => n + (ticketPoints.get(id) ?? 0), 0),
        );
      const keep = ofType(legal, 'keep_tickets');
      if (keep.length)
        return cheapest(
          keep,
          (a) => a.tickets.length * 100 + a.tickets.reduce((n, id) => n + (ticketPoints.get(id) ?? 0), 0),
        );
      const pay = ofType(legal, 'pay_tunnel');
      if (view.pending?.kind === 'tunnel')
        return cheapest(pay, (a) => a.cards.loco ?? 0) ?? ofType(legal, 'withdraw_tunnel')[0];
      const passengers = ofType(legal, 'take_passengers');
      if (passengers.length) return cheapest(passengers, (a) => (a.a === null ? 1 : 0) + (a.b === null ? 1 : 0));
      const wanted = wantedRoutes(view, seat, you.tickets);
      if (view.pending?.kind === 'secondDraw') return draw(legal, view, wanted);
      const claims = ofType(legal, 'claim_route');
      const useful = claims.filter((a) => wanted.has(a.route));
      if (useful.length) return cheapest(useful, (a) => -claimScore(a));
      const tickets = ofType(legal, 'draw_tickets');
      if (wanted.size === 0 && tickets.length && (view.players[seat]?.trains ?? 0) >= TRAINS_FOR_NEW_TICKETS) {
        return cheapest(tickets, (a) => -(a.short ?? 0));
      }
      if (claims.length && (wanted.size === 0 || handSize(you.hand) >= HAND_TO_SPEND))
        return cheapest(claims, (a) => -claimScore(a));
      return draw(legal, view, wanted);
    })();
    return choice ?? rng.pick(legal);
  };
}
