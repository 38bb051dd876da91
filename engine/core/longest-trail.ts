/** The longest trail of an undirected multigraph: each connected part is shrunk, then searched. */
import { checkWeights, components, type Edge } from './graph.js';
import { TrailSearch, type Link } from './trail-search.js';

/**
 * The largest total weight of a trail: a walk that uses each edge at most once but may
 * revisit nodes. 0 for no edges.
 */
export function longestTrail(edges: readonly Edge[]): number {
  checkWeights(edges);
  let best = 0;
  for (const part of byComponent(edges)) {
    const { links, floor } = simplify(toLinks(part));
    best = Math.max(best, new TrailSearch(links, floor).run());
  }
  return best;
}

function byComponent(edges: readonly Edge[]): Edge[][] {
  const sets = components(edges);
  const parts = new Map<string, Edge[]>();
  for (const e of edges) {
    const root = sets.find(e.a);
    const part = parts.get(root);
    if (part) part.push(e);
    else parts.set(root, [e]);
  }
  return [...parts.values()];
}

function toLinks(edges: readonly Edge[]): Link[] {
  const index = new Map<string, number>();
  const node = (name: string) => {
    const i = index.get(name) ?? index.size;
    index.set(name, i);
    return i;
  };
  return edges.map((e) => ({ a: node(e.a), b: node(e.b), weight: e.weight }));
}

/**
 * Shrinks a connected graph without changing its longest trail, which is then the larger of
 * `floor` and the longest trail of `links`. Player networks are sparse, and these rules remove
 * most of what makes the search branch:
 * - A best trail can be extended at neither end, so it never ends at a node of even degree:
 *   at a node with exactly two edges it uses both or neither, one after the other. Such a node
 *   is replaced by one edge carrying both weights.
 * - A pendant edge (to a node with no other edge) can only end a trail, and a trail has two
 *   ends: of several pendant edges at one node only the two heaviest can matter.
 * - A node whose edges are pendant but one is the tip of a pendant tree. A trail entering it
 *   ends in it, so it becomes a single pendant edge, and the trail running between its two
 *   pendant edges is kept aside as `floor`.
 */
function simplify(input: readonly Link[]): { links: Link[]; floor: number } {
  const links = input.map((l) => ({ ...l }));
  const alive = links.map(() => true);
  const at: Set<number>[] = [];
  const touch = (v: number) => at[v] ?? (at[v] = new Set());
  links.forEach((l, i) => {
    touch(l.a).add(i);
    touch(l.b).add(i);
  });
  const queue = at.map((_, v) => v);
  const otherEnd = (i: number, v: number) => {
    const l = links[i];
    return l === undefined ? v : l.a === v ? l.b : l.a;
  };
  const weightOf = (i: number) => links[i]?.weight ?? 0;
  const remove = (i: number) => {
    const l = links[i];
    if (!l) return;
    alive[i] = false;
    for (const v of [l.a, l.b]) {
      touch(v).delete(i);
      queue.push(v);
    }
  };
  const add = (a: number, b: number, weight: number) => {
    links.push({ a, b, weight });
    alive.push(true);
    touch(a).add(links.length - 1);
    touch(b).add(links.length - 1);
    queue.push(a, b);
  };
  let floor = 0;
  for (let y = queue.pop(); y !== undefined; y = queue.pop()) {
    const mine = [...touch(y)];
    const pendant = mine
      .filter((i) => otherEnd(i, y) !== y && touch(otherEnd(i, y)).size === 1)
      .sort((i, j) => weightOf(j) - weightOf(i));
    const rest = mine.filter((i) => !pendant.includes(i));
    const [first, second] = pendant;
    const [stem] = rest;
    if (pendant.length > 2) {
      pendant.slice(2).forEach(remove);
    } else if (first !== undefined && stem !== undefined && rest.length === 1 && otherEnd(stem, y) !== y) {
      if (second !== undefined) floor = Math.max(floor, weightOf(first) + weightOf(second));
      pendant.forEach(remove);
      remove(stem);
      add(otherEnd(stem, y), y, weightOf(stem) + weightOf(first));
    } else if (pendant.length === 0 && mine.length === 2 && mine.every((i) => otherEnd(i, y) !== y)) {
      const [e1, e2] = mine as [number, number];
      remove(e1);
      remove(e2);
      add(otherEnd(e1, y), otherEnd(e2, y), weightOf(e1) + weightOf(e2));
    }
  }
  return { links: links.filter((_, i) => alive[i]), floor };
}
