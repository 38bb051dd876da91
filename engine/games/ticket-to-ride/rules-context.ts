/** What every part of the Ticket to Ride rules shares: the map's lookups, the edition, and helpers on the state. */
import type { Draft, Step } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import type { Route, TtrMap } from './map.js';
import type { TtrEvent } from './schemas.js';
import type { Pending, TtrState } from './state.js';

export const GERMANY_TICKET_DRAW = 4;

export type D = Draft<TtrState, TtrEvent>;
export type TtrStep = Step<TtrState, TtrAction, TtrEvent>;
export type Of<T extends TtrAction['type']> = Extract<TtrAction, { type: T }>;

/** Subsets of `items` with at least `min` elements, in the items' order. */
export function subsets<T>(items: readonly T[], min: number): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) {
    const pick = items.filter((_, i) => mask & (1 << i));
    if (pick.length >= min) out.push(pick);
  }
  return out;
}

/**
 * Kept tickets are named in the order they were dealt, as legalActions lists them: one action per
 * choice, so that apply accepts exactly the listed actions.
 */
export function inDealtOrder(kept: readonly number[], dealt: readonly number[]): boolean {
  return kept.every((t, i) => i === 0 || dealt.indexOf(t) > dealt.indexOf(kept[i - 1]!));
}

/** The sub-decision a pending step is about; the step is chosen by its kind, so it is there. */
export function pendingOf<K extends Pending['kind']>(s: TtrState, kind: K): Extract<Pending, { kind: K }> {
  const p = s.pending;
  if (p?.kind !== kind) throw new Error(`no ${kind} decision pending`);
  return p as Extract<Pending, { kind: K }>;
}

/** The map's lookups and the edition's rule IDs, built once per map. */
export function ruleContext(map: TtrMap) {
  const routes = new Map(map.routes.map((r) => [r.id, r]));
  const groups = new Map<number, Route[]>();
  for (const r of map.routes) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  /** The other routes between the same two places, per route. */
  const siblingsOf = new Map(
    map.routes.map((route) => [route.id, groups.get(route.group)!.filter((r) => r.id !== route.id)]),
  );
  const tickets = new Map(map.tickets.map((t) => [t.id, t]));
  const germany = map.passengers !== null;
  /** Germany: SHORT and LONG counts of a set of tickets, public for every draw (TTRG-H5). */
  const typeCounts = (ids: readonly number[]) => ({
    keptShort: ids.filter((id) => !tickets.get(id)?.long).length,
    keptLong: ids.filter((id) => tickets.get(id)?.long).length,
  });
  const R = (europe: string, germanyRule: string) => (map.id === 'europe' ? `TTRE-${europe}` : `TTRG-${germanyRule}`);
  return { map, routes, siblingsOf, tickets, germany, typeCounts, R };
}

export type TtrContext = ReturnType<typeof ruleContext>;
