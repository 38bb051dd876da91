/**
 * Ticket to Ride: Europe — the play scenarios T01–T33 of shared/rules/ticket-to-ride-europe.md
 * (section 18), plus the turn-structure rules around them (sub-decisions, automatic pass,
 * deadlock). Scoring scenarios (T34–T44) live in scoring.test.ts.
 *
 * States come from the real setup with the opening finished; a scenario then sets the fields it
 * needs on a clone (the state is plain JSON). Places marked (hyp.) in the spec use a small
 * fixture map built here.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import { canonical, handSize, settleMarket, type Cards } from './cards.js';
import type { CardType, Route, Ticket, TtrMap } from './map.js';
import { europeMap } from './maps.js';
import { createRules, type TtrRules } from './rules.js';
import type { TtrState } from './state.js';
import { createView } from './view.js';
import { countOf, drawActions, drawTwo, eventsOf, filler, fixtureRoute, H, has, ofType, rejects, routeBetween } from './rules.testkit.js';

// ---------- helpers

const N = (n: number, card: CardType): CardType[] => Array.from({ length: n }, () => card);

/** Setup with seat 0 first, every seat keeping its first two opening tickets; a clone to edit. */
function started(rules: TtrRules, players = 2, seed = 'europe-scenarios'): TtrState {
  let s = rules.setup(seed, players, { firstPlayer: 0 });
  for (let seat = 0; seat < players; seat++) {
    s = rules.apply(s, seat, { type: 'keep_initial_tickets', tickets: s.opening[seat]!.dealt.slice(1, 3) }).state;
  }
  expect(s.phase).toBe('turn');
  expect(s.current).toBe(0);
  return structuredClone(s);
}



// ---------- a fixture map for the (hyp.) scenarios and routes the real board lacks

const FIX_CITIES = ['X', 'Y', 'P', 'Q', 'R', 'S', 'T', 'U'];
function europeFixture(routes: Route[]): TtrMap {
  const tickets: Ticket[] = Array.from({ length: 46 }, (_, i) => ({
    id: i + 1,
    a: FIX_CITIES[i % FIX_CITIES.length]!,
    b: FIX_CITIES[(i + 1 + (i % 3)) % FIX_CITIES.length]!,
    points: 5 + (i % 7),
    long: i < 6,
  }));
  return {
    id: 'europe',
    title: 'Europe fixture',
    cities: FIX_CITIES,
    countries: [],
    routes,
    tickets,
    routeScoring: { 1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21 },
    trainsPerPlayer: 45,
    stationsPerPlayer: 3,
    unusedStationPoints: 4,
    longestPathBonus: 10,
    globetrotterBonus: 0,
    passengers: null,
    cardsPerColour: 12,
    locomotives: 14,
  };
}

const fixture = europeFixture([
  // T15/T16: a double route X–Y, RED and GREY, both length 2.
  fixtureRoute(1, 'X', 'Y', 2, 'red', { group: 100 }),
  fixtureRoute(2, 'X', 'Y', 2, 'gray', { group: 100 }),
  // T18/T21: a red tunnel of length 2. T23: a tunnel of length 1.
  fixtureRoute(3, 'P', 'Q', 2, 'red', { tunnel: true }),
  fixtureRoute(4, 'Q', 'R', 1, 'yellow', { tunnel: true }),
  fixtureRoute(5, 'S', 'T', 3, 'gray'),
]);

const rules = createRules(europeMap);
const fx = createRules(fixture);

// ---------- T01–T11: drawing train cards, market and deck

