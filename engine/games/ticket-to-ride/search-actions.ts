/**
 * The moves a search bot weighs in Ticket to Ride: one way to pay per route, per
 * station city and per tunnel surcharge (the fewest locomotives, then the first listed), and
 * stations only where an opponent's route already ends (only such a route can be borrowed, TTRE-14.4), and
 * one face-up card per colour (two slots of one colour are the same move, and took two of the few candidates
 * a move is searched with). The game lists every payment, hundreds of actions once stations are possible.
 */
import type { TtrAction } from './actions.js';
import type { TtrMap } from './map.js';
import type { TtrState } from './state.js';

export function createSearchActions(map: TtrMap) {
  const routesAt = new Map<string, number[]>();
  for (const r of map.routes) for (const c of [r.a, r.b]) routesAt.set(c, [...(routesAt.get(c) ?? []), r.id]);
  const borrowable = (s: TtrState, seat: number, city: string) =>
    (routesAt.get(city) ?? []).some((id) => {
      const owner = s.routeOwners[String(id)];
      return owner !== undefined && owner !== seat;
    });
  return (s: TtrState, seat: number, legal: TtrAction[]): TtrAction[] => {
    const best = new Map<string, TtrAction>();
    const locos = (a: TtrAction) => ('cards' in a ? (a.cards.loco ?? 0) : 0);
    for (const a of legal) {
      if (a.type === 'build_station' && !borrowable(s, seat, a.city)) continue;
      const key = sameMoveKey(s, a);
      const known = best.get(key);
      if (!known || locos(a) < locos(known)) best.set(key, a);
    }
    return best.size > 0 ? [...best.values()] : legal;
  };
}

/** Actions that are the same move but for how it is paid (or which slot shows the colour) share a key. */
function sameMoveKey(s: TtrState, a: TtrAction): string {
  switch (a.type) {
    case 'claim_route':
      return `r${a.route}`;
    case 'build_station':
      return `s${a.city}`;
    case 'pay_tunnel':
      return 'tunnel';
    case 'draw_face_up':
      return `f${s.market[a.slot]}`;
    default:
      return JSON.stringify(a);
  }
}
