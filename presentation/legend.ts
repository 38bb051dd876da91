/**
 * A table's legend: the symbols its pictures draw without words, each as the same drawing at a
 * readable size next to its name in the reader's language. Each game's legend module lists its
 * entries with the board's own drawing functions; the client shows them in a collapsible box.
 */
import { h, num, type Markup } from './svg.js';

export interface LegendEntry {
  /** What the symbol stands for (a game's own id: a symbol, a good, a map mark). */
  readonly key: string;
  /** An inline `<svg>`, decoration next to the name (aria-hidden). */
  readonly picture: string;
  readonly name: string;
}

/** An inline `<svg>` showing `body`, drawn in a `width`×`height` box from (x, y). */
export function legendPicture(body: readonly Markup[], width: number, height: number, x = 0, y = 0): string {
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `${num(x)} ${num(y)} ${num(width)} ${num(height)}`,
      'aria-hidden': 'true',
      focusable: 'false',
    },
    body,
  ).svg;
}
