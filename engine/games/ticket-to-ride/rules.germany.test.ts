/**
 * Ticket to Ride: Germany — the play scenarios of shared/rules/ticket-to-ride-germany.md
 * (section 18: T01–T23, T35, T36, T41) and the rules around them: the announced opening mix,
 * in-game ticket draws with a declared mix, passengers after a claim, double and triple routes,
 * no stations/tunnels/ferries, the last round and the deadlock pass. Scoring scenarios live in
 * scoring.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TtrActionSchema, type TtrAction } from './actions.js';
import { handSize } from './cards.js';
import type { Route, Ticket, TtrMap } from './map.js';
import { germanyMap } from './maps.js';
import { createRules, type TtrRules } from './rules.js';
import type { TtrState } from './state.js';
import { createView } from './view.js';
import { countOf, drawActions, drawTwo, eventsOf, filler, fixtureRoute, H, has, ofType, rejects, routeBetween } from './rules.testkit.js';

// ---------- helpers



/** Setup with seat 0 first; every seat announces 2 SHORT + 2 LONG and keeps the first two. */
function started(rules: TtrRules, players = 2, seed = 'germany-scenarios'): TtrState {
  let s = rules.setup(seed, players, { firstPlayer: 0 });
  for (let seat = 0; seat < players; seat++) {
    s = rules.apply(s, seat, { type: 'choose_initial_tickets', short: 2 }).state;
    s = rules.apply(s, seat, { type: 'keep_initial_tickets', tickets: s.opening[seat]!.dealt.slice(0, 2) }).state;
  }
  expect(s.phase).toBe('turn');
  expect(s.current).toBe(0);
  return structuredClone(s);
}

/** Passenger counts without zero entries. */
const nonZero = (r: Record<string, number> | undefined) => Object.fromEntries(Object.entries(r ?? {}).filter(([, n]) => n > 0));

// ---------- a fixture map for the (hyp.) scenarios

const FIX_CITIES = ['C1', 'C2', 'P', 'Q', 'R', 'S', 'U', 'V', 'W'];
const FIX_COUNTRIES = ['X', 'Y'];
function germanyFixture(routes: Route[]): TtrMap {
  const places = [...FIX_CITIES, ...FIX_COUNTRIES];
  const tickets: Ticket[] = Array.from({ length: 60 }, (_, i) => ({
    id: 1000 + i,
    a: places[i % places.length]!,
    b: places[(i + 1 + (i % 4)) % places.length]!,
    points: i < 30 ? 3 + (i % 9) : 12 + (i % 11),
    long: i >= 30,
  }));
  return {
    id: 'germany',
    title: 'Germany fixture',
    cities: FIX_CITIES,
    countries: FIX_COUNTRIES,
    routes,
    tickets,
    routeScoring: { 1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18 },
    trainsPerPlayer: 45,
    stationsPerPlayer: 0,
    unusedStationPoints: 0,
    longestPathBonus: 0,
    globetrotterBonus: 15,
    passengers: {
      colours: { red: 10, black: 10, green: 10, yellow: 10, blue: 10, white: 10 },
      placement: Object.fromEntries(places.map((p) => [p, 1])),
      majorityFirst: 20,
      majoritySecond: 10,
    },
    cardsPerColour: 12,
    locomotives: 14,
  };
}

const fixture = germanyFixture([
  fixtureRoute(1, 'C1', 'X', 2, 'white', { toCountry: true }),
  fixtureRoute(2, 'C2', 'X', 2, 'gray', { toCountry: true }),
  // T22: a triple group P–Q; T23: a double group R–S.
  fixtureRoute(3, 'P', 'Q', 1, 'gray', { group: 200 }),
  fixtureRoute(4, 'P', 'Q', 1, 'gray', { group: 200 }),
  fixtureRoute(5, 'P', 'Q', 1, 'gray', { group: 200 }),
  fixtureRoute(6, 'R', 'S', 2, 'gray', { group: 201 }),
  fixtureRoute(7, 'R', 'S', 2, 'gray', { group: 201 }),
  // T14: blue, length 3; T16/T17: lengths 5, 6 and 7.
  fixtureRoute(8, 'U', 'V', 3, 'blue'),
  fixtureRoute(9, 'U', 'W', 5, 'gray'),
  fixtureRoute(10, 'V', 'W', 6, 'gray'),
  fixtureRoute(11, 'W', 'C1', 7, 'gray'),
]);

const rules = createRules(germanyMap);
const fx = createRules(fixture);

/** Ends a claim's turn: no passengers taken. */
function skipPassengers(r: TtrRules, s: TtrState): TtrState {
  return s.pending?.kind === 'passengers' ? r.apply(s, s.current, { type: 'take_passengers', a: null, b: null }).state : s;
}

// ---------- opening: announced mix, keep at least two, returned tickets set aside (TTRG-3)

