/** Trains & Stations' dice and buildings as drawn on the board picture. */
import type { Die } from '../engine/games/trains-and-stations/state.js';
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import { markAttrs, patternId, playerColour, playerInk, playerLabel } from './players.js';
import { h, label, type Markup } from './svg.js';
import type { Translate } from './game-ui.js';

export const BUILDING_CODE: Readonly<Record<string, string>> = { RANCH: 'R', MINE: 'M', HOTEL: 'H' };
export const GOOD_FILL: Readonly<Record<string, string>> = {
  workers: '#D7CCC8',
  coal: '#9E9E9E',
  cattle: '#C8E6C9',
  food: '#FFF59D',
  silver: '#CFD8DC',
  gold: '#FFD54F',
};

/** A die: own dice in the seat's pattern with its number, white dice white with "W"; `face` on a white label. */
export function die(
  t: Translate,
  owner: string,
  d: Die,
  id: number,
  x: number,
  y: number,
  size: number,
  attrs: Record<string, string | number> = {},
  face = true,
): Markup {
  const seat = d.owner;
  const faceText = face && d.face ? t(`ts.faceCode.${d.face}`) : null;
  const title = `${owner}${d.face ? `: ${t(`ts.face.${d.face}`)}` : ''}`;
  const body = [
    h('title', {}, title),
    h('rect', {
      x: x - size / 2,
      y: y - size / 2,
      width: size,
      height: size,
      rx: size / 5,
      fill: seat === null ? '#FFFFFF' : `url(#${patternId(seat)})`,
      stroke: '#000',
      'stroke-width': Math.max(0.8, size / 20),
    }),
  ];
  if (faceText) {
    body.push(
      h('rect', {
        x: x - size * 0.46,
        y: y - size * 0.02,
        width: size * 0.92,
        height: size * 0.4,
        rx: 2,
        fill: '#fff',
        stroke: d.face === 'LOCKED_TRAIN' ? '#B00020' : '#666',
        'stroke-width': d.face === 'LOCKED_TRAIN' ? 1.4 : 0.6,
      }),
    );
    body.push(
      label(x, y + size * 0.18, faceText, {
        'font-size': size * 0.22,
        'font-weight': 700,
        fill: d.face === 'LOCKED_TRAIN' ? '#B00020' : '#000',
        'data-face': d.face ?? '',
      }),
    );
  }
  const numY = faceText ? y - size * 0.24 : y;
  if (seat === null) {
    body.push(label(x, numY, 'W', { 'font-size': size * (faceText ? 0.3 : 0.55), 'font-weight': 700, fill: '#000' }));
    return h('g', { 'data-die': id, 'data-owner': 'white', ...attrs }, body);
  }
  body.push(h('circle', { cx: x, cy: numY, r: size * (faceText ? 0.2 : 0.3), fill: playerColour(seat) }));
  body.push(
    label(x, numY, playerLabel(seat), {
      'font-size': size * (faceText ? 0.3 : 0.48),
      'font-weight': 700,
      fill: playerInk(seat),
    }),
  );
  return h('g', { 'data-die': id, 'data-owner': seat, ...markAttrs(seat), ...attrs }, body);
}

/** A building: a small house in the owner's pattern with the seat number, and its type letter below. */
export function building(t: Translate, owner: string, b: TsView['buildings'][number], x: number, y: number): Markup {
  const s = 9;
  return h(
    'g',
    { 'data-building': b.id, 'data-type': b.type, 'data-target': `building:${b.id}`, ...markAttrs(b.owner) },
    h('title', {}, t('ts.picture.building', { building: t(`ts.face.${b.type}`), who: owner, city: b.city })),
    h('path', {
      d: `M${x - s},${y + s} V${y - s * 0.2} L${x},${y - s} L${x + s},${y - s * 0.2} V${y + s} Z`,
      fill: `url(#${patternId(b.owner)})`,
      stroke: '#000',
      'stroke-width': 1,
    }),
    h('circle', { cx: x, cy: y + s * 0.2, r: s * 0.55, fill: playerColour(b.owner) }),
    label(x, y + s * 0.2, playerLabel(b.owner), { 'font-size': 8, 'font-weight': 700, fill: playerInk(b.owner) }),
    h('rect', {
      x: x - 6,
      y: y + s + 1,
      width: 12,
      height: 10,
      rx: 2,
      fill: '#fff',
      stroke: '#333',
      'stroke-width': 0.6,
    }),
    label(x, y + s + 6, BUILDING_CODE[b.type] ?? b.type, { 'font-size': 8, 'font-weight': 700 }),
  );
}
