/** The Trains & Stations map: every route's rail, label and track spaces with their dice, and every city with its building sites. */
import type { Die } from '../engine/games/trains-and-stations/state.js';
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import { h, label, type Markup } from './svg.js';
import { building, die } from './ts-board-pieces.js';
import type { TsPicture } from './ts-picture.js';

const SPACE_R = 7.5;

export function drawRoutes({ c, view, say, name, dieOwner, L, X }: TsPicture): Markup[] {
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
  return routes;
}

export function drawCities({ c, view, say, name, L, X }: TsPicture): Markup[] {
  const p = view.pending;
  const hotBuildings = new Set<number>(p.kind === 'goods' ? p.buildings : []);
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

  return cities;
}
