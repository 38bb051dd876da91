/**
 * The Trains & Stations state machine on the game kit: one step per pending decision (spec §16.1),
 * each with who acts, the actions it lists (ACT-1…ACT-17) and their effects side by side. An effect
 * checks its rule with `ruleCheck`, then changes the kit's draft.
 */
import { awaiting, defineRules, ruleCheck, type Refusal, type Rules, type Seat, type Step } from '../../core/index.js';
import type { ActionOf, TsAction, TsOptions } from './actions.js';
import { taskKey, type Board } from './board.js';
import { awardMajority, giveGoods, runDeliveries, startDeliveries } from './delivery.js';
import { heldBonus, bonusSupply, idsWhere, inPlay, isBuildingFace, isTrain, legalSpaces, ownOnTrack, rerollable, roll, sendBack } from './dice.js';
import { bonusRange, boundedSums, buildableCities, canReroll, classPicks, combinations, mustPlace, ownToRoll, permutations, resolveActions, revealActions, speculateActions } from './legal.js';
import type { TsEvent } from './schemas.js';
import { closeKeep, setupState } from './setup.js';
import { canonicalAction, playChoice, savedChoice } from './spelling.js';
import type { Offer, Pending, TsState } from './state.js';
import type { TsDraft } from './draft.js';
import { fulfilledTasks, revealTasks } from './tasks.js';
import { ROUND_LIMIT } from './turn.js';
import { endOfTurn, offerUnits, resolveSpeculation, shareSpeculation, upgrade } from './upgrade.js';
import { loseVP } from './vp.js';

export interface TsRules extends Rules<TsState, TsAction> {
  board: Board;
  setup(seed: string, players: number, options: TsOptions): TsState;
}

type Kind = Exclude<Pending['kind'], 'over'>;
type TsStep = Step<TsState, TsAction, TsEvent>;

const distinct = (ids: readonly unknown[]) => new Set(ids).size === ids.length;

/** Every seat has answered a simultaneous decision (the other side of `awaiting`). */
const complete = <T>(answers: readonly (T | null)[]): answers is T[] => answers.every((a) => a !== null);

/** Dice with the faces they show; a die in play or saved always shows one (TS-5.1, TS-6.14). */
const shown = (s: TsState, ids: readonly number[]) =>
  ids.flatMap((id) => {
    const face = s.dice[id]?.face;
    return face ? [{ die: id, face }] : [];
  });

/** The pending decision of the step being played: the kit runs a step's functions only in that step. */
function pendingOf<K extends Kind>(s: TsState, kind: K): Extract<Pending, { kind: K }> {
  const p = s.pending;
  if (p.kind !== kind) throw new Error(`step ${kind} run while ${p.kind} is pending`);
  return p as Extract<Pending, { kind: K }>;
}

/** TS-3.2: only the seats a decision waits for may act. */
const NOT_YOURS: Refusal = { code: 'not_your_decision', message: 'It is not your decision now', rule: 'TS-3.2' };
const STEP_3: Refusal = { message: 'Dice are resolved in Step 3', rule: 'TS-6.1' };

/** Why each action is refused outside the steps that take it (code `wrong_step` unless said). */
const WRONG_STEP: TsStep['refuse'] = {
  keep_special_cards: { message: 'Special cards are kept at setup', rule: 'TS-2.5' },
  roll: { message: 'Rolling starts a turn', rule: 'TS-3.1' },
  recall: { message: 'Recall replaces collecting dice at the start of a turn', rule: 'TS-4.1' },
  reroll: (s) => (s.strike ? { code: 'strike', message: 'No re-rolls after a strike', rule: 'TS-5.5' } : { message: 'Re-rolls are only allowed in Step 2', rule: 'TS-5.3' }),
  stop_rolling: { message: 'Not rolling now', rule: 'TS-5.6' },
  place_train: STEP_3,
  build: STEP_3,
  take_coins: STEP_3,
  end_resolution: STEP_3,
  order_deliveries: { message: 'No deliveries to order', rule: 'TS-7.3' },
  break_tie: { message: 'No majority tie to break', rule: 'TS-7.6' },
  allocate_goods: { message: 'No goods to share out', rule: 'TS-7.7' },
  reveal_tasks: { message: 'No task window is open', rule: 'TS-7.8' },
  choose_upgrade: { message: 'No upgrade to choose', rule: 'TS-8.3' },
  speculate: { message: 'No speculation is open', rule: 'TS-9.1' },
  speculate_pass: { message: 'No speculation is open', rule: 'TS-9.1' },
  allocate_speculation: { message: 'No speculation shortage to share out', rule: 'TS-9.4' },
};

