/**
 * Trains & Stations in words and clicks: the board places each action is about (keys equal to the
 * `data-target` attributes of trains-and-stations.ts), a sentence per action and per log event, and the
 * viewer's own panel (hand, dealt cards, sealed choices). Type-only imports: no engine runtime code.
 */
import type { TsView } from '../../engine/games/trains-and-stations/view.js';
import { plainWords, type GameUi, type PanelSection, type UiAction, type UiEvent } from './game-ui.js';
import { num, numbers, plural } from './loose.js';
import type { TsComponents } from './trains-and-stations.js';

type Data = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);
const lower = (v: unknown) => str(v).toLowerCase();
const FACE: Readonly<Record<string, string>> = { TRAIN: 'train', LOCKED_TRAIN: 'locked train', RANCH: 'ranch', MINE: 'mine', HOTEL: 'hotel', COIN: 'coin' };
const BONUS: Readonly<Record<string, string>> = { VP: 'VP', SPECIAL_CARD: 'special card', BONUS_DIE: 'bonus die' };

function comps(components: unknown): Partial<TsComponents> {
  return components && typeof components === 'object' ? (components as Partial<TsComponents>) : {};
}
function cityName(components: unknown, id: unknown): string {
  const c = comps(components).cities?.find((x) => x.id === id);
  return c ? c.name : str(id);
}
function routeName(components: unknown, id: unknown): string {
  const r = comps(components).routes?.find((x) => x.id === id);
  return r ? `${r.id} ${r.name}` : str(id);
}
/** A special card in words: "S03 task Chicago–New York, 3 VP" or "S15 goods gold+cattle". */
function cardWords(components: unknown, id: unknown): string {
  const card = comps(components).specialCards?.find((x) => x.id === id);
  if (!card) return str(id);
  return card.kind === 'TASK' ? `${card.id} task ${card.cities.map((c) => cityName(components, c)).join('–')}, ${card.vp} VP` : `${card.id} goods ${card.goods.join('+')}`;
}
const diceList = (ids: unknown) => {
  const list = numbers(ids);
  return list.length === 0 ? 'no dice' : `${plural(list.length, 'die', 'dice')} (#${list.join(', #')})`;
};
function goodsOffer(goods: unknown): string {
  if (!goods || typeof goods !== 'object') return '';
  return Object.entries(goods as Data)
    .filter(([, n]) => (num(n) ?? 0) > 0)
    .map(([g, n]) => `${str(n)} ${g}`)
    .join(', ');
}
function offerWords(components: unknown, offer: unknown): string {
  if (offer === 'pass' || offer === null || offer === undefined) return 'passes';
  const o = offer as { goods?: unknown; specials?: unknown };
  const parts = [goodsOffer(o.goods), ...strs(o.specials).map((id) => cardWords(components, id))].filter(Boolean);
  return `offers ${parts.join(' and ') || 'nothing'}`;
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

function describeAction(action: UiAction, components: unknown): string {
  const a = action as Data;
  switch (action.type) {
    case 'keep_special_cards':
      return `Keep ${strs(a.cards).map((id) => cardWords(components, id)).join(' and ')}`;
    case 'roll': {
      const keep = numbers(a.keep);
      const bonus = num(a.bonus) ?? 0;
      return `Roll the dice${bonus > 0 ? ` with ${plural(bonus, 'white bonus die', 'white bonus dice')}` : ''}${keep.length > 0 ? `, keeping the faces of saved ${diceList(keep)}` : ''}`;
    }
    case 'recall':
      return 'Recall all your dice from the track (ends the turn)';
    case 'reroll':
      return `Pay 1 coin and re-roll ${diceList(a.dice)}`;
    case 'stop_rolling':
      return 'Stop rolling and resolve the dice';
    case 'place_train':
      return `Place train die #${str(a.die)} on ${str(a.space)}`;
    case 'build':
      return `Build a ${lower(a.building)} in ${cityName(components, a.city)} with ${diceList(a.dice)}`;
    case 'take_coins':
      return `Take coins for ${diceList(a.dice)}`;
    case 'end_resolution': {
      const save = numbers(a.save);
      return save.length > 0 ? `End the resolution, saving ${diceList(save)}` : 'End the resolution, saving no dice';
    }
    case 'order_deliveries':
      return `Deliver in this order: ${strs(a.routes).map((r) => routeName(components, r)).join(', then ')}`;
    case 'break_tie':
      return `Give the majority on ${routeName(components, a.route)} to player ${(num(a.winner) ?? 0) + 1}`;
    case 'allocate_goods':
      return `Give the last ${lower(a.space)} goods on ${routeName(components, a.route)} to buildings #${numbers(a.buildings).join(', #')}`;
    case 'reveal_tasks': {
      const cards = strs(a.cards);
      return cards.length > 0 ? `Reveal ${cards.map((id) => cardWords(components, id)).join(' and ')}` : 'Reveal no task';
    }
    case 'choose_upgrade':
      return `Upgrade the ${lower(a.space)} goods space${typeof a.good === 'string' ? ` to ${a.good}` : ''}`;
    case 'speculate':
      return `Speculate: ${offerWords(components, { goods: a.goods, specials: a.specials }).replace(/^offers /, 'offer ')}`;
    case 'speculate_pass':
      return 'Do not speculate';
    case 'allocate_speculation':
      return `Share out the new goods: ${numbers(a.shares).map((n, seat) => `player ${seat + 1} gets ${n}`).join(', ')}`;
    default:
      return plainWords(action.type, Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'type')));
  }
}

