/**
 * Ticket to Ride: Germany — claiming routes, double and triple routes (TTRG-7, TTRG-8) and
 * passengers after a claim (TTRG-9); scenarios of shared/rules/ticket-to-ride-germany.md
 * (section 18), some on the testkit's fixture map.
 */
import { describe, expect, it } from 'vitest';
import type { TtrAction } from './actions.js';
import type { Route } from './map.js';
import { germanyMap } from './maps.js';
import type { TtrState } from './state.js';
import { createView } from './view.js';
import { countOf, eventsOf, H, has, ofType, rejects, routeBetween } from './rules.testkit.js';
import { started, nonZero, rules, fx, skipPassengers } from './rules.germany.testkit.js';

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
    rejects(
      () => rules.apply(s, 0, { type: 'claim_route', route: route.id, cards: { red: 1, yellow: 1 } }),
      'TTRG-7.3',
    );
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
    const triple = germanyMap.routes.filter(
      (r) => [r.a, r.b].sort().join('|') === ['Dortmund', 'Düsseldorf'].sort().join('|'),
    );
    expect(triple).toHaveLength(3);
    expect(new Set(triple.map((r) => r.group)).size).toBe(1);
    let s = started(rules, 2);
    s.hands[0] = H({ red: 1 });
    s.hands[1] = H({ red: 2 });
    s = skipPassengers(
      rules,
      rules.apply(s, 0, { type: 'claim_route', route: triple[0]!.id, cards: { red: 1 } }).state,
    );
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
    expect(
      legal.some((a) => a.type === 'build_station' || a.type === 'pay_tunnel' || a.type === 'withdraw_tunnel'),
    ).toBe(false);
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
    s = rules.apply(s, 0, {
      type: 'take_passengers',
      [end(berlinMagdeburg, 'Berlin')]: 'red',
      [end(berlinMagdeburg, 'Magdeburg')]: 'green',
    } as TtrAction).state;
    expect(s.current).toBe(1);
    const claimed = rules.apply(s, 1, { type: 'claim_route', route: leipzigMagdeburg.id, cards: { yellow: 2 } }).state;
    expect(claimed.pending).toMatchObject({ kind: 'passengers' });
    const m = end(leipzigMagdeburg, 'Magdeburg');
    const l = m === 'a' ? 'b' : 'a';
    rejects(
      () => rules.apply(claimed, 1, { type: 'take_passengers', [l]: 'yellow', [m]: 'green' } as TtrAction),
      'TTRG-9.3',
    );
    const legal = ofType(rules.legalActions(claimed, 1), 'take_passengers');
    expect(legal.every((a) => a[m] === null)).toBe(true);
    expect(legal.map((a) => a[l]).sort()).toEqual(['black', 'yellow', null].sort());
    // A colour present at the other end only is not available here either.
    rejects(
      () => rules.apply(claimed, 1, { type: 'take_passengers', [l]: 'green', [m]: null } as TtrAction),
      'TTRG-9.3',
    );
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
