/**
 * A full Vlaky na trati state consistent with one seat's view, for search bots. It
 * reads the view only. The A cards the seat has not seen (not in its hand, not on the line) are dealt
 * at random to the other hands, the boxed pile (2 players, VNT-2.7) and the discarded pile in the
 * counts the view shows (H-1, H-2); the B cards neither on the line nor in the market form deck B in
 * a random order. The sheets, locomotives and open decisions are public (H-3–H-5).
 */
import { cloneJson, type Rng, type Seat } from '../../core/index.js';
import { randomRng } from '../../core/kit/secrets.js';
import type { VntOptions } from './actions.js';
import type { VntData } from './data.js';
import { placementTasks, route } from './geometry.js';
import type { Task, VntState } from './state.js';
import type { VntView } from './view.js';

export function createDeterminize(data: VntData) {
  const allOf = (deck: 'A' | 'B') => data.railwayCards.filter((c) => c.deck === deck).map((c) => c.id);

  /**
   * A seat's open work: what its last placement left, from the decision the view shows on. Tasks
   * exist only between a placement and the answers to it (VNT-8.5), so they come from the last slot.
   */
  function tasksOf(v: VntView, seat: Seat): Task[] {
    const p = v.players[seat]!;
    const head = p.pending;
    if (!head || p.lane === null || v.side === null) return [];
    const list = placementTasks(route(data, v.side, v.line, p.lane), v.line.length);
    const at = list.findIndex((t) => t.kind === head.kind && t.node === head.node);
    return at < 0 ? [cloneJson(head)] : [cloneJson(head), ...cloneJson(list.slice(at + 1))];
  }

  return function determinize(v: VntView, seat: Seat, rng: Rng, options: VntOptions): VntState {
    const you = v.you;
    if (!you || you.seat !== seat) throw new Error('determinize needs the view of the seat it plays');
    const onLine = new Set(v.line);
    const mine = new Set(you.hand);
    const unseenA = rng.shuffle(allOf('A').filter((id) => !onLine.has(id) && !mine.has(id)));
    const market = new Set(v.market);
    const deckB = rng.shuffle(allOf('B').filter((id) => !onLine.has(id) && !market.has(id)));
    const hands = v.players.map((p) => (p.seat === seat ? [...you.hand] : unseenA.splice(0, p.handCount)));
    const boxA = unseenA.splice(0, v.boxedCount);
    const discarded = unseenA.splice(0, v.discardedCount);
    if (deckB.length !== v.deckCount || discarded.length !== v.discardedCount)
      throw new Error('the view does not fit the cards');
    return {
      options,
      players: v.players.map((p) => ({
        lane: p.lane,
        locos: [p.locos[0], p.locos[1]],
        hand: hands[p.seat]!,
        sheet: cloneJson(p.sheet),
      })),
      rng: randomRng(rng) as VntState['rng'],
      startSeat: v.startSeat,
      side: v.side,
      phase: v.phase,
      current: v.current ?? v.startSeat,
      step: v.step,
      // Whether the placement being answered was the turn's first card or a paid second one is not
      // in the view; the first is far more common, and only the current seat's free action differs.
      afterEvents: 'free',
      turnIndex: v.turnIndex,
      endTriggered: v.endTriggered,
      line: [...v.line],
      market: [...v.market],
      deckB,
      boxA,
      discarded,
      tasks: v.players.map((p) => tasksOf(v, p.seat)),
      result: v.result && cloneJson(v.result),
    };
  };
}
