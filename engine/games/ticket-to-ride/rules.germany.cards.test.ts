/**
 * Ticket to Ride: Germany — drawing train cards (TTRG-5, TTRG-6); scenarios of
 * shared/rules/ticket-to-ride-germany.md (section 18).
 */
import { describe, expect, it } from 'vitest';
import { germanyMap } from './maps.js';
import { createView } from './view.js';
import { countOf, drawActions, eventsOf, filler, H, ofType, rejects } from './rules.testkit.js';
import { started, rules } from './rules.germany.testkit.js';

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
    expect(blind).toMatchObject({
      data: { seat: 0, card: 'loco' },
      visibleTo: [0],
      redacted: { type: 'drew_blind', data: { seat: 0 } },
    });
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
