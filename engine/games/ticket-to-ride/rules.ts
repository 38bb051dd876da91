/**
 * The Ticket to Ride state machine for both editions: one code path, parameterised by the map
 * (Europe: tunnels, ferries, stations, 3-ticket draws; Germany: passengers, 4-ticket draws with a
 * declared mix). Rule IDs: TTRE-* (Europe spec), TTRG-* (Germany spec).
 */
import { RuleError, Rng, seedRng, type Applied, type GameEvent, type Seat } from '../../core/index.js';
import { addCards, canonical, cardList, drawCard, fullDeck, handOf, MARKET_SLOTS, removeCards, settleMarket, topUpMarket, type Cards, type Piles, type Wipe } from './cards.js';
import type { TtrAction, TtrOptions } from './actions.js';
import type { CardType, Route, TtrMap } from './map.js';
import { payableSets, routeSetRule, setFits, type SetRule } from './payment.js';
import { finalScoring } from './scoring.js';
import type { Pending, TtrState } from './state.js';

const INITIAL_HAND = 4;
const EUROPE_OPENING_REGULAR = 3;
const EUROPE_TICKET_DRAW = 3;
const GERMANY_TICKET_DRAW = 4;
const TUNNEL_REVEAL = 3;
const LAST_ROUND_TRAINS = 2;

export interface TtrRules {
  map: TtrMap;
  route(id: number): Route | undefined;
  setup(seed: string, players: number, options: TtrOptions): TtrState;
  toAct(s: TtrState): Seat[];
  legalActions(s: TtrState, seat: Seat): TtrAction[];
  apply(s: TtrState, seat: Seat, action: TtrAction): Applied<TtrState>;
}

const fail = (code: string, message: string, rule: string): never => {
  throw new RuleError(code, message, rule);
};

/** Subsets of `items` with at least `min` elements, in the items' order. */
function subsets<T>(items: readonly T[], min: number): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) {
    const pick = items.filter((_, i) => mask & (1 << i));
    if (pick.length >= min) out.push(pick);
  }
  return out;
}

/**
 * Kept tickets are named in the order they were dealt, as legalActions lists them: one action per
 * choice, so that apply accepts exactly the listed actions.
 */
function inDealtOrder(kept: readonly number[], dealt: readonly number[]): boolean {
  return kept.every((t, i) => i === 0 || dealt.indexOf(t) > dealt.indexOf(kept[i - 1]!));
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));
}