describe('Germany: opening tickets (TTRG-3)', () => {
  it('TTRG-3.1–3.5 (T01): announced mix, keep at least two, returns set aside until everyone chose, then reshuffled', () => {
    const s0 = rules.setup('g-t01', 3, { firstPlayer: 0 });
    expect(s0.phase).toBe('opening');
    expect(s0.ticketDecks.short).toHaveLength(55);
    expect(s0.ticketDecks.long).toHaveLength(34);
    expect(s0.opening.every((o) => o.short === null && o.dealt.length === 0)).toBe(true);
    expect(rules.legalActions(s0, 0)).toEqual([0, 1, 2, 3, 4].map((short) => ({ type: 'choose_initial_tickets', short })));
    const byId = new Map(germanyMap.tickets.map((t) => [t.id, t]));

    // A: 1 SHORT + 3 LONG, from the top of each deck at the moment of the announcement.
    const a = rules.apply(s0, 0, { type: 'choose_initial_tickets', short: 1 });
    const dealtA = a.state.opening[0]!.dealt;
    expect(dealtA).toEqual([s0.ticketDecks.short[0], ...s0.ticketDecks.long.slice(0, 3)]);
    expect(dealtA.map((id) => byId.get(id)!.long)).toEqual([false, true, true, true]);
    // The mix is public, the tickets are not.
    const drew = eventsOf(a.events, 'drew_opening_tickets')[0]!;
    expect(drew.visibleTo).toEqual([0]);
    expect(drew.redacted).toEqual({ type: 'drew_opening_tickets', data: { seat: 0, short: 1, long: 3 } });
    expect(rules.legalActions(a.state, 0)).toHaveLength(11);
    expect(rules.toAct(a.state)).toEqual([0, 1, 2]);

    const keptA = [dealtA[0]!, dealtA[1]!];
    const returnedA = [dealtA[2]!, dealtA[3]!];
    let s = rules.apply(a.state, 0, { type: 'keep_initial_tickets', tickets: keptA }).state;
    expect(s.setAside).toEqual({ short: [], long: returnedA });
    expect(s.ticketDecks.short).toHaveLength(54);
    expect(s.ticketDecks.long).toHaveLength(31);
    expect(s.ticketDecks.long).not.toContain(returnedA[0]);
    expect(s.phase).toBe('opening');
    // The public deck counts include the tickets held aside; nobody else sees which they are.
    const viewB = createView(germanyMap)(s, 1);
    expect(viewB.ticketDecks).toEqual({ short: 54, long: 33 });
    for (const id of dealtA) expect(viewB.you!.tickets.concat(viewB.you!.choosing ?? []).some((t) => t.id === id)).toBe(false);
    expect(viewB.players[0]!.tickets).toBeNull();

    // B draws 4 LONG after A handed two back: B gets the next ones, never A's returns.
    const longTop = s.ticketDecks.long.slice(0, 4);
    s = rules.apply(s, 1, { type: 'choose_initial_tickets', short: 0 }).state;
    expect(s.opening[1]!.dealt).toEqual(longTop);
    expect(s.opening[1]!.dealt.some((id) => returnedA.includes(id))).toBe(false);
    s = rules.apply(s, 1, { type: 'keep_initial_tickets', tickets: s.opening[1]!.dealt.slice(0, 3) }).state;
    s = rules.apply(s, 2, { type: 'choose_initial_tickets', short: 4 }).state;
    const beforeLast = structuredClone(s);
    s = rules.apply(s, 2, { type: 'keep_initial_tickets', tickets: s.opening[2]!.dealt }).state;

    expect(s.phase).toBe('turn');
    expect(s.setAside).toEqual({ short: [], long: [] });
    const keptShort = 1 + 0 + 4;
    const keptLong = 1 + 3 + 0;
    expect(s.ticketDecks.short).toHaveLength(55 - keptShort);
    expect(s.ticketDecks.long).toHaveLength(34 - keptLong);
    for (const id of returnedA) expect(s.ticketDecks.long).toContain(id);
    // Reshuffled, not merely appended (this seed).
    const appended = [...beforeLast.ticketDecks.long, ...beforeLast.setAside.long];
    expect([...s.ticketDecks.long].sort()).toEqual([...appended].sort());
    expect(s.ticketDecks.long).not.toEqual(appended);
    expect(s.tickets).toEqual([keptA, beforeLast.opening[1]!.dealt.slice(0, 3), beforeLast.opening[2]!.dealt]);
  });

  it('TTRG-3.3 (T02): keeping only one opening ticket is rejected', () => {
    const s = rules.apply(rules.setup('g-t02', 2, { firstPlayer: 0 }), 0, { type: 'choose_initial_tickets', short: 2 }).state;
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [s.opening[0]!.dealt[0]!] }), 'TTRG-3.3');
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [] }), 'TTRG-3.3');
    // Only dealt tickets, each once.
    const [t1] = s.opening[0]!.dealt as [number];
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [t1, t1] }), 'TTRG-3.3');
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [t1, s.ticketDecks.short[0]!] }), 'TTRG-3.3');
  });

  it('TTRG-3.1/3.2 (T03): the mix always totals 4: only 0–4 SHORT (rest LONG) is offered, nothing else is accepted', () => {
    // The action names the SHORT count; LONG is 4 minus it, so "3 SHORT + 2 LONG" is a short
    // count of 3 with 1 LONG — a mix of 5 cannot be expressed, and out-of-range counts are rejected.
    const s = rules.setup('g-t03', 2, { firstPlayer: 0 });
    expect(ofType(rules.legalActions(s, 0), 'choose_initial_tickets').map((a) => a.short)).toEqual([0, 1, 2, 3, 4]);
    for (const short of [5, -1, 1.5]) rejects(() => rules.apply(s, 0, { type: 'choose_initial_tickets', short }), 'TTRG-3.1');
    expect(TtrActionSchema.safeParse({ type: 'choose_initial_tickets', short: 5 }).success).toBe(false);
    // Announce before keeping, and only once.
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [] }), 'TTRG-3.2');
    const t = rules.apply(s, 0, { type: 'choose_initial_tickets', short: 3 }).state;
    expect(t.opening[0]!.dealt).toHaveLength(4);
    rejects(() => rules.apply(t, 0, { type: 'choose_initial_tickets', short: 2 }), 'TTRG-3.2');
    // Nothing but the opening is possible before turn 1.
    rejects(() => rules.apply(t, 1, { type: 'draw_blind' }), 'TTRG-3.5');
  });

  it('TTRG-3.5: each player announces, draws and keeps independently; turn 1 waits for everyone', () => {
    let s = rules.setup('g-indep', 3, { firstPlayer: 1 });
    s = rules.apply(s, 2, { type: 'choose_initial_tickets', short: 4 }).state;
    s = rules.apply(s, 0, { type: 'choose_initial_tickets', short: 0 }).state;
    s = rules.apply(s, 2, { type: 'keep_initial_tickets', tickets: s.opening[2]!.dealt.slice(1) }).state;
    expect(rules.toAct(s)).toEqual([0, 1]);
    s = rules.apply(s, 1, { type: 'choose_initial_tickets', short: 2 }).state;
    s = rules.apply(s, 1, { type: 'keep_initial_tickets', tickets: s.opening[1]!.dealt.slice(0, 2) }).state;
    s = rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: s.opening[0]!.dealt.slice(0, 2) }).state;
    expect(s.phase).toBe('turn');
    expect(rules.toAct(s)).toEqual([1]);
    expect(s.tickets.map((t) => t.length)).toEqual([2, 2, 3]);
    expect(s.ticketDecks.short.length + s.ticketDecks.long.length + 7).toBe(89);
  });
});

