/** Helpers shared by the Ticket to Ride rule suites. */
import type { GameEvent } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import { addCards, canonical, emptyHand, type Cards, type Hand } from './cards.js';
import type { CardType, Route, RouteColour, TtrMap } from './map.js';
import type { TtrRules } from './rules.js';
import type { TtrState } from './state.js';
import { expectRuleError } from '../../core/rule-errors.testkit.js';

/** A hand from a card multiset. */
export const H = (cards: Cards): Hand => addCards(emptyHand(), cards);

/** Regular cards of mixed colours, to pad a deck or a hand. */
export const filler = (n: number): CardType[] =>
  Array.from({ length: n }, (_, i) => (['orange', 'white', 'black', 'pink'] as const)[i % 4]!);

/** Runs `fn`, which must throw a RuleError for `rule`. */
export const rejects = (fn: () => unknown, rule: string) => expectRuleError(fn, { rule });

export function fixtureRoute(
  id: number,
  a: string,
  b: string,
  length: number,
  colour: RouteColour,
  more: Partial<Route> = {},
): Route {
  return { id, a, b, length, colour, tunnel: false, ferry: 0, group: id, toCountry: false, ...more };
}

/** The current player draws two blind cards (one if no second draw is possible). */
export function drawTwo(rules: TtrRules, s: TtrState): TtrState {
  let t = rules.apply(s, s.current, { type: 'draw_blind' }).state;
  if (t.pending?.kind === 'secondDraw') t = rules.apply(t, t.current, { type: 'draw_blind' }).state;
  return t;
}

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
export const ofType = <T extends TtrAction['type']>(legal: readonly TtrAction[], type: T) =>
  legal.filter((a): a is Extract<TtrAction, { type: T }> => a.type === type);
export const drawActions = (legal: readonly TtrAction[]) =>
  legal.filter((a) => a.type === 'draw_face_up' || a.type === 'draw_blind');
export const eventsOf = (events: readonly GameEvent[], type: string) => events.filter((e) => e.type === type);
export const countOf = (cards: readonly (CardType | null)[]): Cards => {
  const out: Cards = {};
  for (const c of cards) if (c !== null) out[c] = (out[c] ?? 0) + 1;
  return canonical(out);
};
