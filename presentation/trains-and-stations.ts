/**
 * Trains & Stations: the US map with its cities (building sites, buildings, city bonus) and every
 * route's track spaces, the dice on the track (own dice in the seat's colour, pattern and number;
 * white bonus dice white), the dice in play with their faces, the three goods spaces and the unused
 * goods decks (the market), the public counters, and one line per player (VP, coins, dice, buildings
 * left, saved dice, revealed tasks; the outcome once the game is over).
 *
 * The board data gives cities as lon/lat and track spaces only as a graph, so the picture is laid
 * out here: cities start at their map position and are spread by a few hundred deterministic spring
 * steps until every route has room for its spaces; each space then sits at the average of its
 * neighbours (spaces and cities), which puts a line's spaces evenly on a straight segment and a Y
 * route's junction at the centre of its arms. Any board loaded by the engine can be drawn.
 *
 * Clickable places carry `data-target` keys (see trains-and-stations.ui.ts): `space:<id>`,
 * `route:<id>`, `city:<id>`, `building:<id>`, `die:<id>` (dice in play and saved dice),
 * `goods:<RANCH|MINE|HOTEL>` (goods spaces), `deck:<good>` (unused decks) and `player:<seat>`.
 */
import type { componentsOf } from '../engine/games/trains-and-stations/definition.js';
import type { Die } from '../engine/games/trains-and-stations/state.js';
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import {
  markAttrs,
  patternId,
  playerColour,
  playerInk,
  playerLabel,
  playerName,
  playerPatterns,
  playerToken,
} from './players.js';
import { h, label, svgDocument, type Markup } from './svg.js';
import type { RenderBoardOptions } from './board-options.js';
import type { Translate } from './game-ui.js';

export type TsComponents = ReturnType<typeof componentsOf>;

type Pt = [number, number];

/** Distance between two track spaces along a route. */
const GAP = 21;
const SPACE_R = 7.5;
const MARGIN = 70;

export const BUILDING_CODE: Readonly<Record<string, string>> = { RANCH: 'R', MINE: 'M', HOTEL: 'H' };
export const GOOD_FILL: Readonly<Record<string, string>> = {
  workers: '#D7CCC8',
  coal: '#9E9E9E',
  cattle: '#C8E6C9',
  food: '#FFF59D',
  silver: '#CFD8DC',
  gold: '#FFD54F',
};

export interface TsLayout {
  city: Map<string, Pt>;
  space: Map<string, Pt>;
  /** Where a route's label sits (the middle of its spaces). */
  route: Map<string, Pt>;
  /** Per city, the directions (radians) of its building sites and of its name label. */
  around: Map<string, { sites: number; name: number }>;
  width: number;
  height: number;
}

const LAYOUTS = new WeakMap<object, TsLayout>();

/** Number of track spaces on the shortest path from a space next to city `a` to a space where `done` holds (both counted). */
function pathSpaces(
  c: TsComponents,
  routeId: string,
  a: string,
  done: (s: TsComponents['trackSpaces'][number]) => boolean,
): number {
  const byId = new Map(c.trackSpaces.map((s) => [s.id, s]));
  const start = c.trackSpaces.filter((s) => s.route === routeId && s.cities.includes(a)).map((s) => s.id);
  const dist = new Map(start.map((id) => [id, 1]));
  const queue = [...start];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const sp = byId.get(id)!;
    if (done(sp)) return dist.get(id)!;
    for (const n of sp.neighbours) {
      if (!dist.has(n)) {
        dist.set(n, dist.get(id)! + 1);
        queue.push(n);
      }
    }
  }
  return 1;
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);

/**
 * The board layout (cached per components object). Nodes are the cities and the junction spaces
 * (3 or more neighbours); springs join the cities of a plain route, or each city of a branching route
 * to its junctions, as long as the spaces between them need; unlinked nodes push each other apart; a
 * weak pull keeps the map's geography. The other spaces then sit at the average of their neighbours.
 */