describe('Europe: drawing train cards (TTRE-5, TTRE-6)', () => {
  it('TTRE-5.5/5.4 (T01): a face-up locomotive ends the draw', () => {
    const s = started(rules);
    s.market = ['loco', 'red', 'blue', 'green', 'white'];
    s.deck = ['black', ...filler(20)];
    s.hands[0] = H({});
    const { state, events } = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 });
    expect(state.hands[0]).toEqual(H({ loco: 1 }));
    expect(state.market).toEqual(['black', 'red', 'blue', 'green', 'white']);
    expect(state.pending).toBeNull();
    expect(state.current).toBe(1);
    expect(rules.legalActions(state, 0)).toEqual([]);
    expect(eventsOf(events, 'drew_face_up')).toHaveLength(1);
  });

  it('TTRE-5.7/5.8 (T02): a blind locomotive counts as one card; the second card may be face up', () => {
    const s = started(rules);
    s.market = ['red', 'blue', 'green', 'white', 'black'];
    s.deck = ['loco', 'orange', ...filler(20)];
    s.hands[0] = H({});
    const first = rules.apply(s, 0, { type: 'draw_blind' }).state;
    expect(first.pending).toEqual({ kind: 'secondDraw' });
    expect(first.current).toBe(0);
    expect(first.hands[0]).toEqual(H({ loco: 1 }));
    expect(has(rules.legalActions(first, 0), { type: 'draw_face_up', slot: 0 })).toBe(true);
    const second = rules.apply(first, 0, { type: 'draw_face_up', slot: 0 }).state;
    expect(second.hands[0]).toEqual(H({ loco: 1, red: 1 }));
    expect(second.market).toEqual(['orange', 'blue', 'green', 'white', 'black']);
    expect(second.pending).toBeNull();
    expect(second.current).toBe(1);
  });

  it('TTRE-5.4/5.6 (T03): a locomotive revealed as the replacement cannot be the second card', () => {
    const s = started(rules);
    s.market = ['red', 'blue', 'green', 'white', 'black'];
    s.deck = ['loco', 'yellow', ...filler(20)];
    s.hands[0] = H({});
    const first = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 }).state;
    expect(first.market).toEqual(['loco', 'blue', 'green', 'white', 'black']);
    rejects(() => rules.apply(first, 0, { type: 'draw_face_up', slot: 0 }), 'TTRE-5.6');
    const legal = rules.legalActions(first, 0);
    expect(legal).toEqual([
      { type: 'draw_face_up', slot: 1 },
      { type: 'draw_face_up', slot: 2 },
      { type: 'draw_face_up', slot: 3 },
      { type: 'draw_face_up', slot: 4 },
      { type: 'draw_blind' },
    ]);
    const blind = rules.apply(first, 0, { type: 'draw_blind' }).state;
    expect(blind.hands[0]).toEqual(H({ red: 1, yellow: 1 }));
    expect(blind.current).toBe(1);
  });

  it('TTRE-5.6 (T04): a locomotive already face up is never a legal second card', () => {
    const s = started(rules);
    s.market = ['loco', 'red', 'blue', 'green', 'white'];
    s.deck = ['orange', ...filler(20)];
    const first = rules.apply(s, 0, { type: 'draw_face_up', slot: 1 }).state;
    expect(first.market).toEqual(['loco', 'orange', 'blue', 'green', 'white']);
    rejects(() => rules.apply(first, 0, { type: 'draw_face_up', slot: 0 }), 'TTRE-5.6');
    expect(has(rules.legalActions(first, 0), { type: 'draw_face_up', slot: 0 })).toBe(false);
  });

  it('TTRE-5.4/6.4 (T05): a replacement making three locomotives wipes the market before the second card', () => {
    const s = started(rules);
    s.market = ['loco', 'loco', 'red', 'blue', 'green'];
    s.deck = ['loco', 'pink', 'pink', 'yellow', 'white', 'black', ...filler(20)];
    s.discard = [];
    s.hands[0] = H({});
    const { state, events } = rules.apply(s, 0, { type: 'draw_face_up', slot: 2 });
    expect(state.hands[0]).toEqual(H({ red: 1 }));
    expect(state.market).toEqual(['pink', 'pink', 'yellow', 'white', 'black']);
    expect(countOf(state.discard)).toEqual(countOf(['loco', 'loco', 'loco', 'blue', 'green']));
    expect(eventsOf(events, 'market_wiped')).toHaveLength(1);
    expect(state.pending).toEqual({ kind: 'secondDraw' });
    expect(drawActions(rules.legalActions(state, 0))).toEqual([...[0, 1, 2, 3, 4].map((slot): TtrAction => ({ type: 'draw_face_up', slot })), { type: 'draw_blind' }]);
    const second = rules.apply(state, 0, { type: 'draw_face_up', slot: 0 }).state;
    expect(second.hands[0]).toEqual(H({ red: 1, pink: 1 }));
    expect(second.current).toBe(1);
  });

  it('TTRE-6.4/6.6 (T06): a wipe that deals three locomotives again is wiped again', () => {
    const s = started(rules);
    s.market = ['loco', 'loco', 'red', 'blue', 'green'];
    s.deck = ['loco', 'loco', 'loco', 'loco', 'red', 'red', ...N(5, 'blue'), ...filler(20)];
    s.discard = [];
    const { state, events } = rules.apply(s, 0, { type: 'draw_face_up', slot: 2 });
    const wipes = eventsOf(events, 'market_wiped');
    expect(wipes).toHaveLength(2);
    expect(wipes[0]!.data).toMatchObject({ market: ['loco', 'loco', 'loco', 'red', 'red'] });
    expect(wipes[1]!.data).toMatchObject({ wiped: ['loco', 'loco', 'loco', 'red', 'red'], market: N(5, 'blue') });
    expect(state.market).toEqual(N(5, 'blue'));
    expect(countOf(state.discard)).toEqual(countOf(['loco', 'loco', 'loco', 'blue', 'green', 'loco', 'loco', 'loco', 'red', 'red']));
    expect(state.pending).toEqual({ kind: 'secondDraw' });
    expect(state.current).toBe(0);
  });

  it('TTRE-6.5/5.10 (T07): no wipe when no market with at most two locomotives can be formed', () => {
    const s = started(rules);
    s.deck = [];
    s.discard = [];
    s.market = ['loco', 'loco', 'loco', 'loco', 'red'];
    // Everything else is in hands: 105 cards.
    s.hands[0] = H({ loco: 5, red: 11, pink: 12, white: 12, blue: 12 });
    s.hands[1] = H({ loco: 5, yellow: 12, orange: 12, black: 12, green: 12 });
    expect(handSize(s.hands[0]!) + handSize(s.hands[1]!) + 5).toBe(110);

    // The check itself: nothing to do.
    const piles = { deck: [...s.deck], market: [...s.market], discard: [...s.discard] };
    expect(settleMarket(piles, new Rng(s.rng))).toEqual([]);
    expect(piles.market).toEqual(['loco', 'loco', 'loco', 'loco', 'red']);

    const legal = rules.legalActions(s, 0);
    expect(drawActions(legal)).toEqual([0, 1, 2, 3, 4].map((slot) => ({ type: 'draw_face_up', slot })));

    // Taking a locomotive ends the turn; the market keeps its three locomotives.
    const loco = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 });
    expect(loco.state.market).toEqual([null, 'loco', 'loco', 'loco', 'red']);
    expect(eventsOf(loco.events, 'market_wiped')).toEqual([]);
    expect(loco.state.current).toBe(1);
    expect(loco.state.hands[0]!.loco).toBe(6);

    // Taking RED leaves no legal second card: the turn ends with one card.
    const red = rules.apply(s, 0, { type: 'draw_face_up', slot: 4 });
    expect(red.state.market).toEqual(['loco', 'loco', 'loco', 'loco', null]);
    expect(eventsOf(red.events, 'market_wiped')).toEqual([]);
    expect(red.state.pending).toBeNull();
    expect(red.state.current).toBe(1);
    expect(red.state.hands[0]!.red).toBe(12);
  });

  it('TTRE-6.2/5.3 (T08): a blind draw from an empty deck reshuffles the discard pile', () => {
    const s = started(rules);
    s.deck = [];
    s.discard = ['red', 'red', 'blue', 'green', 'white', 'black', 'orange', 'pink', 'yellow', 'loco', 'loco', 'blue'];
    s.hands[0] = H({});
    const { state, events } = rules.apply(s, 0, { type: 'draw_blind' });
    expect(state.discard).toEqual([]);
    expect(state.deck).toHaveLength(11);
    expect(handSize(state.hands[0]!)).toBe(1);
    expect(countOf([...state.deck, ...(Object.entries(state.hands[0]!).flatMap(([c, n]) => N(n, c as CardType)))])).toEqual(countOf(s.discard));
    expect(eventsOf(events, 'deck_reshuffled')).toHaveLength(1);
    expect(state.pending).toEqual({ kind: 'secondDraw' });
  });

  it('TTRE-5.2/5.10/6.3 (T09): with deck and discard empty, a face-up card is still drawable, alone', () => {
    const s = started(rules);
    s.deck = [];
    s.discard = [];
    s.market = ['red', 'loco', null, null, null];
    s.hands[0] = H({});
    expect(drawActions(rules.legalActions(s, 0))).toEqual([
      { type: 'draw_face_up', slot: 0 },
      { type: 'draw_face_up', slot: 1 },
    ]);
    const red = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 }).state;
    expect(red.hands[0]).toEqual(H({ red: 1 }));
    expect(red.market).toEqual([null, 'loco', null, null, null]);
    expect(red.pending).toBeNull();
    expect(red.current).toBe(1);
    const loco = rules.apply(s, 0, { type: 'draw_face_up', slot: 1 }).state;
    expect(loco.hands[0]).toEqual(H({ loco: 1 }));
    expect(loco.pending).toBeNull();
    expect(loco.current).toBe(1);
    rejects(() => rules.apply(s, 0, { type: 'draw_blind' }), 'TTRE-5.3');
    rejects(() => rules.apply(s, 0, { type: 'draw_face_up', slot: 2 }), 'TTRE-5.1');
  });

  it('TTRE-5.2/A3 (T10): no train cards anywhere: drawing is not offered, the other actions are', () => {
    const s = started(rules);
    s.deck = [];
    s.discard = [];
    s.market = [null, null, null, null, null];
    s.hands[0] = H({ black: 1, loco: 1 });
    const legal = rules.legalActions(s, 0);
    expect(drawActions(legal)).toEqual([]);
    expect(ofType(legal, 'claim_route').length).toBeGreaterThan(0);
    expect(ofType(legal, 'draw_tickets')).toEqual([{ type: 'draw_tickets' }]);
    expect(ofType(legal, 'build_station').length).toBeGreaterThan(0);
    rejects(() => rules.apply(s, 0, { type: 'draw_blind' }), 'TTRE-5.3');
  });

  it('TTRE-6.7/6.2/6.4 (T11): at the end of the turn empty slots are topped up from the reshuffled discards', () => {
    // Fixture route 5: grey, length 3 (the real board's grey length-3 routes are all ferries or tunnels).
    const s = started(fx);
    s.deck = [];
    s.discard = [];
    s.market = ['red', 'blue', 'green', null, null];
    s.hands[0] = H({ black: 3 });
    const { state, events } = fx.apply(s, 0, { type: 'claim_route', route: 5, cards: { black: 3 } });
    expect(state.market).toEqual(['red', 'blue', 'green', 'black', 'black']);
    expect(state.deck).toEqual(['black']);
    expect(state.discard).toEqual([]);
    expect(eventsOf(events, 'claimed_route')).toHaveLength(1);
    expect(state.current).toBe(1);

    // The three-locomotive check runs after the top-up: a wipe when a better market can be formed…
    const w = structuredClone(s);
    w.market = ['loco', 'loco', 'blue', null, null];
    w.deck = ['loco', 'red', 'white', 'white', 'yellow', 'yellow', 'green', ...filler(10)];
    const wipe = fx.apply(w, 0, { type: 'claim_route', route: 5, cards: { black: 3 } });
    expect(eventsOf(wipe.events, 'market_wiped').map((e) => e.data)).toEqual([{ wiped: ['loco', 'loco', 'blue', 'loco', 'red'], market: ['white', 'white', 'yellow', 'yellow', 'green'] }]);
    expect(wipe.state.market).toEqual(['white', 'white', 'yellow', 'yellow', 'green']);
    // …and no wipe when none can be formed (only 2 regular cards among the 6 outside the hands).
    const t = structuredClone(s);
    t.market = ['loco', 'red', 'blue', null, null];
    t.hands[0] = H({ loco: 3 });
    const after = fx.apply(t, 0, { type: 'claim_route', route: 5, cards: { loco: 3 } });
    expect(after.state.market).toEqual(['loco', 'red', 'blue', 'loco', 'loco']);
    expect(eventsOf(after.events, 'market_wiped')).toEqual([]);
  });
});

