/** An edge between numbered nodes, as the trail search sees it. */
export interface Link {
  a: number;
  b: number;
  weight: number;
}

/** Above this many edges the visited-state memo (a bit mask in a double) is switched off. */
const MEMO_MAX_EDGES = 52;

interface Step {
  link: number;
  to: number;
}

interface Reach {
  nodes: number[];
  weight: number;
  mask: number;
}

/**
 * Branch and bound over the trails of one connected graph.
 * - Euler: a connected graph with at most 2 odd nodes is one trail, so its total is the answer.
 * - A best trail can be extended at neither end, so its ends are odd nodes: only those are tried
 *   as starts, best bound first.
 * - Bound on the rest of a trail from v: the unused weight reachable from v, minus what parity
 *   forces it to leave out (see `bound`).
 * - What a trail at v can still add depends only on v and the unused edges reachable from v, so
 *   a state met before with a trail at least as long is not searched again. Crossing a bridge
 *   makes the far side unreachable, which merges many states in sparse graphs.
 */
export class TrailSearch {
  private readonly steps: Step[][];
  private readonly used: boolean[];
  /** Per node: the unused edges reachable from it (a mask) → the longest trail that reached it so. */
  private readonly seen: Map<number, number>[] | null;
  private ceiling = Infinity;

  constructor(
    private readonly links: readonly Link[],
    private best: number,
  ) {
    const size = 1 + Math.max(-1, ...links.flatMap((l) => [l.a, l.b]));
    this.steps = Array.from({ length: size }, () => []);
    // Heavy edges first: a long trail found early lets the bound prune more.
    const order = links.map((_, i) => i).sort((i, j) => this.weight(j) - this.weight(i));
    for (const i of order) {
      const l = links[i];
      if (!l) continue;
      this.stepsAt(l.a).push({ link: i, to: l.b });
      if (l.a !== l.b) this.stepsAt(l.b).push({ link: i, to: l.a });
    }
    this.used = links.map(() => false);
    this.seen = links.length <= MEMO_MAX_EDGES ? this.steps.map(() => new Map<number, number>()) : null;
  }

  run(): number {
    const odd = this.steps.map((_, v) => v).filter((v) => this.degree(v) % 2 === 1);
    if (odd.length === 0)
      return Math.max(
        this.best,
        this.links.reduce((sum, l) => sum + l.weight, 0),
      );
    const start = odd[0] ?? 0;
    this.ceiling = this.bound(start, this.reach(start), 2, Infinity);
    // Most promising starts first, by the cheap bound; `extend` prunes with the exact one.
    const starts = odd
      .map((v) => ({ v, bound: this.bound(v, this.reach(v), 1, Infinity) }))
      .sort((x, y) => y.bound - x.bound);
    for (const { v } of starts) this.extend(v, 0);
    return this.best;
  }

  private stepsAt(v: number): Step[] {
    return this.steps[v] ?? [];
  }

  private weight(link: number): number {
    return this.links[link]?.weight ?? 0;
  }

  /** Unused edge ends at v; a loop counts twice. */
  private degree(v: number): number {
    let degree = 0;
    for (const s of this.stepsAt(v)) if (!this.used[s.link]) degree += s.to === v ? 2 : 1;
    return degree;
  }

  private extend(v: number, length: number): void {
    if (length > this.best) this.best = length;
    if (this.best >= this.ceiling) return;
    const rest = this.reach(v);
    if (this.seen) {
      const seen = this.seen[v];
      if ((seen?.get(rest.mask) ?? -1) >= length) return;
      seen?.set(rest.mask, length);
    }
    if (length + this.bound(v, rest, 1, this.best - length) <= this.best) return;
    for (const { link, to } of this.stepsAt(v)) {
      if (this.used[link]) continue;
      this.used[link] = true;
      this.extend(to, length + this.weight(link));
      this.used[link] = false;
    }
  }

  /**
   * Upper bound on a trail over the unused edges `rest` reachable from v that starts at v
   * (`freeEnds` 1) or anywhere (`freeEnds` 2). Any bound at or below `enough` serves the caller
   * equally, so only then is the exact pairing test worth its cost; Infinity asks for the cheap
   * bound. Let L be the edges of `rest` the trail leaves out. A best trail ends where it cannot
   * go on, so L has odd degree exactly at the terminals J = (odd nodes of `rest`, with v's
   * parity flipped when v is a fixed start) minus `freeEnds` of them. So L holds paths that pair
   * those terminals, and weighs at least the cheapest such pairing by distances in `rest`.
   */
  private bound(v: number, rest: Reach, freeEnds: 1 | 2, enough: number): number {
    const { nodes, weight } = rest;
    const terminals = nodes.filter((u) => (this.degree(u) % 2 === 1) !== (u === v && freeEnds === 1));
    if (terminals.length <= freeEnds) return weight;
    const loose = weight - this.pairingFloor(nodes, terminals, freeEnds);
    if (loose <= enough) return loose;
    const dist = terminals.map((t) => {
      const from = this.distances(nodes, [t]).dist;
      return terminals.map((u) => from.get(u) ?? Infinity);
    });
    return pairingCostsAtLeast(dist, freeEnds, weight - enough) ? enough : loose;
  }

