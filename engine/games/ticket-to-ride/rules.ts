/**
 * The Ticket to Ride state machine for both editions on the game kit: one code path, parameterised
 * by the map (Europe: tunnels, ferries, stations, 3-ticket draws; Germany: passengers, 4-ticket draws
 * with a declared mix). Its steps are the opening, the turn, and one per sub-decision inside a turn
 * (TTRE-4.7); each lists its legal actions beside their effects. Rule IDs: TTRE-* (Europe spec),
 * TTRG-* (Germany spec).
 */
import { defineRules, drawReshuffling, nextSeat, RuleError, Rng, ruleCheck, seedRng, type Draft, type Refusal, type Rules, type Seat, type Step } from '../../core/index.js';
import { addCards, canonical, cardList, fullDeck, handOf, MARKET_SLOTS, removeCards, settleMarket, topUpMarket, type Cards, type Piles, type Wipe } from './cards.js';
import type { TtrAction, TtrOptions } from './actions.js';
import type { CardType, Route, TtrMap } from './map.js';
import { payableSets, routeSetRule, setFits, type SetRule } from './payment.js';
import type { TtrEvent } from './schemas.js';
import { finalScoring, scoringInput } from './scoring.js';
import type { Pending, TtrState } from './state.js';

const INITIAL_HAND = 4;
const EUROPE_OPENING_REGULAR = 3;
const EUROPE_TICKET_DRAW = 3;
const GERMANY_TICKET_DRAW = 4;
const TUNNEL_REVEAL = 3;
const LAST_ROUND_TRAINS = 2;

export interface TtrRules extends Rules<TtrState, TtrAction> {
  map: TtrMap;
  route(id: number): Route | undefined;
  setup(seed: string, players: number, options: TtrOptions): TtrState;
}

type D = Draft<TtrState, TtrEvent>;
type TtrStep = Step<TtrState, TtrAction, TtrEvent>;
type Of<T extends TtrAction['type']> = Extract<TtrAction, { type: T }>;

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

/** The sub-decision a pending step is about; the step is chosen by its kind, so it is there. */
function pendingOf<K extends Pending['kind']>(s: TtrState, kind: K): Extract<Pending, { kind: K }> {
  const p = s.pending;
  if (p?.kind !== kind) throw new Error(`no ${kind} decision pending`);
  return p as Extract<Pending, { kind: K }>;
}

const current = (s: TtrState): Seat[] => [s.current];

