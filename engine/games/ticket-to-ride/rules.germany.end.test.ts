/**
 * Ticket to Ride: Germany — the last round, the end of the game and automatic passes (TTRG-12,
 * TTRG-4.3). Scoring scenarios live in the scoring suites.
 */
import { describe, expect, it } from 'vitest';
import { germanyMap } from './maps.js';
import { drawTwo, eventsOf, H, routeBetween } from './rules.testkit.js';
import { started, rules, skipPassengers } from './rules.germany.testkit.js';

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
    s = skipPassengers(
      rules,
      rules.apply(s, 2, { type: 'claim_route', route: konstanz.id, cards: { white: 1 } }).state,
    );
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
    s = skipPassengers(
      rules,
      rules.apply(s, 2, { type: 'claim_route', route: konstanz.id, cards: { white: 1 } }).state,
    );
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