  /** The nodes joined to v by unused edges (v included), and those edges as total weight and bit mask. */
  private reach(v: number): Reach {
    const nodes = [v];
    const reached = new Set(nodes);
    let weight = 0;
    let mask = 0;
    for (let i = 0; i < nodes.length; i++) {
      const u = nodes[i] ?? v;
      for (const { link, to } of this.stepsAt(u)) {
        if (this.used[link]) continue;
        if (u <= to) {
          weight += this.weight(link);
          mask += link < MEMO_MAX_EDGES ? 2 ** link : 0;
        }
        if (!reached.has(to)) {
          reached.add(to);
          nodes.push(to);
        }
      }
    }
    return { nodes, weight, mask };
  }

  /**
   * A cheap floor under the cheapest pairing: each terminal's path is at least as long as the
   * way to its closest other terminal, and each path is counted from both of its ends.
   */
  private pairingFloor(nodes: readonly number[], terminals: readonly number[], freeEnds: number): number {
    const nearest = this.nearestOtherTerminal(nodes, terminals).sort((x, y) => y - x);
    return nearest.slice(freeEnds).reduce((sum, d) => sum + d, 0) / 2;
  }

  /**
   * For each terminal, the distance to the closest other terminal, from one Dijkstra run from
   * all terminals at once: a shortest path from x to its closest terminal leaves the region of
   * nodes closest to x over an edge whose two sides add up to that path's length.
   */
  private nearestOtherTerminal(nodes: readonly number[], terminals: readonly number[]): number[] {
    const { dist, source } = this.distances(nodes, terminals);
    const nearest = terminals.map(() => Infinity);
    this.links.forEach(({ a, b, weight }, link) => {
      const sa = source.get(a);
      const sb = source.get(b);
      if (this.used[link] || sa === undefined || sb === undefined || sa === sb) return;
      const d = (dist.get(a) ?? 0) + weight + (dist.get(b) ?? 0);
      nearest[sa] = Math.min(nearest[sa] ?? Infinity, d);
      nearest[sb] = Math.min(nearest[sb] ?? Infinity, d);
    });
    return nearest;
  }

  /** Dijkstra over unused edges from several sources; `source` is the index of each node's closest one. */
  private distances(
    nodes: readonly number[],
    sources: readonly number[],
  ): { dist: Map<number, number>; source: Map<number, number> } {
    const dist = new Map<number, number>();
    const source = new Map<number, number>();
    sources.forEach((s, i) => {
      dist.set(s, 0);
      source.set(s, i);
    });
    const done = new Set<number>();
    for (;;) {
      let u = -1;
      for (const n of nodes)
        if (!done.has(n) && dist.has(n) && (u < 0 || (dist.get(n) ?? 0) < (dist.get(u) ?? 0))) u = n;
      if (u < 0) return { dist, source };
      done.add(u);
      for (const { link, to } of this.stepsAt(u)) {
        const d = (dist.get(u) ?? 0) + this.weight(link);
        if (!this.used[link] && d < (dist.get(to) ?? Infinity)) {
          dist.set(to, d);
          source.set(to, source.get(u) ?? 0);
        }
      }
    }
  }
}

/**
 * Whether pairing up all terminals but exactly `free` of them costs at least `need`, given the
 * distances between terminals. Searches for a cheaper pairing, nearest partners first, pruned by
 * the nearest-neighbour floor; a cheap pairing usually turns up at once when there is one.
 */
function pairingCostsAtLeast(dist: readonly (readonly number[])[], free: number, need: number): boolean {
  const open = dist.map(() => true);
  const d = (i: number, j: number) => dist[i]?.[j] ?? Infinity;
  const floor = (free: number) => {
    const nearest: number[] = [];
    open.forEach((isOpen, i) => {
      if (isOpen) nearest.push(Math.min(...open.map((other, j) => (other && j !== i ? d(i, j) : Infinity))));
    });
    nearest.sort((x, y) => y - x);
    return nearest.slice(free).reduce((sum, x) => sum + x, 0) / 2;
  };
  const cheaper = (cost: number, free: number): boolean => {
    const i = open.indexOf(true);
    if (i < 0) return free === 0 && cost < need;
    if (cost + floor(free) >= need) return false;
    open[i] = false;
    const partners = open.flatMap((isOpen, j) => (isOpen ? [j] : [])).sort((x, y) => d(i, x) - d(i, y));
    let found = false;
    for (const j of partners) {
      open[j] = false;
      found = cheaper(cost + d(i, j), free);
      open[j] = true;
      if (found) break;
    }
    found ||= free > 0 && cheaper(cost, free - 1);
    open[i] = true;
    return found;
  };
  return !cheaper(0, free);
}