export function createRules(map: TtrMap): TtrRules {
  const routes = new Map(map.routes.map((r) => [r.id, r]));
  const groups = new Map<number, Route[]>();
  for (const r of map.routes) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  const tickets = new Map(map.tickets.map((t) => [t.id, t]));
  const germany = map.passengers !== null;
  /** Germany: SHORT and LONG counts of a set of tickets, public for every draw (TTRG-H5). */
  const typeCounts = (ids: readonly number[]) => ({ keptShort: ids.filter((id) => !tickets.get(id)?.long).length, keptLong: ids.filter((id) => tickets.get(id)?.long).length });
  const R = (europe: string, germanyRule: string) => (map.id === 'europe' ? `TTRE-${europe}` : `TTRG-${germanyRule}`);

  // ---------- setup

  function setup(seed: string, players: number, options: TtrOptions): TtrState {
    if (players < 2 || players > 5) fail('bad_player_count', 'Ticket to Ride takes 2 to 5 players', R('2.1', '2.1'));
    const rng = new Rng(seedRng(seed));
    const piles: Piles = { deck: rng.shuffle(fullDeck(map.cardsPerColour, map.locomotives)), market: [], discard: [] };
    const hands = Array.from({ length: players }, () => handOf(piles.deck.splice(0, INITIAL_HAND)));
    piles.market = piles.deck.splice(0, MARKET_SLOTS);
    settleMarket(piles, rng);
    const first = options.firstPlayer === 'random' ? rng.int(players) : options.firstPlayer;
    if (first >= players) fail('bad_first_player', 'The first player must be one of the seats', R('2.10', '2.8'));

    const short = rng.shuffle(map.tickets.filter((t) => !t.long).map((t) => t.id));
    const long = rng.shuffle(map.tickets.filter((t) => t.long).map((t) => t.id));
    const opening = Array.from({ length: players }, (_, p) =>
      germany
        ? { short: null, dealt: [], kept: null }
        : { short: null, dealt: [long[p]!, ...short.slice(p * EUROPE_OPENING_REGULAR, (p + 1) * EUROPE_OPENING_REGULAR)], kept: null },
    );
    // Europe: long tickets not dealt leave the game unseen (TTRE-2.7); the rest of the regular ones form the deck.
    const ticketDecks = germany ? { short, long } : { short: short.slice(players * EUROPE_OPENING_REGULAR), long: [] };

    const passengersAt: Record<string, Record<string, number>> = {};
    if (map.passengers) {
      const bag = rng.shuffle(Object.entries(map.passengers.colours).flatMap(([colour, n]) => Array.from({ length: n }, () => colour)));
      for (const [location, count] of Object.entries(map.passengers.placement)) {
        const here: Record<string, number> = {};
        for (const colour of bag.splice(0, count)) here[colour] = (here[colour] ?? 0) + 1;
        passengersAt[location] = here;
      }
    }

    return {
      map: map.id,
      rng: rng.state,
      players,
      phase: 'opening',
      current: first,
      pending: null,
      deck: piles.deck,
      market: piles.market,
      discard: piles.discard,
      hands,
      trains: Array.from({ length: players }, () => map.trainsPerPlayer),
      stationsLeft: Array.from({ length: players }, () => map.stationsPerPlayer),
      routeOwners: {},
      stations: [],
      routePoints: Array.from({ length: players }, () => 0),
      tickets: Array.from({ length: players }, () => []),
      ticketDecks,
      opening,
      setAside: { short: [], long: [] },
      finalRound: null,
      passStreak: 0,
      passengersAt,
      passengers: Array.from({ length: players }, () => ({})),
      turn: 0,
      result: null,
    };
  }

  // ---------- who may act, and what

  function toAct(s: TtrState): Seat[] {
    if (s.phase === 'opening') return s.opening.flatMap((o, seat) => (o.kept === null ? [seat] : []));
    if (s.phase === 'turn') return [s.current];
    return [];
  }

  const ownerOf = (s: TtrState, route: Route) => s.routeOwners[String(route.id)];

  /** TTRE-7.1/7.3/8, TTRG-7.1/7.2/8: open, unlocked, and enough trains. */
  function claimBlock(s: TtrState, seat: Seat, route: Route): RuleError | null {
    if (ownerOf(s, route) !== undefined) return new RuleError('route_taken', 'That route is already claimed', R('7.1', '7.1'));
    const siblings = (groups.get(route.group) ?? []).filter((r) => r.id !== route.id);
    // With 2 or 3 players the lock applies to everyone, the owner of the claimed route included (TTRE-8.3, TTRG-8.4).
    if (s.players <= 3 && siblings.some((r) => ownerOf(s, r) !== undefined)) {
      return new RuleError('parallel_route_locked', 'With 2 or 3 players only one route between two places can be used', R('8.3', '8.4'));
    }
    if (siblings.some((r) => ownerOf(s, r) === seat)) return new RuleError('own_parallel_route', 'You already own a route between these two places', R('8.2', '8.2'));
    if ((s.trains[seat] ?? 0) < route.length) return new RuleError('not_enough_trains', 'You do not have enough trains left', R('7.3', '7.2'));
    return null;
  }

  const claimRule = (route: Route): SetRule => routeSetRule(route.length, route.colour, route.tunnel ? 0 : route.ferry);

  function stationRule(s: TtrState, seat: Seat): SetRule {
    return { size: map.stationsPerPlayer - (s.stationsLeft[seat] ?? 0) + 1, colour: null, minLocos: 0 };
  }

  const cardsAvailable = (s: TtrState) => s.deck.length > 0 || s.discard.length > 0;

  function drawOptions(s: TtrState, second: boolean): TtrAction[] {
    const out: TtrAction[] = [];
    s.market.forEach((card, slot) => {
      if (card !== null && !(second && card === 'loco')) out.push({ type: 'draw_face_up', slot });
    });
    if (cardsAvailable(s)) out.push({ type: 'draw_blind' });
    return out;
  }

  function ticketDrawOptions(s: TtrState): TtrAction[] {
    const { short, long } = s.ticketDecks;
    if (!germany) return short.length > 0 ? [{ type: 'draw_tickets' }] : [];
    const total = Math.min(GERMANY_TICKET_DRAW, short.length + long.length);
    if (total === 0) return [];
    const out: TtrAction[] = [];
    for (let n = 0; n <= total; n++) if (n <= short.length && total - n <= long.length) out.push({ type: 'draw_tickets', short: n });
    return out;
  }

  function turnOptions(s: TtrState, seat: Seat): TtrAction[] {
    const hand = s.hands[seat]!;
    const out: TtrAction[] = [...drawOptions(s, false)];
    for (const route of map.routes) {
      if (claimBlock(s, seat, route)) continue;
      for (const cards of payableSets(hand, claimRule(route))) out.push({ type: 'claim_route', route: route.id, cards });
    }
    out.push(...ticketDrawOptions(s));
    if ((s.stationsLeft[seat] ?? 0) > 0) {
      const sets = payableSets(hand, stationRule(s, seat));
      const taken = new Set(s.stations.map((st) => st.city));
      for (const city of map.cities) if (!taken.has(city)) for (const cards of sets) out.push({ type: 'build_station', city, cards });
    }
    return out;
  }

  /** Whether any turn action exists, without listing them all (checked after every turn). */
  function hasTurnOption(s: TtrState, seat: Seat): boolean {
    return drawOptions(s, false).length > 0 || ticketDrawOptions(s).length > 0 || turnOptions(s, seat).length > 0;
  }

  function passengerChoices(s: TtrState, location: string): (string | null)[] {
    const here = s.passengersAt[location] ?? {};
    return [null, ...Object.keys(here).filter((c) => (here[c] ?? 0) > 0).sort()];
  }

  function pendingOptions(s: TtrState, seat: Seat, pending: Pending): TtrAction[] {
    switch (pending.kind) {
      case 'secondDraw':
        return drawOptions(s, true);
      case 'tickets':
        return subsets(pending.drawn, 1).map((kept) => ({ type: 'keep_tickets', tickets: kept }));
      case 'tunnel':
        return [...payableSets(s.hands[seat]!, tunnelExtraRule(pending)).map((cards): TtrAction => ({ type: 'pay_tunnel', cards })), { type: 'withdraw_tunnel' }];
      case 'passengers': {
        const route = routes.get(pending.route)!;
        return passengerChoices(s, route.a).flatMap((a) => passengerChoices(s, route.b).map((b): TtrAction => ({ type: 'take_passengers', a, b })));
      }
    }
  }

  function openingOptions(s: TtrState, seat: Seat): TtrAction[] {
    const o = s.opening[seat]!;
    if (o.kept !== null) return [];
    if (germany && o.short === null) return Array.from({ length: GERMANY_TICKET_DRAW + 1 }, (_, n): TtrAction => ({ type: 'choose_initial_tickets', short: n }));
    return subsets(o.dealt, 2).map((kept) => ({ type: 'keep_initial_tickets', tickets: kept }));
  }

  function legalActions(s: TtrState, seat: Seat): TtrAction[] {
    if (!toAct(s).includes(seat)) return [];
    if (s.phase === 'opening') return openingOptions(s, seat);
    return s.pending ? pendingOptions(s, seat, s.pending) : turnOptions(s, seat);
  }

  const tunnelExtraRule = (p: Extract<Pending, { kind: 'tunnel' }>): SetRule =>
    p.match === 'loco' ? { size: p.extra, colour: null, minLocos: 0, locosOnly: true } : { size: p.extra, colour: p.match, minLocos: 0 };

  // ---------- applying actions

  interface Ctx {
    s: TtrState;
    rng: Rng;
    events: GameEvent[];
    seat: Seat;
  }

  function piles(ctx: Ctx): Piles {
    return { deck: ctx.s.deck, market: ctx.s.market, discard: ctx.s.discard };
  }
  function storePiles(ctx: Ctx, p: Piles): void {
    ctx.s.deck = p.deck;
    ctx.s.market = p.market;
    ctx.s.discard = p.discard;
  }

  function wipeEvents(ctx: Ctx, wipes: Wipe[]): void {
    for (const w of wipes) ctx.events.push({ type: 'market_wiped', data: { wiped: w.wiped, market: w.dealt } });
  }

  /** Draws one card; reshuffles are public (the discard pile's contents are, TTRE-H4). */
  function draw(ctx: Ctx, p: Piles): ReturnType<typeof drawCard>['card'] {
    const discarded = p.discard.length;
    const { card, reshuffled } = drawCard(p, ctx.rng);
    if (reshuffled) ctx.events.push({ type: 'deck_reshuffled', data: { cards: discarded } });
    return card;
  }

  function discard(ctx: Ctx, cards: Cards): void {
    ctx.s.discard = [...ctx.s.discard, ...cardList(cards)];
  }

  function takeFromHand(ctx: Ctx, cards: Cards, rule: string): void {
    const rest = removeCards(ctx.s.hands[ctx.seat]!, cards);
    if (!rest) fail('cards_not_in_hand', 'You do not hold those cards', rule);
    ctx.s.hands[ctx.seat] = rest!;
  }

  function drawFaceUp(ctx: Ctx, slot: number, second: boolean): void {
    const card = ctx.s.market[slot];
    if (card === null || card === undefined) return fail('empty_slot', 'That market slot is empty', R('5.1', '5.1'));
    if (second && card === 'loco') fail('locomotive_as_second_card', 'A face-up locomotive cannot be the second card', R('5.6', '5.6'));
    const p = piles(ctx);
    p.market[slot] = draw(ctx, p);
    ctx.s.hands[ctx.seat]![card]++;
    ctx.events.push({ type: 'drew_face_up', data: { seat: ctx.seat, slot, card, refill: p.market[slot] } });
    wipeEvents(ctx, settleMarket(p, ctx.rng));
    storePiles(ctx, p);
    finishDraw(ctx, second || card === 'loco');
  }

  function drawBlind(ctx: Ctx, second: boolean): void {
    if (!cardsAvailable(ctx.s)) fail('no_cards', 'The deck and the discard pile are empty', R('5.3', '5.2'));
    const p = piles(ctx);
    const card = draw(ctx, p)!;
    storePiles(ctx, p);
    ctx.s.hands[ctx.seat]![card]++;
    ctx.events.push({ type: 'drew_blind', data: { seat: ctx.seat, card }, visibleTo: [ctx.seat], redacted: { type: 'drew_blind', data: { seat: ctx.seat } } });
    finishDraw(ctx, second);
  }

  /** After the first card a second one is due if any can be taken (TTRE-5.8–5.10). */
  function finishDraw(ctx: Ctx, done: boolean): void {
    if (!done && drawOptions(ctx.s, true).length > 0) {
      ctx.s.pending = { kind: 'secondDraw' };
      return;
    }
    endTurn(ctx, true);
  }

  function claimRoute(ctx: Ctx, routeId: number, cards: Cards): void {
    const route = routes.get(routeId) ?? fail('unknown_route', `There is no route ${routeId}`, R('7.1', '7.1'));
    const block = claimBlock(ctx.s, ctx.seat, route);
    if (block) throw block;
    if (!setFits(cards, claimRule(route))) {
      const rule = route.ferry > 0 && !route.tunnel ? '9.2' : route.colour === 'gray' ? '7.7' : '7.5';
      fail('wrong_cards', `Those cards do not pay for a ${route.colour} route of length ${route.length}`, R(rule, '7.3'));
    }
    takeFromHand(ctx, cards, R('7.5', '7.3'));
    if (route.tunnel) return attemptTunnel(ctx, route, canonical(cards));
    discard(ctx, cards);
    ctx.events.push({ type: 'claimed_route', data: { seat: ctx.seat, route: route.id, cards: canonical(cards) } });
    routeClaimed(ctx, route);
  }

  function routeClaimed(ctx: Ctx, route: Route): void {
    const { s, seat } = ctx;
    s.routeOwners[String(route.id)] = seat;
    s.trains[seat]! -= route.length;
    const points = map.routeScoring[route.length] ?? 0;
    s.routePoints[seat]! += points;
    ctx.events.push({ type: 'scored', data: { seat, route: route.id, points } });
    if (germany && (passengerChoices(s, route.a).length > 1 || passengerChoices(s, route.b).length > 1)) {
      s.pending = { kind: 'passengers', route: route.id };
      return;
    }
    endTurn(ctx, true);
  }

  /** TTRE-10: commit, reveal three, and settle at once when nothing extra is due. */
  function attemptTunnel(ctx: Ctx, route: Route, committed: Cards): void {
    const p = piles(ctx);
    const revealed: CardType[] = [];
    for (let i = 0; i < TUNNEL_REVEAL; i++) {
      const card = draw(ctx, p);
      if (card === null) break;
      revealed.push(card);
    }
    storePiles(ctx, p);
    const colour = cardList(committed).find((c) => c !== 'loco');
    const match = colour ?? 'loco';
    const extra = revealed.filter((c) => c === 'loco' || c === match).length;
    ctx.events.push({ type: 'tunnel_revealed', data: { seat: ctx.seat, route: route.id, committed, revealed, extra } });
    if (extra === 0) {
      discard(ctx, addCards(handOf(revealed), committed));
      routeClaimed(ctx, route);
      return;
    }
    ctx.s.pending = { kind: 'tunnel', route: route.id, committed, revealed, extra, match };
  }

  function payTunnel(ctx: Ctx, pending: Extract<Pending, { kind: 'tunnel' }>, cards: Cards): void {
    if (!setFits(cards, tunnelExtraRule(pending))) {
      fail('wrong_cards', `The extra cost is ${pending.extra} card(s) of ${pending.match === 'loco' ? 'locomotives' : `${pending.match} or locomotives`}`, 'TTRE-10.9');
    }
    takeFromHand(ctx, cards, 'TTRE-10.10');
    discard(ctx, addCards(addCards(handOf(pending.revealed), pending.committed), cards));
    ctx.events.push({ type: 'tunnel_paid', data: { seat: ctx.seat, route: pending.route, cards: canonical(cards) } });
    ctx.s.pending = null;
    routeClaimed(ctx, routes.get(pending.route)!);
  }

  function withdrawTunnel(ctx: Ctx, pending: Extract<Pending, { kind: 'tunnel' }>): void {
    ctx.s.hands[ctx.seat] = addCards(ctx.s.hands[ctx.seat]!, pending.committed);
    discard(ctx, handOf(pending.revealed));
    ctx.events.push({ type: 'tunnel_withdrawn', data: { seat: ctx.seat, route: pending.route } });
    endTurn(ctx, true);
  }

  function takePassengers(ctx: Ctx, pending: Extract<Pending, { kind: 'passengers' }>, a: string | null, b: string | null): void {
    const route = routes.get(pending.route)!;
    for (const [location, colour] of [
      [route.a, a],
      [route.b, b],
    ] as const) {
      if (colour === null) continue;
      if (!passengerChoices(ctx.s, location).includes(colour)) fail('no_such_passenger', `There is no ${colour} passenger in ${location}`, 'TTRG-9.3');
    }
    for (const [location, colour] of [
      [route.a, a],
      [route.b, b],
    ] as const) {
      if (colour === null) continue;
      ctx.s.passengersAt[location]![colour]! -= 1;
      const pool = ctx.s.passengers[ctx.seat]!;
      pool[colour] = (pool[colour] ?? 0) + 1;
    }
    ctx.events.push({ type: 'took_passengers', data: { seat: ctx.seat, route: route.id, a, b } });
    endTurn(ctx, true);
  }

  function drawTickets(ctx: Ctx, short: number | undefined): void {
    const legal = ticketDrawOptions(ctx.s);
    if (legal.length === 0) fail('no_tickets', 'The ticket deck is empty', R('11.2', '10.3'));
    let drawn: number[];
    if (germany) {
      if (short === undefined || !legal.some((a) => a.type === 'draw_tickets' && a.short === short)) {
        fail('bad_ticket_mix', 'Name how many short tickets to draw; short + long must be 4, or all that is left', 'TTRG-10.2');
      }
      const total = Math.min(GERMANY_TICKET_DRAW, ctx.s.ticketDecks.short.length + ctx.s.ticketDecks.long.length);
      drawn = [...ctx.s.ticketDecks.short.splice(0, short), ...ctx.s.ticketDecks.long.splice(0, total - short!)];
    } else {
      if (short !== undefined) fail('bad_ticket_mix', 'Europe has one ticket deck: draw without naming a mix', 'TTRE-11.1');
      drawn = ctx.s.ticketDecks.short.splice(0, EUROPE_TICKET_DRAW);
    }
    ctx.s.pending = { kind: 'tickets', drawn };
    ctx.events.push({
      type: 'drew_tickets',
      data: { seat: ctx.seat, tickets: drawn, ...(germany ? { short, long: drawn.length - short! } : {}) },
      visibleTo: [ctx.seat],
      redacted: { type: 'drew_tickets', data: { seat: ctx.seat, count: drawn.length, ...(germany ? { short, long: drawn.length - short! } : {}) } },
    });
  }

  function keepTickets(ctx: Ctx, pending: Extract<Pending, { kind: 'tickets' }>, kept: number[]): void {
    if (kept.length < 1) fail('keep_at_least_one', 'Keep at least one ticket', R('11.3', '10.4'));
    if (new Set(kept).size !== kept.length || !kept.every((t) => pending.drawn.includes(t))) fail('not_drawn', 'Keep only tickets you just drew', R('11.3', '10.4'));
    if (!inDealtOrder(kept, pending.drawn)) fail('not_in_order', 'Name the kept tickets in the order they were drawn (as legalActions lists them)', R('11.3', '10.4'));
    const returned = pending.drawn.filter((t) => !kept.includes(t));
    ctx.s.tickets[ctx.seat] = [...ctx.s.tickets[ctx.seat]!, ...kept];
    // Returned tickets go under their own deck in random order (TTRE-11.4, TTRG-10.5).
    for (const id of ctx.rng.shuffle(returned)) {
      const deck = tickets.get(id)!.long && germany ? ctx.s.ticketDecks.long : ctx.s.ticketDecks.short;
      deck.push(id);
    }
    ctx.events.push({
      type: 'kept_tickets',
      data: { seat: ctx.seat, kept, returned },
      visibleTo: [ctx.seat],
      redacted: { type: 'kept_tickets', data: { seat: ctx.seat, kept: kept.length, returned: returned.length, ...(germany ? typeCounts(kept) : {}) } },
    });
    endTurn(ctx, true);
  }

  function buildStation(ctx: Ctx, city: string, cards: Cards): void {
    const { s, seat } = ctx;
    if (map.stationsPerPlayer === 0) fail('no_stations', 'This edition has no train stations', 'TTRG-1.9');
    if (!map.cities.includes(city)) fail('unknown_city', `There is no city ${city}`, 'TTRE-12.1');
    if ((s.stationsLeft[seat] ?? 0) <= 0) fail('no_stations_left', 'You have built all your stations', 'TTRE-12.2');
    if (s.stations.some((st) => st.city === city)) fail('city_has_station', `${city} already has a station`, 'TTRE-12.6');
    const rule = stationRule(s, seat);
    if (!setFits(cards, rule)) fail('wrong_cards', `This station costs ${rule.size} card(s) of one colour (locomotives count as any)`, 'TTRE-12.4');
    takeFromHand(ctx, cards, 'TTRE-12.4');
    discard(ctx, cards);
    s.stationsLeft[seat]! -= 1;
    s.stations.push({ city, seat });
    ctx.events.push({ type: 'built_station', data: { seat, city, cards: canonical(cards) } });
    endTurn(ctx, true);
  }

  // ---------- opening (TTRE-3, TTRG-3)

  function chooseOpening(ctx: Ctx, short: number): void {
    const o = ctx.s.opening[ctx.seat]!;
    if (!germany) fail('no_mix', 'Europe deals the opening tickets: keep at least two of them', 'TTRE-3.1');
    if (o.short !== null) fail('already_chosen', 'You have already drawn your opening tickets', 'TTRG-3.2');
    if (!Number.isInteger(short) || short < 0 || short > GERMANY_TICKET_DRAW) fail('bad_ticket_mix', 'Announce 0 to 4 short tickets; the rest of the 4 are long', 'TTRG-3.1');
    o.short = short;
    o.dealt = [...ctx.s.ticketDecks.short.splice(0, short), ...ctx.s.ticketDecks.long.splice(0, GERMANY_TICKET_DRAW - short)];
    ctx.events.push({
      type: 'drew_opening_tickets',
      data: { seat: ctx.seat, short, long: GERMANY_TICKET_DRAW - short, tickets: o.dealt },
      visibleTo: [ctx.seat],
      redacted: { type: 'drew_opening_tickets', data: { seat: ctx.seat, short, long: GERMANY_TICKET_DRAW - short } },
    });
  }

  function keepOpening(ctx: Ctx, kept: number[]): void {
    const o = ctx.s.opening[ctx.seat]!;
    if (germany && o.short === null) fail('announce_first', 'Announce your mix of short and long tickets first', 'TTRG-3.2');
    if (kept.length < 2) fail('keep_at_least_two', 'Keep at least two of your opening tickets', R('3.2', '3.3'));
    if (new Set(kept).size !== kept.length || !kept.every((t) => o.dealt.includes(t))) fail('not_dealt', 'Keep only tickets you were dealt', R('3.2', '3.3'));
    if (!inDealtOrder(kept, o.dealt)) fail('not_in_order', 'Name the kept tickets in the order they were dealt (as legalActions lists them)', R('3.2', '3.3'));
    o.kept = kept;
    const returned = o.dealt.filter((t) => !kept.includes(t));
    if (germany) for (const id of returned) (tickets.get(id)!.long ? ctx.s.setAside.long : ctx.s.setAside.short).push(id);
    // Germany: how many of each type were kept is public (TTRG-H5); Europe keeps even the count secret until turn 1 (TTRE-H12).
    const redacted = { type: 'kept_opening_tickets', data: { seat: ctx.seat, ...(germany ? typeCounts(kept) : {}) } };
    ctx.events.push({ type: 'kept_opening_tickets', data: { seat: ctx.seat, kept }, visibleTo: [ctx.seat], redacted });
    if (ctx.s.opening.every((x) => x.kept !== null)) startPlay(ctx);
  }

  function startPlay(ctx: Ctx): void {
    const { s } = ctx;
    // Copies: the state must not alias arrays (it is cloned, stored as JSON and edited by tests).
    s.tickets = s.opening.map((o) => [...(o.kept ?? [])]);
    if (germany) {
      // Handed-back tickets go back into their decks, and both are reshuffled (TTRG-3.4).
      s.ticketDecks = { short: ctx.rng.shuffle([...s.ticketDecks.short, ...s.setAside.short]), long: ctx.rng.shuffle([...s.ticketDecks.long, ...s.setAside.long]) };
      s.setAside = { short: [], long: [] };
    }
    s.phase = 'turn';
    ctx.events.push({ type: 'play_started', data: { first: s.current, ticketsKept: s.tickets.map((t) => t.length) } });
    passIfStuck(ctx);
  }

  // ---------- end of turn (TTRE-4.6, TTRG-4.4)

  function endTurn(ctx: Ctx, acted: boolean): void {
    const { s } = ctx;
    s.pending = null;
    if (acted) s.passStreak = 0;
    const p = piles(ctx);
    wipeEvents(ctx, topUpMarket(p, ctx.rng).wipes);
    storePiles(ctx, p);
    if (s.finalRound) {
      s.finalRound.turnsLeft -= 1;
      if (s.finalRound.turnsLeft <= 0) return gameOver(ctx, 'finalRound');
    } else if ((s.trains[s.current] ?? 0) <= LAST_ROUND_TRAINS) {
      s.finalRound = { trigger: s.current, turnsLeft: s.players };
      ctx.events.push({ type: 'final_round', data: { trigger: s.current, trains: s.trains[s.current] } });
    }
    s.current = (s.current + 1) % s.players;
    s.turn += 1;
    passIfStuck(ctx);
  }

  /** A player with no legal action passes automatically; a full round of passes ends the game (TTRE-4.4/4.5, TTRG-4.3). */
  function passIfStuck(ctx: Ctx): void {
    const { s } = ctx;
    if (s.phase !== 'turn' || hasTurnOption(s, s.current)) return;
    ctx.events.push({ type: 'passed', data: { seat: s.current } });
    s.passStreak += 1;
    if (s.passStreak >= s.players) return gameOver(ctx, 'deadlock');
    endTurn(ctx, false);
  }

  function gameOver(ctx: Ctx, reason: 'finalRound' | 'deadlock'): void {
    const { s } = ctx;
    s.phase = 'over';
    s.pending = null;
    const scoring = finalScoring({
      map,
      players: s.players,
      routeOwners: Object.fromEntries(Object.entries(s.routeOwners).map(([id, seat]) => [Number(id), seat])),
      tickets: s.tickets,
      stations: s.stations,
      stationsLeft: s.stationsLeft,
      passengers: s.passengers,
      routePoints: s.routePoints,
    });
    s.result = { scores: scoring.scores, ranking: scoring.ranking, breakdown: scoring.breakdown };
    ctx.events.push({ type: 'game_over', data: { reason, scores: scoring.scores, ranking: scoring.ranking, tickets: s.tickets } });
  }

  // ---------- dispatch

  function apply(state: TtrState, seat: Seat, action: TtrAction): Applied<TtrState> {
    if (!toAct(state).includes(seat)) fail('not_your_turn', 'It is not your turn', state.phase === 'opening' ? R('3.4', '3.5') : R('4.1', '4.1'));
    const s = structuredClone(state);
    const ctx: Ctx = { s, rng: new Rng(s.rng), events: [], seat };
    const wrongStep = (rule: string) => fail('wrong_step', `That is not possible now`, rule);

    if (s.phase === 'opening') {
      if (action.type === 'choose_initial_tickets') chooseOpening(ctx, action.short);
      else if (action.type === 'keep_initial_tickets') keepOpening(ctx, action.tickets);
      else wrongStep(R('3.4', '3.5'));
    } else if (s.pending) {
      const p = s.pending;
      if (p.kind === 'secondDraw' && action.type === 'draw_face_up') drawFaceUp(ctx, action.slot, true);
      else if (p.kind === 'secondDraw' && action.type === 'draw_blind') drawBlind(ctx, true);
      else if (p.kind === 'tickets' && action.type === 'keep_tickets') keepTickets(ctx, p, action.tickets);
      else if (p.kind === 'tunnel' && action.type === 'pay_tunnel') payTunnel(ctx, p, action.cards);
      else if (p.kind === 'tunnel' && action.type === 'withdraw_tunnel') withdrawTunnel(ctx, p);
      else if (p.kind === 'passengers' && action.type === 'take_passengers') takePassengers(ctx, p, action.a, action.b);
      else wrongStep(p.kind === 'secondDraw' ? R('5.9', '5.7') : p.kind === 'passengers' ? 'TTRG-9.6' : R('4.7', '4.5'));
    } else {
      switch (action.type) {
        case 'draw_face_up':
          drawFaceUp(ctx, action.slot, false);
          break;
        case 'draw_blind':
          drawBlind(ctx, false);
          break;
        case 'claim_route':
          claimRoute(ctx, action.route, action.cards);
          break;
        case 'draw_tickets':
          drawTickets(ctx, action.short);
          break;
        case 'build_station':
          buildStation(ctx, action.city, action.cards);
          break;
        default:
          wrongStep(R('4.2', '4.2'));
      }
    }
    s.rng = ctx.rng.state;
    return { state: s, events: ctx.events };
  }

  return { map, route: (id) => routes.get(id), setup, toAct, legalActions, apply };
}