export function createRules(map: TtrMap): TtrRules {
  const routes = new Map(map.routes.map((r) => [r.id, r]));
  const groups = new Map<number, Route[]>();
  for (const r of map.routes) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  /** The other routes between the same two places, per route. */
  const siblingsOf = new Map(map.routes.map((route) => [route.id, groups.get(route.group)!.filter((r) => r.id !== route.id)]));
  const tickets = new Map(map.tickets.map((t) => [t.id, t]));
  const germany = map.passengers !== null;
  /** Germany: SHORT and LONG counts of a set of tickets, public for every draw (TTRG-H5). */
  const typeCounts = (ids: readonly number[]) => ({ keptShort: ids.filter((id) => !tickets.get(id)?.long).length, keptLong: ids.filter((id) => tickets.get(id)?.long).length });
  const R = (europe: string, germanyRule: string) => (map.id === 'europe' ? `TTRE-${europe}` : `TTRG-${germanyRule}`);

  // ---------- setup

  function setup(seed: string, players: number, options: TtrOptions): TtrState {
    ruleCheck(players >= 2 && players <= 5, 'bad_player_count', 'Ticket to Ride takes 2 to 5 players', R('2.1', '2.1'));
    const rng = new Rng(seedRng(seed));
    const piles: Piles = { deck: rng.shuffle(fullDeck(map.cardsPerColour, map.locomotives)), market: [], discard: [] };
    const hands = Array.from({ length: players }, () => handOf(piles.deck.splice(0, INITIAL_HAND)));
    piles.market = piles.deck.splice(0, MARKET_SLOTS);
    settleMarket(piles, rng);
    const first = options.firstPlayer === 'random' ? rng.int(players) : options.firstPlayer;
    ruleCheck(first < players, 'bad_first_player', 'The first player must be one of the seats', R('2.10', '2.8'));

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

  // ---------- legal actions

  const ownerOf = (s: TtrState, route: Route) => s.routeOwners[String(route.id)];

  // Why a route cannot be claimed. Plain records, not errors: legalActions asks about every route, and an error records a stack.
  const ROUTE_TAKEN: Required<Refusal> = { code: 'route_taken', message: 'That route is already claimed', rule: R('7.1', '7.1') };
  const PARALLEL_LOCKED: Required<Refusal> = { code: 'parallel_route_locked', message: 'With 2 or 3 players only one route between two places can be used', rule: R('8.3', '8.4') };
  const OWN_PARALLEL: Required<Refusal> = { code: 'own_parallel_route', message: 'You already own a route between these two places', rule: R('8.2', '8.2') };
  const TOO_FEW_TRAINS: Required<Refusal> = { code: 'not_enough_trains', message: 'You do not have enough trains left', rule: R('7.3', '7.2') };

  /** TTRE-7.1/7.3/8, TTRG-7.1/7.2/8: open, unlocked, and enough trains. */
  function claimBlock(s: TtrState, seat: Seat, route: Route): Required<Refusal> | null {
    if (ownerOf(s, route) !== undefined) return ROUTE_TAKEN;
    const siblings = siblingsOf.get(route.id)!;
    // With 2 or 3 players the lock applies to everyone, the owner of the claimed route included (TTRE-8.3, TTRG-8.4).
    if (s.players <= 3 && siblings.some((r) => ownerOf(s, r) !== undefined)) return PARALLEL_LOCKED;
    if (siblings.some((r) => ownerOf(s, r) === seat)) return OWN_PARALLEL;
    if ((s.trains[seat] ?? 0) < route.length) return TOO_FEW_TRAINS;
    return null;
  }

  const claimRule = (route: Route): SetRule => routeSetRule(route.length, route.colour, route.tunnel ? 0 : route.ferry);

  function stationRule(s: TtrState, seat: Seat): SetRule {
    return { size: map.stationsPerPlayer - (s.stationsLeft[seat] ?? 0) + 1, colour: null, minLocos: 0 };
  }

  const tunnelExtraRule = (p: Extract<Pending, { kind: 'tunnel' }>): SetRule =>
    p.match === 'loco' ? { size: p.extra, colour: null, minLocos: 0, locosOnly: true } : { size: p.extra, colour: p.match, minLocos: 0 };

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

  function openingOptions(s: TtrState, seat: Seat): TtrAction[] {
    const o = s.opening[seat]!;
    if (germany && o.short === null) return Array.from({ length: GERMANY_TICKET_DRAW + 1 }, (_, n): TtrAction => ({ type: 'choose_initial_tickets', short: n }));
    return subsets(o.dealt, 2).map((kept) => ({ type: 'keep_initial_tickets', tickets: kept }));
  }

  // ---------- effects (on the draft)

  function emitWipes(d: D, wipes: Wipe[]): void {
    for (const w of wipes) d.emit('market_wiped', { wiped: w.wiped, market: w.dealt });
  }

  /** Draws one card; reshuffles are public (the discard pile's contents are, TTRE-H4). */
  function draw(d: D): CardType | null {
    const discarded = d.state.discard.length;
    const { card, reshuffled } = drawReshuffling(d.state, d.rng);
    if (reshuffled) d.emit('deck_reshuffled', { cards: discarded });
    return card;
  }

  function discard(d: D, cards: Cards): void {
    d.state.discard = [...d.state.discard, ...cardList(cards)];
  }

  function takeFromHand(d: D, cards: Cards, rule: string): void {
    const rest = removeCards(d.state.hands[d.seat]!, cards);
    ruleCheck(rest, 'cards_not_in_hand', 'You do not hold those cards', rule);
    d.state.hands[d.seat] = rest;
  }

  function drawFaceUp(d: D, slot: number, second: boolean): void {
    const { state: s, seat } = d;
    const card = s.market[slot];
    ruleCheck(card !== null && card !== undefined, 'empty_slot', 'That market slot is empty', R('5.1', '5.1'));
    ruleCheck(!(second && card === 'loco'), 'locomotive_as_second_card', 'A face-up locomotive cannot be the second card', R('5.6', '5.6'));
    s.market[slot] = draw(d);
    s.hands[seat]![card]++;
    d.emit('drew_face_up', { seat, slot, card, refill: s.market[slot] });
    emitWipes(d, settleMarket(s, d.rng));
    finishDraw(d, second || card === 'loco');
  }

  function drawBlind(d: D, second: boolean): void {
    const { state: s, seat } = d;
    ruleCheck(cardsAvailable(s), 'no_cards', 'The deck and the discard pile are empty', R('5.3', '5.2'));
    const card = draw(d)!;
    s.hands[seat]![card]++;
    d.emitSecret({ type: 'drew_blind', data: { seat, card } }, [seat], { type: 'drew_blind', data: { seat } });
    finishDraw(d, second);
  }

  /** After the first card a second one is due if any can be taken (TTRE-5.8–5.10). */
  function finishDraw(d: D, done: boolean): void {
    if (!done && drawOptions(d.state, true).length > 0) {
      d.state.pending = { kind: 'secondDraw' };
      return;
    }
    endTurn(d, true);
  }

  function claimRoute(d: D, a: Of<'claim_route'>): void {
    const route = routes.get(a.route);
    ruleCheck(route, 'unknown_route', `There is no route ${a.route}`, R('7.1', '7.1'));
    const block = claimBlock(d.state, d.seat, route);
    if (block) throw new RuleError(block.code, block.message, block.rule);
    if (!setFits(a.cards, claimRule(route))) {
      const rule = route.ferry > 0 && !route.tunnel ? '9.2' : route.colour === 'gray' ? '7.7' : '7.5';
      throw new RuleError('wrong_cards', `Those cards do not pay for a ${route.colour} route of length ${route.length}`, R(rule, '7.3'));
    }
    takeFromHand(d, a.cards, R('7.5', '7.3'));
    if (route.tunnel) return attemptTunnel(d, route, canonical(a.cards));
    discard(d, a.cards);
    d.emit('claimed_route', { seat: d.seat, route: route.id, cards: canonical(a.cards) });
    routeClaimed(d, route);
  }

  function routeClaimed(d: D, route: Route): void {
    const { state: s, seat } = d;
    s.routeOwners[String(route.id)] = seat;
    s.trains[seat]! -= route.length;
    const points = map.routeScoring[route.length] ?? 0;
    s.routePoints[seat]! += points;
    d.emit('scored', { seat, route: route.id, points });
    if (germany && (passengerChoices(s, route.a).length > 1 || passengerChoices(s, route.b).length > 1)) {
      s.pending = { kind: 'passengers', route: route.id };
      return;
    }
    endTurn(d, true);
  }

  /** TTRE-10: commit, reveal three, and settle at once when nothing extra is due. */
  function attemptTunnel(d: D, route: Route, committed: Cards): void {
    const revealed: CardType[] = [];
    for (let i = 0; i < TUNNEL_REVEAL; i++) {
      const card = draw(d);
      if (card === null) break;
      revealed.push(card);
    }
    const colour = cardList(committed).find((c) => c !== 'loco');
    const match = colour ?? 'loco';
    const extra = revealed.filter((c) => c === 'loco' || c === match).length;
    d.emit('tunnel_revealed', { seat: d.seat, route: route.id, committed, revealed, extra });
    if (extra === 0) {
      discard(d, addCards(handOf(revealed), committed));
      routeClaimed(d, route);
      return;
    }
    d.state.pending = { kind: 'tunnel', route: route.id, committed, revealed, extra, match };
  }

  function payTunnel(d: D, a: Of<'pay_tunnel'>): void {
    const pending = pendingOf(d.state, 'tunnel');
    if (!setFits(a.cards, tunnelExtraRule(pending))) {
      throw new RuleError('wrong_cards', `The extra cost is ${pending.extra} card(s) of ${pending.match === 'loco' ? 'locomotives' : `${pending.match} or locomotives`}`, 'TTRE-10.9');
    }
    takeFromHand(d, a.cards, 'TTRE-10.10');
    discard(d, addCards(addCards(handOf(pending.revealed), pending.committed), a.cards));
    d.emit('tunnel_paid', { seat: d.seat, route: pending.route, cards: canonical(a.cards) });
    d.state.pending = null;
    routeClaimed(d, routes.get(pending.route)!);
  }

  function withdrawTunnel(d: D): void {
    const pending = pendingOf(d.state, 'tunnel');
    d.state.hands[d.seat] = addCards(d.state.hands[d.seat]!, pending.committed);
    discard(d, handOf(pending.revealed));
    d.emit('tunnel_withdrawn', { seat: d.seat, route: pending.route });
    endTurn(d, true);
  }

  function takePassengers(d: D, a: Of<'take_passengers'>): void {
    const route = routes.get(pendingOf(d.state, 'passengers').route)!;
    for (const [location, colour] of [
      [route.a, a.a],
      [route.b, a.b],
    ] as const) {
      if (colour === null) continue;
      ruleCheck(passengerChoices(d.state, location).includes(colour), 'no_such_passenger', `There is no ${colour} passenger in ${location}`, 'TTRG-9.3');
      d.state.passengersAt[location]![colour]! -= 1;
      const pool = d.state.passengers[d.seat]!;
      pool[colour] = (pool[colour] ?? 0) + 1;
    }
    d.emit('took_passengers', { seat: d.seat, route: route.id, a: a.a, b: a.b });
    endTurn(d, true);
  }

  function drawTickets(d: D, { short }: Of<'draw_tickets'>): void {
    const { state: s, seat } = d;
    const legal = ticketDrawOptions(s);
    ruleCheck(legal.length > 0, 'no_tickets', 'The ticket deck is empty', R('11.2', '10.3'));
    let drawn: number[];
    if (germany) {
      ruleCheck(
        short !== undefined && legal.some((a) => a.type === 'draw_tickets' && a.short === short),
        'bad_ticket_mix',
        'Name how many short tickets to draw; short + long must be 4, or all that is left',
        'TTRG-10.2',
      );
      const total = Math.min(GERMANY_TICKET_DRAW, s.ticketDecks.short.length + s.ticketDecks.long.length);
      drawn = [...s.ticketDecks.short.splice(0, short), ...s.ticketDecks.long.splice(0, total - short)];
    } else {
      ruleCheck(short === undefined, 'bad_ticket_mix', 'Europe has one ticket deck: draw without naming a mix', 'TTRE-11.1');
      drawn = s.ticketDecks.short.splice(0, EUROPE_TICKET_DRAW);
    }
    s.pending = { kind: 'tickets', drawn };
    const mix = germany ? { short, long: drawn.length - short! } : {};
    d.emitSecret({ type: 'drew_tickets', data: { seat, tickets: drawn, ...mix } }, [seat], { type: 'drew_tickets', data: { seat, count: drawn.length, ...mix } });
  }

  function keepTickets(d: D, { tickets: kept }: Of<'keep_tickets'>): void {
    const { state: s, seat } = d;
    const { drawn } = pendingOf(s, 'tickets');
    ruleCheck(kept.length >= 1, 'keep_at_least_one', 'Keep at least one ticket', R('11.3', '10.4'));
    ruleCheck(new Set(kept).size === kept.length && kept.every((t) => drawn.includes(t)), 'not_drawn', 'Keep only tickets you just drew', R('11.3', '10.4'));
    ruleCheck(inDealtOrder(kept, drawn), 'not_in_order', 'Name the kept tickets in the order they were drawn (as legalActions lists them)', R('11.3', '10.4'));
    const returned = drawn.filter((t) => !kept.includes(t));
    s.tickets[seat] = [...s.tickets[seat]!, ...kept];
    // Returned tickets go under their own deck in random order (TTRE-11.4, TTRG-10.5). Germany's two
    // decks share one shuffle, so this is not piles' returnUnder (one pile, one shuffle each).
    for (const id of d.rng.shuffle(returned)) (tickets.get(id)!.long && germany ? s.ticketDecks.long : s.ticketDecks.short).push(id);
    d.emitSecret({ type: 'kept_tickets', data: { seat, kept, returned } }, [seat], {
      type: 'kept_tickets',
      data: { seat, kept: kept.length, returned: returned.length, ...(germany ? typeCounts(kept) : {}) },
    });
    endTurn(d, true);
  }

  function buildStation(d: D, { city, cards }: Of<'build_station'>): void {
    const { state: s, seat } = d;
    ruleCheck(map.cities.includes(city), 'unknown_city', `There is no city ${city}`, 'TTRE-12.1');
    ruleCheck((s.stationsLeft[seat] ?? 0) > 0, 'no_stations_left', 'You have built all your stations', 'TTRE-12.2');
    ruleCheck(!s.stations.some((st) => st.city === city), 'city_has_station', `${city} already has a station`, 'TTRE-12.6');
    const rule = stationRule(s, seat);
    ruleCheck(setFits(cards, rule), 'wrong_cards', `This station costs ${rule.size} card(s) of one colour (locomotives count as any)`, 'TTRE-12.4');
    takeFromHand(d, cards, 'TTRE-12.4');
    discard(d, cards);
    s.stationsLeft[seat]! -= 1;
    s.stations.push({ city, seat });
    d.emit('built_station', { seat, city, cards: canonical(cards) });
    endTurn(d, true);
  }

  // ---------- opening (TTRE-3, TTRG-3)

  function chooseOpening(d: D, { short }: Of<'choose_initial_tickets'>): void {
    const { state: s, seat } = d;
    const o = s.opening[seat]!;
    ruleCheck(o.short === null, 'already_chosen', 'You have already drawn your opening tickets', 'TTRG-3.2');
    ruleCheck(Number.isInteger(short) && short >= 0 && short <= GERMANY_TICKET_DRAW, 'bad_ticket_mix', 'Announce 0 to 4 short tickets; the rest of the 4 are long', 'TTRG-3.1');
    o.short = short;
    o.dealt = [...s.ticketDecks.short.splice(0, short), ...s.ticketDecks.long.splice(0, GERMANY_TICKET_DRAW - short)];
    const mix = { short, long: GERMANY_TICKET_DRAW - short };
    d.emitSecret({ type: 'drew_opening_tickets', data: { seat, ...mix, tickets: o.dealt } }, [seat], { type: 'drew_opening_tickets', data: { seat, ...mix } });
  }

  function keepOpening(d: D, { tickets: kept }: Of<'keep_initial_tickets'>): void {
    const { state: s, seat } = d;
    const o = s.opening[seat]!;
    ruleCheck(!(germany && o.short === null), 'announce_first', 'Announce your mix of short and long tickets first', 'TTRG-3.2');
    ruleCheck(kept.length >= 2, 'keep_at_least_two', 'Keep at least two of your opening tickets', R('3.2', '3.3'));
    ruleCheck(new Set(kept).size === kept.length && kept.every((t) => o.dealt.includes(t)), 'not_dealt', 'Keep only tickets you were dealt', R('3.2', '3.3'));
    ruleCheck(inDealtOrder(kept, o.dealt), 'not_in_order', 'Name the kept tickets in the order they were dealt (as legalActions lists them)', R('3.2', '3.3'));
    o.kept = kept;
    const returned = o.dealt.filter((t) => !kept.includes(t));
    if (germany) for (const id of returned) (tickets.get(id)!.long ? s.setAside.long : s.setAside.short).push(id);
    // Germany: how many of each type were kept is public (TTRG-H5); Europe keeps even the count secret until turn 1 (TTRE-H12).
    d.emitSecret({ type: 'kept_opening_tickets', data: { seat, kept } }, [seat], { type: 'kept_opening_tickets', data: { seat, ...(germany ? typeCounts(kept) : {}) } });
    if (s.opening.every((x) => x.kept !== null)) startPlay(d);
  }

  function startPlay(d: D): void {
    const s = d.state;
    // Copies: the state must not alias arrays (it is cloned, stored as JSON and edited by tests).
    s.tickets = s.opening.map((o) => [...(o.kept ?? [])]);
    if (germany) {
      // Handed-back tickets go back into their decks, and both are reshuffled (TTRG-3.4).
      s.ticketDecks = { short: d.rng.shuffle([...s.ticketDecks.short, ...s.setAside.short]), long: d.rng.shuffle([...s.ticketDecks.long, ...s.setAside.long]) };
      s.setAside = { short: [], long: [] };
    }
    s.phase = 'turn';
    d.emit('play_started', { first: s.current, ticketsKept: s.tickets.map((t) => t.length) });
  }

  // ---------- end of turn (TTRE-4.6, TTRG-4.4) and of the game

  function endTurn(d: D, acted: boolean): void {
    const s = d.state;
    s.pending = null;
    if (acted) s.passStreak = 0;
    emitWipes(d, topUpMarket(s, d.rng).wipes);
    if (s.finalRound) {
      s.finalRound.turnsLeft -= 1;
      if (s.finalRound.turnsLeft <= 0) return gameOver(d, 'finalRound');
    } else if ((s.trains[s.current] ?? 0) <= LAST_ROUND_TRAINS) {
      s.finalRound = { trigger: s.current, turnsLeft: s.players };
      d.emit('final_round', { trigger: s.current, trains: s.trains[s.current]! });
    }
    s.current = nextSeat(s.current, s.players);
    s.turn += 1;
  }

  /** A player with no legal action passes automatically; a full round of passes ends the game (TTRE-4.4/4.5, TTRG-4.3). */
  function passIfStuck(d: D): boolean {
    const s = d.state;
    if (hasTurnOption(s, s.current)) return false;
    d.emit('passed', { seat: s.current });
    s.passStreak += 1;
    if (s.passStreak >= s.players) gameOver(d, 'deadlock');
    else endTurn(d, false);
    return true;
  }

  function gameOver(d: D, reason: 'finalRound' | 'deadlock'): void {
    const s = d.state;
    s.phase = 'over';
    s.pending = null;
    const scoring = finalScoring(scoringInput(map, s));
    s.result = { scores: scoring.scores, ranking: scoring.ranking, breakdown: scoring.breakdown };
    d.emit('game_over', { reason, scores: scoring.scores, ranking: scoring.ranking, tickets: s.tickets });
  }

  // ---------- the steps

  const NOT_YOUR_TURN: Refusal = { message: 'It is not your turn', rule: R('4.1', '4.1') };

  /** TTRE-3 / TTRG-3: every seat chooses its opening tickets at once, in secret (Germany: announces its mix first). */
  const opening: TtrStep = {
    rule: R('3.4', '3.5'),
    actors: (s) => s.opening.flatMap((o, seat) => (o.kept === null ? [seat] : [])),
    actions: openingOptions,
    on: germany ? { choose_initial_tickets: chooseOpening, keep_initial_tickets: keepOpening } : { keep_initial_tickets: keepOpening },
    refuse: { choose_initial_tickets: { code: 'no_mix', message: 'Europe deals the opening tickets: keep at least two of them', rule: 'TTRE-3.1' } },
  };

  /** TTRE-4.2 / TTRG-4.2: one of draw cards, claim a route, draw tickets (or, in Europe, build a station). */
  const turn: TtrStep = {
    rule: R('4.2', '4.2'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: turnOptions,
    on: {
      draw_face_up: (d, a) => drawFaceUp(d, a.slot, false),
      draw_blind: (d) => drawBlind(d, false),
      claim_route: claimRoute,
      draw_tickets: drawTickets,
      ...(map.stationsPerPlayer > 0 ? { build_station: buildStation } : {}),
    },
    refuse: { build_station: { code: 'no_stations', message: 'This edition has no train stations', rule: 'TTRG-1.9' } },
    auto: passIfStuck,
  };

  /** TTRE-5.8–5.10 / TTRG-5.7: the second train card. */
  const secondDraw: TtrStep = {
    rule: R('5.9', '5.7'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s) => drawOptions(s, true),
    on: {
      draw_face_up: (d, a) => drawFaceUp(d, a.slot, true),
      draw_blind: (d) => drawBlind(d, true),
    },
  };

  /** TTRE-11.3 / TTRG-10.4: keep at least one of the tickets just drawn. */
  const ticketChoice: TtrStep = {
    rule: R('4.7', '4.5'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s) => subsets(pendingOf(s, 'tickets').drawn, 1).map((kept) => ({ type: 'keep_tickets', tickets: kept })),
    on: { keep_tickets: keepTickets },
  };

  /** TTRE-10: pay a tunnel's extra cost or take the committed cards back. */
  const tunnel: TtrStep = {
    rule: R('4.7', '4.5'),
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s, seat) => [
      ...payableSets(s.hands[seat]!, tunnelExtraRule(pendingOf(s, 'tunnel'))).map((cards): TtrAction => ({ type: 'pay_tunnel', cards })),
      { type: 'withdraw_tunnel' },
    ],
    on: { pay_tunnel: payTunnel, withdraw_tunnel: withdrawTunnel },
  };

  /** TTRG-9: a passenger (or none) from each end of the route just claimed. */
  const passengers: TtrStep = {
    rule: 'TTRG-9.6',
    waiting: NOT_YOUR_TURN,
    actors: current,
    actions: (s) => {
      const route = routes.get(pendingOf(s, 'passengers').route)!;
      return passengerChoices(s, route.a).flatMap((a) => passengerChoices(s, route.b).map((b): TtrAction => ({ type: 'take_passengers', a, b })));
    },
    on: { take_passengers: takePassengers },
  };

  const rules = defineRules({
    seats: (s) => s.players,
    // The rule an action after the end has always cited (before the kit it was refused as out of turn).
    overRule: R('4.1', '4.1'),
    step: (s) => (s.phase === 'over' ? null : s.phase === 'opening' ? 'opening' : (s.pending?.kind ?? 'turn')),
    steps: { opening, turn, secondDraw, tickets: ticketChoice, tunnel, passengers },
  });

  return { ...rules, map, route: (id) => routes.get(id), setup };
}
