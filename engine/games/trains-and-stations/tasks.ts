/**
 * The task check after all of a turn's deliveries (TS-7.8, AMB-11–13): cities are linked by the routes
 * delivered this turn; a player may reveal fulfilled tasks, at most one per city pair. By default the
 * engine reveals the best card of each pair (AMB-12); the manual variant asks every seat at once (DP-8).
 */
import { UnionFind } from '../../core/index.js';
import { taskKey, type Board, type TaskCard } from './board.js';
import type { TsState } from './state.js';
import type { TsDraft } from './draft.js';

/** The seat's hidden task cards fulfilled by this turn's deliveries. */
export function fulfilledTasks(b: Board, s: TsState, seat: number): TaskCard[] {
  const linked = new UnionFind();
  for (const r of s.delivered) {
    const cities = b.route.get(r)?.cities ?? [];
    for (const c of cities) linked.union(cities[0] ?? c, c);
  }
  return (s.players[seat]?.specials ?? [])
    .map((id) => b.special.get(id))
    .filter((c): c is TaskCard => c?.kind === 'TASK' && linked.same(c.cities[0], c.cities[1]));
}

/** The automatic choice: the highest-VP card of each fulfilled pair. */
export function bestTasks(b: Board, s: TsState, seat: number): string[] {
  const done = new Set<string>();
  return [...fulfilledTasks(b, s, seat)]
    .sort((x, y) => y.vp - x.vp)
    .filter((t) => !done.has(taskKey(t)) && done.add(taskKey(t)))
    .map((t) => t.id);
}

/** Turns the chosen cards face up; they score at the end and take nothing from the supply (TS-10.5). */
export function revealTasks(b: Board, d: TsDraft, chosen: readonly (readonly string[])[]): void {
  const s = d.state;
  chosen.forEach((ids, seat) => {
    const p = s.players[seat];
    if (!p) return;
    for (const id of ids) {
      const card = b.special.get(id);
      if (card?.kind !== 'TASK') continue;
      p.specials = p.specials.filter((x) => x !== id);
      p.tasks.push(id);
      s.stats.tasks += 1;
      d.emit('task_revealed', { seat, card: id, cities: card.cities, vp: card.vp });
    }
  });
}