// ---------- in-game ticket draws (TTRG-10)

describe('Germany: drawing destination tickets (TTRG-10)', () => {
  it('TTRG-10.1/10.2/10.4/10.5 (T04): the mix must fit the decks; returns go under their own deck', () => {
    const s = started(rules);
    s.ticketDecks.short = s.ticketDecks.short.slice(0, 30);
    s.ticketDecks.long = s.ticketDecks.long.slice(0, 2);
    const [s1, s2] = s.ticketDecks.short as [number, number];
    const [l1, l2] = s.ticketDecks.long as [number, number];
    expect(ofType(rules.legalActions(s, 0), 'draw_tickets').map((a) => a.short)).toEqual([2, 3, 4]);
    rejects(() => rules.apply(s, 0, { type: 'draw_tickets', short: 0 }), 'TTRG-10.2');
    rejects(() => rules.apply(s, 0, { type: 'draw_tickets', short: 1 }), 'TTRG-10.2');
    rejects(() => rules.apply(s, 0, { type: 'draw_tickets' }), 'TTRG-10.2');
    const d = rules.apply(s, 0, { type: 'draw_tickets', short: 2 });
    expect(d.state.pending).toEqual({ kind: 'tickets', drawn: [s1, s2, l1, l2] });
    expect(d.events[0]).toMatchObject({ visibleTo: [0], redacted: { type: 'drew_tickets', data: { seat: 0, count: 4, short: 2, long: 2 } } });
    expect(ofType(rules.legalActions(d.state, 0), 'keep_tickets')).toHaveLength(15);
    const k = rules.apply(d.state, 0, { type: 'keep_tickets', tickets: [s1] });
    expect(k.state.ticketDecks.short).toHaveLength(29);
    expect(k.state.ticketDecks.long).toHaveLength(2);
    expect(k.state.ticketDecks.short.at(-1)).toBe(s2);
    expect([...k.state.ticketDecks.long].sort()).toEqual([l1, l2].sort());
    expect(k.state.tickets[0]).toContain(s1);
    expect(k.state.current).toBe(1);
  });

  it('TTRG-10.2/10.4 (T05): fewer than 4 left: all of them, in the only mix that fits; keep at least one', () => {
    const s = started(rules);
    s.ticketDecks.short = s.ticketDecks.short.slice(0, 1);
    s.ticketDecks.long = s.ticketDecks.long.slice(0, 2);
    expect(ofType(rules.legalActions(s, 0), 'draw_tickets')).toEqual([{ type: 'draw_tickets', short: 1 }]);
    const d = rules.apply(s, 0, { type: 'draw_tickets', short: 1 }).state;
    expect(d.pending).toMatchObject({ kind: 'tickets' });
    expect((d.pending as { drawn: number[] }).drawn).toHaveLength(3);
    rejects(() => rules.apply(d, 0, { type: 'keep_tickets', tickets: [] }), 'TTRG-10.4');
    expect(ofType(rules.legalActions(d, 0), 'keep_tickets')).toHaveLength(7);
  });

  it('TTRG-10.3 (T06): both ticket decks empty: drawing tickets is not offered', () => {
    const s = started(rules);
    s.ticketDecks = { short: [], long: [] };
    expect(ofType(rules.legalActions(s, 0), 'draw_tickets')).toEqual([]);
    rejects(() => rules.apply(s, 0, { type: 'draw_tickets', short: 0 }), 'TTRG-10.3');
  });

  it('TTRG-10.2: one deck empty: the whole draw comes from the other', () => {
    const s = started(rules);
    s.ticketDecks.long = [];
    expect(ofType(rules.legalActions(s, 0), 'draw_tickets')).toEqual([{ type: 'draw_tickets', short: 4 }]);
    s.ticketDecks.short = [];
    s.ticketDecks.long = [7, 8, 9, 10, 11].map((i) => germanyMap.tickets.filter((t) => t.long)[i]!.id);
    expect(ofType(rules.legalActions(s, 0), 'draw_tickets')).toEqual([{ type: 'draw_tickets', short: 0 }]);
  });
});

