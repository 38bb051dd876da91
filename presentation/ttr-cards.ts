/**
 * Ticket to Ride train cards as small inline SVG pictures for the web client's table:
 * the card's colour, a wagon (a locomotive on a locomotive card) and a shape of its own for every
 * colour, so that a card is told apart without seeing its colour. The client puts the card's name
 * next to it in words; the picture itself is decoration (aria-hidden).
 */
import type { CardType } from '../engine/games/ticket-to-ride/map.js';
import { CARD_FACE } from './ttr-colours.js';
import { h, type Markup } from './svg.js';

/** Card types in the order a hand and the catalogs list them. */
export const CARD_ORDER: readonly CardType[] = [
  'pink',
  'white',
  'blue',
  'yellow',
  'orange',
  'black',
  'red',
  'green',
  'loco',
];

export const CARD_W = 60;
export const CARD_H = 84;

/** One shape per colour (centred on 0,0, about 16 units wide), drawn on the wagon's side. */
const SHAPES: Readonly<Record<Exclude<CardType, 'loco'>, string>> = {
  pink: 'M0,-8 L8,0 L0,8 L-8,0 Z',
  white: 'M0,-8 A8,8 0 1 1 -0.01,-8 Z M0,-4 A4,4 0 1 0 0.01,-4 Z',
  blue: 'M-7,-7 H7 V7 H-7 Z',
  yellow: 'M0,-8 L8,7 H-8 Z',
  orange: 'M-8,-3 H-3 V-8 H3 V-3 H8 V3 H3 V8 H-3 V3 H-8 Z',
  black: 'M0,-8 A8,8 0 1 1 -0.01,-8 Z',
  red: 'M0,-8.5 L2.5,-2.6 L8.1,-2.6 L3.8,1.2 L5.2,7.5 L0,4 L-5.2,7.5 L-3.8,1.2 L-8.1,-2.6 L-2.5,-2.6 Z',
  green: 'M-8,-6 L-4,-8 L0,-6 L4,-8 L8,-6 V6 L4,8 L0,6 L-4,8 L-8,6 Z',
};

/** The locomotive's rainbow band: every colour of the deck, as on the printed card. */
const RAINBOW: readonly CardType[] = ['red', 'orange', 'yellow', 'green', 'blue', 'pink'];

function wagon(type: CardType): Markup[] {
  const ink = CARD_FACE[type].ink;
  const [x, y] = [CARD_W / 2, CARD_H / 2 + 2];
  const wheels = [-12, 12].map((dx) => h('circle', { cx: x + dx, cy: y + 14, r: 4, fill: ink }));
  if (type === 'loco') {
    return [
      h('path', {
        d: `M${x - 20},${y + 10} V${y - 6} H${x - 4} V${y - 14} H${x + 8} V${y - 6} H${x + 20} V${y + 10} Z`,
        fill: '#fff',
        stroke: ink,
        'stroke-width': 2,
      }),
      h('rect', { x: x + 10, y: y - 20, width: 6, height: 14, fill: ink }),
      ...wheels,
    ];
  }
  return [
    h('rect', { x: x - 20, y: y - 10, width: 40, height: 22, rx: 3, fill: '#fff', stroke: ink, 'stroke-width': 2 }),
    h('path', {
      d: SHAPES[type],
      transform: `translate(${x} ${y + 1})`,
      fill: CARD_FACE[type].fill,
      stroke: '#000',
      'stroke-width': 1.2,
      'fill-rule': 'evenodd',
    }),
    ...wheels,
  ];
}

/** A train card (or, for null, the back of the deck) as an inline `<svg>` scaled by its container. */
export function cardFace(type: CardType | null): string {
  const frame = { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, stroke: '#222', 'stroke-width': 1.5 };
  const body: Markup[] =
    type === null
      ? [
          h('rect', { ...frame, fill: '#52617F' }),
          h('rect', {
            x: 8,
            y: 8,
            width: CARD_W - 16,
            height: CARD_H - 16,
            rx: 4,
            fill: 'none',
            stroke: '#C9D2E3',
            'stroke-width': 2,
            'stroke-dasharray': '4 3',
          }),
        ]
      : [
          h('rect', { ...frame, fill: CARD_FACE[type].fill }),
          ...(type === 'loco'
            ? RAINBOW.map((c, i) =>
                h('rect', { x: 1, y: 8 + i * 3, width: CARD_W - 2, height: 3, fill: CARD_FACE[c].fill }),
              )
            : []),
          ...wagon(type),
        ];
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${CARD_W} ${CARD_H}`,
      'aria-hidden': 'true',
      focusable: 'false',
      'data-face': type ?? 'back',
    },
    body,
  ).svg;
}

/** The card types of a hand with their counts, in card order, leaving out those it has none of. */
export function handGroups(hand: Readonly<Partial<Record<CardType, number>>>): { type: CardType; count: number }[] {
  return CARD_ORDER.flatMap((type) => ((hand[type] ?? 0) > 0 ? [{ type, count: hand[type]! }] : []));
}
