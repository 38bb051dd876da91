/**
 * Trains & Stations in words and clicks: the board places each action is about (keys equal to the
 * `data-target` attributes of trains-and-stations.ts), a sentence per action and per log event, and the
 * viewer's own panel (hand, dealt cards, sealed choices). Words come from the `ts.…` messages in the
 * reader's language (`t`), named as the Czech rulebook (Vlaky a stanice) names them. Type-only imports:
 * no engine runtime code.
 */
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import { plainWords, type GameUi, type PanelSection, type Translate, type UiAction, type UiEvent } from './game-ui.js';
import { num, numbers } from './loose.js';
import type { TsComponents } from './trains-and-stations.js';
import { glowingPlaces, onTable, tapChoices } from './ts-table.js';

type Data = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);
const FACES = ['TRAIN', 'LOCKED_TRAIN', 'RANCH', 'MINE', 'HOTEL', 'COIN'] as const;
const BUILDINGS = ['RANCH', 'MINE', 'HOTEL'] as const;
const BONUSES = ['VP', 'SPECIAL_CARD', 'BONUS_DIE'] as const;
const GOODS = ['workers', 'coal', 'cattle', 'food', 'silver', 'gold'] as const;
const among = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

function comps(components: unknown): Partial<TsComponents> {
  return components && typeof components === 'object' ? (components as Partial<TsComponents>) : {};
}

/** The wording of one reader's language over the game's components. */
function words(t: Translate, components: unknown) {
  const c = comps(components);
  const cityName = (id: unknown): string => c.cities?.find((x) => x.id === id)?.name ?? str(id);
  const routeName = (id: unknown): string => {
    const r = c.routes?.find((x) => x.id === id);
    return r ? `${r.id} ${r.name}` : str(id);
  };
  const cities = (ids: unknown): string => strs(ids).map(cityName).join('–');
  const good = (g: unknown): string => (among(GOODS, g) ? t(`ts.good.${g}`) : str(g));
  const face = (f: unknown): string => (among(FACES, f) ? t(`ts.face.${f}`) : '?');
  /** What a building is built as: "a mine", "eine Mine", "шахту". */
  const building = (b: unknown): string => (among(BUILDINGS, b) ? t(`ts.building.${b}`) : str(b).toLowerCase());
  /** A goods space by its building: "ranch". */
  const space = (b: unknown): string => (among(BUILDINGS, b) ? t(`ts.space.${b}`) : str(b).toLowerCase());
  /** A special card in words: "S03 task Chicago–New York, 3 VP" or "S15 goods gold+cattle". */
  const card = (id: unknown): string => {
    const found = c.specialCards?.find((x) => x.id === id);
    if (!found) return str(id);
    return found.kind === 'TASK'
      ? t('ts.cardTask', { id: found.id, cities: cities(found.cities), vp: found.vp })
      : t('ts.cardGoods', { id: found.id, goods: found.goods.map(good).join('+') });
  };
  const cardList = (ids: unknown): string => strs(ids).map(card).join(t('ts.and'));
  const diceList = (ids: unknown): string => {
    const list = numbers(ids);
    return list.length === 0 ? t('ts.noDice') : t('ts.dice', { count: list.length, ids: `#${list.join(', #')}` });
  };
  const faces = (v: unknown): string => (Array.isArray(v) ? v.map((x) => face((x as Data)?.face)).join(', ') : '');
  /** "2 cattle and S15 goods gold+cattle", or null for a pass. */
  const offerParts = (offer: unknown): string | null => {
    if (offer === 'pass' || offer === null || offer === undefined) return null;
    const o = offer as { goods?: unknown; specials?: unknown };
    const goods =
      o.goods && typeof o.goods === 'object'
        ? Object.entries(o.goods as Data)
            .filter(([, n]) => (num(n) ?? 0) > 0)
            .map(([g, n]) => t('ts.goodsCount', { n: str(n), good: good(g) }))
        : [];
    const parts = [goods.join(', '), ...strs(o.specials).map(card)].filter(Boolean);
    return parts.join(t('ts.and')) || t('ts.nothing');
  };
  return { cityName, routeName, cities, good, face, building, space, card, cardList, diceList, faces, offerParts };
}

