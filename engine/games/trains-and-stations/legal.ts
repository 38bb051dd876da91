/**
 * legalActions: every action `apply` accepts now, enumerated. Dice of the same kind (own or white)
 * showing the same face are interchangeable, so one spelling per choice is listed, the one
 * `canonicalAction` (spelling.ts) gives; `apply` accepts every equivalent spelling.
 */
import type { Seat } from '../../core/index.js';
import type { ActionOf, TsAction } from './actions.js';
import { BUILDINGS, GOODS, taskKey, type Board, type Good } from './board.js';
import { isBuildingFace, legalSpaces, ownOnTrack, rerollable } from './dice.js';
import { bonusRange, buildableCities, canReroll, mustPlace, toAct } from './rules.js';
import { playChoice, savedChoice, trainChoice, type DiceChoice } from './spelling.js';
import type { TsState } from './state.js';
import { fulfilledTasks } from './tasks.js';

/** Every multiset of the offered dice that pass `only`, by kind: 0..n of each kind, its lowest ids, in the order spelling.ts gives. */
export function classPicks(choice: DiceChoice, only: (id: number) => boolean = () => true): number[][] {
  const groups = new Map<string, number[]>();
  for (const id of choice.ids.filter(only).sort((x, y) => x - y)) groups.set(choice.key(id), [...(groups.get(choice.key(id)) ?? []), id]);
  let picks: number[][] = [[]];
  for (const g of groups.values()) picks = picks.flatMap((p) => Array.from({ length: g.length + 1 }, (_, k) => [...p, ...g.slice(0, k)]));
  return picks;
}

export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((x, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/** Vectors with 0 ≤ v[i] ≤ max[i] and the given sum. */
function boundedSums(max: readonly number[], sum: number): number[][] {
  const [first, ...rest] = max;
  if (first === undefined) return sum === 0 ? [[]] : [];
  return Array.from({ length: Math.min(first, sum) + 1 }, (_, n) => boundedSums(rest, sum - n).map((v) => [n, ...v])).flat();
}

function resolveActions(b: Board, s: TsState, seat: Seat): TsAction[] {
  const play = playChoice(s);
  const face = (f: string) => (id: number) => s.dice[id]?.face === f;
  const out: TsAction[] = [];
  const spaces = legalSpaces(b, s);
  const trains = classPicks(trainChoice(s));
  for (const pick of trains.filter((p) => p.length === 1)) for (const space of spaces) out.push({ type: 'place_train', die: pick[0]!, space });
  const cities = buildableCities(b, s);
  const player = s.players[seat]!;
  for (const building of BUILDINGS) {
    if (player.buildings[building] === 0) continue;
    const sets = classPicks(play, face(building)).filter((p) => p.length === 3);
    for (const dice of sets) for (const city of cities) out.push({ type: 'build', building, dice, city });
  }
  for (const dice of classPicks(play, face('COIN'))) if (dice.length > 0) out.push({ type: 'take_coins', dice });
  if (!mustPlace(b, s)) {
    const savable = (id: number) => s.dice[id]?.owner === seat && (isBuildingFace(s.dice[id]?.face ?? null) || s.dice[id]?.face === 'COIN');
    for (const save of classPicks(play, savable)) out.push({ type: 'end_resolution', save });
  }
  return out;
}

function speculateActions(b: Board, s: TsState, seat: Seat): TsAction[] {
  const player = s.players[seat]!;
  const held = GOODS.filter((g) => player.goods[g] > 0);
  let goodsPicks: Partial<Record<Good, number>>[] = [{}];
  for (const g of held) goodsPicks = goodsPicks.flatMap((p) => Array.from({ length: player.goods[g] + 1 }, (_, n) => (n === 0 ? p : { ...p, [g]: n })));
  const specialGoods = player.specials.filter((id) => b.special.get(id)?.kind === 'GOODS');
  const specialPicks = Array.from({ length: specialGoods.length + 1 }, (_, k) => combinations(specialGoods, k)).flat();
  const out: TsAction[] = [{ type: 'speculate_pass' }];
  for (const goods of goodsPicks) {
    const units = Object.values(goods).reduce((a, n) => a + (n ?? 0), 0);
    for (const specials of specialPicks) {
      const total = units + 2 * specials.length;
      if (total >= 2 && total % 2 === 0) out.push({ type: 'speculate', goods, specials });
    }
  }
  return out;
}

export function legalActions(b: Board, s: TsState, seat: Seat): TsAction[] {
  if (!toAct(s).includes(seat)) return [];
  const p = s.pending;
  switch (p.kind) {
    case 'keep':
      return combinations(s.players[seat]!.dealt, b.constants.specialKept).map((cards) => ({ type: 'keep_special_cards', cards }));
    case 'start': {
      const [lo, hi] = bonusRange(b, s, seat);
      const rolls: TsAction[] = [];
      for (let bonus = lo; bonus <= hi; bonus++) for (const keep of classPicks(savedChoice(s, seat))) rolls.push({ type: 'roll', bonus, keep });
      return ownOnTrack(s, seat) >= b.constants.recallMinDiceOnBoard ? [...rolls, { type: 'recall' }] : rolls;
    }
    case 'rolling': {
      const rerolls: TsAction[] = canReroll(b, s) ? classPicks({ ...playChoice(s), ids: rerollable(s) }).filter((d) => d.length > 0).map((dice) => ({ type: 'reroll', dice })) : [];
      return [...rerolls, { type: 'stop_rolling' }, ...resolveActions(b, s, seat)];
    }
    case 'resolve':
      return resolveActions(b, s, seat);
    case 'order':
      return permutations(p.routes).map((routes) => ({ type: 'order_deliveries', routes }));
    case 'tie':
      return p.tied.map((winner) => ({ type: 'break_tie', route: p.route, winner }));
    case 'goods':
      return combinations(p.buildings, p.count).map((buildings) => ({ type: 'allocate_goods', route: p.route, space: p.space, buildings }));
    case 'tasks': {
      // Per city pair: reveal none or one of the fulfilled cards (AMB-13).
      const pairs = new Map<string, string[]>();
      for (const t of fulfilledTasks(b, s, seat)) pairs.set(taskKey(t), [...(pairs.get(taskKey(t)) ?? []), t.id]);
      let picks: string[][] = [[]];
      for (const ids of pairs.values()) picks = picks.flatMap((p) => [p, ...ids.map((id) => [...p, id])]);
      return picks.map((cards) => ({ type: 'reveal_tasks', cards }));
    }
    case 'upgrade': {
      const choices = (space: string) => p.options.filter((o) => o.space === space).length;
      return p.options.map((o): ActionOf<'choose_upgrade'> => (choices(o.space) > 1 && o.good !== null ? { type: 'choose_upgrade', space: o.space, good: o.good } : { type: 'choose_upgrade', space: o.space }));
    }
    case 'speculate':
      return speculateActions(b, s, seat);
    case 'share':
      return boundedSums(p.requests, s.spaces[p.space].count).map((shares) => ({ type: 'allocate_speculation', shares }));
    case 'over':
      return [];
  }
}