// ---------- drawing train cards (TTRG-5, TTRG-6)

describe('Germany: drawing train cards (TTRG-5, TTRG-6)', () => {
  it('TTRG-5.4/5.3 (T07): a face-up locomotive first: refilled, turn over with one card', () => {
    const s = started(rules);
    s.market = ['loco', 'red', 'blue', 'green', 'white'];
    s.deck = ['black', ...filler(20)];
    s.hands[0] = H({});
    const { state } = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 });
    expect(state.hands[0]).toEqual(H({ loco: 1 }));
    expect(state.market).toEqual(['black', 'red', 'blue', 'green', 'white']);
    expect(state.pending).toBeNull();
    expect(state.current).toBe(1);
  });

  it('TTRG-5.5/H2 (T08): a blind locomotive then a face-up RED; others see a blind card and RED', () => {
    const s = started(rules);
    s.market = ['red', 'blue', 'green', 'white', 'black'];
    s.deck = ['loco', ...filler(20)];
    s.hands[0] = H({});
    const first = rules.apply(s, 0, { type: 'draw_blind' });
    const blind = eventsOf(first.events, 'drew_blind')[0]!;
    expect(blind).toMatchObject({ data: { seat: 0, card: 'loco' }, visibleTo: [0], redacted: { type: 'drew_blind', data: { seat: 0 } } });
    expect(JSON.stringify(blind.redacted)).not.toContain('loco');
    const viewB = createView(germanyMap)(first.state, 1);
    expect(viewB.players[0]!.cards).toBe(1);
    expect(viewB.you!.seat).toBe(1);
    expect(viewB.players[0]).not.toHaveProperty('hand');
    expect(viewB.revealed).toBeUndefined();
    const second = rules.apply(first.state, 0, { type: 'draw_face_up', slot: 0 });
    expect(eventsOf(second.events, 'drew_face_up')[0]).toMatchObject({ data: { seat: 0, card: 'red' } });
    expect(eventsOf(second.events, 'drew_face_up')[0]!.visibleTo).toBeUndefined();
    expect(second.state.hands[0]).toEqual(H({ loco: 1, red: 1 }));
    expect(second.state.current).toBe(1);
  });

  it('TTRG-5.6 (T09): the replacement locomotive cannot be the second card', () => {
    const s = started(rules);
    s.market = ['red', 'blue', 'green', 'white', 'black'];
    s.deck = ['loco', ...filler(20)];
    const first = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 }).state;
    rejects(() => rules.apply(first, 0, { type: 'draw_face_up', slot: 0 }), 'TTRG-5.6');
    expect(drawActions(rules.legalActions(first, 0))).toEqual([
      { type: 'draw_face_up', slot: 1 },
      { type: 'draw_face_up', slot: 2 },
      { type: 'draw_face_up', slot: 3 },
      { type: 'draw_face_up', slot: 4 },
      { type: 'draw_blind' },
    ]);
  });

  it('TTRG-5.6/A9 (T10): a locomotive already face up cannot be the second card', () => {
    const s = started(rules);
    s.market = ['loco', 'red', 'blue', 'green', 'white'];
    s.deck = filler(20);
    const first = rules.apply(s, 0, { type: 'draw_face_up', slot: 1 }).state;
    rejects(() => rules.apply(first, 0, { type: 'draw_face_up', slot: 0 }), 'TTRG-5.6');
  });

  it('TTRG-6.4 (T11): a replacement making three locomotives wipes the market', () => {
    const s = started(rules);
    s.market = ['loco', 'loco', 'red', 'blue', 'green'];
    s.deck = ['loco', 'pink', 'yellow', 'white', 'black', 'orange', ...filler(20)];
    s.discard = [];
    const { state, events } = rules.apply(s, 0, { type: 'draw_face_up', slot: 2 });
    expect(eventsOf(events, 'market_wiped')).toHaveLength(1);
    expect(state.market).toEqual(['pink', 'yellow', 'white', 'black', 'orange']);
    expect(countOf(state.discard)).toEqual(countOf(['loco', 'loco', 'loco', 'blue', 'green']));
    expect(state.pending).toEqual({ kind: 'secondDraw' });
    expect(rules.apply(state, 0, { type: 'draw_face_up', slot: 3 }).state.hands[0]!.black).toBe(s.hands[0]!.black + 1);
  });

  it('TTRG-5.2/6.3 (T12): deck and discard empty: two face-up cards, the market is then empty', () => {
    const s = started(rules);
    s.deck = [];
    s.discard = [];
    s.market = ['yellow', 'black', null, null, null];
    s.hands[0] = H({});
    const first = rules.apply(s, 0, { type: 'draw_face_up', slot: 0 }).state;
    expect(first.pending).toEqual({ kind: 'secondDraw' });
    expect(rules.legalActions(first, 0)).toEqual([{ type: 'draw_face_up', slot: 1 }]);
    const second = rules.apply(first, 0, { type: 'draw_face_up', slot: 1 }).state;
    expect(second.hands[0]).toEqual(H({ yellow: 1, black: 1 }));
    expect(second.market).toEqual([null, null, null, null, null]);
    expect(second.current).toBe(1);
  });

  it('TTRG-5.2/A11 (T13): deck, discard and market empty: drawing is not offered', () => {
    const s = started(rules);
    s.deck = [];
    s.discard = [];
    s.market = [null, null, null, null, null];
    s.hands[0] = H({ red: 2 });
    const legal = rules.legalActions(s, 0);
    expect(drawActions(legal)).toEqual([]);
    expect(ofType(legal, 'claim_route').length).toBeGreaterThan(0);
    expect(ofType(legal, 'draw_tickets').length).toBeGreaterThan(0);
    rejects(() => rules.apply(s, 0, { type: 'draw_blind' }), 'TTRG-5.2');
  });

  it('TTRG-5.7: the second card is mandatory while one can be taken', () => {
    const s = started(rules);
    s.deck = filler(20);
    s.hands[0] = H({ red: 2 });
    const first = rules.apply(s, 0, { type: 'draw_blind' }).state;
    rejects(() => rules.apply(first, 0, { type: 'draw_tickets', short: 2 }), 'TTRG-5.7');
    rejects(() => rules.apply(first, 1, { type: 'draw_blind' }), 'TTRG-4.1');
  });
});