export function boardLayout(c: TsComponents): TsLayout {
  const cached = LAYOUTS.get(c);
  if (cached) return cached;
  const meanLat = mean(c.cities.map((x) => x.xy[1]));
  const k = Math.cos((meanLat * Math.PI) / 180);
  const junctions = c.trackSpaces.filter((s) => s.neighbours.length > 2);
  const ids = [...c.cities.map((x) => x.id), ...junctions.map((s) => s.id)];
  const isCity = (i: number) => i < c.cities.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;

  const springs: { a: number; b: number; len: number }[] = [];
  // The layout runs in the browser on first sight of the board: flat arrays, no per-step allocation.
  const linked = new Uint8Array(n * n);
  const link = (a: number, b: number, len: number) => {
    springs.push({ a, b, len });
    linked[a * n + b] = linked[b * n + a] = 1;
  };
  for (const r of c.routes) {
    const js = junctions.filter((s) => s.route === r.id);
    if (js.length === 0) {
      for (let i = 0; i < r.cities.length; i++)
        for (let j = i + 1; j < r.cities.length; j++)
          link(
            index.get(r.cities[i]!)!,
            index.get(r.cities[j]!)!,
            (pathSpaces(c, r.id, r.cities[i]!, (s) => s.cities.includes(r.cities[j]!)) + 1) * GAP,
          );
    } else {
      for (const city of r.cities)
        for (const j of js)
          link(index.get(city)!, index.get(j.id)!, pathSpaces(c, r.id, city, (s) => s.id === j.id) * GAP);
    }
  }
  // Geography: cities at lon/lat (equirectangular), junctions at the middle of their route's cities.
  const raw: Pt[] = c.cities.map((x) => [x.xy[0] * k, -x.xy[1]] as Pt);
  for (const j of junctions) {
    const cs = (c.routes.find((r) => r.id === j.route)?.cities ?? []).map((id) => raw[index.get(id)!]!);
    raw.push([mean(cs.map((q) => q[0])), mean(cs.map((q) => q[1]))]);
  }
  const geoLen = mean(springs.map((s) => Math.hypot(raw[s.a]![0] - raw[s.b]![0], raw[s.a]![1] - raw[s.b]![1])));
  const scale = geoLen > 0 ? mean(springs.map((s) => s.len)) / geoLen : 1;
  const geo = raw.map(([x, y]) => [x * scale, y * scale] as Pt);
  const p = geo.map(([x, y]) => [x, y] as Pt);
  // Coordinates as two flat arrays in the hot loop; `p` is rebuilt from them afterwards.
  const X = Float64Array.from(p, (q) => q[0]);
  const Y = Float64Array.from(p, (q) => q[1]);
  const push = (i: number, dx: number, dy: number) => {
    X[i]! += dx;
    Y[i]! += dy;
  };
  for (let iter = 0; iter < 1000; iter++) {
    for (const s of springs) {
      const dx = X[s.b]! - X[s.a]!;
      const dy = Y[s.b]! - Y[s.a]!;
      const d = Math.sqrt(dx * dx + dy * dy) || 1;
      const f = ((d - s.len) / d) * 0.15;
      push(s.a, dx * f, dy * f);
      push(s.b, -dx * f, -dy * f);
    }
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (linked[i * n + j]) continue;
        const minSep = (isCity(i) && isCity(j) ? 8 : 5) * GAP;
        const dx = X[j]! - X[i]!;
        const dy = Y[j]! - Y[i]!;
        const d = Math.sqrt(dx * dx + dy * dy) || 1;
        if (d >= minSep) continue;
        const f = ((minSep - d) / d) * 0.1;
        push(i, -dx * f, -dy * f);
        push(j, dx * f, dy * f);
      }
    }
    // A node too close to a spring it is not on (a rail between two other nodes) moves off it.
    for (let i = 0; i < n; i++) {
      for (const s of springs) {
        if (s.a === i || s.b === i) continue;
        const ax = X[s.a]!;
        const ay = Y[s.a]!;
        const bx = X[s.b]!;
        const by = Y[s.b]!;
        const px = X[i]!;
        const py = Y[i]!;
        const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
        const t = Math.max(0.1, Math.min(0.9, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2));
        const qx = ax + t * (bx - ax);
        const qy = ay + t * (by - ay);
        const d = Math.sqrt((px - qx) ** 2 + (py - qy) ** 2) || 1;
        const minD = 3 * GAP;
        if (d >= minD) continue;
        const f = ((minD - d) / d) * 0.1;
        push(i, (px - qx) * f, (py - qy) * f);
        push(s.a, -(px - qx) * f * 0.5, -(py - qy) * f * 0.5);
        push(s.b, -(px - qx) * f * 0.5, -(py - qy) * f * 0.5);
      }
    }
    const pull = 0.006;
    for (let i = 0; i < n; i++) push(i, (geo[i]![0] - X[i]!) * pull, (geo[i]![1] - Y[i]!) * pull);
  }
  for (let i = 0; i < n; i++) p[i] = [X[i]!, Y[i]!];

  // Spaces: junctions where the layout put them, every other space at the average of its neighbours.
  const spaces = c.trackSpaces;
  const sp = new Map<string, Pt>();
  for (const s of spaces) {
    const at = index.get(s.id);
    if (at !== undefined) sp.set(s.id, p[at]!);
    else {
      const cs = (c.routes.find((r) => r.id === s.route)?.cities ?? []).map((id) => p[index.get(id)!]!);
      sp.set(s.id, [mean(cs.map((q) => q[0])), mean(cs.map((q) => q[1]))]);
    }
  }
  const free = spaces
    .filter((s) => !index.has(s.id))
    .map((s) => ({
      at: sp.get(s.id)!,
      pts: [...s.neighbours.map((id) => sp.get(id)), ...s.cities.map((id) => p[index.get(id)!])].filter(
        (q): q is Pt => q !== undefined,
      ),
    }))
    .filter((f) => f.pts.length > 0);
  for (let iter = 0; iter < 400; iter++) {
    for (const { at, pts } of free) {
      let x = 0;
      let y = 0;
      for (const q of pts) {
        x += q[0];
        y += q[1];
      }
      at[0] = x / pts.length;
      at[1] = y / pts.length;
    }
  }

  const cityPts = p.slice(0, c.cities.length);
  const all = [...cityPts, ...sp.values()];
  const minX = Math.min(...all.map((q) => q[0])) - MARGIN;
  const minY = Math.min(...all.map((q) => q[1])) - MARGIN;
  const maxX = Math.max(...all.map((q) => q[0])) + MARGIN;
  const maxY = Math.max(...all.map((q) => q[1])) + MARGIN;
  const shift = (q: Pt): Pt => [q[0] - minX, q[1] - minY];
  const city = new Map(c.cities.map((x, i) => [x.id, shift(cityPts[i]!)]));
  const space = new Map([...sp].map(([id, q]) => [id, shift(q)]));
  const route = new Map(
    c.routes.map((r) => {
      const pts = r.spaces.map((id) => space.get(id)!).filter(Boolean);
      const junction = r.spaces.find((id) => index.has(id));
      const at = junction ? space.get(junction)! : (pts[Math.floor(pts.length / 2)] ?? [0, 0]);
      return [r.id, at] as [string, Pt];
    }),
  );
  // Around each city, the direction farthest from its rails holds its building sites; the next best
  // direction at least 90° away holds its name and bonus.
  const around = new Map<string, { sites: number; name: number }>();
  for (const x of c.cities) {
    const [cx, cy] = city.get(x.id)!;
    const rails = spaces
      .filter((s) => s.cities.includes(x.id))
      .map((s) => Math.atan2(space.get(s.id)![1] - cy, space.get(s.id)![0] - cx));
    const gapTo = (a: number) =>
      Math.min(Math.PI, ...rails.map((r) => Math.abs(Math.atan2(Math.sin(a - r), Math.cos(a - r)))));
    const cands = Array.from({ length: 24 }, (_, i) => (i * Math.PI) / 12);
    // Prefer straight down for the sites and straight up for the name when they are free enough.
    const best = (list: number[], prefer: number) =>
      list.reduce((b, a) => (gapTo(a) + 0.3 * Math.cos(a - prefer) > gapTo(b) + 0.3 * Math.cos(b - prefer) ? a : b));
    const sites = best(cands, Math.PI / 2);
    const name = best(
      cands.filter((a) => Math.abs(Math.atan2(Math.sin(a - sites), Math.cos(a - sites))) >= Math.PI / 2),
      -Math.PI / 2,
    );
    around.set(x.id, { sites, name });
  }
  const out = { city, space, route, around, width: maxX - minX, height: maxY - minY };
  LAYOUTS.set(c, out);
  return out;
}