// ---------- T12–T17: claiming routes, double routes, ferries

describe('Europe: claiming routes (TTRE-7, 8, 9)', () => {
  it('TTRE-7.5/7.8/1.8 (T12): a blue route of length 3 paid with two blue and a locomotive', () => {
    const s = started(rules);
    const route = routeBetween(europeMap, 'Constantinople', 'Sofia');
    expect(route).toMatchObject({ colour: 'blue', length: 3, tunnel: false, ferry: 0 });
    s.hands[0] = H({ blue: 2, loco: 1 });
    s.trains[0] = 20;
    s.discard = [];
    const before = s.routePoints[0]!;
    expect(has(rules.legalActions(s, 0), { type: 'claim_route', route: route.id, cards: { blue: 2, loco: 1 } })).toBe(true);
    const { state } = rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { blue: 2, loco: 1 } });
    expect(countOf(state.discard)).toEqual({ blue: 2, loco: 1 });
    expect(state.trains[0]).toBe(17);
    expect(state.routePoints[0]).toBe(before + 4);
    expect(state.routeOwners[String(route.id)]).toBe(0);
    expect(state.hands[0]).toEqual(H({}));
    expect(state.current).toBe(1);
  });

  it('TTRE-7.7 (T13): a grey route cannot be paid with mixed colours', () => {
    const s = started(rules);
    const route = routeBetween(europeMap, 'Danzig', 'Warszawa');
    expect(route).toMatchObject({ colour: 'gray', length: 2, tunnel: false, ferry: 0 });
    s.hands[0] = H({ red: 1, yellow: 1, loco: 1 });
    rejects(() => rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 1, yellow: 1 } }), 'TTRE-7.7');
    const offered = ofType(rules.legalActions(s, 0), 'claim_route').filter((a) => a.route === route.id);
    expect(offered.map((a) => canonical(a.cards))).toEqual(expect.arrayContaining([{ red: 1, loco: 1 }, { yellow: 1, loco: 1 }]));
    expect(offered).toHaveLength(2);
    expect(rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 1, loco: 1 } }).state.routeOwners[String(route.id)]).toBe(0);
    expect(rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { yellow: 1, loco: 1 } }).state.routeOwners[String(route.id)]).toBe(0);
  });

  it('TTRE-7.3 (T14): a claim needs as many trains as the route is long', () => {
    const s = started(rules);
    const route = routeBetween(europeMap, 'Athina', 'Sarajevo');
    expect(route).toMatchObject({ colour: 'green', length: 4 });
    s.hands[0] = H({ green: 4 });
    s.trains[0] = 3;
    rejects(() => rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { green: 4 } }), 'TTRE-7.3');
    expect(ofType(rules.legalActions(s, 0), 'claim_route').some((a) => a.route === route.id)).toBe(false);
  });

  it('TTRE-8.3 (T15, hyp.): with 3 players the other route of a double route is locked for everyone', () => {
    const s = started(fx, 3);
    s.routeOwners['1'] = 1; // B owns the RED one
    s.hands[0] = H({ white: 2 });
    s.hands[1] = H({ white: 2 });
    rejects(() => fx.apply(s, 0, { type: 'claim_route', route: 2, cards: { white: 2 } }), 'TTRE-8.3');
    expect(ofType(fx.legalActions(s, 0), 'claim_route').some((a) => a.route === 2)).toBe(false);
    const b = structuredClone(s);
    b.current = 1;
    rejects(() => fx.apply(b, 1, { type: 'claim_route', route: 2, cards: { white: 2 } }), 'TTRE-8.3');
    expect(ofType(fx.legalActions(b, 1), 'claim_route').some((a) => a.route === 2)).toBe(false);
  });

  it('TTRE-8.2 (T16, hyp.): with 4 players the owner of one route cannot take the other; anyone else can', () => {
    const s = started(fx, 4);
    s.routeOwners['1'] = 1;
    s.hands[0] = H({ white: 2 });
    s.hands[1] = H({ white: 2 });
    const b = structuredClone(s);
    b.current = 1;
    rejects(() => fx.apply(b, 1, { type: 'claim_route', route: 2, cards: { white: 2 } }), 'TTRE-8.2');
    expect(ofType(fx.legalActions(b, 1), 'claim_route').some((a) => a.route === 2)).toBe(false);
    const before = s.routePoints[0]!;
    const { state } = fx.apply(s, 0, { type: 'claim_route', route: 2, cards: { white: 2 } });
    expect(state.routeOwners['2']).toBe(0);
    expect(state.routePoints[0]).toBe(before + 2);
  });

  it('TTRE-9.2/9.3/1.8 (T17): the Smyrna–Palermo ferry needs at least two locomotives', () => {
    const s = started(rules);
    const route = routeBetween(europeMap, 'Palermo', 'Smyrna');
    expect(route).toMatchObject({ colour: 'gray', length: 6, ferry: 2, tunnel: false });
    s.hands[0] = H({ red: 5, green: 3, loco: 6 });
    const legal = rules.legalActions(s, 0);
    const claim = (cards: Cards): TtrAction => ({ type: 'claim_route', route: route.id, cards });
    expect(has(legal, claim({ red: 4, loco: 2 }))).toBe(true);
    expect(has(legal, claim({ red: 5, loco: 1 }))).toBe(false);
    expect(has(legal, claim({ green: 3, loco: 3 }))).toBe(true);
    expect(has(legal, claim({ loco: 6 }))).toBe(true);
    rejects(() => rules.apply(s, 0, claim({ red: 5, loco: 1 })), 'TTRE-9.2');
    const before = s.routePoints[0]!;
    for (const cards of [{ red: 4, loco: 2 }, { green: 3, loco: 3 }, { loco: 6 }] as Cards[]) {
      const { state } = rules.apply(s, 0, claim(cards));
      expect(state.routePoints[0]).toBe(before + 15);
      expect(state.trains[0]).toBe(s.trains[0]! - 6);
      expect(state.routeOwners[String(route.id)]).toBe(0);
    }
  });
});