// ---------- claiming routes, double and triple routes (TTRG-7, TTRG-8)

describe('Germany: claiming routes (TTRG-7, TTRG-8)', () => {
  it('TTRG-7.3/7.5/1.7 (T14, hyp.): a blue length-3 route with two blue and a locomotive', () => {
    const s = started(fx);
    s.hands[0] = H({ blue: 2, loco: 1 });
    s.trains[0] = 10;
    s.discard = [];
    const { state } = fx.apply(s, 0, { type: 'claim_route', route: 8, cards: { blue: 2, loco: 1 } });
    expect(state.routePoints[0]).toBe(4);
    expect(state.trains[0]).toBe(7);
    expect(countOf(state.discard)).toEqual({ blue: 2, loco: 1 });
    expect(state.routeOwners['8']).toBe(0);
  });

  it('TTRG-7.3 (T15): a grey route cannot be paid with mixed colours', () => {
    const s = started(rules);
    const route = germanyMap.routes.find((r) => r.colour === 'gray' && r.length === 2)!;
    s.hands[0] = H({ red: 1, yellow: 1 });
    rejects(() => rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 1, yellow: 1 } }), 'TTRG-7.3');
    expect(ofType(rules.legalActions(s, 0), 'claim_route').some((a) => a.route === route.id)).toBe(false);
    // A coloured route takes its own colour only.
    const red = germanyMap.routes.find((r) => r.colour === 'red' && r.length === 2)!;
    s.hands[0] = H({ blue: 2 });
    rejects(() => rules.apply(s, 0, { type: 'claim_route', route: red.id, cards: { blue: 2 } }), 'TTRG-7.3');
    // Exactly L cards.
    s.hands[0] = H({ red: 3 });
    rejects(() => rules.apply(s, 0, { type: 'claim_route', route: red.id, cards: { red: 3 } }), 'TTRG-7.3');
    s.hands[0] = H({ red: 1 });
    rejects(() => rules.apply(s, 0, { type: 'claim_route', route: red.id, cards: { red: 2 } }), 'TTRG-7.3');
  });

  it('TTRG-1.7 (T16, hyp.): routes of length 5, 6 and 7 score 10, 15 and 18', () => {
    const s = started(fx);
    s.hands[0] = H({ green: 7 });
    for (const [route, points] of [
      [9, 10],
      [10, 15],
      [11, 18],
    ] as const) {
      const length = fx.route(route)!.length;
      const { state } = fx.apply(s, 0, { type: 'claim_route', route, cards: { green: length } });
      expect(state.routePoints[0]).toBe(points);
      expect(state.trains[0]).toBe(45 - length);
    }
  });

  it('TTRG-7.2 (T17): not enough trains', () => {
    const s = started(fx);
    s.hands[0] = H({ green: 5 });
    s.trains[0] = 4;
    rejects(() => fx.apply(s, 0, { type: 'claim_route', route: 9, cards: { green: 5 } }), 'TTRG-7.2');
    expect(ofType(fx.legalActions(s, 0), 'claim_route').some((a) => a.route === 9)).toBe(false);
  });

  it('TTRG-8.2/8.3 (T22, hyp.): 4 players, a triple route: one each, never two for the same player', () => {
    let s = started(fx, 4);
    s.routeOwners['3'] = 0;
    for (let p = 0; p < 4; p++) s.hands[p] = H({ red: 1 });
    rejects(() => fx.apply(s, 0, { type: 'claim_route', route: 4, cards: { red: 1 } }), 'TTRG-8.2');
    expect(ofType(fx.legalActions(s, 0), 'claim_route').some((a) => a.route === 4 || a.route === 5)).toBe(false);
    s.current = 1;
    s = skipPassengers(fx, fx.apply(s, 1, { type: 'claim_route', route: 4, cards: { red: 1 } }).state);
    expect(s.current).toBe(2);
    rejects(() => fx.apply(s, 2, { type: 'claim_route', route: 3, cards: { red: 1 } }), 'TTRG-7.1');
    s = skipPassengers(fx, fx.apply(s, 2, { type: 'claim_route', route: 5, cards: { red: 1 } }).state);
    expect([s.routeOwners['3'], s.routeOwners['4'], s.routeOwners['5']]).toEqual([0, 1, 2]);
  });

  it('TTRG-8.4 (T23, hyp.): 3 players, a double route: once one is claimed the other is locked', () => {
    const s = started(fx, 3);
    s.routeOwners['6'] = 1;
    s.hands[0] = H({ red: 2 });
    rejects(() => fx.apply(s, 0, { type: 'claim_route', route: 7, cards: { red: 2 } }), 'TTRG-8.4');
    expect(ofType(fx.legalActions(s, 0), 'claim_route').some((a) => a.route === 7)).toBe(false);
  });

  it('TTRG-8.4: 2 players, the Dortmund–Düsseldorf triple route: one route in total', () => {
    const triple = germanyMap.routes.filter((r) => [r.a, r.b].sort().join('|') === ['Dortmund', 'Düsseldorf'].sort().join('|'));
    expect(triple).toHaveLength(3);
    expect(new Set(triple.map((r) => r.group)).size).toBe(1);
    let s = started(rules, 2);
    s.hands[0] = H({ red: 1 });
    s.hands[1] = H({ red: 2 });
    s = skipPassengers(rules, rules.apply(s, 0, { type: 'claim_route', route: triple[0]!.id, cards: { red: 1 } }).state);
    for (const r of triple.slice(1)) {
      rejects(() => rules.apply(s, 1, { type: 'claim_route', route: r.id, cards: { red: 1 } }), 'TTRG-8.4');
      expect(ofType(rules.legalActions(s, 1), 'claim_route').some((a) => a.route === r.id)).toBe(false);
    }
    // With 5 players three different players may share it.
    let f = started(rules, 5);
    for (let p = 0; p < 5; p++) f.hands[p] = H({ red: 1 });
    for (const [p, r] of triple.entries()) {
      f.current = p;
      f = skipPassengers(rules, rules.apply(f, p, { type: 'claim_route', route: r.id, cards: { red: 1 } }).state);
    }
    expect(triple.map((r) => f.routeOwners[String(r.id)])).toEqual([0, 1, 2]);
  });

  it('TTRG-1.9: no stations, tunnels or ferries: never offered, rejected', () => {
    expect(germanyMap.routes.every((r) => !r.tunnel && r.ferry === 0)).toBe(true);
    expect(germanyMap.stationsPerPlayer).toBe(0);
    const s = started(rules);
    s.hands[0] = H({ red: 3, loco: 3 });
    const legal = rules.legalActions(s, 0);
    expect(legal.some((a) => a.type === 'build_station' || a.type === 'pay_tunnel' || a.type === 'withdraw_tunnel')).toBe(false);
    rejects(() => rules.apply(s, 0, { type: 'build_station', city: 'Berlin', cards: { red: 1 } }), 'TTRG-1.9');
    rejects(() => rules.apply(s, 0, { type: 'withdraw_tunnel' }), 'TTRG-4.2');
    rejects(() => rules.apply(s, 0, { type: 'pay_tunnel', cards: { red: 1 } }), 'TTRG-4.2');
    expect(s.stationsLeft).toEqual([0, 0]);
  });
});

