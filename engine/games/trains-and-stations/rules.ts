/**
 * The Trains & Stations state machine: who acts, and `apply` for every action (ACT-1…ACT-17).
 * Each handler checks its rule with `ruleCheck`, then changes a private copy of the state.
 */
import { Rng, ruleCheck, type Applied, type GameEvent, type Seat } from '../../core/index.js';
import type { ActionOf, TsAction, TsOptions } from './actions.js';
import { taskKey, type Board } from './board.js';
import { awardMajority, giveGoods, runDeliveries, startDeliveries } from './delivery.js';
import { heldBonus, bonusSupply, idsWhere, inPlay, isBuildingFace, isTrain, legalSpaces, ownOnTrack, rerollable, roll, sendBack } from './dice.js';
import { closeKeep, setupState } from './setup.js';
import type { Offer, TsState } from './state.js';
import { fulfilledTasks, revealTasks } from './tasks.js';
import { ROUND_LIMIT } from './turn.js';
import { endOfTurn, offerUnits, resolveSpeculation, shareSpeculation, upgrade } from './upgrade.js';
import { loseVP } from './vp.js';

export interface TsRules {
  board: Board;
  setup(seed: string, players: number, options: TsOptions): TsState;
  toAct(s: TsState): Seat[];
  apply(s: TsState, seat: Seat, action: TsAction): Applied<TsState>;
}

export function toAct(s: TsState): Seat[] {
  const p = s.pending;
  if (p.kind === 'over') return [];
  if (p.kind === 'keep') return p.kept.flatMap((k, seat) => (k === null ? [seat] : []));
  if (p.kind === 'speculate') return p.offers.flatMap((o, seat) => (o === null ? [seat] : []));
  if (p.kind === 'tasks') return p.answers.flatMap((a, seat) => (a === null ? [seat] : []));
  return [s.active];
}

const distinct = (ids: readonly unknown[]) => new Set(ids).size === ids.length;

/** Cities that may take a building now: a free site and the lowest count on the map (TS-6.9/6.10). */
export function buildableCities(b: Board, s: TsState): string[] {
  const counts = new Map(b.cities.map((c) => [c.id, 0]));
  for (const x of s.buildings) counts.set(x.city, (counts.get(x.city) ?? 0) + 1);
  const least = Math.min(...counts.values());
  return b.cities.filter((c) => counts.get(c.id) === least && least < c.sites).map((c) => c.id);
}

/** Bonus dice a roll may use: [min, max] (TS-4.3). */
export function bonusRange(b: Board, s: TsState, seat: number): [number, number] {
  const held = heldBonus(s, seat).length;
  if (bonusSupply(s).length === 0) return [held, held];
  const own = ownToRoll(b, s, seat);
  const max = b.constants.maxOwnDicePerRoll;
  return [own < max ? Math.min(held, max - own) : 0, held];
}

export const ownToRoll = (b: Board, s: TsState, seat: number) =>
  Math.min(b.constants.maxOwnDicePerRoll, idsWhere(s, (d) => d.owner === seat && (d.zone === 'saved' || d.zone === 'pool')).length);

export const canReroll = (b: Board, s: TsState) => !s.strike && (s.players[s.active]?.coins ?? 0) >= b.constants.rerollCost && rerollable(s).length > 0;

/** Train dice that must still be placed and can be (TS-6.2, TS-6.5). */
export const mustPlace = (b: Board, s: TsState) => inPlay(s).some((id) => isTrain(s.dice[id]?.face ?? null)) && legalSpaces(b, s).length > 0;