// ---------- T18–T23: tunnels

describe('Europe: tunnels (TTRE-10)', () => {
  it('TTRE-10.2–10.11/10.13 (T18, fixture red tunnel): two matching cards revealed, paid with RED + LOCO', () => {
    const s = started(fx);
    s.hands[0] = H({ red: 3, loco: 1 });
    s.deck = ['red', 'loco', 'blue', ...filler(10)];
    s.discard = [];
    const before = { points: s.routePoints[0]!, trains: s.trains[0]! };
    const attempt = fx.apply(s, 0, { type: 'claim_route', route: 3, cards: { red: 2 } });
    expect(attempt.state.pending).toEqual({ kind: 'tunnel', route: 3, committed: { red: 2 }, revealed: ['red', 'loco', 'blue'], extra: 2, match: 'red' });
    expect(attempt.state.hands[0]).toEqual(H({ red: 1, loco: 1 }));
    expect(eventsOf(attempt.events, 'tunnel_revealed')[0]!.data).toMatchObject({ revealed: ['red', 'loco', 'blue'], extra: 2 });
    expect(fx.legalActions(attempt.state, 0)).toEqual([{ type: 'pay_tunnel', cards: { red: 1, loco: 1 } }, { type: 'withdraw_tunnel' }]);
    const paid = fx.apply(attempt.state, 0, { type: 'pay_tunnel', cards: { red: 1, loco: 1 } }).state;
    expect(paid.routeOwners['3']).toBe(0);
    expect(paid.routePoints[0]).toBe(before.points + 2);
    expect(paid.trains[0]).toBe(before.trains - 2);
    expect(paid.hands[0]).toEqual(H({}));
    expect(countOf(paid.discard)).toEqual(countOf(['red', 'red', 'red', 'loco', 'red', 'loco', 'blue']));
    expect(paid.discard).toHaveLength(7);
    expect(paid.current).toBe(1);
  });

  it('TTRE-10.7/10.8 (T19): locomotives only, no locomotive revealed: claimed at once, no withdrawal', () => {
    const s = started(rules);
    const route = routeBetween(europeMap, 'Angora', 'Constantinople');
    expect(route).toMatchObject({ colour: 'gray', length: 2, tunnel: true });
    s.hands[0] = H({ loco: 2 });
    s.deck = ['red', 'red', 'green', ...filler(10)];
    s.discard = [];
    const before = s.routePoints[0]!;
    const { state, events } = rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { loco: 2 } });
    expect(eventsOf(events, 'tunnel_revealed')[0]!.data).toMatchObject({ revealed: ['red', 'red', 'green'], extra: 0 });
    expect(state.pending).toBeNull();
    expect(state.routeOwners[String(route.id)]).toBe(0);
    expect(state.routePoints[0]).toBe(before + 2);
    expect(countOf(state.discard)).toEqual(countOf(['loco', 'loco', 'red', 'red', 'green']));
    expect(state.current).toBe(1);
    expect(eventsOf(events, 'tunnel_withdrawn')).toEqual([]);
  });

  it('TTRE-10.7/10.9/10.10/10.12/A8 (T20): locomotives only, one locomotive revealed, none left: only WITHDRAW', () => {
    const s = started(rules);
    const route = routeBetween(europeMap, 'Erzurum', 'Sochi');
    expect(route).toMatchObject({ colour: 'red', length: 3, tunnel: true });
    s.hands[0] = H({ loco: 3, red: 5 });
    s.deck = ['red', 'loco', 'red', ...filler(10)];
    s.discard = [];
    const trains = s.trains[0]!;
    const attempt = rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { loco: 3 } }).state;
    expect(attempt.pending).toMatchObject({ kind: 'tunnel', extra: 1, match: 'loco' });
    expect(attempt.hands[0]).toEqual(H({ red: 5 }));
    expect(rules.legalActions(attempt, 0)).toEqual([{ type: 'withdraw_tunnel' }]);
    rejects(() => rules.apply(attempt, 0, { type: 'pay_tunnel', cards: { red: 1 } }), 'TTRE-10.9');
    rejects(() => rules.apply(attempt, 0, { type: 'pay_tunnel', cards: { loco: 1 } }), 'TTRE-10.10');
    const { state } = rules.apply(attempt, 0, { type: 'withdraw_tunnel' });
    expect(state.hands[0]).toEqual(H({ loco: 3, red: 5 }));
    expect(countOf(state.discard)).toEqual(countOf(['red', 'loco', 'red']));
    expect(state.routeOwners[String(route.id)]).toBeUndefined();
    expect(state.trains[0]).toBe(trains);
    expect(state.pending).toBeNull();
    expect(state.current).toBe(1);
  });

  it('TTRE-10.9/10.12 (T21, fixture red tunnel): withdrawing is allowed even when paying is possible', () => {
    const s = started(fx);
    // "A holds {RED×4}" after committing two: the hand before is six RED, so the three extra REDs are payable.
    s.hands[0] = H({ red: 6 });
    s.deck = ['red', 'red', 'red', ...filler(10)];
    s.discard = [];
    const before = { points: s.routePoints[0]!, trains: s.trains[0]! };
    const attempt = fx.apply(s, 0, { type: 'claim_route', route: 3, cards: { red: 2 } }).state;
    expect(attempt.pending).toMatchObject({ kind: 'tunnel', extra: 3, match: 'red' });
    expect(has(fx.legalActions(attempt, 0), { type: 'pay_tunnel', cards: { red: 3 } })).toBe(true);
    const { state } = fx.apply(attempt, 0, { type: 'withdraw_tunnel' });
    expect(state.hands[0]).toEqual(H({ red: 6 }));
    expect(state.routeOwners['3']).toBeUndefined();
    expect(state.routePoints[0]).toBe(before.points);
    expect(state.trains[0]).toBe(before.trains);
    expect(state.current).toBe(1);
    expect(countOf(state.discard)).toEqual({ red: 3 });
  });

  it('TTRE-10.4/6.2 (T22): the reveal reshuffles the discard pile when the deck runs out', () => {
    const route = routeBetween(europeMap, 'Venezia', 'Zürich');
    expect(route).toMatchObject({ colour: 'green', length: 2, tunnel: true });
    for (const seed of ['t22-a', 't22-b', 't22-c', 't22-d']) {
      const s = started(rules, 2, seed);
      s.hands[0] = H({ green: 2 });
      s.deck = ['green'];
      s.discard = ['red', 'blue', 'loco', 'black', 'white'];
      const { state, events } = rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { green: 2 } });
      const data = eventsOf(events, 'tunnel_revealed')[0]!.data as { revealed: CardType[]; extra: number };
      expect(data.revealed).toHaveLength(3);
      expect(data.revealed[0]).toBe('green');
      expect(eventsOf(events, 'deck_reshuffled')).toHaveLength(1);
      expect(data.extra).toBe(data.revealed.filter((c) => c === 'green' || c === 'loco').length);
      expect(data.extra).toBeGreaterThanOrEqual(1);
      // The committed cards were not in the reshuffle; the deck holds the 3 discards not revealed.
      expect(state.deck).toHaveLength(3);
      expect(countOf([...state.deck, ...data.revealed.slice(1)])).toEqual(countOf(s.discard));
      expect(state.pending).toMatchObject({ kind: 'tunnel', extra: data.extra });
      const done = rules.apply(state, 0, { type: 'withdraw_tunnel' }).state;
      expect(countOf(done.discard)).toEqual(countOf(data.revealed));
      expect(done.hands[0]).toEqual(H({ green: 2 }));
    }
  });

  it('TTRE-10.6 (T23, fixture tunnel of length 1): nothing to reveal, claimed like a normal route', () => {
    const s = started(fx);
    s.deck = [];
    s.discard = [];
    s.hands[0] = H({ yellow: 1 });
    const before = s.routePoints[0]!;
    const { state, events } = fx.apply(s, 0, { type: 'claim_route', route: 4, cards: { yellow: 1 } });
    expect(eventsOf(events, 'tunnel_revealed')[0]!.data).toMatchObject({ revealed: [], extra: 0 });
    expect(state.pending).toBeNull();
    expect(state.routeOwners['4']).toBe(0);
    expect(state.routePoints[0]).toBe(before + 1);
    expect(state.current).toBe(1);
  });
});