// ---------- passengers (TTRG-9)

describe('Germany: passengers (TTRG-9)', () => {
  const berlinMagdeburg = routeBetween(germanyMap, 'Berlin', 'Magdeburg');
  const leipzigMagdeburg = routeBetween(germanyMap, 'Leipzig', 'Magdeburg');
  const end = (route: Route, place: string) => (route.a === place ? 'a' : 'b');

  function board(): TtrState {
    const s = started(rules, 3);
    s.passengersAt['Berlin'] = { red: 2, blue: 2, white: 1 };
    s.passengersAt['Magdeburg'] = { green: 1 };
    s.passengersAt['Leipzig'] = { yellow: 1, black: 2 };
    s.hands[0] = H({ red: 3 });
    s.hands[1] = H({ yellow: 2 });
    return s;
  }

  it('TTRG-9.1/9.2 (T18): after the claim, one passenger of a chosen colour from each end', () => {
    const s = board();
    expect(berlinMagdeburg).toMatchObject({ length: 3, colour: 'red' });
    const claimed = rules.apply(s, 0, { type: 'claim_route', route: berlinMagdeburg.id, cards: { red: 3 } }).state;
    expect(claimed.pending).toEqual({ kind: 'passengers', route: berlinMagdeburg.id });
    expect(claimed.current).toBe(0);
    expect(rules.toAct(claimed)).toEqual([0]);
    const legal = ofType(rules.legalActions(claimed, 0), 'take_passengers');
    expect(legal).toHaveLength(4 * 2);
    const berlin = end(berlinMagdeburg, 'Berlin');
    const choice = { type: 'take_passengers', a: null, b: null } as Extract<TtrAction, { type: 'take_passengers' }>;
    choice[berlin] = 'red';
    choice[berlin === 'a' ? 'b' : 'a'] = 'green';
    expect(has(legal, choice)).toBe(true);
    // Nothing else may happen before the choice.
    rejects(() => rules.apply(claimed, 0, { type: 'draw_blind' }), 'TTRG-9.6');
    const { state, events } = rules.apply(claimed, 0, choice);
    expect(nonZero(state.passengers[0])).toEqual({ red: 1, green: 1 });
    expect(nonZero(state.passengersAt['Berlin'])).toEqual({ red: 1, blue: 2, white: 1 });
    expect(nonZero(state.passengersAt['Magdeburg'])).toEqual({});
    expect(state.pending).toBeNull();
    expect(state.current).toBe(1);
    // The pool is public.
    expect(eventsOf(events, 'took_passengers')[0]!.visibleTo).toBeUndefined();
    const viewC = createView(germanyMap)(state, 2);
    expect(nonZero(viewC.players[0]!.passengers)).toEqual({ red: 1, green: 1 });
    expect(nonZero(viewC.passengersAt['Berlin'])).toEqual({ red: 1, blue: 2, white: 1 });
  });

  it('TTRG-9.3 (T19): an empty endpoint gives nothing; naming a colour there is rejected', () => {
    let s = board();
    s = rules.apply(s, 0, { type: 'claim_route', route: berlinMagdeburg.id, cards: { red: 3 } }).state;
    s = rules.apply(s, 0, { type: 'take_passengers', [end(berlinMagdeburg, 'Berlin')]: 'red', [end(berlinMagdeburg, 'Magdeburg')]: 'green' } as TtrAction).state;
    expect(s.current).toBe(1);
    const claimed = rules.apply(s, 1, { type: 'claim_route', route: leipzigMagdeburg.id, cards: { yellow: 2 } }).state;
    expect(claimed.pending).toMatchObject({ kind: 'passengers' });
    const m = end(leipzigMagdeburg, 'Magdeburg');
    const l = m === 'a' ? 'b' : 'a';
    rejects(() => rules.apply(claimed, 1, { type: 'take_passengers', [l]: 'yellow', [m]: 'green' } as TtrAction), 'TTRG-9.3');
    const legal = ofType(rules.legalActions(claimed, 1), 'take_passengers');
    expect(legal.every((a) => a[m] === null)).toBe(true);
    expect(legal.map((a) => a[l]).sort()).toEqual(['black', 'yellow', null].sort());
    // A colour present at the other end only is not available here either.
    rejects(() => rules.apply(claimed, 1, { type: 'take_passengers', [l]: 'green', [m]: null } as TtrAction), 'TTRG-9.3');
  });

  it('TTRG-9.2/A4 (T20): taking a passenger is optional', () => {
    const s = board();
    s.passengersAt['Magdeburg'] = { blue: 1 };
    s.passengersAt['Leipzig'] = {};
    s.current = 1;
    const claimed = rules.apply(s, 1, { type: 'claim_route', route: leipzigMagdeburg.id, cards: { yellow: 2 } }).state;
    expect(ofType(rules.legalActions(claimed, 1), 'take_passengers')).toHaveLength(2);
    const { state } = rules.apply(claimed, 1, { type: 'take_passengers', a: null, b: null });
    expect(nonZero(state.passengersAt['Magdeburg'])).toEqual({ blue: 1 });
    expect(nonZero(state.passengers[1])).toEqual({});
    expect(state.current).toBe(2);
  });

  it('TTRG-9.2: no passenger at either end: the claim ends the turn at once', () => {
    const s = board();
    s.passengersAt['Magdeburg'] = {};
    s.passengersAt['Leipzig'] = { yellow: 0 };
    s.current = 1;
    const { state } = rules.apply(s, 1, { type: 'claim_route', route: leipzigMagdeburg.id, cards: { yellow: 2 } });
    expect(state.pending).toBeNull();
    expect(state.current).toBe(2);
    rejects(() => rules.apply(state, 2, { type: 'take_passengers', a: null, b: null }), 'TTRG-4.2');
  });

  it('TTRG-9.1/A28 (T21, hyp.): a country holds one passenger for all the routes into it', () => {
    let s = started(fx, 2);
    s.passengersAt['X'] = { white: 1 };
    s.passengersAt['C1'] = {};
    s.passengersAt['C2'] = {};
    s.hands[0] = H({ white: 2 });
    s.hands[1] = H({ red: 2 });
    s = fx.apply(s, 0, { type: 'claim_route', route: 1, cards: { white: 2 } }).state;
    expect(fx.legalActions(s, 0)).toEqual([
      { type: 'take_passengers', a: null, b: null },
      { type: 'take_passengers', a: null, b: 'white' },
    ]);
    s = fx.apply(s, 0, { type: 'take_passengers', a: null, b: 'white' }).state;
    expect(nonZero(s.passengersAt['X'])).toEqual({});
    expect(nonZero(s.passengers[0])).toEqual({ white: 1 });
    // B's route into X later: nothing to take, no passenger step.
    const { state } = fx.apply(s, 1, { type: 'claim_route', route: 2, cards: { red: 2 } });
    expect(state.pending).toBeNull();
    expect(state.current).toBe(0);
  });

  it('TTRG-9.4: at most one passenger per endpoint, two per claim, only right after a claim', () => {
    const s = board();
    const claimed = rules.apply(s, 0, { type: 'claim_route', route: berlinMagdeburg.id, cards: { red: 3 } }).state;
    for (const a of rules.legalActions(claimed, 0)) {
      const { state } = rules.apply(claimed, 0, a);
      const taken = Object.values(state.passengers[0]!).reduce((n, k) => n + k, 0);
      expect(taken).toBeLessThanOrEqual(2);
    }
    rejects(() => rules.apply(s, 0, { type: 'take_passengers', a: 'red', b: null }), 'TTRG-4.2');
  });
});

