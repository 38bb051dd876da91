/**
 * Game-independent helpers on undirected multigraphs given as edge lists. Parallel edges and
 * loops are allowed; nodes are named by strings and exist only as edge endpoints.
 */

export interface Edge {
  id: number;
  a: string;
  b: string;
  /** Non-negative, e.g. a route's length. */
  weight: number;
}

/** Disjoint sets of node names; a name never added is its own singleton set. */
export class UnionFind {
  private readonly parent: Map<string, string>;

  constructor(parent?: ReadonlyMap<string, string>) {
    this.parent = new Map(parent);
  }

  /** Independent sets to add to, e.g. one base graph tried with several extra edges. */
  copy(): UnionFind {
    return new UnionFind(this.parent);
  }

  find(x: string): string {
    let root = x;
    for (let up = this.parent.get(root); up !== undefined && up !== root; up = this.parent.get(root)) root = up;
    // Path compression keeps repeated queries on long chains cheap.
    for (let node = x; node !== root;) {
      const up = this.parent.get(node) ?? root;
      this.parent.set(node, root);
      node = up;
    }
    return root;
  }

  union(x: string, y: string): void {
    const rx = this.find(x);
    const ry = this.find(y);
    this.parent.set(rx, rx);
    if (rx !== ry) this.parent.set(ry, rx);
  }

  same(x: string, y: string): boolean {
    return this.find(x) === this.find(y);
  }
}

/** The connected components of the graph, as a union-find over its nodes. */
export function components(edges: readonly Edge[]): UnionFind {
  const sets = new UnionFind();
  for (const e of edges) sets.union(e.a, e.b);
  return sets;
}

/** Whether a path joins x and y; a node is always connected to itself. */
export function connected(edges: readonly Edge[], x: string, y: string): boolean {
  return components(edges).same(x, y);
}

export interface ShortestPaths {
  /** Distance from the source to every reachable node (the source itself at 0); unreachable nodes are absent. */
  dist: Map<string, number>;
  /** For every reachable node except the source: the last edge of one shortest path to it. */
  prev: Map<string, Edge>;
}

/** Dijkstra from `from`. Among equally short paths the result is deterministic (edge order). */
export function shortestPaths(edges: readonly Edge[], from: string): ShortestPaths {
  checkWeights(edges);
  const adjacent = adjacency(edges);
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, Edge>();
  const done = new Set<string>();
  // A linear scan for the closest open node: boards have tens of nodes, so a heap buys nothing.
  for (let node = closestOpen(dist, done); node !== null; node = closestOpen(dist, done)) {
    done.add(node);
    const base = dist.get(node) ?? 0;
    for (const e of adjacent.get(node) ?? []) {
      const other = e.a === node ? e.b : e.a;
      const d = base + e.weight;
      if (d < (dist.get(other) ?? Infinity)) {
        dist.set(other, d);
        prev.set(other, e);
      }
    }
  }
  return { dist, prev };
}

/** The edges of the shortest path found by `shortestPaths` to `to`, in order from the source; null if unreachable. */
export function pathTo(paths: ShortestPaths, to: string): Edge[] | null {
  if (!paths.dist.has(to)) return null;
  const path: Edge[] = [];
  for (let node = to, e = paths.prev.get(node); e !== undefined; e = paths.prev.get(node)) {
    path.push(e);
    node = e.a === node ? e.b : e.a;
  }
  return path.reverse();
}

export function checkWeights(edges: readonly Edge[]): void {
  for (const e of edges) {
    if (!(e.weight >= 0) || !Number.isFinite(e.weight)) throw new RangeError(`edge ${e.id}: bad weight ${e.weight}`);
  }
}

function adjacency(edges: readonly Edge[]): Map<string, Edge[]> {
  const adjacent = new Map<string, Edge[]>();
  const add = (node: string, e: Edge) => {
    const list = adjacent.get(node);
    if (list) list.push(e);
    else adjacent.set(node, [e]);
  };
  for (const e of edges) {
    add(e.a, e);
    if (e.b !== e.a) add(e.b, e);
  }
  return adjacent;
}

function closestOpen(dist: ReadonlyMap<string, number>, done: ReadonlySet<string>): string | null {
  let best: string | null = null;
  let bestDist = Infinity;
  for (const [node, d] of dist) {
    if (!done.has(node) && d < bestDist) {
      best = node;
      bestDist = d;
    }
  }
  return best;
}
