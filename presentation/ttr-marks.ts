/**
 * The marks of the Ticket to Ride map, shared by the board picture (ticket-to-ride.ts) and its legend
 * (ttr-legend.ts): a route's cars (tunnels with a dark dashed outline, a ferry's locomotive symbols),
 * cities, countries, waiting passengers and stations.
 */
import type { Route } from '../engine/games/ticket-to-ride/map.js';
import { patternId, playerColour, playerInk, playerLabel, playerToken } from './players.js';
import { h, label, type Markup } from './svg.js';
import { ROUTE_COLOURS } from './ttr-colours.js';

interface Pt {
  x: number;
  y: number;
}

export const CITY_R = 6;
const CAR_WIDTH = 7;

/** A ferry's locomotive symbol on the car centred on (cx, cy). */
const ferryMark = (cx: number, cy: number): Markup =>
  h('circle', { cx, cy, r: CAR_WIDTH * 0.32, fill: '#111', stroke: '#fff', 'stroke-width': 0.8, 'data-loco': 1 });

export const cityMark = (p: Pt): Markup =>
  h('circle', { cx: p.x, cy: p.y, r: CITY_R, fill: '#FFFDF5', stroke: '#333', 'stroke-width': 1.5 });

const COUNTRY = { width: 18, height: 18, rx: 3, fill: '#FFF7E0', stroke: '#7A5C00', 'stroke-width': 1.5 };
/** A neighbouring country (Germany's dead ends, TTRG). */
export const countryMark = (p: Pt): Markup => h('rect', { x: p.x - 9, y: p.y - 9, ...COUNTRY });

/** How many passengers wait at the place at `p`, at its lower left. */
export const passengerMark = (p: Pt, waiting: number): Markup =>
  h(
    'g',
    { 'data-passengers': waiting },
    h('circle', { cx: p.x - 9, cy: p.y + 9, r: 6, fill: '#fff', stroke: '#555' }),
    label(p.x - 9, p.y + 9, waiting, { 'font-size': 8 }),
  );

/** A station of `seat`, its roof's base centred on (x, y): the seat's pattern and number. */
export const stationMark = (seat: number, x: number, y: number): Markup[] => [
  h('path', {
    d: `M${x - 7},${y + 6} V${y - 2} L${x},${y - 8} L${x + 7},${y - 2} V${y + 6} Z`,
    fill: `url(#${patternId(seat)})`,
    stroke: '#000',
    'stroke-width': 1,
  }),
  label(x, y + 1, playerLabel(seat), {
    'font-size': 8,
    'font-weight': 700,
    fill: playerInk(seat),
    stroke: playerColour(seat),
    'stroke-width': 2,
    'paint-order': 'stroke',
  }),
];

/** A route from `a` to `b` as `length` cars, `offset` to the side; claimed cars in the owner's pattern with its token. */
export function cars(
  route: Route,
  a: Pt,
  b: Pt,
  offset: number,
  owner: number | undefined,
  hitWidth: number,
): Markup[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const dist = Math.hypot(dx, dy) || 1;
  const ux = dx / dist;
  const uy = dy / dist;
  const nx = -uy;
  const ny = ux;
  const trim = CITY_R + 2;
  const span = Math.max(dist - 2 * trim, route.length * 4);
  const step = span / route.length;
  const carLen = Math.max(3, step - 2);
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  const start = (dist - span) / 2;
  const fill = owner === undefined ? (ROUTE_COLOURS[route.colour] ?? '#999') : `url(#${patternId(owner)})`;
  const outline = route.tunnel
    ? { stroke: '#000', 'stroke-width': 1.6, 'stroke-dasharray': '2.5 1.5' }
    : { stroke: owner === undefined ? '#333' : '#000', 'stroke-width': owner === undefined ? 0.6 : 1.2 };
  const out: Markup[] = [];
  for (let i = 0; i < route.length; i++) {
    const t = start + step * (i + 0.5);
    const cx = a.x + ux * t + nx * offset;
    const cy = a.y + uy * t + ny * offset;
    out.push(
      h('rect', {
        x: cx - carLen / 2,
        y: cy - CAR_WIDTH / 2,
        width: carLen,
        height: CAR_WIDTH,
        rx: 1,
        fill,
        ...outline,
        transform: `rotate(${angle.toFixed(1)} ${cx.toFixed(2)} ${cy.toFixed(2)})`,
        'data-car': i,
      }),
    );
    // Ferry: the first `ferry` cars carry a locomotive symbol.
    if (i < route.ferry) out.push(ferryMark(cx, cy));
  }
  // A wide invisible stroke along the track, so a click between or beside the cars still hits the route.
  const [sx, sy, ex, ey] = [
    a.x + ux * start + nx * offset,
    a.y + uy * start + ny * offset,
    a.x + ux * (start + span) + nx * offset,
    a.y + uy * (start + span) + ny * offset,
  ];
  out.push(
    h('line', {
      x1: sx,
      y1: sy,
      x2: ex,
      y2: ey,
      stroke: '#000',
      'stroke-opacity': 0,
      'stroke-width': hitWidth,
      'pointer-events': 'stroke',
      'data-hit': 1,
    }),
  );
  if (owner !== undefined) {
    const mid = start + span / 2;
    out.push(playerToken(owner, a.x + ux * mid + nx * offset, a.y + uy * mid + ny * offset, 6.5));
  }
  return out;
}
