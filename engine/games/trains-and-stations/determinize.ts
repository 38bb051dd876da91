/**
 * A full Trains & Stations state consistent with one seat's view, for search bots. It
 * reads the view only. Board, dice, buildings, goods spaces and counters are public (TS-17.1); what
 * is dealt at random:
 * - goods cards of each used good that are neither on a goods space, in the box nor in the seat's
 *   hand, each to a random other seat (hand contents and sizes are hidden, TS-17.2/17.3);
 * - special cards nobody has shown (not the seat's, not revealed tasks, not boxed): three to each
 *   other seat while DP-1 is open, then the deck in the count the view shows and the rest each to a
 *   random other seat (TS-17.2, TS-17.6);
 * - sealed choices of seats that have committed (TS-17.5): a keep of two dealt cards, an empty task
 *   reveal, a speculation pass.
 * Parts of the turn the view leaves out are rebuilt from what it shows: the VP paid beyond the
 * reserve from the VP totals (TS-10.1), the deliveries still to run from the complete routes.
 */
import { cloneJson, type Rng, type Seat } from '../../core/index.js';
import { randomRng } from '../../core/kit/secrets.js';
import type { TsOptions } from './actions.js';
import { BUILDINGS, GOODS, type Board, type Good } from './board.js';
import { completeRoutes } from './delivery.js';
import { MAX_PLAYERS } from './manifest.js';
import type { Pending, Player, TsState } from './state.js';
import type { TsView } from './view.js';

const zeroGoods = () => Object.fromEntries(GOODS.map((g) => [g, 0])) as Record<Good, number>;

export function createDeterminize(b: Board) {
  const c = b.constants;
  const allVP = c.vpTotalByPlayers[MAX_PLAYERS];

  return function determinize(v: TsView, seat: Seat, rng: Rng, options: TsOptions): TsState {
    const you = v.you;
    if (!you || you.seat !== seat) throw new Error('determinize needs the view of the seat it plays');
    const others = v.players.map((_, o) => o).filter((o) => o !== seat);
    const pick = () => others[rng.int(others.length)]!;
    const keeping = v.pending.kind === 'keep';

    // ---- goods cards
    const goods = v.players.map((_, o) => (o === seat ? { ...zeroGoods(), ...you.goods } : zeroGoods()));
    for (const g of v.usedGoods) {
      const onSpaces = BUILDINGS.reduce((k, t) => k + (v.goodsSpaces[t]!.good === g ? v.goodsSpaces[t]!.count : 0), 0);
      const hidden = b.deckSize[g] - onSpaces - (v.boxedGoods[g] ?? 0) - (you.goods[g] ?? 0);
      for (let i = 0; i < hidden; i++) goods[pick()]![g]++;
    }

    // ---- special cards
    const shown = new Set([
      ...you.specials,
      ...you.dealt,
      ...(you.kept ?? []),
      ...v.players.flatMap((p) => p.revealedTasks),
      ...v.boxedSpecials,
    ]);
    const unseen = rng.shuffle(b.specials.map((x) => x.id).filter((id) => !shown.has(id)));
    const dealt = v.players.map((_, o) =>
      o === seat ? [...you.dealt] : keeping ? unseen.splice(0, c.specialDealt) : [],
    );
    const specialDeck = unseen.splice(0, v.specialDeck);
    const specials = v.players.map((_, o) => (o === seat ? [...you.specials] : ([] as string[])));
    for (const id of unseen) specials[pick()]!.push(id);

    const players: Player[] = v.players.map((p, o) => ({
      vp: p.vp,
      coins: p.coins,
      buildings: { ...p.buildingsLeft } as Player['buildings'],
      goods: goods[o]!,
      specials: specials[o]!,
      tasks: [...p.revealedTasks],
      dealt: dealt[o]!,
    }));

    // ---- the pending decision, sealed contents dealt
    const view = v.pending;
    const pending: Pending =
      view.kind === 'keep'
        ? {
            kind: 'keep',
            kept: view.committed.map((done, o) =>
              o === seat ? (you.kept ? [...you.kept] : null) : done ? dealt[o]!.slice(0, c.specialKept) : null,
            ),
          }
        : view.kind === 'tasks'
          ? {
              kind: 'tasks',
              answers: view.committed.map((done, o) =>
                o === seat ? (you.revealing ? [...you.revealing] : null) : done ? [] : null,
              ),
            }
          : view.kind === 'speculate'
            ? {
                kind: 'speculate',
                space: view.space,
                good: view.good,
                offers: view.committed.map((done, o) =>
                  o === seat ? (you.offer ? cloneJson(you.offer) : null) : done ? 'pass' : null,
                ),
              }
            : cloneJson(view);

    const state: TsState = {
      rng: randomRng(rng),
      players,
      conductor: v.conductor,
      active: v.active,
      turn: v.turn,
      pending,
      dice: cloneJson(v.dice),
      buildings: cloneJson(v.buildings),
      spaces: cloneJson(v.goodsSpaces) as TsState['spaces'],
      used: [...v.usedGoods],
      boxedGoods: { ...zeroGoods(), ...v.boxedGoods },
      boxedSpecials: [...v.boxedSpecials],
      specialDeck,
      supply: v.vpSupply,
      reserve: v.vpReserve,
      // VP are conserved (TS-10.1): whatever the seats hold beyond the supply and reserve was paid without limit (AMB-3).
      minted: Math.max(0, v.players.reduce((k, p) => k + p.vp, 0) + v.vpSupply + v.vpReserve - allVP),
      bank: v.bank,
      endTriggered: v.endTriggered,
      roundLimit: v.roundLimit,
      manualTasks: options.manualTasks,
      // A strike ends Step 2 (TS-5.5), so while re-rolls are on offer there has been none.
      strike: false,
      delivered: [],
      deliveries: { queue: [], goodsStep: null },
      stats: { deliveries: 0, upgrades: 0, speculations: 0, strikes: 0, recalls: 0, tasks: 0, routeDeliveries: {} },
    };
    // Mid-delivery (DP-6, DP-7): the route being delivered, then the complete routes still waiting, in listed order.
    if (pending.kind === 'tie' || pending.kind === 'goods') {
      const rest = completeRoutes(b, state).filter((r) => r !== pending.route);
      state.delivered = [pending.route];
      state.deliveries = {
        queue: [pending.route, ...rest],
        goodsStep: pending.kind === 'tie' ? 0 : BUILDINGS.indexOf(pending.space) + 1,
      };
    }
    return state;
  };
}