// ---------- end of the game and automatic passes (TTRG-12, TTRG-4.3)

describe('Germany: end of the game (TTRG-12, TTRG-4.3)', () => {
  const konstanz = routeBetween(germanyMap, 'Konstanz', 'Schweiz');
  const dortmund = routeBetween(germanyMap, 'Dortmund', 'Düsseldorf');


  it('TTRG-12.1/12.2 (T35): C ends a turn with 1 train: A, B and C play once more, then the game ends', () => {
    let s = started(rules, 3);
    expect(konstanz).toMatchObject({ length: 1, colour: 'white' });
    s.current = 2;
    s.trains[2] = 2;
    s.hands[2] = H({ white: 1 });
    s = skipPassengers(rules, rules.apply(s, 2, { type: 'claim_route', route: konstanz.id, cards: { white: 1 } }).state);
    expect(s.trains[2]).toBe(1);
    expect(s.finalRound).toEqual({ trigger: 2, turnsLeft: 3 });
    const order: number[] = [];
    while (s.phase === 'turn') {
      order.push(s.current);
      s = drawTwo(rules, s);
    }
    expect(order).toEqual([0, 1, 2]);
    expect(s.phase).toBe('over');
    expect(s.result).not.toBeNull();
  });

  it('TTRG-12.3 (T36): A dropping to 0 trains in the final round triggers nothing new', () => {
    let s = started(rules, 3);
    s.current = 2;
    s.trains[2] = 2;
    s.hands[2] = H({ white: 1 });
    s = skipPassengers(rules, rules.apply(s, 2, { type: 'claim_route', route: konstanz.id, cards: { white: 1 } }).state);
    s.trains[0] = 1;
    s.hands[0] = H({ red: 1 });
    s = skipPassengers(rules, rules.apply(s, 0, { type: 'claim_route', route: dortmund.id, cards: { red: 1 } }).state);
    expect(s.trains[0]).toBe(0);
    expect(s.finalRound).toEqual({ trigger: 2, turnsLeft: 2 });
    const order: number[] = [];
    while (s.phase === 'turn') {
      order.push(s.current);
      s = drawTwo(rules, s);
    }
    expect(order).toEqual([1, 2]);
    expect(s.phase).toBe('over');
  });

  it('TTRG-12.1: the trigger is checked after the passenger choice, at the end of the turn', () => {
    let s = started(rules, 2);
    s.trains[0] = 3;
    s.hands[0] = H({ white: 1 });
    s.passengersAt['Konstanz'] = { red: 1 };
    s = rules.apply(s, 0, { type: 'claim_route', route: konstanz.id, cards: { white: 1 } }).state;
    expect(s.pending).toMatchObject({ kind: 'passengers' });
    expect(s.finalRound).toBeNull();
    s = rules.apply(s, 0, { type: 'take_passengers', a: 'red', b: null }).state;
    expect(s.finalRound).toEqual({ trigger: 0, turnsLeft: 2 });
  });

  it('TTRG-4.3/A24: automatic passes; a full round of them ends the game', () => {
    const s = started(rules, 2);
    s.deck = [];
    s.discard = [];
    s.market = [null, null, null, null, null];
    s.hands = [H({}), H({})];
    const last = s.ticketDecks.short[0]!;
    s.ticketDecks = { short: [last], long: [] };
    const drawn = rules.apply(s, 0, { type: 'draw_tickets', short: 1 }).state;
    const { state, events } = rules.apply(drawn, 0, { type: 'keep_tickets', tickets: [last] });
    expect(eventsOf(events, 'passed').map((e) => e.data)).toEqual([{ seat: 1 }, { seat: 0 }]);
    expect(state.phase).toBe('over');
    expect(eventsOf(events, 'game_over')[0]!.data).toMatchObject({ reason: 'deadlock' });
  });
});