/** `roundLimit`: RP-TS-1 (turn.ts); null only to measure how games end without it. */
export function createRules(b: Board, roundLimit: number | null = ROUND_LIMIT): TsRules {
  const C = b.constants;

  /** After every roll: the strike check, then Step 2 goes on only if a re-roll is possible (TS-5.2/5.5/5.6). */
  function afterRoll(s: TsState, ev: GameEvent[]): void {
    const locked = inPlay(s).filter((id) => s.dice[id]?.face === 'LOCKED_TRAIN').length;
    if (!s.strike && locked >= C.strikeLockedTrains) {
      s.strike = true;
      s.stats.strikes += 1;
      const lost = loseVP(s, s.active, C.strikePenaltyVP);
      ev.push({ type: 'strike', data: { seat: s.active, vp: lost } });
    }
    s.pending = canReroll(b, s) ? { kind: 'rolling' } : { kind: 'resolve' };
  }

  function rollDice(s: TsState, ids: readonly number[], rng: Rng): void {
    for (const id of ids) {
      const d = s.dice[id];
      if (d) d.face = roll(rng);
    }
  }

  const faces = (s: TsState) => inPlay(s).map((id) => ({ die: id, face: s.dice[id]?.face ?? null }));

  function doRoll(s: TsState, seat: number, a: ActionOf<'roll'>, ev: GameEvent[]): void {
    ruleCheck(s.pending.kind === 'start', 'wrong_step', 'Rolling starts a turn', 'TS-3.1');
    const saved = idsWhere(s, (d) => d.owner === seat && d.zone === 'saved');
    ruleCheck(distinct(a.keep) && a.keep.every((id) => saved.includes(id)), 'not_saved', 'Only saved dice can keep their faces', 'TS-5.1');
    const [lo, hi] = bonusRange(b, s, seat);
    ruleCheck(a.bonus <= hi, 'bonus_not_held', 'You do not hold that many bonus dice', 'TS-4.3');
    ruleCheck(a.bonus >= lo, 'bonus_too_few', bonusSupply(s).length === 0 ? 'The common bonus supply is empty: roll every held bonus die' : 'Use bonus dice to reach 5 dice', 'TS-4.3');
    const own = ownToRoll(b, s, seat);
    const pool = idsWhere(s, (d) => d.owner === seat && d.zone === 'pool').slice(0, own - saved.length);
    const bonus = heldBonus(s, seat).slice(0, a.bonus);
    for (const id of [...saved, ...pool, ...bonus]) {
      const d = s.dice[id];
      if (d) d.zone = 'play';
    }
    const rng = new Rng(s.rng);
    rollDice(s, [...saved.filter((id) => !a.keep.includes(id)), ...pool, ...bonus], rng);
    s.rng = rng.state;
    ev.push({ type: 'roll', data: { seat, dice: faces(s) } });
    afterRoll(s, ev);
  }

  function doReroll(s: TsState, seat: number, a: ActionOf<'reroll'>, ev: GameEvent[]): void {
    ruleCheck(s.pending.kind === 'rolling', s.strike ? 'strike' : 'wrong_step', s.strike ? 'No re-rolls after a strike' : 'Re-rolls are only allowed in Step 2', s.strike ? 'TS-5.5' : 'TS-5.3');
    ruleCheck(a.dice.length > 0 && distinct(a.dice), 'bad_dice', 'Name one or more different dice', 'TS-5.3');
    ruleCheck(a.dice.every((id) => s.dice[id]?.zone === 'play'), 'not_in_play', 'Only dice in play can be re-rolled', 'TS-5.3');
    ruleCheck(a.dice.every((id) => s.dice[id]?.face !== 'LOCKED_TRAIN'), 'locked', 'A locked train can never be re-rolled', 'TS-5.4');
    const p = s.players[seat]!;
    p.coins -= C.rerollCost;
    s.bank += C.rerollCost;
    const rng = new Rng(s.rng);
    rollDice(s, a.dice, rng);
    s.rng = rng.state;
    ev.push({ type: 'reroll', data: { seat, dice: faces(s) } });
    afterRoll(s, ev);
  }

  function doRecall(s: TsState, seat: number, ev: GameEvent[]): void {
    ruleCheck(s.pending.kind === 'start', 'wrong_step', 'Recall replaces collecting dice at the start of a turn', 'TS-4.1');
    ruleCheck(ownOnTrack(s, seat) >= C.recallMinDiceOnBoard, 'too_few_on_board', `Recall needs ${C.recallMinDiceOnBoard} or more of your dice on the board`, 'TS-4.1');
    for (const d of s.dice) if (d.owner === seat && d.zone === 'track') sendBack(d);
    s.stats.recalls += 1;
    ev.push({ type: 'recall', data: { seat } });
    endOfTurn(b, s, ev);
  }

  const resolving = (s: TsState) => {
    ruleCheck(s.pending.kind === 'rolling' || s.pending.kind === 'resolve', 'wrong_step', 'Dice are resolved in Step 3', 'TS-6.1');
    s.pending = { kind: 'resolve' };
  };

  function doPlace(s: TsState, seat: number, a: ActionOf<'place_train'>, ev: GameEvent[]): void {
    resolving(s);
    const d = s.dice[a.die];
    ruleCheck(d?.zone === 'play' && isTrain(d.face), 'not_a_train', 'Only a train die in play can be placed', 'TS-6.2');
    ruleCheck(legalSpaces(b, s).includes(a.space), 'bad_space', 'A train goes on an empty space next to a city or to an occupied space', 'TS-6.3');
    Object.assign(d, { zone: 'track', space: a.space, face: null, holder: null });
    ev.push({ type: 'train_placed', data: { seat, die: a.die, owner: d.owner, space: a.space } });
  }

  function doBuild(s: TsState, seat: number, a: ActionOf<'build'>, ev: GameEvent[]): void {
    resolving(s);
    ruleCheck(a.dice.length === 3 && distinct(a.dice), 'bad_set', 'A building takes exactly 3 different dice', 'TS-6.7');
    ruleCheck(a.dice.every((id) => s.dice[id]?.zone === 'play' && s.dice[id]?.face === a.building), 'bad_set', 'The 3 dice must show that building', 'TS-6.7');
    const p = s.players[seat]!;
    ruleCheck(p.buildings[a.building] > 0, 'no_building_left', 'You have no building of that type left', 'TS-6.7');
    const city = b.city.get(a.city);
    ruleCheck(city, 'unknown_city', 'No such city', 'TS-6.9');
    ruleCheck(s.buildings.filter((x) => x.city === a.city).length < city.sites, 'city_full', 'That city has no free building site', 'TS-6.9');
    ruleCheck(buildableCities(b, s).includes(a.city), 'level_rule', 'Build first in a city with the fewest buildings', 'TS-6.10');
    p.buildings[a.building] -= 1;
    s.buildings.push({ id: s.buildings.length, owner: seat, type: a.building, city: a.city });
    for (const id of a.dice) sendBack(s.dice[id]!);
    ev.push({ type: 'built', data: { seat, building: a.building, city: a.city } });
  }

  function doCoins(s: TsState, seat: number, a: ActionOf<'take_coins'>, ev: GameEvent[]): void {
    resolving(s);
    ruleCheck(a.dice.length > 0 && distinct(a.dice), 'bad_dice', 'Name one or more different dice', 'TS-6.13');
    ruleCheck(a.dice.every((id) => s.dice[id]?.zone === 'play' && s.dice[id]?.face === 'COIN'), 'not_coin', 'Only dice showing COIN give coins', 'TS-6.13');
    const p = s.players[seat]!;
    const gain = Math.min(C.coinCap - p.coins, C.coinsPerCoinDie * a.dice.length, s.bank);
    p.coins += gain;
    s.bank -= gain;
    for (const id of a.dice) sendBack(s.dice[id]!);
    ev.push({ type: 'coins', data: { seat, coins: gain } });
  }

  function doEndResolution(s: TsState, seat: number, a: ActionOf<'end_resolution'>, ev: GameEvent[]): void {
    resolving(s);
    ruleCheck(!mustPlace(b, s), 'trains_unplaced', 'Every train die must be placed first', 'TS-6.2');
    ruleCheck(distinct(a.save), 'bad_dice', 'Name each die once', 'TS-6.14');
    for (const id of a.save) {
      const d = s.dice[id];
      ruleCheck(d?.zone === 'play', 'not_in_play', 'Only dice in play can be saved', 'TS-6.14');
      ruleCheck(d.owner === seat, 'bonus_not_saved', 'Bonus dice can never be saved', 'TS-6.15');
      ruleCheck(isBuildingFace(d.face) || d.face === 'COIN', 'bad_face', 'Only dice showing a building or COIN can be saved', 'TS-6.14');
    }
    for (const id of inPlay(s)) {
      const d = s.dice[id]!;
      if (a.save.includes(id)) d.zone = 'saved';
      else sendBack(d);
    }
    ev.push({ type: 'resolution_ended', data: { seat, saved: a.save.map((id) => ({ die: id, face: s.dice[id]?.face ?? null })) } });
    startDeliveries(b, s, ev);
  }

  function doOrder(s: TsState, a: ActionOf<'order_deliveries'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'order', 'wrong_step', 'No deliveries to order', 'TS-7.3');
    ruleCheck(a.routes.length === p.routes.length && distinct(a.routes) && a.routes.every((r) => p.routes.includes(r)), 'bad_order', 'Order every complete route once', 'TS-7.3');
    s.deliveries = { queue: [...a.routes], goodsStep: null };
    ev.push({ type: 'delivery_order', data: { routes: a.routes } });
    runDeliveries(b, s, ev);
  }

  function doTie(s: TsState, a: ActionOf<'break_tie'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'tie', 'wrong_step', 'No majority tie to break', 'TS-7.6');
    ruleCheck(a.route === p.route && p.tied.includes(a.winner), 'not_tied', 'The winner must be one of the tied players', 'TS-7.6');
    awardMajority(b, s, p.route, a.winner, ev);
    runDeliveries(b, s, ev);
  }

  function doAllocateGoods(s: TsState, a: ActionOf<'allocate_goods'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'goods', 'wrong_step', 'No goods to share out', 'TS-7.7');
    ruleCheck(a.route === p.route && a.space === p.space, 'wrong_deck', 'That is not the deck being shared', 'TS-7.7');
    ruleCheck(a.buildings.length === p.count && distinct(a.buildings) && a.buildings.every((id) => p.buildings.includes(id)), 'bad_allocation', `Name exactly ${p.count} of the drawing buildings`, 'TS-7.7');
    giveGoods(s, p.space, p.buildings, a.buildings, ev);
    runDeliveries(b, s, ev);
  }

  function doUpgrade(s: TsState, a: ActionOf<'choose_upgrade'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'upgrade', 'wrong_step', 'No upgrade to choose', 'TS-8.3');
    const forSpace = p.options.filter((o) => o.space === a.space);
    ruleCheck(forSpace.length > 0, 'not_exhausted', 'Only an exhausted space can be upgraded', 'TS-8.3');
    const pick = forSpace.length > 1 ? forSpace.find((o) => o.good === a.good) : a.good === undefined ? forSpace[0] : undefined;
    ruleCheck(pick, 'bad_good', forSpace.length > 1 ? 'Choose one of the offered goods' : 'This space has no choice of good', 'TS-8.4');
    upgrade(b, s, pick.space, pick.good, ev);
  }

  function doSpeculate(s: TsState, seat: number, a: ActionOf<'speculate'> | ActionOf<'speculate_pass'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'speculate', 'wrong_step', 'No speculation is open', 'TS-9.1');
    let offer: Offer | 'pass' = 'pass';
    if (a.type === 'speculate') {
      const player = s.players[seat]!;
      const goods = Object.fromEntries(Object.entries(a.goods).filter(([, n]) => (n ?? 0) > 0));
      ruleCheck(Object.entries(goods).every(([g, n]) => (n ?? 0) <= player.goods[g as keyof typeof player.goods]), 'not_in_hand', 'You can offer only goods in your hand', 'TS-9.2');
      ruleCheck(distinct(a.specials) && a.specials.every((id) => player.specials.includes(id) && b.special.get(id)?.kind === 'GOODS'), 'not_in_hand', 'Only special goods cards in your hand can be offered', 'TS-12.4');
      offer = { goods, specials: [...a.specials] };
      const units = offerUnits(offer);
      ruleCheck(units >= 2 && units % 2 === 0, 'odd_offer', 'An offer needs an even number of goods, at least 2', 'TS-9.2');
    }
    p.offers[seat] = offer;
    ev.push({ type: 'speculation_committed', data: { seat, offer }, visibleTo: [seat], redacted: { type: 'speculation_committed', data: { seat } } });
    if (p.offers.every((o) => o !== null)) resolveSpeculation(s, ev);
  }

  function doShare(s: TsState, a: ActionOf<'allocate_speculation'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'share', 'wrong_step', 'No speculation shortage to share out', 'TS-9.4');
    ruleCheck(a.shares.length === s.players.length, 'bad_shares', 'Give a share for every seat', 'TS-9.4');
    ruleCheck(a.shares.every((n, seat) => n <= (p.requests[seat] ?? 0)), 'over_request', 'Nobody may get more than they asked for', 'TS-9.4');
    ruleCheck(a.shares.reduce((x, n) => x + n, 0) === s.spaces[p.space].count, 'not_all_shared', 'Every card of the new deck must be handed out', 'AMB-19');
    shareSpeculation(s, p.space, p.requests, a.shares, ev);
  }

  function doRevealTasks(s: TsState, seat: number, a: ActionOf<'reveal_tasks'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'tasks', 'wrong_step', 'No task window is open', 'TS-7.8');
    const fulfilled = fulfilledTasks(b, s, seat);
    const cards = a.cards.map((id) => fulfilled.find((t) => t.id === id));
    ruleCheck(distinct(a.cards) && cards.every((t) => t !== undefined), 'not_fulfilled', 'Only task cards in your hand fulfilled this turn can be revealed', 'TS-7.8');
    ruleCheck(distinct(cards.map((t) => taskKey(t!))), 'same_pair', 'Only one task per city pair can be revealed in a turn', 'AMB-13');
    p.answers[seat] = [...a.cards];
    ev.push({ type: 'tasks_committed', data: { seat, cards: a.cards }, visibleTo: [seat], redacted: { type: 'tasks_committed', data: { seat } } });
    if (p.answers.every((x) => x !== null)) {
      revealTasks(b, s, p.answers as string[][], ev);
      endOfTurn(b, s, ev);
    }
  }

  function doKeep(s: TsState, seat: number, a: ActionOf<'keep_special_cards'>, ev: GameEvent[]): void {
    const p = s.pending;
    ruleCheck(p.kind === 'keep', 'wrong_step', 'Special cards are kept at setup', 'TS-2.5');
    const dealt = s.players[seat]!.dealt;
    ruleCheck(a.cards.length === C.specialKept && distinct(a.cards) && a.cards.every((id) => dealt.includes(id)), 'bad_keep', `Keep exactly ${C.specialKept} of your dealt cards`, 'TS-2.5');
    p.kept[seat] = [...a.cards];
    ev.push({ type: 'specials_kept', data: { seat, cards: a.cards }, visibleTo: [seat], redacted: { type: 'specials_kept', data: { seat } } });
    if (p.kept.every((k) => k !== null)) closeKeep(s, p.kept as string[][], ev);
  }

  function apply(state: TsState, seat: Seat, action: TsAction): Applied<TsState> {
    ruleCheck(toAct(state).includes(seat), 'not_your_decision', 'It is not your decision now', 'TS-3.2');
    const s = structuredClone(state);
    const ev: GameEvent[] = [];
    switch (action.type) {
      case 'keep_special_cards':
        doKeep(s, seat, action, ev);
        break;
      case 'roll':
        doRoll(s, seat, action, ev);
        break;
      case 'recall':
        doRecall(s, seat, ev);
        break;
      case 'reroll':
        doReroll(s, seat, action, ev);
        break;
      case 'stop_rolling':
        ruleCheck(s.pending.kind === 'rolling', 'wrong_step', 'Not rolling now', 'TS-5.6');
        s.pending = { kind: 'resolve' };
        break;
      case 'place_train':
        doPlace(s, seat, action, ev);
        break;
      case 'build':
        doBuild(s, seat, action, ev);
        break;
      case 'take_coins':
        doCoins(s, seat, action, ev);
        break;
      case 'end_resolution':
        doEndResolution(s, seat, action, ev);
        break;
      case 'order_deliveries':
        doOrder(s, action, ev);
        break;
      case 'break_tie':
        doTie(s, action, ev);
        break;
      case 'allocate_goods':
        doAllocateGoods(s, action, ev);
        break;
      case 'reveal_tasks':
        doRevealTasks(s, seat, action, ev);
        break;
      case 'choose_upgrade':
        doUpgrade(s, action, ev);
        break;
      case 'speculate':
      case 'speculate_pass':
        doSpeculate(s, seat, action, ev);
        break;
      case 'allocate_speculation':
        doShare(s, action, ev);
        break;
    }
    return { state: s, events: ev };
  }

  return { board: b, setup: (seed, players, options) => setupState(b, seed, players, options, roundLimit), toAct, apply };
}
