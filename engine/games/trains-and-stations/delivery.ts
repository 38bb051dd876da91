/** Step 4: deliveries of complete routes (TS-7.1–7.10). */
import { BUILDINGS, type Board, type BuildingType } from './board.js';
import { occupancy, sendBack } from './dice.js';
import { endOfTurn } from './upgrade.js';
import type { TsState } from './state.js';
import type { TsDraft } from './draft.js';
import { bestTasks, revealTasks } from './tasks.js';
import { payVP } from './vp.js';

export function completeRoutes(b: Board, s: TsState): string[] {
  const occ = occupancy(s);
  return b.routes.filter((r) => r.spaces.every((sp) => occ.has(sp))).map((r) => r.id);
}

/** Own-colour dice per seat on a route; white dice count for nobody (TS-7.5, AMB-9/21). */
export function diceOnRoute(b: Board, s: TsState, routeId: string): number[] {
  const counts = s.players.map(() => 0);
  const occ = occupancy(s);
  for (const sp of b.route.get(routeId)?.spaces ?? []) {
    const owner = s.dice[occ.get(sp) ?? -1]?.owner;
    if (owner !== null && owner !== undefined) counts[owner] = (counts[owner] ?? 0) + 1;
  }
  return counts;
}

/** Seats tied for the most own dice on a route; empty when nobody has one (TS-7.6). */
export function majorityCandidates(b: Board, s: TsState, routeId: string): number[] {
  const counts = diceOnRoute(b, s, routeId);
  const most = Math.max(...counts);
  return most === 0 ? [] : counts.flatMap((c, seat) => (c === most ? [seat] : []));
}

/** Opens Step 4 once Step 3 is over. */
export function startDeliveries(b: Board, d: TsDraft): void {
  const s = d.state;
  const routes = completeRoutes(b, s);
  if (routes.length >= 2) {
    s.pending = { kind: 'order', routes };
    return;
  }
  s.deliveries = { queue: routes, goodsStep: null };
  runDeliveries(b, d);
}

/** The city bonuses of a route go to the majority winner (TS-7.6). Empty deck or supply: lost (AMB-22). */
export function awardMajority(b: Board, d: TsDraft, routeId: string, winner: number): void {
  const s = d.state;
  d.emit('majority', { route: routeId, seat: winner });
  for (const cityId of b.route.get(routeId)?.cities ?? []) {
    const bonus = b.city.get(cityId)?.bonus;
    if (!bonus) continue;
    for (let i = 0; i < bonus.amount; i++) {
      if (bonus.kind === 'VP') {
        payVP(s, winner, 1);
        d.emit('bonus_vp', { seat: winner, city: cityId });
      } else if (bonus.kind === 'SPECIAL_CARD') {
        const card = s.specialDeck.shift();
        if (card === undefined) {
          d.emit('bonus_lost', { seat: winner, city: cityId, kind: bonus.kind });
          continue;
        }
        s.players[winner]?.specials.push(card);
        d.emitSecret({ type: 'bonus_special_card', data: { seat: winner, city: cityId, card } }, [winner], {
          type: 'bonus_special_card',
          data: { seat: winner, city: cityId },
        });
      } else {
        const die = s.dice.find((d) => d.zone === 'supply');
        if (!die) {
          d.emit('bonus_lost', { seat: winner, city: cityId, kind: bonus.kind });
          continue;
        }
        die.zone = 'held';
        die.holder = winner;
        d.emit('bonus_die', { seat: winner, city: cityId });
      }
    }
  }
}

/** Buildings of one type in the cities of a route, in board order. */
export function drawingBuildings(b: Board, s: TsState, routeId: string, type: BuildingType): number[] {
  const cities = new Set(b.route.get(routeId)?.cities ?? []);
  return s.buildings.filter((x) => x.type === type && cities.has(x.city)).map((x) => x.id);
}

/** Each listed building draws a card of the space's good; every other one pays 1 VP (TS-7.7, AMB-14). */
export function giveGoods(
  d: TsDraft,
  type: BuildingType,
  drawing: readonly number[],
  receiving: readonly number[],
): void {
  const s = d.state;
  const space = s.spaces[type];
  for (const id of drawing) {
    const building = s.buildings[id];
    const p = building && s.players[building.owner];
    if (!building || !p) continue;
    if (receiving.includes(id)) {
      space.count -= 1;
      p.goods[space.good] += 1;
      d.emit('goods_drawn', { seat: building.owner, good: space.good, building: id, city: building.city });
    } else {
      payVP(s, building.owner, 1);
      d.emit('goods_vp', { seat: building.owner, building: id, city: building.city });
    }
  }
}

/** Runs deliveries until one needs a decision (DP-6, DP-7); then the task check (automatic, or DP-8) and Step 5. */
export function runDeliveries(b: Board, d: TsDraft): void {
  const s = d.state;
  for (let routeId = s.deliveries.queue[0]; routeId !== undefined; routeId = s.deliveries.queue[0]) {
    const route = b.route.get(routeId);
    if (!route) throw new Error(`unknown route ${routeId}`);
    if (s.deliveries.goodsStep === null) {
      s.delivered.push(routeId);
      s.stats.deliveries += 1;
      s.stats.routeDeliveries[routeId] = (s.stats.routeDeliveries[routeId] ?? 0) + 1;
      const counts = diceOnRoute(b, s, routeId);
      d.emit('delivery', { route: routeId, cities: route.cities, dice: counts });
      counts.forEach((n, seat) => {
        if (n === 0) return;
        payVP(s, seat, route.cities.length);
        d.emit('completion_vp', { seat, route: routeId, vp: route.cities.length });
      });
      s.deliveries.goodsStep = 0;
      const tied = majorityCandidates(b, s, routeId);
      if (tied.length > 1) {
        s.pending = { kind: 'tie', route: routeId, tied };
        return;
      }
      if (tied[0] !== undefined) awardMajority(b, d, routeId, tied[0]);
    }
    for (let step = s.deliveries.goodsStep; step < BUILDINGS.length; step = s.deliveries.goodsStep) {
      const type = BUILDINGS[step] as BuildingType;
      const drawing = drawingBuildings(b, s, routeId, type);
      const space = s.spaces[type];
      s.deliveries.goodsStep = step + 1;
      if (space.count > 0 && space.count < drawing.length) {
        s.pending = { kind: 'goods', route: routeId, space: type, buildings: drawing, count: space.count };
        return;
      }
      giveGoods(d, type, drawing, space.count > 0 ? drawing : []);
    }
    const occ = occupancy(s);
    for (const sp of route.spaces) {
      const die = s.dice[occ.get(sp) ?? -1];
      if (die) sendBack(die);
    }
    s.deliveries = { queue: s.deliveries.queue.slice(1), goodsStep: null };
  }
  if (s.manualTasks && s.delivered.length > 0) {
    s.pending = { kind: 'tasks', answers: s.players.map(() => null) };
    return;
  }
  revealTasks(
    b,
    d,
    s.players.map((_, seat) => bestTasks(b, s, seat)),
  );
  endOfTurn(b, d);
}