// ---------- T24–T27: stations

describe('Europe: train stations (TTRE-12)', () => {
  it('TTRE-12.4 (T24): the second station costs two cards of one colour, locomotives wild', () => {
    const s = started(rules);
    s.stationsLeft[0] = 2;
    s.stations = [{ city: 'Riga', seat: 0 }];
    s.hands[0] = H({ red: 1, yellow: 1, loco: 1 });
    rejects(() => rules.apply(s, 0, { type: 'build_station', city: 'Wien', cards: { red: 1, yellow: 1 } }), 'TTRE-12.4');
    expect(has(rules.legalActions(s, 0), { type: 'build_station', city: 'Wien', cards: { red: 1, yellow: 1 } })).toBe(false);
    const { state } = rules.apply(s, 0, { type: 'build_station', city: 'Wien', cards: { red: 1, loco: 1 } });
    expect(state.stationsLeft[0]).toBe(1);
    expect(state.stations).toContainEqual({ city: 'Wien', seat: 0 });
    expect(state.hands[0]).toEqual(H({ yellow: 1 }));
  });

  it('TTRE-12.6 (T25): one station per city', () => {
    const s = started(rules);
    s.stations = [{ city: 'Wien', seat: 1 }];
    s.stationsLeft[1] = 2;
    s.hands[0] = H({ red: 1 });
    rejects(() => rules.apply(s, 0, { type: 'build_station', city: 'Wien', cards: { red: 1 } }), 'TTRE-12.6');
    expect(ofType(rules.legalActions(s, 0), 'build_station').some((a) => a.city === 'Wien')).toBe(false);
    // Not even the owner may add a second one there.
    const b = structuredClone(s);
    b.current = 1;
    b.hands[1] = H({ red: 2 });
    rejects(() => rules.apply(b, 1, { type: 'build_station', city: 'Wien', cards: { red: 2 } }), 'TTRE-12.6');
  });

  it('TTRE-12.2 (T26): after three stations no station is offered', () => {
    const s = started(rules);
    s.stationsLeft[0] = 0;
    s.stations = [
      { city: 'Riga', seat: 0 },
      { city: 'Wien', seat: 0 },
      { city: 'Berlin', seat: 0 },
    ];
    s.hands[0] = H({ red: 5, loco: 5 });
    expect(ofType(rules.legalActions(s, 0), 'build_station')).toEqual([]);
    rejects(() => rules.apply(s, 0, { type: 'build_station', city: 'Paris', cards: { red: 4 } }), 'TTRE-12.2');
  });

  it('TTRE-12.4/12.5/12.7 (T27): the first station on a city with no claimed route, paid with a locomotive', () => {
    const s = started(rules);
    s.hands[0] = H({ loco: 1 });
    s.discard = [];
    const points = [...s.routePoints];
    expect(has(rules.legalActions(s, 0), { type: 'build_station', city: 'Riga', cards: { loco: 1 } })).toBe(true);
    const { state } = rules.apply(s, 0, { type: 'build_station', city: 'Riga', cards: { loco: 1 } });
    expect(state.stationsLeft[0]).toBe(2);
    expect(state.stations).toEqual([{ city: 'Riga', seat: 0 }]);
    expect(state.routePoints).toEqual(points);
    expect(state.discard).toEqual(['loco']);
    expect(state.trains[0]).toBe(s.trains[0]);
  });
});

