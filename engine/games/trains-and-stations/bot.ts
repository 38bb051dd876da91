/**
 * A greedy bot. It sees only its own view. It builds whenever it can (in the city next to the fullest
 * routes), takes coins up to the cap, re-rolls junk dice while chasing a building set, places trains
 * where they finish routes or strengthen its majority, saves pairs of building faces, recalls when most
 * of its dice are stuck on the board, and trades surplus goods in speculation.
 */
import type { BotInput, Rng } from '../../core/index.js';
import type { ActionOf, TsAction } from './actions.js';
import { BUILDINGS, GOODS, type Board, type BuildingType, type Face } from './board.js';
import type { TsView } from './view.js';

type Of<T extends TsAction['type']> = ActionOf<T>;
const ofType = <T extends TsAction['type']>(legal: readonly TsAction[], type: T) =>
  legal.filter((a): a is Of<T> => a.type === type);

function best<T>(items: readonly T[], score: (x: T) => number): T | undefined {
  let top: T | undefined;
  let topScore = -Infinity;
  for (const x of items) {
    const v = score(x);
    if (v > topScore) {
      top = x;
      topScore = v;
    }
  }
  return top;
}

/** Dice ids as a class signature (own/white and face), to match a wish against the listed representatives. */
const signature = (view: TsView, ids: readonly number[]) =>
  ids
    .map((id) => `${view.dice[id]?.owner === null ? 'w' : 'o'}${view.dice[id]?.face}`)
    .sort()
    .join(',');

const GOODS_CARD_VALUE = 5;
const TASK_VALUE_SHARE = 0.6;
const RECALL_AT = 6;
const STOP_AT_LOCKED = 2;
const SURPLUS = 3;
const JITTER = 0.01;
const COMPLETE = 10;

/** How the greedy bot rates placements and cities; the search bot's candidate moves use the same ratings. */
export function createRatings(b: Board) {
  const spaceRoute = new Map([...b.spaces.values()].map((sp) => [sp.id, sp.route]));

  function routeState(view: TsView, routeId: string, seat: number) {
    const route = b.route.get(routeId)!;
    const occupied = new Map(view.dice.filter((d) => d.zone === 'track').map((d) => [d.space, d.owner]));
    const owners = route.spaces.filter((sp) => occupied.has(sp)).map((sp) => occupied.get(sp));
    const mine = owners.filter((o) => o === seat).length;
    const rival = Math.max(0, ...view.players.map((_, p) => (p === seat ? 0 : owners.filter((o) => o === p).length)));
    return { route, empty: route.spaces.length - owners.length, mine, rival };
  }

  function cityValue(view: TsView, city: string, seat: number): number {
    return b.routes
      .filter((r) => r.cities.includes(city))
      .reduce((v, r) => {
        const st = routeState(view, r.id, seat);
        return v + (r.spaces.length - st.empty) / r.spaces.length;
      }, 0);
  }

  /** VP of the bot's own unrevealed tasks that one delivery of the route would fulfil. */
  function taskValue(view: TsView, cities: readonly string[]): number {
    return (view.you?.specials ?? []).reduce((v, id) => {
      const card = b.special.get(id);
      return v + (card?.kind === 'TASK' && card.cities.every((c) => cities.includes(c)) ? card.vp : 0);
    }, 0);
  }

  function placeScore(view: TsView, a: Of<'place_train'>, seat: number): number {
    const own = view.dice[a.die]?.owner === seat;
    const st = routeState(view, spaceRoute.get(a.space) ?? '', seat);
    const cities = st.route.cities.length;
    const myBuildings = view.buildings.filter((x) => x.owner === seat && st.route.cities.includes(x.city)).length;
    const mineAfter = st.mine + (own ? 1 : 0);
    const majority = mineAfter > st.rival ? cities : mineAfter === st.rival && mineAfter > 0 ? cities / 2 : 0;
    const payoff = (mineAfter > 0 ? cities : 0) + majority + myBuildings + taskValue(view, st.route.cities);
    if (st.empty === 1) return COMPLETE + payoff;
    // Weighting by how full the route already is makes bots share routes: scattered dice finish nothing.
    const size = st.route.spaces.length;
    return (payoff * (size - st.empty + 1)) / size;
  }

  return { placeScore, cityValue };
}

