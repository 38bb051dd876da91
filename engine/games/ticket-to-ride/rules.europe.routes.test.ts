/**
 * Ticket to Ride: Europe — claiming routes, double routes and ferries (T12–T17), tunnels
 * (T18–T23) and stations (T24–T27) of shared/rules/ticket-to-ride-europe.md (section 18).
 *
 * States come from the real setup with the opening finished (rules.europe.testkit.ts); places marked
 * (hyp.) in the spec use the testkit's small fixture map.
 */
import { describe, expect, it } from 'vitest';
import type { TtrAction } from './actions.js';
import { canonical, type Cards } from './cards.js';
import type { CardType } from './map.js';
import { europeMap } from './maps.js';
import { countOf, eventsOf, filler, H, has, ofType, rejects, routeBetween } from './rules.testkit.js';
import { started, rules, fx } from './rules.europe.testkit.js';

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
    expect(has(rules.legalActions(s, 0), { type: 'claim_route', route: route.id, cards: { blue: 2, loco: 1 } })).toBe(
      true,
    );
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
    rejects(
      () => rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 1, yellow: 1 } }),
      'TTRE-7.7',
    );
    const offered = ofType(rules.legalActions(s, 0), 'claim_route').filter((a) => a.route === route.id);
    expect(offered.map((a) => canonical(a.cards))).toEqual(
      expect.arrayContaining([
        { red: 1, loco: 1 },
        { yellow: 1, loco: 1 },
      ]),
    );
    expect(offered).toHaveLength(2);
    expect(
      rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 1, loco: 1 } }).state.routeOwners[
        String(route.id)
      ],
    ).toBe(0);
    expect(
      rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { yellow: 1, loco: 1 } }).state.routeOwners[
        String(route.id)
      ],
    ).toBe(0);
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
    expect(attempt.state.pending).toEqual({
      kind: 'tunnel',
      route: 3,
      committed: { red: 2 },
      revealed: ['red', 'loco', 'blue'],
      extra: 2,
      match: 'red',
    });
    expect(attempt.state.hands[0]).toEqual(H({ red: 1, loco: 1 }));
    expect(eventsOf(attempt.events, 'tunnel_revealed')[0]!.data).toMatchObject({
      revealed: ['red', 'loco', 'blue'],
      extra: 2,
    });
    expect(fx.legalActions(attempt.state, 0)).toEqual([
      { type: 'pay_tunnel', cards: { red: 1, loco: 1 } },
      { type: 'withdraw_tunnel' },
    ]);
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
    rejects(
      () => rules.apply(s, 0, { type: 'build_station', city: 'Wien', cards: { red: 1, yellow: 1 } }),
      'TTRE-12.4',
    );
    expect(has(rules.legalActions(s, 0), { type: 'build_station', city: 'Wien', cards: { red: 1, yellow: 1 } })).toBe(
      false,
    );
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