// ---------- hidden information around tickets (TTRG-H5)

describe('Germany: ticket information (TTRG-H4, H5)', () => {
  it('TTRG-H5 (T41): others see the announced mix, the kept counts by type and the counts held, never the tickets', () => {
    const s = started(rules, 2);
    const view = createView(germanyMap);
    const before = view(s, 1).players[0]!;
    const shortTop = s.ticketDecks.short.slice(0, 2);
    const longTop = s.ticketDecks.long.slice(0, 2);
    const d = rules.apply(s, 0, { type: 'draw_tickets', short: 2 });
    expect(d.events[0]!.redacted).toEqual({ type: 'drew_tickets', data: { seat: 0, count: 4, short: 2, long: 2 } });
    const k = rules.apply(d.state, 0, { type: 'keep_tickets', tickets: [shortTop[0]!, longTop[0]!] });
    const kept = eventsOf(k.events, 'kept_tickets')[0]!;
    expect(kept.visibleTo).toEqual([0]);
    expect(kept.redacted!.data).toMatchObject({ seat: 0, kept: 2, returned: 2, keptShort: 1, keptLong: 1 });
    const b = view(k.state, 1);
    expect(b.players[0]!.tickets).toBe((before.tickets ?? 0) + 2);
    expect(b.players[0]!.ticketTypes).toEqual({ short: (before.ticketTypes?.short ?? 0) + 1, long: (before.ticketTypes?.long ?? 0) + 1 });
    for (const id of k.state.tickets[0]!) expect(b.you!.tickets.some((t) => t.id === id)).toBe(false);
    // A sees the drawn tickets while choosing, B does not.
    expect(view(d.state, 0).you!.choosing!.map((t) => t.id)).toEqual([...shortTop, ...longTop]);
    expect(view(d.state, 1).you!.choosing).toBeUndefined();
    expect(view(d.state, 1).pending).toEqual({ kind: 'tickets', count: 4 });
  });

  it('TTRG-H5: the opening keep is public as counts by type', () => {
    let s = rules.setup('g-h5', 2, { firstPlayer: 0 });
    s = rules.apply(s, 0, { type: 'choose_initial_tickets', short: 2 }).state;
    const kept = rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: s.opening[0]!.dealt.slice(1, 4) });
    const e = eventsOf(kept.events, 'kept_opening_tickets')[0]!;
    expect(e.visibleTo).toEqual([0]);
    expect(e.redacted).toEqual({ type: 'kept_opening_tickets', data: { seat: 0, keptShort: 1, keptLong: 2 } });
    expect(handSize(kept.state.hands[0]!)).toBe(4);
  });
});