export function createBot(b: Board) {
  const { placeScore, cityValue } = createRatings(b);

  /** Building types the bot can still place somewhere (TS-6.9/6.10 seen from the view). */
  function buildable(view: TsView, seat: number): BuildingType[] {
    const counts = new Map(b.cities.map((c) => [c.id, 0]));
    for (const x of view.buildings) counts.set(x.city, (counts.get(x.city) ?? 0) + 1);
    const least = Math.min(...counts.values());
    if (!b.cities.some((c) => counts.get(c.id) === least && least < c.sites)) return [];
    return BUILDINGS.filter((t) => (view.players[seat]?.buildingsLeft[t] ?? 0) > 0);
  }

  /** The building face worth chasing: the most frequent buildable one among the given dice, 2 or more. */
  function target(
    view: TsView,
    seat: number,
    dice: readonly { face: Face | null }[],
  ): { face: BuildingType; count: number } | null {
    const options = buildable(view, seat).map((face) => ({ face, count: dice.filter((d) => d.face === face).length }));
    const top = best(options, (o) => o.count);
    return top && top.count >= 2 ? top : null;
  }

  function reroll(view: TsView, legal: readonly TsAction[], seat: number): TsAction | undefined {
    const inPlay = view.dice.map((d, id) => ({ d, id })).filter(({ d }) => d.zone === 'play');
    if (inPlay.filter(({ d }) => d.face === 'LOCKED_TRAIN').length >= STOP_AT_LOCKED) return undefined;
    const t = target(
      view,
      seat,
      inPlay.map(({ d }) => d),
    );
    if (!t || t.count % 3 === 0) return undefined;
    const junk = inPlay
      .filter(
        ({ d }) =>
          d.face !== t.face &&
          d.face !== 'TRAIN' &&
          d.face !== 'LOCKED_TRAIN' &&
          !(d.face === 'COIN' && view.players[seat]!.coins < 2),
      )
      .map(({ id }) => id);
    if (junk.length === 0) return undefined;
    const want = signature(view, junk);
    return ofType(legal, 'reroll').find((a) => signature(view, a.dice) === want);
  }

  function resolve(view: TsView, legal: readonly TsAction[], seat: number, rng: Rng): TsAction | undefined {
    const build = best(
      ofType(legal, 'build'),
      (a) => cityValue(view, a.city, seat) - a.dice.filter((id) => view.dice[id]?.owner !== null).length * 0.01,
    );
    if (build) return build;
    const me = view.players[seat]!;
    if (me.coins < 5) {
      const need = Math.ceil((5 - me.coins) / 2);
      const coins = best(
        ofType(legal, 'take_coins'),
        (a) => -Math.abs(a.dice.length - need) - 0.1 * a.dice.filter((id) => view.dice[id]?.owner === null).length,
      );
      if (coins) return coins;
    }
    // Noise only breaks ties, so equally good routes share the traffic instead of one fixed favourite.
    const place = best(
      ofType(legal, 'place_train'),
      (a) => placeScore(view, a, seat) + (rng.int(1000) / 1000) * JITTER,
    );
    if (place) return place;
    const t = target(
      view,
      seat,
      view.dice.filter((d) => d.zone === 'play' && d.owner === seat),
    );
    return best(
      ofType(legal, 'end_resolution'),
      (a) => a.save.filter((id) => view.dice[id]?.face === t?.face).length * 2 - a.save.length,
    );
  }

  function speculate(view: TsView, legal: readonly TsAction[]): TsAction | undefined {
    const goods = view.you?.goods;
    if (!goods) return undefined;
    const surplus = best(
      GOODS.filter((g) => goods[g] >= SURPLUS),
      (g) => goods[g],
    );
    if (surplus === undefined) return undefined;
    return ofType(legal, 'speculate').find(
      (a) => a.specials.length === 0 && Object.keys(a.goods).length === 1 && a.goods[surplus] === 2,
    );
  }

  function keepValue(id: string): number {
    const card = b.special.get(id);
    return card?.kind === 'TASK' ? card.vp * TASK_VALUE_SHARE : GOODS_CARD_VALUE;
  }

  return function greedyBot({ seat, view, legal, rng }: BotInput<TsView, TsAction>): TsAction {
    const pick = (): TsAction | undefined => {
      switch (view.pending.kind) {
        case 'keep':
          return best(ofType(legal, 'keep_special_cards'), (a) => a.cards.reduce((v, id) => v + keepValue(id), 0));
        case 'start': {
          const me = view.players[seat]!;
          if (me.diceOnBoard >= RECALL_AT) return legal.find((a) => a.type === 'recall');
          // Kept faces help only if fresh dice are rolled with them; otherwise the same faces come back every turn.
          const wanted = me.diceInPool > 0 ? buildable(view, seat) : [];
          return best(
            ofType(legal, 'roll'),
            (a) =>
              a.bonus * 10 +
              a.keep.filter((id) => wanted.includes(view.dice[id]?.face as BuildingType)).length * 2 -
              a.keep.length,
          );
        }
        case 'rolling':
          return reroll(view, legal, seat) ?? legal.find((a) => a.type === 'stop_rolling');
        case 'resolve':
          return resolve(view, legal, seat, rng);
        case 'tie': {
          const ties = ofType(legal, 'break_tie');
          return ties.find((a) => a.winner === seat) ?? best(ties, (a) => -(view.players[a.winner]?.vp ?? 0));
        }
        case 'goods':
          return best(
            ofType(legal, 'allocate_goods'),
            (a) => a.buildings.filter((id) => view.buildings[id]?.owner === seat).length,
          );
        case 'speculate':
          return speculate(view, legal);
        case 'tasks':
          return best(ofType(legal, 'reveal_tasks'), (a) => a.cards.length);
        case 'share':
          return best(ofType(legal, 'allocate_speculation'), (a) => a.shares[seat] ?? 0);
        default:
          return undefined;
      }
    };
    return pick() ?? legal.find((a) => a.type === 'speculate_pass') ?? rng.pick(legal);
  };
}
