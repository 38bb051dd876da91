/**
 * Legality shared by the steps (rules.ts): the checks their actions list and their effects enforce,
 * and the enumerations too long to sit in a step. Dice of the same kind (own or white) showing the
 * same face are interchangeable, so one spelling per choice is listed, the one `canonicalAction`
 * (spelling.ts) gives; `apply` accepts every equivalent spelling.
 */
import type { Seat } from '../../core/index.js';
import type { TsAction } from './actions.js';
import { BUILDINGS, GOODS, taskKey, type Board, type Good } from './board.js';
import { bonusSupply, heldBonus, idsWhere, inPlay, isBuildingFace, isTrain, legalSpaces, rerollable } from './dice.js';
import { playChoice, trainChoice, type DiceChoice } from './spelling.js';
import type { TsState } from './state.js';
import { fulfilledTasks } from './tasks.js';

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
  Math.min(
    b.constants.maxOwnDicePerRoll,
    idsWhere(s, (d) => d.owner === seat && (d.zone === 'saved' || d.zone === 'pool')).length,
  );

export const canReroll = (b: Board, s: TsState) =>
  !s.strike && (s.players[s.active]?.coins ?? 0) >= b.constants.rerollCost && rerollable(s).length > 0;

/** Train dice that must still be placed and can be (TS-6.2, TS-6.5). */
export const mustPlace = (b: Board, s: TsState) =>
  inPlay(s).some((id) => isTrain(s.dice[id]?.face ?? null)) && legalSpaces(b, s).length > 0;

/** Every multiset of the offered dice that pass `only`, by kind: 0..n of each kind, its lowest ids, in the order spelling.ts gives. */
export function classPicks(choice: DiceChoice, only: (id: number) => boolean = () => true): number[][] {
  const groups = new Map<string, number[]>();
  for (const id of choice.ids.filter(only).sort((x, y) => x - y))
    groups.set(choice.key(id), [...(groups.get(choice.key(id)) ?? []), id]);
  let picks: number[][] = [[]];
  for (const g of groups.values())
    picks = picks.flatMap((p) => Array.from({ length: g.length + 1 }, (_, k) => [...p, ...g.slice(0, k)]));
  return picks;
}

export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((x, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((x, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
}

/** Vectors with 0 ≤ v[i] ≤ max[i] and the given sum. */
export function boundedSums(max: readonly number[], sum: number): number[][] {
  const [first, ...rest] = max;
  if (first === undefined) return sum === 0 ? [[]] : [];
  return Array.from({ length: Math.min(first, sum) + 1 }, (_, n) =>
    boundedSums(rest, sum - n).map((v) => [n, ...v]),
  ).flat();
}

/** Step 3 (TS-6): placements, buildings, coins and, once no train must be placed, the end with its saves. */
export function resolveActions(b: Board, s: TsState, seat: Seat): TsAction[] {
  const play = playChoice(s);
  const face = (f: string) => (id: number) => s.dice[id]?.face === f;
  const out: TsAction[] = [];
  const spaces = legalSpaces(b, s);
  const trains = classPicks(trainChoice(s));
  for (const pick of trains.filter((p) => p.length === 1))
    for (const space of spaces) out.push({ type: 'place_train', die: pick[0]!, space });
  const cities = buildableCities(b, s);
  const player = s.players[seat]!;
  for (const building of BUILDINGS) {
    if (player.buildings[building] === 0) continue;
    const sets = classPicks(play, face(building)).filter((p) => p.length === 3);
    for (const dice of sets) for (const city of cities) out.push({ type: 'build', building, dice, city });
  }
  for (const dice of classPicks(play, face('COIN'))) if (dice.length > 0) out.push({ type: 'take_coins', dice });
  if (!mustPlace(b, s)) {
    const savable = (id: number) =>
      s.dice[id]?.owner === seat && (isBuildingFace(s.dice[id]?.face ?? null) || s.dice[id]?.face === 'COIN');
    for (const save of classPicks(play, savable)) out.push({ type: 'end_resolution', save });
  }
  return out;
}

/** DP-10 (TS-9.2): a pass, or any even offer of goods and special goods cards in hand. */
export function speculateActions(b: Board, s: TsState, seat: Seat): TsAction[] {
  const player = s.players[seat]!;
  const held = GOODS.filter((g) => player.goods[g] > 0);
  let goodsPicks: Partial<Record<Good, number>>[] = [{}];
  for (const g of held)
    goodsPicks = goodsPicks.flatMap((p) =>
      Array.from({ length: player.goods[g] + 1 }, (_, n) => (n === 0 ? p : { ...p, [g]: n })),
    );
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

/** DP-8 (TS-7.8): per city pair, none or one of the fulfilled cards (AMB-13). */
export function revealActions(b: Board, s: TsState, seat: Seat): TsAction[] {
  const pairs = new Map<string, string[]>();
  for (const t of fulfilledTasks(b, s, seat)) pairs.set(taskKey(t), [...(pairs.get(taskKey(t)) ?? []), t.id]);
  let picks: string[][] = [[]];
  for (const ids of pairs.values()) picks = picks.flatMap((p) => [p, ...ids.map((id) => [...p, id])]);
  return picks.map((cards) => ({ type: 'reveal_tasks', cards }));
}