function describeEvent(event: UiEvent, components: unknown, seatName: (seat: number) => string): string {
  const d = event.data ?? {};
  const who = (v: unknown) => {
    const seat = num(v);
    return seat === undefined ? 'Someone' : seatName(seat);
  };
  const faces = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map((x) => FACE[str((x as Data)?.face)] ?? '?')
          .join(', ')
      : '';
  switch (event.type) {
    case 'setup_done':
      return `Special cards kept; ${who(d.conductor)} is the conductor (${plural(num(d.specialDeck) ?? 0, 'card')} left in the special deck)`;
    case 'turn_start':
      return `Turn ${str(d.turn)}: ${who(d.seat)}`;
    case 'specials_kept':
      return Array.isArray(d.cards) ? `${who(d.seat)} kept ${strs(d.cards).map((id) => cardWords(components, id)).join(' and ')}` : `${who(d.seat)} chose their special cards`;
    case 'roll':
      return `${who(d.seat)} rolled ${faces(d.dice)}`;
    case 'reroll':
      return `${who(d.seat)} paid 1 coin and re-rolled: ${faces(d.dice)}`;
    case 'strike':
      return `Strike! ${who(d.seat)} rolled 3 locked trains and lost ${plural(num(d.vp) ?? 0, 'VP', 'VP')}`;
    case 'recall':
      return `${who(d.seat)} recalled their dice from the track`;
    case 'train_placed':
      return `${who(d.seat)} placed ${d.owner === null ? 'a white' : num(d.owner) === num(d.seat) ? 'a' : `${who(d.owner)}'s`} train on ${str(d.space)}`;
    case 'built':
      return `${who(d.seat)} built a ${lower(d.building)} in ${cityName(components, d.city)}`;
    case 'coins':
      return `${who(d.seat)} took ${plural(num(d.coins) ?? 0, 'coin')}`;
    case 'resolution_ended': {
      const saved = Array.isArray(d.saved) ? d.saved.length : 0;
      return `${who(d.seat)} ended the resolution${saved > 0 ? `, saving ${faces(d.saved)}` : ''}`;
    }
    case 'delivery_order':
      return `Deliveries in order: ${strs(d.routes).map((r) => routeName(components, r)).join(', ')}`;
    case 'delivery':
      return `${routeName(components, d.route)} delivered (${strs(d.cities).map((c) => cityName(components, c)).join('–')})`;
    case 'completion_vp':
      return `${who(d.seat)} gains ${plural(num(d.vp) ?? 0, 'VP', 'VP')} for trains on ${routeName(components, d.route)}`;
    case 'majority':
      return `${who(d.seat)} has the majority on ${routeName(components, d.route)}`;
    case 'bonus_vp':
      return `${who(d.seat)} gains 1 VP (${cityName(components, d.city)} bonus)`;
    case 'bonus_special_card':
      return `${who(d.seat)} draws a special card (${cityName(components, d.city)} bonus)${d.card !== undefined ? `: ${cardWords(components, d.card)}` : ''}`;
    case 'bonus_die':
      return `${who(d.seat)} gains a white bonus die (${cityName(components, d.city)} bonus)`;
    case 'bonus_lost':
      return `${who(d.seat)} misses the ${BONUS[str(d.kind)] ?? lower(d.kind)} of ${cityName(components, d.city)}: none left`;
    case 'goods_drawn':
      return `${who(d.seat)} draws ${str(d.good)} for their building in ${cityName(components, d.city)}`;
    case 'goods_vp':
      return `${who(d.seat)} gains 1 VP instead of goods for their building in ${cityName(components, d.city)}`;
    case 'task_revealed':
      return `${who(d.seat)} reveals task ${strs(d.cities).map((c) => cityName(components, c)).join('–')} (${str(d.vp)} VP at the end)`;
    case 'tasks_committed':
      return Array.isArray(d.cards) ? `${who(d.seat)} chose to reveal ${d.cards.length === 0 ? 'no task' : strs(d.cards).map((id) => cardWords(components, id)).join(' and ')}` : `${who(d.seat)} has decided on tasks`;
    case 'upgrade':
      return `The ${lower(d.space)} goods space is upgraded to ${str(d.good)} (${str(d.count)} cards)`;
    case 'space_dead':
      return `The ${lower(d.space)} goods space is dead: no upgrade left`;
    case 'speculation_committed':
      return 'offer' in d ? `${who(d.seat)} ${offerWords(components, d.offer)}` : `${who(d.seat)} has decided on speculation`;
    case 'speculation_revealed': {
      const offers = Array.isArray(d.offers) ? d.offers : [];
      return `Speculation on ${str(d.good)}: ${offers.map((o, seat) => `${seatName(seat)} ${offerWords(components, o)}`).join('; ')}`;
    }
    case 'speculation_share': {
      const vp = num(d.vp) ?? 0;
      return `${who(d.seat)} receives ${plural(num(d.cards) ?? 0, `${str(d.good)} card`)}${vp > 0 ? ` and ${vp} VP for the shortfall` : ''}`;
    }
    case 'game_over':
      return `Game over after ${plural(num(d.turns) ?? 0, 'turn')}`;
    default:
      return plainWords(event.type, event.data);
  }
}

