/**
 * Where Trains & Stations' cities, track spaces and route labels sit on the board picture. The board
 * data gives cities as lon/lat and track spaces only as a graph, so the picture is laid out here:
 * cities start at their map position and are spread by a few hundred deterministic spring steps until
 * every route has room for its spaces; each space then sits at the average of its neighbours (spaces
 * and cities), which puts a line's spaces evenly on a straight segment and a Y route's junction at the
 * centre of its arms. Any board loaded by the engine can be drawn.
 */
import type { componentsOf } from '../engine/games/trains-and-stations/definition.js';

export type TsComponents = ReturnType<typeof componentsOf>;

export type Pt = [number, number];

/** Distance between two track spaces along a route. */
const GAP = 21;
const MARGIN = 70;

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
