/** Helpers shared by the Ticket to Ride rule suites. */
import type { GameEvent } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import { canonical, type Cards } from './cards.js';
import type { CardType, Route, TtrMap } from './map.js';

export function routeBetween(map: TtrMap, a: string, b: string, pred: (r: Route) => boolean = () => true): Route {
  const r = map.routes.find((x) => ((x.a === a && x.b === b) || (x.a === b && x.b === a)) && pred(x));
  if (!r) throw new Error(`fixture: no route ${a}–${b} on ${map.id}`);
  return r;
}

/** Actions compared as the rules see them: card multisets without zeros, ticket lists as sets. */
export const canon = (a: TtrAction): string => {
  if ('cards' in a) return JSON.stringify({ ...a, cards: canonical(a.cards) });
  if ('tickets' in a) return JSON.stringify({ ...a, tickets: [...a.tickets].sort((x, y) => x - y) });
  return JSON.stringify(a);
};
export const has = (legal: readonly TtrAction[], a: TtrAction) => legal.some((l) => canon(l) === canon(a));
export const ofType = <T extends TtrAction['type']>(legal: readonly TtrAction[], type: T) => legal.filter((a): a is Extract<TtrAction, { type: T }> => a.type === type);
export const drawActions = (legal: readonly TtrAction[]) => legal.filter((a) => a.type === 'drawFaceUp' || a.type === 'drawBlind');
export const eventsOf = (events: readonly GameEvent[], type: string) => events.filter((e) => e.type === type);
export const countOf = (cards: readonly (CardType | null)[]): Cards => {
  const out: Cards = {};
  for (const c of cards) if (c !== null) out[c] = (out[c] ?? 0) + 1;
  return canonical(out);
};