/** The board places an action is about, as `data-target` keys of the picture. */
function targets(action: UiAction): string[] {
  const a = action as Data;
  const dice = (v: unknown) => numbers(v).map((id) => `die:${id}`);
  switch (action.type) {
    case 'roll':
      return dice(a.keep);
    case 'reroll':
    case 'take_coins':
      return dice(a.dice);
    case 'place_train':
      return [`space:${str(a.space)}`, ...dice([a.die])];
    case 'build':
      return [`city:${str(a.city)}`, ...dice(a.dice)];
    case 'end_resolution':
      return dice(a.save);
    case 'order_deliveries': {
      // The route delivered first: a click on a route narrows to the orders that start with it.
      const first = strs(a.routes)[0];
      return first === undefined ? [] : [`route:${first}`];
    }
    case 'break_tie':
      return [`route:${str(a.route)}`, `player:${str(a.winner)}`];
    case 'allocate_goods':
      return [`route:${str(a.route)}`, `goods:${str(a.space)}`, ...numbers(a.buildings).map((id) => `building:${id}`)];
    case 'choose_upgrade':
      return [`goods:${str(a.space)}`, ...(typeof a.good === 'string' ? [`deck:${a.good}`] : [])];
    case 'allocate_speculation':
      return numbers(a.shares).flatMap((n, seat) => (n > 0 ? [`player:${seat}`] : []));
    default:
      // keep_special_cards, reveal_tasks, speculate(_pass): about the hand; recall, stop_rolling: no place.
      return [];
  }
}

