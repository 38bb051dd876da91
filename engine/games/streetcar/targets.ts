/** Tram positions as they appear in actions and views: row/col/heading letters, or a terminal and its exit port. */
import type { TramTarget } from './actions.js';
import { colOf, EDGE_NAMES, rowOf } from './geometry.js';
import type { TramPos } from './state.js';

/** A move or step never ends on a terminal without an exit port; only a freshly placed tram has none (see view.ts). */
export function targetOf(pos: TramPos): TramTarget {
  return pos.at === 'tile'
    ? { row: rowOf(pos.sq), col: colOf(pos.sq), heading: EDGE_NAMES[pos.heading]! }
    : { terminal: pos.terminal, exit: pos.exit ?? 0 };
}

/** Compares targets by value, whatever the key order of the action object. */
export const targetKey = (t: TramTarget): string =>
  'terminal' in t ? `T${t.terminal}:${t.exit}` : `${t.row},${t.col},${t.heading}`;
