/**
 * Trains & Stations pieces as small inline SVG pictures for the web client's table: a
 * die with its face drawn as a symbol (train, locked train, ranch, mine, hotel, coin; TS-0.2) in its
 * owner's colour with the seat number, or white with "W" for a bonus die; a goods card of its good;
 * a building. The client names each in words next to it, so the pictures are decoration (aria-hidden)
 * and colour is never the only cue: the symbol and the number say the same.
 */
import { GOOD_FILL } from './ts-board-pieces.js';
import { playerColour, playerInk, playerLabel } from './players.js';
import { h, label, type Markup } from './svg.js';

const S = 40;
const INK = '#1b1b1b';
const LOCKED = '#B00020';

/** A face's symbol, drawn in the 40×40 die below the owner's badge (y 14–38). */
function faceSymbol(face: string): Markup[] {
  const train = (colour: string): Markup[] => [
    h('rect', { x: 7, y: 18, width: 18, height: 11, rx: 1.5, fill: colour }),
    h('rect', { x: 23, y: 14, width: 10, height: 15, rx: 1.5, fill: colour }),
    h('rect', { x: 25.5, y: 16.5, width: 5, height: 5, fill: '#fff' }),
    h('circle', { cx: 12, cy: 32, r: 3.2, fill: colour }),
    h('circle', { cx: 20, cy: 32, r: 3.2, fill: colour }),
    h('circle', { cx: 28, cy: 32, r: 3.2, fill: colour }),
  ];
  switch (face) {
    case 'TRAIN':
      return train(INK);
    case 'LOCKED_TRAIN':
      // The train in red with a padlock: locked trains may not be re-rolled (TS-5.4).
      return [
        ...train(LOCKED),
        h('rect', { x: 9, y: 21, width: 10, height: 7, rx: 1, fill: '#fff' }),
        h('path', { d: 'M11.5,21 v-2.5 a2.5,2.5 0 0 1 5,0 V21', fill: 'none', stroke: '#fff', 'stroke-width': 1.6 }),
      ];
    case 'RANCH':
      // A fence: posts and two rails.
      return [
        ...[9, 17, 25, 33].map((x) => h('rect', { x: x - 1.5, y: 17, width: 3, height: 18, fill: '#6D4C41' })),
        h('rect', { x: 6, y: 21, width: 30, height: 3, fill: '#6D4C41' }),
        h('rect', { x: 6, y: 28, width: 30, height: 3, fill: '#6D4C41' }),
      ];
    case 'MINE':
      // A pickaxe over a heap.
      return [
        h('path', { d: 'M8,35 Q20,24 32,35 Z', fill: '#616161' }),
        h('path', {
          d: 'M10,18 Q20,11 30,18',
          fill: 'none',
          stroke: INK,
          'stroke-width': 3,
          'stroke-linecap': 'round',
        }),
        h('path', { d: 'M20,15 L20,33', stroke: '#8D6E63', 'stroke-width': 3, 'stroke-linecap': 'round' }),
      ];
    case 'HOTEL':
      // A building with windows.
      return [
        h('rect', { x: 11, y: 15, width: 18, height: 21, fill: '#5D4037' }),
        ...[14, 21].flatMap((x) => [18, 24].map((y) => h('rect', { x, y, width: 5, height: 4, fill: '#FFE082' }))),
        h('rect', { x: 17.5, y: 30, width: 5, height: 6, fill: '#FFE082' }),
      ];
    case 'COIN':
      return [
        h('circle', { cx: 20, cy: 26, r: 10, fill: '#FFC107', stroke: '#8D6E00', 'stroke-width': 1.5 }),
        label(20, 26.5, '$', { 'font-size': 13, 'font-weight': 700, fill: INK }),
      ];
    default:
      return [];
  }
}

/** A die as an inline `<svg>`: `owner` null for a white bonus die; `face` null for a die not rolled. */
export function dieFace(face: string | null, owner: number | null): string {
  const white = owner === null;
  const body: Markup[] = [
    h('rect', {
      x: 1,
      y: 1,
      width: S - 2,
      height: S - 2,
      rx: 7,
      fill: '#fff',
      stroke: white ? '#555' : playerColour(owner),
      'stroke-width': white ? 2 : 3,
    }),
    // The owner's badge in the corner: the seat number on its colour, "W" for white.
    h('circle', { cx: 8, cy: 8, r: 6, fill: white ? '#eee' : playerColour(owner), stroke: white ? '#555' : 'none' }),
    label(8, 8.5, white ? 'W' : playerLabel(owner), {
      'font-size': 8,
      'font-weight': 700,
      fill: white ? INK : playerInk(owner),
    }),
    ...(face ? faceSymbol(face) : [label(20, 26, '?', { 'font-size': 16, 'font-weight': 700, fill: '#777' })]),
  ];
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${S} ${S}`,
      'aria-hidden': 'true',
      focusable: 'false',
      'data-face': face ?? 'none',
      'data-owner': white ? 'white' : owner,
    },
    body,
  ).svg;
}

/** A goods card: the good's colour with its first letter large (the name is beside it in words). */
export function goodsCard(good: string): string {
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: '0 0 30 40',
      'aria-hidden': 'true',
      focusable: 'false',
      'data-good': good,
    },
    h('rect', {
      x: 1,
      y: 1,
      width: 28,
      height: 38,
      rx: 4,
      fill: GOOD_FILL[good] ?? '#eee',
      stroke: '#555',
      'stroke-width': 1.2,
    }),
    label(15, 21, good.charAt(0).toUpperCase(), { 'font-size': 16, 'font-weight': 700, fill: INK }),
  ).svg;
}

/** A building in the seat's colour with its type letter (R, M, H). */
export function buildingPicture(type: string, seat: number): string {
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: '0 0 30 30',
      'aria-hidden': 'true',
      focusable: 'false',
      'data-building': type,
    },
    h('path', { d: 'M3,28 V13 L15,3 L27,13 V28 Z', fill: playerColour(seat), stroke: INK, 'stroke-width': 1.2 }),
    h('rect', { x: 8, y: 14, width: 14, height: 11, rx: 2, fill: '#fff' }),
    label(15, 20, type.charAt(0), { 'font-size': 10, 'font-weight': 700, fill: INK }),
  ).svg;
}
