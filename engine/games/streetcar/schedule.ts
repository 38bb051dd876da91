/** A player's schedule (SC-3.6, SC-9.1) and the questions asked about it. */
import { ROUTE_CARDS } from './data.js';
import { terminalsOfLine } from './geometry.js';
import { masksOf, type BuildRules } from './placement.js';
import { findTrip } from './paths.js';
import type { PlayerState, StreetcarState, WitnessNode } from './state.js';

/** SC-9.1: the buildings of the player's line row on their route card. */
export function requiredStops(p: Pick<PlayerState, 'line' | 'route'>): string[] {
  const card = ROUTE_CARDS.find((c) => c.id === p.route);
  if (!card) throw new Error(`streetcar: unknown route card ${p.route}`);
  return card.rows[String(p.line)] ?? [];
}

export const ownTerminals = (p: Pick<PlayerState, 'line'>): [number, number] => terminalsOfLine(p.line);

export const otherTerminal = (p: Pick<PlayerState, 'line'>, t: number): number => {
  const [a, b] = ownTerminals(p);
  return t === a ? b : a;
};

/** SC-9.3/10.3: a valid trip path from `start` to the player's other terminal, or null. */
export function tripFrom(s: StreetcarState, p: PlayerState, start: number): WitnessNode[] | null {
  return findTrip(
    masksOf(s.board),
    s.stops,
    requiredStops(p),
    { at: 'terminal', terminal: start, exit: null },
    [],
    otherTerminal(p, start),
  );
}

/** SC-11.11: whether the driver can still reach the end terminal with every required stop from where the tram is. */
export function canStillFinish(s: StreetcarState, p: PlayerState): boolean {
  if (!p.tram || p.end === null) return false;
  return findTrip(masksOf(s.board), s.stops, requiredStops(p), p.tram, p.visited, p.end) !== null;
}

export const buildRules = (s: StreetcarState): BuildRules => ({
  strict: s.options.strictExtendable,
  mustConnect: s.options.turnstile,
});

/** V1-4: four actions a turn in circuit phase B, otherwise two build actions (SC-4.2). */
export const actionBudget = (s: StreetcarState): number => (s.circuit?.phase === 'B' ? 4 : 2);
