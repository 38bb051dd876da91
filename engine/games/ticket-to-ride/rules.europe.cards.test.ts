/**
 * Ticket to Ride: Europe — drawing train cards, the market and the deck: the play scenarios
 * T01–T11 of shared/rules/ticket-to-ride-europe.md (section 18).
 *
 * States come from the real setup with the opening finished (rules.europe.testkit.ts); a scenario
 * then sets the fields it needs on a clone (the state is plain JSON).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/index.js';
import type { TtrAction } from './actions.js';
import { handSize, settleMarket } from './cards.js';
import type { CardType } from './map.js';
import { countOf, drawActions, eventsOf, filler, H, has, ofType, rejects } from './rules.testkit.js';
import { N, started, rules, fx } from './rules.europe.testkit.js';

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
    expect(drawActions(rules.legalActions(state, 0))).toEqual([
      ...[0, 1, 2, 3, 4].map((slot): TtrAction => ({ type: 'draw_face_up', slot })),
      { type: 'draw_blind' },
    ]);
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
    expect(countOf(state.discard)).toEqual(
      countOf(['loco', 'loco', 'loco', 'blue', 'green', 'loco', 'loco', 'loco', 'red', 'red']),
    );
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
    expect(
      countOf([...state.deck, ...Object.entries(state.hands[0]!).flatMap(([c, n]) => N(n, c as CardType))]),
    ).toEqual(countOf(s.discard));
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
    expect(eventsOf(wipe.events, 'market_wiped').map((e) => e.data)).toEqual([
      { wiped: ['loco', 'loco', 'blue', 'loco', 'red'], market: ['white', 'white', 'yellow', 'yellow', 'green'] },
    ]);
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