/** A die: own dice in the seat's pattern with its number, white dice white with "W"; `face` on a white label. */
function die(
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
function building(t: Translate, owner: string, b: TsView['buildings'][number], x: number, y: number): Markup {
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

export function renderTrainsAndStations(c: TsComponents, view: TsView, options: RenderBoardOptions): string {
  const names = options.seatNames;
  const name = (seat: number) => playerName(options.t, seat, names);
  /** A `ts.…` message in the reader's language. */
  const say = (key: string, vars: Record<string, string | number> = {}): string => options.t(key, vars);
  /** Whose a die is, in words: a white bonus die or a seat's. */
  const dieOwner = (d: Die): string =>
    d.owner === null ? say('ts.picture.whiteDie') : say('ts.board.dieOf', { who: name(d.owner) });
  const L = boardLayout(c);
  const W = Math.max(L.width, 900);
  const ox = (W - L.width) / 2;
  const X = (q: Pt): Pt => [q[0] + ox, q[1]];
  const onTrack = new Map<string, [Die, number]>();
  view.dice.forEach((d, id) => {
    if (d.zone === 'track' && d.space !== null) onTrack.set(d.space, [d, id]);
  });
  const p = view.pending;
  const hot = new Set<string>(p.kind === 'order' ? p.routes : p.kind === 'tie' || p.kind === 'goods' ? [p.route] : []);
  const hotBuildings = new Set<number>(p.kind === 'goods' ? p.buildings : []);

  // Routes: the rail under the spaces (space to space, and to the cities next to it), a label, the spaces.
  const spaceById = new Map(c.trackSpaces.map((s) => [s.id, s]));
  const routes = c.routes.map((r) => {
    const segs: string[] = [];
    for (const id of r.spaces) {
      const s = spaceById.get(id);
      if (!s) continue;
      const [x, y] = X(L.space.get(id)!);
      for (const nb of s.neighbours)
        if (nb > id)
          segs.push(
            `M${Math.round(x * 10) / 10},${Math.round(y * 10) / 10} L${Math.round(X(L.space.get(nb)!)[0] * 10) / 10},${Math.round(X(L.space.get(nb)!)[1] * 10) / 10}`,
          );
      for (const cid of s.cities) {
        const [cx, cy] = X(L.city.get(cid)!);
        segs.push(
          `M${Math.round(x * 10) / 10},${Math.round(y * 10) / 10} L${Math.round(cx * 10) / 10},${Math.round(cy * 10) / 10}`,
        );
      }
    }
    const d = segs.join(' ');
    const filled = r.spaces.filter((id) => onTrack.has(id)).length;
    const [lx, ly] = X(L.route.get(r.id)!);
    const spaces = r.spaces.map((id) => {
      const [x, y] = X(L.space.get(id)!);
      const occ = onTrack.get(id);
      return h(
        'g',
        { 'data-space': id, 'data-target': `space:${id}`, 'data-occupied': occ ? 1 : 0 },
        h(
          'title',
          {},
          `${id} (${r.name})${occ ? `: ${occ[0].owner === null ? say('ts.board.whiteDie') : say('ts.board.dieOf', { who: name(occ[0].owner) })}` : ''}`,
        ),
        h('circle', {
          cx: x,
          cy: y,
          r: SPACE_R,
          fill: '#FFFDF5',
          stroke: '#5D4037',
          'stroke-width': (spaceById.get(id)?.cities.length ?? 0) > 0 ? 2 : 1,
        }),
        occ ? die(say, dieOwner(occ[0]), occ[0], occ[1], x, y, 15, {}, false) : null,
      );
    });
    return h(
      'g',
      { 'data-route': r.id, 'data-filled': filled, 'data-size': r.spaces.length },
      h(
        'g',
        { 'data-target': `route:${r.id}` },
        h(
          'title',
          {},
          say('ts.board.routeTitle', {
            route: `${r.id} ${r.name}`,
            cities: r.cities.join('–'),
            filled,
            size: r.spaces.length,
          }),
        ),
        h('path', {
          d,
          fill: 'none',
          stroke: hot.has(r.id) ? '#E91E63' : '#8D6E63',
          'stroke-width': hot.has(r.id) ? 9 : 6,
          'stroke-linecap': 'round',
        }),
        h('path', { d, fill: 'none', stroke: '#FFF8E1', 'stroke-width': 1.5, 'stroke-dasharray': '4 4' }),
        h('rect', {
          x: lx - 17,
          y: ly - 27,
          width: 34,
          height: 13,
          rx: 3,
          fill: hot.has(r.id) ? '#E91E63' : '#5D4037',
        }),
        label(lx, ly - 20.5, r.id, { 'font-size': 9, 'font-weight': 700, fill: '#fff' }),
      ),
      spaces,
    );
  });

  // Cities: a circle with the id, the name, the bonus, and one slot per building site.
  const perCity = new Map<string, TsView['buildings']>();
  for (const b of view.buildings) perCity.set(b.city, [...(perCity.get(b.city) ?? []), b]);
  const cities = c.cities.map((city) => {
    const [x, y] = X(L.city.get(city.id)!);
    const built = perCity.get(city.id) ?? [];
    const dir = L.around.get(city.id) ?? { sites: Math.PI / 2, name: -Math.PI / 2 };
    const slotW = 22;
    // The sites in a row across the chosen direction, 34 units out (the building's centre).
    const [ux, uy] = [Math.cos(dir.sites), Math.sin(dir.sites)];
    const [sx0, sy0] = [x + ux * 36, y + uy * 36];
    const slots = Array.from({ length: city.sites }, (_, i) => {
      const off = (i - (city.sites - 1) / 2) * slotW;
      const horizontal = Math.abs(uy) >= Math.abs(ux);
      const sx = horizontal ? sx0 + off : sx0 + ux * Math.abs(off) * 0 + 0;
      const sy = horizontal ? sy0 : sy0 + off * 1.4;
      const b = built[i];
      return b
        ? h(
            'g',
            { 'data-site': `${city.id}:${i}`, 'data-hot': hotBuildings.has(b.id) ? 1 : null },
            hotBuildings.has(b.id)
              ? h('rect', {
                  x: sx - 11,
                  y: sy - 12,
                  width: 22,
                  height: 34,
                  rx: 3,
                  fill: 'none',
                  stroke: '#E91E63',
                  'stroke-width': 2.5,
                })
              : null,
            building(say, name(b.owner), b, sx, sy),
          )
        : h('rect', {
            'data-site': `${city.id}:${i}`,
            x: sx - 9,
            y: sy - 9,
            width: 18,
            height: 18,
            rx: 3,
            fill: '#fff',
            stroke: '#999',
            'stroke-dasharray': '3 2',
          });
    });
    const bonus = say(`ts.board.bonus.${city.bonus.kind}`, { count: city.bonus.amount });
    // The pill grows with its words (longer in some languages).
    const pillW = Math.max(34, bonus.length * 5 + 6);
    const [nx, ny] = [x + Math.cos(dir.name) * 22, y + Math.sin(dir.name) * 26];
    return h(
      'g',
      { 'data-city': city.id, 'data-sites': city.sites, 'data-built': built.length },
      h(
        'g',
        { 'data-target': `city:${city.id}` },
        h(
          'title',
          {},
          say('ts.board.cityTitle', {
            city: `${city.name} (${city.id})`,
            sites: city.sites,
            built: built.length,
            bonus,
          }),
        ),
        h('circle', { cx: x, cy: y, r: 17, fill: '#263238', stroke: '#fff', 'stroke-width': 2 }),
        label(x, y, city.id, { 'font-size': 10, 'font-weight': 700, fill: '#fff' }),
        h(
          'text',
          {
            x: nx,
            y: ny - 6,
            'text-anchor': Math.cos(dir.name) > 0.5 ? 'start' : Math.cos(dir.name) < -0.5 ? 'end' : 'middle',
            'font-size': 11,
            'font-weight': 700,
            fill: '#263238',
            stroke: '#FAF3E0',
            'stroke-width': 3,
            'paint-order': 'stroke',
          },
          city.name,
        ),
        h(
          'g',
          { 'data-bonus': city.bonus.kind },
          h('rect', {
            x: (Math.cos(dir.name) > 0.5 ? nx + 17 : Math.cos(dir.name) < -0.5 ? nx - 17 : nx) - pillW / 2,
            y: ny - 2,
            width: pillW,
            height: 12,
            rx: 6,
            fill: '#FFF59D',
            stroke: '#827717',
            'stroke-width': 0.7,
          }),
          label(Math.cos(dir.name) > 0.5 ? nx + 17 : Math.cos(dir.name) < -0.5 ? nx - 17 : nx, ny + 4, bonus, {
            'font-size': 8.5,
            'font-weight': 700,
          }),
        ),
      ),
      slots,
    );
  });

  // Below the map: status, dice in play, the market, counters, then the players.
  let y = L.height + 8;
  const panel: Markup[] = [];
  const status = `${say('ts.board.status', { turn: view.turn, round: view.round, who: name(view.conductor) })}${view.endTriggered ? say('ts.board.endTriggered') : ''}`;
  const pending = `${name(view.active)}: ${say(`ts.table.step.${p.kind}`)}`;
  panel.push(
    h('text', { x: 20, y: y + 14, 'font-size': 15, 'font-weight': 700, fill: '#222', 'data-status': p.kind }, pending),
  );
  panel.push(h('text', { x: 20, y: y + 34, 'font-size': 13, fill: '#333' }, status));
  y += 48;

  // The web client's table draws the dice in play as buttons to pick: the picture leaves them out.
  if (!options.table) {
    const inPlay = view.dice.flatMap((d, id) => (d.zone === 'play' ? [[d, id] as const] : []));
    const DIE = 40;
    const perRow = Math.max(1, Math.floor((W - 160) / (DIE + 8)));
    panel.push(
      h('text', { x: 20, y: y + 14, 'font-size': 13, 'font-weight': 700 }, `Dice in play (${name(view.active)}):`),
    );
    if (inPlay.length === 0) panel.push(h('text', { x: 160, y: y + 14, 'font-size': 13, fill: '#666' }, 'none'));
    panel.push(
      h(
        'g',
        { class: 'in-play' },
        inPlay.map(([d, id], i) =>
          die(
            say,
            dieOwner(d),
            d,
            id,
            160 + (i % perRow) * (DIE + 8) + DIE / 2,
            y + Math.floor(i / perRow) * (DIE + 8) + DIE / 2,
            DIE,
            { 'data-target': `die:${id}`, 'data-zone': 'play' },
          ),
        ),
      ),
    );
    y += Math.max(1, Math.ceil(inPlay.length / perRow)) * (DIE + 8) + 6;
  }

  // The market: the three goods spaces, the unused decks, the box.
  const market: Markup[] = [];
  const BOX_W = 150;
  const spaces = Object.entries(view.goodsSpaces);
  spaces.forEach(([type, g], i) => {
    const bx = 20 + i * (BOX_W + 10);
    const state = g.dead
      ? say('ts.board.dead')
      : g.count === 0
        ? say('ts.board.pending')
        : say('ts.board.cards', { count: g.count });
    const upgrading = p.kind === 'upgrade' && p.options.some((o) => o.space === type);
    market.push(
      h(
        'g',
        { 'data-goods-space': type, 'data-target': `goods:${type}`, 'data-good': g.good, 'data-count': g.count },
        h(
          'title',
          {},
          say('ts.board.goodsTitle', { space: say(`ts.space.${type}`), good: say(`ts.good.${g.good}`), state }),
        ),
        h('rect', {
          x: bx,
          y,
          width: BOX_W,
          height: 54,
          rx: 6,
          fill: g.dead ? '#E0E0E0' : (GOOD_FILL[g.good] ?? '#eee'),
          stroke: upgrading ? '#E91E63' : '#555',
          'stroke-width': upgrading ? 3 : 1,
        }),
        h(
          'text',
          { x: bx + 8, y: y + 17, 'font-size': 13, 'font-weight': 700 },
          `${say(`ts.board.space.${type}`)} (${BUILDING_CODE[type] ?? ''})`,
        ),
        h('text', { x: bx + 8, y: y + 36, 'font-size': 13 }, say(`ts.good.${g.good}`)),
        h('text', { x: bx + 8, y: y + 50, 'font-size': 11, fill: '#333' }, state),
      ),
    );
  });
  const dx0 = 20 + spaces.length * (BOX_W + 10) + 10;
  market.push(h('text', { x: dx0, y: y + 12, 'font-size': 12, 'font-weight': 700 }, say('ts.board.unused')));
  view.unusedGoods.forEach((good, i) => {
    const bx = dx0 + i * 70;
    const choosing = p.kind === 'upgrade' && p.options.some((o) => o.good === good);
    market.push(
      h(
        'g',
        { 'data-deck': good, 'data-target': `deck:${good}` },
        h('title', {}, say('ts.place.deck', { good: say(`ts.good.${good}`) })),
        h('rect', {
          x: bx,
          y: y + 18,
          width: 62,
          height: 36,
          rx: 5,
          fill: GOOD_FILL[good] ?? '#eee',
          stroke: choosing ? '#E91E63' : '#555',
          'stroke-width': choosing ? 3 : 1,
        }),
        label(bx + 31, y + 36, say(`ts.good.${good}`), { 'font-size': 12 }),
      ),
    );
  });
  if (view.unusedGoods.length === 0)
    market.push(h('text', { x: dx0, y: y + 36, 'font-size': 12, fill: '#666' }, say('ts.panel.none')));
  panel.push(h('g', { class: 'market' }, market));
  y += 64;
  const boxed = Object.entries(view.boxedGoods)
    .filter(([, n]) => n > 0)
    .map(([g, n]) => `${n} ${g}`);
  const counters = `VP supply ${view.vpSupply} · reserve ${view.vpReserve} · bank ${view.bank} coins · special deck ${view.specialDeck} · bonus dice ${view.bonusSupply}${boxed.length + view.boxedSpecials.length > 0 ? ` · boxed ${[...boxed, ...view.boxedSpecials].join(', ')}` : ''}`;
  const countersText = say('ts.table.supply', {
    vp: view.vpSupply,
    bank: view.bank,
    deck: view.specialDeck,
    dice: view.bonusSupply,
  });
  panel.push(h('text', { x: 20, y: y + 12, 'font-size': 13, fill: '#333', 'data-counters': 1 }, countersText));
  y += 26;

  // Players: token, name and public facts, their saved dice, revealed tasks, and the outcome.
  const specials = new Map(c.specialCards.map((s) => [s.id, s]));
  const committed = p.kind === 'keep' || p.kind === 'tasks' || p.kind === 'speculate' ? p.committed : null;
  const rows = view.players.map((pl, seat) => {
    const rowY = y + seat * 48;
    const saved = view.dice.flatMap((d, id) => (d.zone === 'saved' && d.owner === seat ? [[d, id] as const] : []));
    const built = Object.entries(pl.buildingsLeft)
      .map(([t, n]) => `${BUILDING_CODE[t] ?? t}${n}`)
      .join(' ');
    const facts = [
      say('ts.table.vp', { count: pl.vp }),
      say('ts.coins', { count: pl.coins }),
      say('ts.board.dice', { pool: pl.diceInPool, board: pl.diceOnBoard, held: pl.heldBonusDice }),
      say('ts.board.buildingsLeft', { list: built }),
      committed ? (committed[seat] ? say('ts.board.committed') : say('ts.board.deciding')) : null,
      view.outcome
        ? say('ts.board.final', { score: view.outcome.scores[seat] ?? 0, place: view.outcome.ranking[seat] ?? 0 })
        : null,
    ].filter(Boolean);
    const tasks = pl.revealedTasks.map((id) => {
      const t = specials.get(id);
      return t?.kind === 'TASK' ? `${id} ${t.cities.join('–')} ${say('ts.table.vp', { count: t.vp })}` : id;
    });
    const current = view.toAct.includes(seat);
    return h(
      'g',
      { 'data-legend': seat, 'data-target': `player:${seat}` },
      h('rect', {
        x: 10,
        y: rowY,
        width: W - 20,
        height: 44,
        rx: 6,
        fill: current ? '#FFF3E0' : '#FFFFFF',
        stroke: current ? '#E65100' : '#ccc',
      }),
      playerToken(seat, 30, rowY + 22, 13),
      h(
        'text',
        { x: 50, y: rowY + 17, 'font-size': 14, 'font-weight': current ? 700 : 400 },
        `${current ? '▶ ' : ''}${name(seat)}${seat === view.conductor ? say('ts.board.conductor') : ''}`,
      ),
      h('text', { x: 50, y: rowY + 36, 'font-size': 12, fill: '#333' }, facts.join(' · ')),
      tasks.length > 0
        ? h(
            'text',
            {
              x: W - 20 - saved.length * 34 - 10,
              y: rowY + 17,
              'text-anchor': 'end',
              'font-size': 11,
              fill: '#333',
              'data-tasks': seat,
            },
            say('ts.board.tasks', { list: tasks.join('; ') }),
          )
        : null,
      saved.map(([d, id], i) =>
        die(say, dieOwner(d), d, id, W - 30 - (saved.length - 1 - i) * 34, rowY + 22, 30, {
          'data-target': `die:${id}`,
          'data-zone': 'saved',
        }),
      ),
    );
  });
  y += view.players.length * 48 + 8;

  const width = W;
  const height = y;
  return svgDocument({
    title: `${say('gameNames.trains-and-stations')} — ${status}`,
    desc: `${pending}. ${countersText}.`,
    width,
    height,
    defs: playerPatterns(view.players.length),
    body: [
      h('rect', { width, height, fill: '#FAF3E0' }),
      h('rect', { x: 6, y: 6, width: width - 12, height: L.height - 6, rx: 10, fill: '#E8DCC0', stroke: '#C9B88F' }),
      h('g', { class: 'routes' }, routes),
      h('g', { class: 'cities' }, cities),
      h('g', { class: 'status' }, panel),
      h('g', { class: 'players' }, rows),
    ],
  });
}