/** The refusals every step shares; the active player alone decides unless a step says otherwise. */
const base = { waiting: NOT_YOURS, refuse: WRONG_STEP, actors: (s: TsState): Seat[] => [s.active] };

/** `roundLimit`: RP-TS-1 (turn.ts); null only to measure how games end without it. */
export function createRules(b: Board, roundLimit: number | null = ROUND_LIMIT): TsRules {
  const C = b.constants;

  // ---------- effects shared by several steps (on the draft)

  /** Rolls the dice in the order named (stored games replay as played), then the strike check: Step 2 goes on only if a re-roll is possible (TS-5.2/5.5/5.6). */
  function rollDice(d: TsDraft, ids: readonly number[], type: 'roll' | 'reroll'): void {
    const s = d.state;
    for (const id of ids) {
      const die = s.dice[id];
      if (die) die.face = roll(d.rng);
    }
    d.emit(type, { seat: d.seat, dice: shown(s, inPlay(s)) });
    const locked = inPlay(s).filter((id) => s.dice[id]?.face === 'LOCKED_TRAIN').length;
    if (!s.strike && locked >= C.strikeLockedTrains) {
      s.strike = true;
      s.stats.strikes += 1;
      d.emit('strike', { seat: s.active, vp: loseVP(s, s.active, C.strikePenaltyVP) });
    }
    s.pending = canReroll(b, s) ? { kind: 'rolling' } : { kind: 'resolve' };
  }

  /** Step 3 actions may open it from Step 2, which then ends (TS-6.1). */
  const resolving = (s: TsState) => {
    s.pending = { kind: 'resolve' };
  };

  const resolution: TsStep['on'] = {
    place_train: (d, a) => {
      const s = d.state;
      resolving(s);
      const die = s.dice[a.die];
      ruleCheck(die?.zone === 'play' && isTrain(die.face), 'not_a_train', 'Only a train die in play can be placed', 'TS-6.2');
      ruleCheck(legalSpaces(b, s).includes(a.space), 'bad_space', 'A train goes on an empty space next to a city or to an occupied space', 'TS-6.3');
      Object.assign(die, { zone: 'track', space: a.space, face: null, holder: null });
      d.emit('train_placed', { seat: d.seat, die: a.die, owner: die.owner, space: a.space });
    },
    build: (d, a) => {
      const s = d.state;
      resolving(s);
      ruleCheck(a.dice.length === 3 && distinct(a.dice), 'bad_set', 'A building takes exactly 3 different dice', 'TS-6.7');
      ruleCheck(a.dice.every((id) => s.dice[id]?.zone === 'play' && s.dice[id]?.face === a.building), 'bad_set', 'The 3 dice must show that building', 'TS-6.7');
      const p = s.players[d.seat]!;
      ruleCheck(p.buildings[a.building] > 0, 'no_building_left', 'You have no building of that type left', 'TS-6.7');
      const city = b.city.get(a.city);
      ruleCheck(city, 'unknown_city', 'No such city', 'TS-6.9');
      ruleCheck(s.buildings.filter((x) => x.city === a.city).length < city.sites, 'city_full', 'That city has no free building site', 'TS-6.9');
      ruleCheck(buildableCities(b, s).includes(a.city), 'level_rule', 'Build first in a city with the fewest buildings', 'TS-6.10');
      p.buildings[a.building] -= 1;
      s.buildings.push({ id: s.buildings.length, owner: d.seat, type: a.building, city: a.city });
      for (const id of a.dice) sendBack(s.dice[id]!);
      d.emit('built', { seat: d.seat, building: a.building, city: a.city });
    },
    take_coins: (d, a) => {
      const s = d.state;
      resolving(s);
      ruleCheck(a.dice.length > 0 && distinct(a.dice), 'bad_dice', 'Name one or more different dice', 'TS-6.13');
      ruleCheck(a.dice.every((id) => s.dice[id]?.zone === 'play' && s.dice[id]?.face === 'COIN'), 'not_coin', 'Only dice showing COIN give coins', 'TS-6.13');
      const p = s.players[d.seat]!;
      const gain = Math.min(C.coinCap - p.coins, C.coinsPerCoinDie * a.dice.length, s.bank);
      p.coins += gain;
      s.bank -= gain;
      for (const id of a.dice) sendBack(s.dice[id]!);
      d.emit('coins', { seat: d.seat, coins: gain });
    },
    end_resolution: (d, a) => {
      const s = d.state;
      resolving(s);
      ruleCheck(!mustPlace(b, s), 'trains_unplaced', 'Every train die must be placed first', 'TS-6.2');
      ruleCheck(distinct(a.save), 'bad_dice', 'Name each die once', 'TS-6.14');
      for (const id of a.save) {
        const die = s.dice[id];
        ruleCheck(die?.zone === 'play', 'not_in_play', 'Only dice in play can be saved', 'TS-6.14');
        ruleCheck(die.owner === d.seat, 'bonus_not_saved', 'Bonus dice can never be saved', 'TS-6.15');
        ruleCheck(isBuildingFace(die.face) || die.face === 'COIN', 'bad_face', 'Only dice showing a building or COIN can be saved', 'TS-6.14');
      }
      for (const id of inPlay(s)) {
        const die = s.dice[id]!;
        if (a.save.includes(id)) die.zone = 'saved';
        else sendBack(die);
      }
      d.emit('resolution_ended', { seat: d.seat, saved: shown(s, a.save) });
      startDeliveries(b, d);
    },
  };

  function speculate(d: TsDraft, a: ActionOf<'speculate'> | ActionOf<'speculate_pass'>): void {
    const p = pendingOf(d.state, 'speculate');
    let offer: Offer | 'pass' = 'pass';
    if (a.type === 'speculate') {
      const player = d.state.players[d.seat]!;
      const goods = Object.fromEntries(Object.entries(a.goods).filter(([, n]) => (n ?? 0) > 0));
      ruleCheck(Object.entries(goods).every(([g, n]) => (n ?? 0) <= player.goods[g as keyof typeof player.goods]), 'not_in_hand', 'You can offer only goods in your hand', 'TS-9.2');
      ruleCheck(distinct(a.specials) && a.specials.every((id) => player.specials.includes(id) && b.special.get(id)?.kind === 'GOODS'), 'not_in_hand', 'Only special goods cards in your hand can be offered', 'TS-12.4');
      offer = { goods, specials: [...a.specials] };
      const units = offerUnits(offer);
      ruleCheck(units >= 2 && units % 2 === 0, 'odd_offer', 'An offer needs an even number of goods, at least 2', 'TS-9.2');
    }
    p.offers[d.seat] = offer;
    d.emitSecret({ type: 'speculation_committed', data: { seat: d.seat, offer } }, [d.seat], { type: 'speculation_committed', data: { seat: d.seat } });
    if (complete(p.offers)) resolveSpeculation(d, p.offers);
  }

  // ---------- the steps, one per pending decision

  /** DP-1 (TS-2.5): every seat secretly keeps two of its dealt special cards. */
  const keep: TsStep = {
    ...base,
    rule: 'TS-2.5',
    actors: (s) => awaiting(pendingOf(s, 'keep').kept),
    actions: (s, seat) => combinations(s.players[seat]!.dealt, C.specialKept).map((cards) => ({ type: 'keep_special_cards', cards })),
    on: {
      keep_special_cards: (d, a) => {
        const p = pendingOf(d.state, 'keep');
        const dealt = d.state.players[d.seat]!.dealt;
        ruleCheck(a.cards.length === C.specialKept && distinct(a.cards) && a.cards.every((id) => dealt.includes(id)), 'bad_keep', `Keep exactly ${C.specialKept} of your dealt cards`, 'TS-2.5');
        p.kept[d.seat] = [...a.cards];
        d.emitSecret({ type: 'specials_kept', data: { seat: d.seat, cards: a.cards } }, [d.seat], { type: 'specials_kept', data: { seat: d.seat } });
        if (complete(p.kept)) closeKeep(d, p.kept);
      },
    },
  };

  /** DP-2 (TS-3.1, TS-4): roll, with held bonus dice and kept saved faces, or recall. */
  const start: TsStep = {
    ...base,
    rule: 'TS-3.1',
    actions: (s, seat) => {
      const [lo, hi] = bonusRange(b, s, seat);
      const rolls: TsAction[] = [];
      for (let bonus = lo; bonus <= hi; bonus++) for (const keep of classPicks(savedChoice(s, seat))) rolls.push({ type: 'roll', bonus, keep });
      return ownOnTrack(s, seat) >= C.recallMinDiceOnBoard ? [...rolls, { type: 'recall' }] : rolls;
    },
    on: {
      roll: (d, a) => {
        const { state: s, seat } = d;
        const saved = idsWhere(s, (x) => x.owner === seat && x.zone === 'saved');
        ruleCheck(distinct(a.keep) && a.keep.every((id) => saved.includes(id)), 'not_saved', 'Only saved dice can keep their faces', 'TS-5.1');
        const [lo, hi] = bonusRange(b, s, seat);
        ruleCheck(a.bonus <= hi, 'bonus_not_held', 'You do not hold that many bonus dice', 'TS-4.3');
        ruleCheck(a.bonus >= lo, 'bonus_too_few', bonusSupply(s).length === 0 ? 'The common bonus supply is empty: roll every held bonus die' : 'Use bonus dice to reach 5 dice', 'TS-4.3');
        const own = ownToRoll(b, s, seat);
        const pool = idsWhere(s, (x) => x.owner === seat && x.zone === 'pool').slice(0, own - saved.length);
        const bonus = heldBonus(s, seat).slice(0, a.bonus);
        for (const id of [...saved, ...pool, ...bonus]) {
          const die = s.dice[id];
          if (die) die.zone = 'play';
        }
        rollDice(d, [...saved.filter((id) => !a.keep.includes(id)), ...pool, ...bonus], 'roll');
      },
      recall: (d) => {
        const { state: s, seat } = d;
        ruleCheck(ownOnTrack(s, seat) >= C.recallMinDiceOnBoard, 'too_few_on_board', `Recall needs ${C.recallMinDiceOnBoard} or more of your dice on the board`, 'TS-4.1');
        for (const die of s.dice) if (die.owner === seat && die.zone === 'track') sendBack(die);
        s.stats.recalls += 1;
        d.emit('recall', { seat });
        endOfTurn(b, d);
      },
    },
  };

  /** DP-3, Step 2 (TS-5.3–5.6): paid re-rolls, stopping, or Step 3 at once. */
  const rolling: TsStep = {
    ...base,
    rule: 'TS-5.3',
    actions: (s, seat) => {
      const rerolls: TsAction[] = canReroll(b, s) ? classPicks({ ...playChoice(s), ids: rerollable(s) }).filter((x) => x.length > 0).map((dice) => ({ type: 'reroll', dice })) : [];
      return [...rerolls, { type: 'stop_rolling' }, ...resolveActions(b, s, seat)];
    },
    on: {
      ...resolution,
      reroll: (d, a) => {
        const s = d.state;
        ruleCheck(a.dice.length > 0 && distinct(a.dice), 'bad_dice', 'Name one or more different dice', 'TS-5.3');
        ruleCheck(a.dice.every((id) => s.dice[id]?.zone === 'play'), 'not_in_play', 'Only dice in play can be re-rolled', 'TS-5.3');
        ruleCheck(a.dice.every((id) => s.dice[id]?.face !== 'LOCKED_TRAIN'), 'locked', 'A locked train can never be re-rolled', 'TS-5.4');
        s.players[d.seat]!.coins -= C.rerollCost;
        s.bank += C.rerollCost;
        rollDice(d, a.dice, 'reroll');
      },
      stop_rolling: (d) => resolving(d.state),
    },
  };

  /** DP-4, Step 3 (TS-6). */
  const resolve: TsStep = { ...base, rule: 'TS-6.1', actions: (s, seat) => resolveActions(b, s, seat), on: resolution };

  /** DP-5 (TS-7.3): the order of two or more complete routes. */
  const order: TsStep = {
    ...base,
    rule: 'TS-7.3',
    actions: (s) => permutations(pendingOf(s, 'order').routes).map((routes) => ({ type: 'order_deliveries', routes })),
    on: {
      order_deliveries: (d, a) => {
        const p = pendingOf(d.state, 'order');
        ruleCheck(a.routes.length === p.routes.length && distinct(a.routes) && a.routes.every((r) => p.routes.includes(r)), 'bad_order', 'Order every complete route once', 'TS-7.3');
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
        ruleCheck(a.route === p.route && p.tied.includes(a.winner), 'not_tied', 'The winner must be one of the tied players', 'TS-7.6');
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
      return combinations(p.buildings, p.count).map((buildings) => ({ type: 'allocate_goods', route: p.route, space: p.space, buildings }));
    },
    on: {
      allocate_goods: (d, a) => {
        const p = pendingOf(d.state, 'goods');
        ruleCheck(a.route === p.route && a.space === p.space, 'wrong_deck', 'That is not the deck being shared', 'TS-7.7');
        ruleCheck(a.buildings.length === p.count && distinct(a.buildings) && a.buildings.every((id) => p.buildings.includes(id)), 'bad_allocation', `Name exactly ${p.count} of the drawing buildings`, 'TS-7.7');
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
        ruleCheck(distinct(a.cards) && cards.every((t) => t !== undefined), 'not_fulfilled', 'Only task cards in your hand fulfilled this turn can be revealed', 'TS-7.8');
        ruleCheck(distinct(cards.map((t) => taskKey(t!))), 'same_pair', 'Only one task per city pair can be revealed in a turn', 'AMB-13');
        p.answers[d.seat] = [...a.cards];
        d.emitSecret({ type: 'tasks_committed', data: { seat: d.seat, cards: a.cards } }, [d.seat], { type: 'tasks_committed', data: { seat: d.seat } });
        if (complete(p.answers)) {
          revealTasks(b, d, p.answers);
          endOfTurn(b, d);
        }
      },
    },
  };

  /** DP-9 (TS-8.3/8.4): which exhausted space to upgrade, and to which good where the hotel offers two. */
  const upgradeStep: TsStep = {
    ...base,
    rule: 'TS-8.3',
    actions: (s) => {
      const p = pendingOf(s, 'upgrade');
      const choices = (space: string) => p.options.filter((o) => o.space === space).length;
      return p.options.map((o): ActionOf<'choose_upgrade'> => (choices(o.space) > 1 && o.good !== null ? { type: 'choose_upgrade', space: o.space, good: o.good } : { type: 'choose_upgrade', space: o.space }));
    },
    on: {
      choose_upgrade: (d, a) => {
        const forSpace = pendingOf(d.state, 'upgrade').options.filter((o) => o.space === a.space);
        ruleCheck(forSpace.length > 0, 'not_exhausted', 'Only an exhausted space can be upgraded', 'TS-8.3');
        const pick = forSpace.length > 1 ? forSpace.find((o) => o.good === a.good) : a.good === undefined ? forSpace[0] : undefined;
        ruleCheck(pick, 'bad_good', forSpace.length > 1 ? 'Choose one of the offered goods' : 'This space has no choice of good', 'TS-8.4');
        upgrade(b, d, pick.space, pick.good);
      },
    },
  };

  /** DP-10 (TS-9.1–9.3): every seat secretly offers goods for the new deck, or passes. */
  const speculateStep: TsStep = {
    ...base,
    rule: 'TS-9.1',
    actors: (s) => awaiting(pendingOf(s, 'speculate').offers),
    actions: (s, seat) => speculateActions(b, s, seat),
    on: { speculate, speculate_pass: speculate },
  };

  /** DP-11 (TS-9.4, AMB-19): the active player shares out a new deck too small for the requests. */
  const share: TsStep = {
    ...base,
    rule: 'TS-9.4',
    actions: (s) => {
      const p = pendingOf(s, 'share');
      return boundedSums(p.requests, s.spaces[p.space].count).map((shares) => ({ type: 'allocate_speculation', shares }));
    },
    on: {
      allocate_speculation: (d, a) => {
        const { state: s } = d;
        const p = pendingOf(s, 'share');
        ruleCheck(a.shares.length === s.players.length, 'bad_shares', 'Give a share for every seat', 'TS-9.4');
        ruleCheck(a.shares.every((n, seat) => n <= (p.requests[seat] ?? 0)), 'over_request', 'Nobody may get more than they asked for', 'TS-9.4');
        ruleCheck(a.shares.reduce((x, n) => x + n, 0) === s.spaces[p.space].count, 'not_all_shared', 'Every card of the new deck must be handed out', 'AMB-19');
        shareSpeculation(d, p.space, p.requests, a.shares);
      },
    },
  };

  const steps: { [k in Kind]: TsStep } = { keep, start, rolling, resolve, order, tie, goods, tasks, upgrade: upgradeStep, speculate: speculateStep, share };

  const rules = defineRules({
    seats: (s) => s.players.length,
    overRule: 'TS-3.2',
    step: (s) => (s.pending.kind === 'over' ? null : s.pending.kind),
    steps,
    // Any spelling of a choice is accepted; the effects see the listed one (spelling.ts, TS-0.2).
    canonical: canonicalAction,
  });

  return { ...rules, board: b, setup: (seed, players, options) => setupState(b, seed, players, options, roundLimit) };
}