// ---------- T28–T30: destination tickets

describe('Europe: destination tickets (TTRE-3, TTRE-11)', () => {
  it('TTRE-11.1/11.3/11.4 (T28): two tickets left: both drawn, keep at least one, the other to the bottom', () => {
    const s = started(rules);
    const [t1, t2] = s.ticketDecks.short.slice(0, 2) as [number, number];
    s.ticketDecks.short = [t1, t2];
    const held = [...s.tickets[0]!];
    const drawn = rules.apply(s, 0, { type: 'draw_tickets' }).state;
    expect(drawn.pending).toEqual({ kind: 'tickets', drawn: [t1, t2] });
    expect(drawn.ticketDecks.short).toEqual([]);
    rejects(() => rules.apply(drawn, 0, { type: 'keep_tickets', tickets: [] }), 'TTRE-11.3');
    expect(rules.legalActions(drawn, 0)).toEqual([
      { type: 'keep_tickets', tickets: [t1] },
      { type: 'keep_tickets', tickets: [t2] },
      { type: 'keep_tickets', tickets: [t1, t2] },
    ]);
    const { state } = rules.apply(drawn, 0, { type: 'keep_tickets', tickets: [t1] });
    expect(state.ticketDecks.short).toEqual([t2]);
    expect(state.tickets[0]).toEqual([...held, t1]);
    expect(state.current).toBe(1);
  });

  it('TTRE-11.4: returned tickets go under the deck, the kept ones are the player\'s', () => {
    const s = started(rules);
    const deck = [...s.ticketDecks.short];
    const drawn = rules.apply(s, 0, { type: 'draw_tickets' }).state;
    expect(drawn.pending).toEqual({ kind: 'tickets', drawn: deck.slice(0, 3) });
    const { state } = rules.apply(drawn, 0, { type: 'keep_tickets', tickets: [deck[1]!] });
    expect(state.ticketDecks.short.slice(0, deck.length - 3)).toEqual(deck.slice(3));
    expect([...state.ticketDecks.short.slice(-2)].sort()).toEqual([deck[0]!, deck[2]!].sort());
    rejects(() => rules.apply(drawn, 0, { type: 'keep_tickets', tickets: [deck[5]!] }), 'TTRE-11.3');
  });

  it('TTRE-11.2 (T29): an empty ticket deck: drawing tickets is not offered', () => {
    const s = started(rules);
    s.ticketDecks.short = [];
    expect(ofType(rules.legalActions(s, 0), 'draw_tickets')).toEqual([]);
    rejects(() => rules.apply(s, 0, { type: 'draw_tickets' }), 'TTRE-11.2');
  });

  it('TTRE-3.2/3.3/2.8 (T30): the opening keeps at least two; the rest leave the game', () => {
    const s = rules.setup('t30', 4, { firstPlayer: 0 });
    expect(s.phase).toBe('opening');
    expect(s.ticketDecks.short).toHaveLength(28);
    expect(s.ticketDecks.long).toEqual([]);
    const byId = new Map(europeMap.tickets.map((t) => [t.id, t]));
    const [long, r1, r2, r3] = s.opening[0]!.dealt as [number, number, number, number];
    expect([long, r1, r2, r3].map((id) => byId.get(id)!.long)).toEqual([true, false, false, false]);
    expect(rules.toAct(s)).toEqual([0, 1, 2, 3]);
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [long] }), 'TTRE-3.2');
    let t = rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [r1, r2] }).state;
    expect(t.ticketDecks.short).toHaveLength(28);
    expect(rules.toAct(t)).toEqual([1, 2, 3]);
    // A seat that has chosen cannot choose again.
    rejects(() => rules.apply(t, 0, { type: 'keep_initial_tickets', tickets: [r1, r2, r3] }), 'TTRE-3.4');
    for (const seat of [1, 2, 3]) t = rules.apply(t, seat, { type: 'keep_initial_tickets', tickets: t.opening[seat]!.dealt }).state;
    expect(t.phase).toBe('turn');
    expect(t.ticketDecks.short).toHaveLength(28);
    expect(t.tickets[0]).toEqual([r1, r2]);
    expect(t.ticketDecks.short).not.toContain(r3);
    expect(t.ticketDecks.short).not.toContain(long);
    expect(t.tickets.flat()).not.toContain(r3);
    // Long tickets never form a deck (TTRE-2.7).
    expect(t.ticketDecks.long).toEqual([]);
    expect(t.ticketDecks.short.every((id) => !byId.get(id)!.long)).toBe(true);
  });

  it('TTRE-3.4: the opening is simultaneous; turns wait for every seat', () => {
    const s = rules.setup('opening', 3, { firstPlayer: 2 });
    expect(rules.toAct(s)).toEqual([0, 1, 2]);
    for (const seat of [0, 1, 2]) expect(ofType(rules.legalActions(s, seat), 'keep_initial_tickets')).toHaveLength(11);
    rejects(() => rules.apply(s, 2, { type: 'draw_blind' }), 'TTRE-3.4');
    let t = rules.apply(s, 1, { type: 'keep_initial_tickets', tickets: s.opening[1]!.dealt.slice(0, 2) }).state;
    t = rules.apply(t, 2, { type: 'keep_initial_tickets', tickets: s.opening[2]!.dealt.slice(0, 3) }).state;
    expect(t.phase).toBe('opening');
    expect(rules.toAct(t)).toEqual([0]);
    t = rules.apply(t, 0, { type: 'keep_initial_tickets', tickets: s.opening[0]!.dealt.slice(2, 4) }).state;
    expect(t.phase).toBe('turn');
    expect(rules.toAct(t)).toEqual([2]);
    expect(t.tickets.map((x) => x.length)).toEqual([2, 2, 3]);
  });
});

