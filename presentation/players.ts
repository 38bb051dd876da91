/**
 * Player colours and marks that stay apart for colour-blind people: the Okabe–Ito palette, plus a
 * per-player fill pattern and a seat number on every mark, so no mark depends on hue alone.
 */
import type { Translate } from './game-ui.js';
import { h, label, type Attrs, type Markup } from './svg.js';

/** Okabe–Ito colours in seat order (blue, vermillion, bluish green, orange, reddish purple). */
export const PLAYER_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7'] as const;
/** Text colour readable on each player colour. */
const INK = ['#FFFFFF', '#FFFFFF', '#FFFFFF', '#000000', '#000000'] as const;
/** What the pattern of each seat looks like, for legends and tests. */
export const PATTERN_NAMES = ['solid', 'stripes', 'dots', 'crosshatch', 'bars'] as const;

const at = <T>(list: readonly T[], seat: number): T => list[((seat % list.length) + list.length) % list.length]!;

export const playerColour = (seat: number): string => at(PLAYER_COLOURS, seat);
export const playerInk = (seat: number): string => at(INK, seat);
/** The label on every mark of a seat: its 1-based number. */
export const playerLabel = (seat: number): string => String(seat + 1);
export const patternId = (seat: number): string => `rp-pattern-${seat % PLAYER_COLOURS.length}`;

/** The name to show for a seat: the given one or "Player n" in the reader's language. */
export function playerName(t: Translate, seat: number, seatNames?: readonly (string | null)[]): string {
  const n = seatNames?.[seat];
  return typeof n === 'string' && n.trim() !== '' ? n : t('picture.player', { n: seat + 1 });
}

/** One <pattern> per seat: the player colour with a distinct texture in the player's ink colour. */
export function playerPatterns(players: number): Markup[] {
  const out: Markup[] = [];
  for (let seat = 0; seat < Math.min(players, PLAYER_COLOURS.length); seat++) {
    const c = playerColour(seat);
    const ink = playerInk(seat);
    const base = h('rect', { width: 8, height: 8, fill: c });
    const texture = [
      null,
      h('path', { d: 'M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4', stroke: ink, 'stroke-width': 1.5, opacity: 0.6 }),
      h('circle', { cx: 4, cy: 4, r: 1.6, fill: ink, opacity: 0.6 }),
      h('path', { d: 'M0,0 L8,8 M8,0 L0,8', stroke: ink, 'stroke-width': 1.2, opacity: 0.6 }),
      h('path', { d: 'M0,4 H8', stroke: ink, 'stroke-width': 2, opacity: 0.6 }),
    ][seat];
    out.push(
      h(
        'pattern',
        {
          id: patternId(seat),
          width: 8,
          height: 8,
          patternUnits: 'userSpaceOnUse',
          'data-pattern': at(PATTERN_NAMES, seat),
        },
        base,
        texture,
      ),
    );
  }
  return out;
}

/** Attributes every player mark carries (for clients and tests). */
export const markAttrs = (seat: number): Attrs => ({ 'data-player': seat, 'data-colour': playerColour(seat) });

/** A round token in the player's colour and pattern with the seat number on it. */
export function playerToken(seat: number, x: number, y: number, r: number, attrs: Attrs = {}): Markup {
  return h(
    'g',
    { ...markAttrs(seat), ...attrs },
    h('circle', {
      cx: x,
      cy: y,
      r,
      fill: `url(#${patternId(seat)})`,
      stroke: '#000',
      'stroke-width': Math.max(0.8, r / 6),
    }),
    h('circle', { cx: x, cy: y, r: r * 0.62, fill: playerColour(seat) }),
    label(x, y, playerLabel(seat), { 'font-size': r * 1.1, 'font-weight': 700, fill: playerInk(seat) }),
  );
}

export interface LegendPlayer {
  seat: number;
  /** Extra facts after the name, e.g. "12 trains · 34 points". */
  detail?: string;
  current?: boolean;
}

/** A legend: one line per player with a token, the name and details. */
export function legend(
  t: Translate,
  players: readonly LegendPlayer[],
  x: number,
  y: number,
  seatNames?: readonly (string | null)[],
  lineHeight = 26,
): Markup {
  return h(
    'g',
    { class: 'legend' },
    players.map((p, i) => {
      const cy = y + i * lineHeight + lineHeight / 2;
      return h(
        'g',
        { 'data-legend': p.seat },
        playerToken(p.seat, x + 11, cy, 10),
        h(
          'text',
          { x: x + 28, y: cy, 'dominant-baseline': 'central', 'font-size': 14, 'font-weight': p.current ? 700 : 400 },
          `${p.current ? '▶ ' : ''}${playerName(t, p.seat, seatNames)}${p.detail ? ` — ${p.detail}` : ''}`,
        ),
      );
    }),
  );
}