function describeAction(t: Translate, action: UiAction, components: unknown): string {
  const w = words(t, components);
  const a = action as Data;
  switch (action.type) {
    case 'keep_special_cards':
      return t('ts.action.keep', { cards: w.cardList(a.cards) });
    case 'roll': {
      const keep = numbers(a.keep);
      const bonus = num(a.bonus) ?? 0;
      return `${t('ts.action.roll')}${bonus > 0 ? t('ts.action.rollBonus', { count: bonus }) : ''}${keep.length > 0 ? t('ts.action.rollKeep', { dice: w.diceList(keep) }) : ''}`;
    }
    case 'recall':
      return t('ts.action.recall');
    case 'reroll':
      return t('ts.action.reroll', { dice: w.diceList(a.dice) });
    case 'stop_rolling':
      return t('ts.action.stopRolling');
    case 'place_train':
      return t('ts.action.placeTrain', { die: str(a.die), space: str(a.space) });
    case 'build':
      return t('ts.action.build', {
        building: w.building(a.building),
        city: w.cityName(a.city),
        dice: w.diceList(a.dice),
      });
    case 'take_coins':
      return t('ts.action.takeCoins', { dice: w.diceList(a.dice) });
    case 'end_resolution': {
      const save = numbers(a.save);
      return save.length > 0
        ? t('ts.action.endResolution', { dice: w.diceList(save) })
        : t('ts.action.endResolutionNone');
    }
    case 'order_deliveries':
      return t('ts.action.order', { routes: strs(a.routes).map(w.routeName).join(t('ts.then')) });
    case 'break_tie':
      return t('ts.action.breakTie', { route: w.routeName(a.route), n: (num(a.winner) ?? 0) + 1 });
    case 'allocate_goods':
      return t('ts.action.allocateGoods', {
        space: w.space(a.space),
        route: w.routeName(a.route),
        buildings: `#${numbers(a.buildings).join(', #')}`,
      });
    case 'reveal_tasks': {
      const cards = strs(a.cards);
      return cards.length > 0 ? t('ts.action.reveal', { cards: w.cardList(cards) }) : t('ts.action.revealNone');
    }
    case 'choose_upgrade':
      return typeof a.good === 'string'
        ? t('ts.action.upgradeTo', { space: w.space(a.space), good: w.good(a.good) })
        : t('ts.action.upgrade', { space: w.space(a.space) });
    case 'speculate':
      return t('ts.action.speculate', {
        offer: w.offerParts({ goods: a.goods, specials: a.specials }) ?? t('ts.nothing'),
      });
    case 'speculate_pass':
      return t('ts.action.speculatePass');
    case 'allocate_speculation':
      return t('ts.action.share', {
        list: numbers(a.shares)
          .map((n, seat) => t('ts.action.shareOne', { n: seat + 1, k: n }))
          .join(', '),
      });
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(t: Translate, event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const w = words(t, components);
  const d = event.data ?? {};
  const who = (v: unknown) => {
    const seat = num(v);
    return seat === undefined ? t('ts.someone') : seatName(seat);
  };
  /** "Ann offers 2 cattle" / "Ann passes". */
  const offer = (name: string, o: unknown) => {
    const parts = w.offerParts(o);
    return parts === null ? t('ts.event.passes', { who: name }) : t('ts.event.offers', { who: name, offer: parts });
  };
  switch (event.type) {
    case 'setup_done':
      return t('ts.event.setupDone', { who: who(d.conductor), count: num(d.specialDeck) ?? 0 });
    case 'turn_start':
      return t('ts.event.turnStart', { turn: str(d.turn), who: who(d.seat) });
    case 'specials_kept':
      return Array.isArray(d.cards)
        ? t('ts.event.specialsKept', { who: who(d.seat), cards: w.cardList(d.cards) })
        : t('ts.event.specialsChosen', { who: who(d.seat) });
    case 'roll':
      return t('ts.event.roll', { who: who(d.seat), faces: w.faces(d.dice) });
    case 'reroll':
      return t('ts.event.reroll', { who: who(d.seat), faces: w.faces(d.dice) });
    case 'strike':
      return t('ts.event.strike', { who: who(d.seat), count: num(d.vp) ?? 0 });
    case 'recall':
      return t('ts.event.recall', { who: who(d.seat) });
    case 'train_placed': {
      const vars = { who: who(d.seat), space: str(d.space) };
      if (d.owner === null) return t('ts.event.whiteTrain', vars);
      return num(d.owner) === num(d.seat)
        ? t('ts.event.ownTrain', vars)
        : t('ts.event.othersTrain', { ...vars, owner: who(d.owner) });
    }
    case 'built':
      return t('ts.event.built', { who: who(d.seat), building: w.building(d.building), city: w.cityName(d.city) });
    case 'coins':
      return t('ts.event.coins', { who: who(d.seat), count: num(d.coins) ?? 0 });
    case 'resolution_ended': {
      const saved = Array.isArray(d.saved) ? d.saved.length : 0;
      return saved > 0
        ? t('ts.event.resolutionSaved', { who: who(d.seat), faces: w.faces(d.saved) })
        : t('ts.event.resolutionEnded', { who: who(d.seat) });
    }
    case 'delivery_order':
      return t('ts.event.deliveryOrder', { routes: strs(d.routes).map(w.routeName).join(', ') });
    case 'delivery':
      return t('ts.event.delivery', { route: w.routeName(d.route), cities: w.cities(d.cities) });
    case 'completion_vp':
      return t('ts.event.completionVp', { who: who(d.seat), count: num(d.vp) ?? 0, route: w.routeName(d.route) });
    case 'majority':
      return t('ts.event.majority', { who: who(d.seat), route: w.routeName(d.route) });
    case 'bonus_vp':
      return t('ts.event.bonusVp', { who: who(d.seat), city: w.cityName(d.city) });
    case 'bonus_special_card':
      return d.card !== undefined
        ? t('ts.event.bonusCardNamed', { who: who(d.seat), city: w.cityName(d.city), card: w.card(d.card) })
        : t('ts.event.bonusCard', { who: who(d.seat), city: w.cityName(d.city) });
    case 'bonus_die':
      return t('ts.event.bonusDie', { who: who(d.seat), city: w.cityName(d.city) });
    case 'bonus_lost':
      return t('ts.event.bonusLost', {
        who: who(d.seat),
        bonus: among(BONUSES, d.kind) ? t(`ts.bonus.${d.kind}`) : str(d.kind).toLowerCase(),
        city: w.cityName(d.city),
      });
    case 'goods_drawn':
      return t('ts.event.goodsDrawn', { who: who(d.seat), good: w.good(d.good), city: w.cityName(d.city) });
    case 'goods_vp':
      return t('ts.event.goodsVp', { who: who(d.seat), city: w.cityName(d.city) });
    case 'task_revealed':
      return t('ts.event.taskRevealed', { who: who(d.seat), cities: w.cities(d.cities), vp: str(d.vp) });
    case 'tasks_committed':
      if (!Array.isArray(d.cards)) return t('ts.event.tasksDecided', { who: who(d.seat) });
      return d.cards.length === 0
        ? t('ts.event.tasksNone', { who: who(d.seat) })
        : t('ts.event.tasksChosen', { who: who(d.seat), cards: w.cardList(d.cards) });
    case 'upgrade':
      return t('ts.event.upgrade', { space: w.space(d.space), good: w.good(d.good), n: str(d.count) });
    case 'space_dead':
      return t('ts.event.spaceDead', { space: w.space(d.space) });
    case 'speculation_committed':
      return 'offer' in d ? offer(who(d.seat), d.offer) : t('ts.event.speculationDecided', { who: who(d.seat) });
    case 'speculation_revealed': {
      const offers = Array.isArray(d.offers) ? d.offers : [];
      return t('ts.event.speculationRevealed', {
        good: w.good(d.good),
        list: offers.map((o, seat) => offer(seatName(seat), o)).join('; '),
      });
    }
    case 'speculation_share': {
      const vp = num(d.vp) ?? 0;
      const share = t('ts.event.share', { who: who(d.seat), count: num(d.cards) ?? 0, good: w.good(d.good) });
      return vp > 0 ? `${share}${t('ts.event.shareVp', { vp })}` : share;
    }
    case 'game_over':
      return t('ts.event.gameOver', { count: num(d.turns) ?? 0 });
    default:
      return plainWords(event.type, event.data);
  }
}

function privatePanel(t: Translate, view: unknown, components: unknown): PanelSection[] {
  const w = words(t, components);
  const v = view as Partial<TsView> | null;
  const you = v?.you;
  if (!v || !you) return [];
  const out: PanelSection[] = [];
  const goods = Object.entries(you.goods ?? {}).filter(([, n]) => n > 0);
  const none = [t('ts.panel.none')];
  out.push({
    title: t('ts.panel.goods'),
    lines: goods.length > 0 ? goods.map(([g, n]) => t('ts.goodsCount', { n, good: w.good(g) })) : none,
  });
  out.push({ title: t('ts.panel.specials'), lines: you.specials.length > 0 ? you.specials.map(w.card) : none });
  if (you.dealt.length > 0) out.push({ title: t('ts.panel.dealt'), lines: you.dealt.map(w.card) });
  const sealed: string[] = [];
  if (you.kept) sealed.push(t('ts.panel.keeping', { cards: w.cardList(you.kept) }));
  if (you.offer) {
    const parts = w.offerParts(you.offer);
    sealed.push(parts === null ? t('ts.panel.speculationPass') : t('ts.panel.speculation', { offer: parts }));
  }
  if (you.revealing)
    sealed.push(
      you.revealing.length > 0
        ? t('ts.panel.revealing', { cards: w.cardList(you.revealing) })
        : t('ts.panel.revealingNone'),
    );
  if (sealed.length > 0) out.push({ title: t('ts.panel.sealed'), lines: sealed });
  const me = v.players?.[you.seat];
  if (me) {
    const saved = (v.dice ?? []).filter((d) => d.owner === you.seat && d.zone === 'saved').map((d) => w.face(d.face));
    const dice = t('ts.panel.dice', {
      pool: me.diceInPool,
      board: me.diceOnBoard,
      held: t('ts.panel.held', { count: me.heldBonusDice }),
    });
    out.push({
      title: t('ts.panel.table'),
      lines: [
        t('ts.panel.vpCoins', { vp: me.vp, coins: t('ts.coins', { count: me.coins }) }),
        saved.length > 0 ? `${dice}${t('ts.panel.saved', { faces: saved.join(', ') })}` : dice,
        t('ts.panel.buildingsLeft', {
          list: Object.entries(me.buildingsLeft)
            .map(([type, n]) => t('ts.buildingCount', { n, building: w.space(type) }))
            .join(', '),
        }),
      ],
    });
  }
  return out;
}

/** Where a move shows: the space a train went to, the city a building went up in, the route delivered. */
function eventTargets(event: UiEvent): string[] {
  const d = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'train_placed':
      return [`space:${str(d.space)}`];
    case 'built':
      return [`city:${str(d.city)}`];
    case 'delivery':
      return [`route:${str(d.route)}`];
    default:
      return [];
  }
}

/** After the end the view shows every hand: goods and special cards (TS §17). */
function revealed(t: Translate, view: unknown, components: unknown, seat: number): PanelSection[] {
  const hand = (view as Partial<TsView> | null)?.hands?.[seat];
  if (!hand) return [];
  const w = words(t, components);
  const goods = Object.entries(hand.goods).filter(([, n]) => n > 0);
  const none = [t('ts.panel.none')];
  return [
    {
      title: t('ts.panel.goods'),
      lines: goods.length > 0 ? goods.map(([g, n]) => t('ts.goodsCount', { n, good: w.good(g) })) : none,
    },
    { title: t('ts.panel.specials'), lines: hand.specials.length > 0 ? hand.specials.map(w.card) : none },
  ];
}

/** A board place in words, for the line over the actions at a tapped place. */
function placeName(t: Translate, key: string, components: unknown): string {
  const w = words(t, components);
  const [kind, id = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  switch (kind) {
    case 'space':
      return t('ts.place.space', { space: id });
    case 'city':
      return w.cityName(id);
    case 'route':
      return w.routeName(id);
    case 'goods':
      return t('ts.place.goods', { space: w.space(id) });
    case 'deck':
      return t('ts.place.deck', { good: w.good(id) });
    default:
      return key;
  }
}

type DiceView = Parameters<typeof tapChoices>[2];

export const trainsAndStationsUi = (t: Translate): GameUi => ({
  targets,
  glowing: (legal, mode, view) => glowingPlaces(legal, mode, view as DiceView, targets),
  tapChoices: (actions, mode, view) => tapChoices(actions, mode, view as DiceView),
  tapActs: true,
  onTable,
  placeName: (key, c) => placeName(t, key, c),
  describeAction: (a, c) => describeAction(t, a, c),
  describeEvent: (e, c, seatName) => describeEvent(t, e, c, seatName),
  privatePanel: (v, c) => privatePanel(t, v, c),
  revealed: (v, c, seat) => revealed(t, v, c, seat),
  eventTargets,
});