// ---------- T31–T33: end of the game

describe('Europe: end of the game (TTRE-13)', () => {
  const len1 = routeBetween(europeMap, 'Amsterdam', 'Bruxelles');
  const len1b = routeBetween(europeMap, 'Dieppe', 'Paris');


  it('TTRE-13.1/13.2/13.4 (T31): a turn ending with 2 trains triggers one more turn for everyone', () => {
    const s = started(rules, 3);
    expect(len1).toMatchObject({ length: 1, colour: 'black' });
    s.current = 1;
    s.trains[1] = 3;
    s.hands[1] = H({ black: 1 });
    let t = rules.apply(s, 1, { type: 'claim_route', route: len1.id, cards: { black: 1 } }).state;
    expect(t.trains[1]).toBe(2);
    expect(t.finalRound).toEqual({ trigger: 1, turnsLeft: 3 });
    const order: number[] = [];
    while (t.phase === 'turn') {
      order.push(t.current);
      t = drawTwo(rules, t);
    }
    expect(order).toEqual([2, 0, 1]);
    expect(t.phase).toBe('over');
    expect(t.result).not.toBeNull();
    expect(rules.toAct(t)).toEqual([]);
  });

  it('TTRE-13.3 (T32): dropping to 0 trains in the final round does not trigger again', () => {
    const s = started(rules, 3);
    s.current = 1;
    s.trains[1] = 3;
    s.hands[1] = H({ black: 1 });
    let t = rules.apply(s, 1, { type: 'claim_route', route: len1.id, cards: { black: 1 } }).state;
    expect(t.current).toBe(2);
    t.trains[2] = 1;
    t.hands[2] = H({ pink: 1 });
    t = rules.apply(t, 2, { type: 'claim_route', route: len1b.id, cards: { pink: 1 } }).state;
    expect(t.trains[2]).toBe(0);
    expect(t.finalRound).toEqual({ trigger: 1, turnsLeft: 2 });
    const order: number[] = [];
    while (t.phase === 'turn') {
      order.push(t.current);
      t = drawTwo(rules, t);
    }
    expect(order).toEqual([0, 1]);
    expect(t.phase).toBe('over');
  });

  it('TTRE-13.1 (T33): 3 trains, a length-1 claim leaves 2: the final round starts', () => {
    const s = started(rules, 2);
    s.trains[0] = 3;
    s.hands[0] = H({ black: 1 });
    const t = rules.apply(s, 0, { type: 'claim_route', route: len1.id, cards: { black: 1 } }).state;
    expect(t.trains[0]).toBe(2);
    expect(t.finalRound).toEqual({ trigger: 0, turnsLeft: 2 });
    // 3 trains left after a turn does not trigger.
    const u = started(rules, 2);
    u.trains[0] = 4;
    u.hands[0] = H({ black: 1 });
    expect(rules.apply(u, 0, { type: 'claim_route', route: len1.id, cards: { black: 1 } }).state.finalRound).toBeNull();
  });

  it('TTRE-13.5/A19: a withdrawn tunnel uses no trains and does not trigger; a player with 0 trains still acts', () => {
    const s = started(rules, 2);
    const route = routeBetween(europeMap, 'Erzurum', 'Sochi');
    s.trains[0] = 4;
    s.hands[0] = H({ red: 3 });
    s.deck = ['red', 'red', 'red', ...filler(10)];
    const attempt = rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 3 } }).state;
    const t = rules.apply(attempt, 0, { type: 'withdraw_tunnel' }).state;
    expect(t.trains[0]).toBe(4);
    expect(t.finalRound).toBeNull();
    const z = started(rules, 2);
    z.trains[0] = 0;
    z.hands[0] = H({ red: 1 });
    const legal = rules.legalActions(z, 0);
    expect(ofType(legal, 'claim_route')).toEqual([]);
    expect(drawActions(legal).length).toBeGreaterThan(0);
    expect(ofType(legal, 'draw_tickets')).toHaveLength(1);
    expect(ofType(legal, 'build_station').length).toBeGreaterThan(0);
  });
});

// ---------- turn structure: sub-decisions, whose turn, automatic pass, deadlock

