/** The delivery steps (TS-7): ordering routes (DP-5), breaking majority ties (DP-6), sharing out goods (DP-7), revealing tasks (DP-8). */
import { awaiting, ruleCheck } from '../../core/index.js';
import { taskKey, type Board } from './board.js';
import { awardMajority, giveGoods, runDeliveries } from './delivery.js';
import { combinations, permutations, revealActions } from './legal.js';
import { base, complete, distinct, pendingOf, type TsStep } from './step-kit.js';
import { fulfilledTasks, revealTasks } from './tasks.js';
import { endOfTurn } from './upgrade.js';

export function deliverySteps(b: Board) {
  /** DP-5 (TS-7.3): the order of two or more complete routes. */
  const order: TsStep = {
    ...base,
    rule: 'TS-7.3',
    actions: (s) => permutations(pendingOf(s, 'order').routes).map((routes) => ({ type: 'order_deliveries', routes })),
    on: {
      order_deliveries: (d, a) => {
        const p = pendingOf(d.state, 'order');
        ruleCheck(
          a.routes.length === p.routes.length && distinct(a.routes) && a.routes.every((r) => p.routes.includes(r)),
          'bad_order',
          'Order every complete route once',
          'TS-7.3',
        );
        d.state.deliveries = { queue: [...a.routes], goodsStep: null };
        d.emit('delivery_order', { routes: a.routes });
        runDeliveries(b, d);
      },
    },
  };

  /** DP-6 (TS-7.6): the active player breaks a majority tie. */
  const tie: TsStep = {
    ...base,
    rule: 'TS-7.6',
    actions: (s) => {
      const p = pendingOf(s, 'tie');
      return p.tied.map((winner) => ({ type: 'break_tie', route: p.route, winner }));
    },
    on: {
      break_tie: (d, a) => {
        const p = pendingOf(d.state, 'tie');
        ruleCheck(
          a.route === p.route && p.tied.includes(a.winner),
          'not_tied',
          'The winner must be one of the tied players',
          'TS-7.6',
        );
        awardMajority(b, d, p.route, a.winner);
        runDeliveries(b, d);
      },
    },
  };

  /** DP-7 (TS-7.7): which drawing buildings get the last cards of a short deck. */
  const goods: TsStep = {
    ...base,
    rule: 'TS-7.7',
    actions: (s) => {
      const p = pendingOf(s, 'goods');
      return combinations(p.buildings, p.count).map((buildings) => ({
        type: 'allocate_goods',
        route: p.route,
        space: p.space,
        buildings,
      }));
    },
    on: {
      allocate_goods: (d, a) => {
        const p = pendingOf(d.state, 'goods');
        ruleCheck(
          a.route === p.route && a.space === p.space,
          'wrong_deck',
          'That is not the deck being shared',
          'TS-7.7',
        );
        ruleCheck(
          a.buildings.length === p.count &&
            distinct(a.buildings) &&
            a.buildings.every((id) => p.buildings.includes(id)),
          'bad_allocation',
          `Name exactly ${p.count} of the drawing buildings`,
          'TS-7.7',
        );
        giveGoods(d, p.space, p.buildings, a.buildings);
        runDeliveries(b, d);
      },
    },
  };

  /** DP-8 (TS-7.8, manual tasks variant): every seat secretly chooses the fulfilled tasks to reveal. */
  const tasks: TsStep = {
    ...base,
    rule: 'TS-7.8',
    actors: (s) => awaiting(pendingOf(s, 'tasks').answers),
    actions: (s, seat) => revealActions(b, s, seat),
    on: {
      reveal_tasks: (d, a) => {
        const p = pendingOf(d.state, 'tasks');
        const fulfilled = fulfilledTasks(b, d.state, d.seat);
        const cards = a.cards.map((id) => fulfilled.find((t) => t.id === id));
        ruleCheck(
          distinct(a.cards) && cards.every((t) => t !== undefined),
          'not_fulfilled',
          'Only task cards in your hand fulfilled this turn can be revealed',
          'TS-7.8',
        );
        ruleCheck(
          distinct(cards.map((t) => taskKey(t!))),
          'same_pair',
          'Only one task per city pair can be revealed in a turn',
          'AMB-13',
        );
        p.answers[d.seat] = [...a.cards];
        d.emitSecret({ type: 'tasks_committed', data: { seat: d.seat, cards: a.cards } }, [d.seat], {
          type: 'tasks_committed',
          data: { seat: d.seat },
        });
        if (complete(p.answers)) {
          revealTasks(b, d, p.answers);
          endOfTurn(b, d);
        }
      },
    },
  };

  return { order, tie, goods, tasks };
}