function privatePanel(view: unknown, components: unknown): PanelSection[] {
  const v = view as Partial<TsView> | null;
  const you = v?.you;
  if (!v || !you) return [];
  const out: PanelSection[] = [];
  const goods = Object.entries(you.goods ?? {}).filter(([, n]) => n > 0);
  out.push({ title: 'Goods cards', lines: goods.length > 0 ? goods.map(([g, n]) => `${n} ${g}`) : ['none'] });
  out.push({ title: 'Special cards', lines: you.specials.length > 0 ? you.specials.map((id) => cardWords(components, id)) : ['none'] });
  if (you.dealt.length > 0) out.push({ title: 'Dealt (keep 2)', lines: you.dealt.map((id) => cardWords(components, id)) });
  const sealed: string[] = [];
  if (you.kept) sealed.push(`Keeping ${you.kept.map((id) => cardWords(components, id)).join(' and ')}`);
  if (you.offer) sealed.push(`Speculation: ${offerWords(components, you.offer)}`);
  if (you.revealing) sealed.push(you.revealing.length > 0 ? `Revealing ${you.revealing.map((id) => cardWords(components, id)).join(' and ')}` : 'Revealing no task');
  if (sealed.length > 0) out.push({ title: 'Your sealed choice', lines: sealed });
  const me = v.players?.[you.seat];
  if (me) {
    const saved = (v.dice ?? []).filter((d) => d.owner === you.seat && d.zone === 'saved').map((d) => FACE[d.face ?? ''] ?? '?');
    out.push({
      title: 'Your table',
      lines: [
        `${me.vp} VP, ${plural(me.coins, 'coin')}`,
        `Dice: ${me.diceInPool} in pool, ${me.diceOnBoard} on track, ${plural(me.heldBonusDice, 'white bonus die', 'white bonus dice')} held${saved.length > 0 ? `, saved: ${saved.join(', ')}` : ''}`,
        `Buildings left: ${Object.entries(me.buildingsLeft).map(([t, n]) => `${n} ${t.toLowerCase()}`).join(', ')}`,
      ],
    });
  }
  return out;
}

export const trainsAndStationsUi: GameUi = { targets, describeAction, describeEvent, privatePanel };