describe('Europe: turn structure (TTRE-4)', () => {
  it('TTRE-4.1: only the active player may act', () => {
    const s = started(rules, 3);
    expect(rules.toAct(s)).toEqual([0]);
    expect(rules.legalActions(s, 1)).toEqual([]);
    rejects(() => rules.apply(s, 1, { type: 'draw_blind' }), 'TTRE-4.1');
    rejects(() => rules.apply(s, 7, { type: 'draw_blind' }), 'TTRE-4.1');
  });

  it('TTRE-5.9/4.7: a pending second card, ticket choice or tunnel decision admits only its own options', () => {
    const s = started(rules);
    s.hands[0] = H({ black: 1, red: 2 });
    s.deck = ['blue', ...filler(20)];
    const second = rules.apply(s, 0, { type: 'draw_blind' }).state;
    expect(rules.legalActions(second, 0).every((a) => a.type === 'draw_face_up' || a.type === 'draw_blind')).toBe(true);
    rejects(() => rules.apply(second, 0, { type: 'claim_route', route: routeBetween(europeMap, 'Amsterdam', 'Bruxelles').id, cards: { black: 1 } }), 'TTRE-5.9');
    rejects(() => rules.apply(second, 0, { type: 'draw_tickets' }), 'TTRE-5.9');
    rejects(() => rules.apply(second, 1, { type: 'draw_blind' }), 'TTRE-4.1');

    const tickets = rules.apply(s, 0, { type: 'draw_tickets' }).state;
    expect(rules.legalActions(tickets, 0).every((a) => a.type === 'keep_tickets')).toBe(true);
    rejects(() => rules.apply(tickets, 0, { type: 'draw_blind' }), 'TTRE-4.7');
    rejects(() => rules.apply(tickets, 0, { type: 'withdraw_tunnel' }), 'TTRE-4.7');

    rejects(() => rules.apply(s, 0, { type: 'withdraw_tunnel' }), 'TTRE-4.2');
    rejects(() => rules.apply(s, 0, { type: 'keep_tickets', tickets: [1] }), 'TTRE-4.2');
    rejects(() => rules.apply(s, 0, { type: 'take_passengers', a: null, b: null }), 'TTRE-4.2');
    rejects(() => rules.apply(s, 0, { type: 'draw_tickets', short: 3 }), 'TTRE-11.1');
  });

  it('TTRE-4.4/4.5/A29: a player with no legal action passes automatically; a full round of passes ends the game', () => {
    const s = started(rules, 2);
    s.deck = [];
    s.discard = [];
    s.market = [null, null, null, null, null];
    s.hands = [H({}), H({})];
    const last = s.ticketDecks.short[0]!;
    s.ticketDecks.short = [last];
    const drawn = rules.apply(s, 0, { type: 'draw_tickets' }).state;
    const { state, events } = rules.apply(drawn, 0, { type: 'keep_tickets', tickets: [last] });
    // B cannot do anything, then neither can A: the game ends by the deadlock guard.
    expect(eventsOf(events, 'passed').map((e) => e.data)).toEqual([{ seat: 1 }, { seat: 0 }]);
    expect(state.phase).toBe('over');
    expect(eventsOf(events, 'game_over')[0]!.data).toMatchObject({ reason: 'deadlock' });
    expect(state.result).not.toBeNull();
  });

  it('TTRE-4.4: a pass is not a deadlock while somebody can still act', () => {
    const s = started(rules, 2);
    s.deck = [];
    s.discard = [];
    s.market = [null, null, null, null, null];
    s.hands = [H({ black: 1 }), H({})];
    s.ticketDecks.short = [];
    s.routeOwners = {};
    const len1 = routeBetween(europeMap, 'Amsterdam', 'Bruxelles');
    // A builds a station: the card goes to the discard pile, and the top-up puts it face up for B.
    const built = rules.apply(s, 0, { type: 'build_station', city: 'Riga', cards: { black: 1 } });
    expect(built.state.market.filter((c) => c !== null)).toEqual(['black']);
    expect(built.state.current).toBe(1);
    expect(eventsOf(built.events, 'passed')).toEqual([]);
    // B takes it; A then cannot act and passes, and B (holding black) may claim.
    const b = rules.apply(built.state, 1, { type: 'draw_face_up', slot: built.state.market.indexOf('black') });
    expect(eventsOf(b.events, 'passed').map((e) => e.data)).toEqual([{ seat: 0 }]);
    expect(b.state.phase).toBe('turn');
    expect(b.state.current).toBe(1);
    expect(b.state.passStreak).toBe(1);
    const c = rules.apply(b.state, 1, { type: 'claim_route', route: len1.id, cards: { black: 1 } });
    expect(c.state.passStreak).toBe(0);
  });

  it('TTRE-2.1/2.10: 2 to 5 players; the first player is a setup parameter', () => {
    rejects(() => rules.setup('x', 1, { firstPlayer: 0 }), 'TTRE-2.1');
    rejects(() => rules.setup('x', 6, { firstPlayer: 0 }), 'TTRE-2.1');
    rejects(() => rules.setup('x', 3, { firstPlayer: 4 }), 'TTRE-2.10');
    for (let n = 2; n <= 5; n++) {
      const s = rules.setup(`setup-${n}`, n, { firstPlayer: n - 1 });
      expect(s.current).toBe(n - 1);
      expect(s.trains).toEqual(Array.from({ length: n }, () => 45));
      expect(s.stationsLeft).toEqual(Array.from({ length: n }, () => 3));
      expect(s.hands.map(handSize)).toEqual(Array.from({ length: n }, () => 4));
      expect(s.market.filter((c) => c === 'loco').length).toBeLessThan(3);
      expect(s.ticketDecks.short).toHaveLength(40 - 3 * n);
      expect(s.opening.every((o) => o.dealt.length === 4)).toBe(true);
    }
    const random = rules.setup('random-first', 4, { firstPlayer: 'random' });
    expect(random.current).toBeGreaterThanOrEqual(0);
    expect(random.current).toBeLessThan(4);
  });
});

// ---------- hidden information (TTRE-H)

describe('Europe: what each player sees (TTRE-H)', () => {
  const view = createView(europeMap);

  it('TTRE-H12/H8: during the opening only your own dealt tickets; others only show whether they are ready', () => {
    const s = rules.setup('h12', 3, { firstPlayer: 0 });
    const t = rules.apply(s, 1, { type: 'keep_initial_tickets', tickets: s.opening[1]!.dealt.slice(0, 3) });
    const a = view(t.state, 0);
    expect(a.you!.choosing!.map((x) => x.id)).toEqual(s.opening[0]!.dealt);
    expect(a.players.map((p) => p.tickets)).toEqual([null, null, null]);
    expect(a.players.map((p) => p.ready)).toEqual([false, true, false]);
    expect(eventsOf(t.events, 'kept_opening_tickets')[0]!.redacted).toEqual({ type: 'kept_opening_tickets', data: { seat: 1 } });
    for (const id of s.opening[1]!.dealt) expect(JSON.stringify(a.you)).not.toContain(`"id":${id},`);
  });

  it('TTRE-H2/H7: a blind card and drawn tickets are private; counts are public, ticket types are not', () => {
    const s = started(rules, 2);
    const d = rules.apply(s, 0, { type: 'draw_tickets' });
    expect(d.events[0]).toMatchObject({ visibleTo: [0], redacted: { type: 'drew_tickets', data: { seat: 0, count: 3 } } });
    const drawn = (d.state.pending as { drawn: number[] }).drawn;
    const k = rules.apply(d.state, 0, { type: 'keep_tickets', tickets: drawn.slice(0, 2) });
    expect(eventsOf(k.events, 'kept_tickets')[0]!.redacted).toEqual({ type: 'kept_tickets', data: { seat: 0, kept: 2, returned: 1 } });
    const b = view(k.state, 1);
    expect(b.players[0]!.tickets).toBe(4);
    expect(b.players[0]).not.toHaveProperty('ticketTypes');
    expect(b.you!.tickets.map((t) => t.id)).toEqual(k.state.tickets[1]);
    const blind = rules.apply(k.state, 1, { type: 'draw_blind' });
    expect(eventsOf(blind.events, 'drew_blind')[0]!.redacted).toEqual({ type: 'drew_blind', data: { seat: 1 } });
  });

  it('TTRE-H5: a tunnel attempt is public', () => {
    const s = started(fx);
    s.hands[0] = H({ red: 2 });
    s.deck = ['red', 'blue', 'blue', ...filler(5)];
    const { state, events } = fx.apply(s, 0, { type: 'claim_route', route: 3, cards: { red: 2 } });
    expect(eventsOf(events, 'tunnel_revealed')[0]!.visibleTo).toBeUndefined();
    expect(createView(fixture)(state, 1).pending).toEqual({ kind: 'tunnel', route: 3, committed: { red: 2 }, revealed: ['red', 'blue', 'blue'], extra: 1, match: 'red' });
  });
});
