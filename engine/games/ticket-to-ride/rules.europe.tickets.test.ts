/**
 * Ticket to Ride: Europe — destination tickets (T28–T30) and the end of the game (T31–T33) of
 * shared/rules/ticket-to-ride-europe.md (section 18). Scoring scenarios (T34–T44) live in the
 * scoring suites.
 */
import { describe, expect, it } from 'vitest';
import { europeMap } from './maps.js';
import { drawActions, drawTwo, filler, H, ofType, rejects, routeBetween } from './rules.testkit.js';
import { started, rules } from './rules.europe.testkit.js';

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

  it("TTRE-11.4: returned tickets go under the deck, the kept ones are the player's", () => {
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
    for (const seat of [1, 2, 3])
      t = rules.apply(t, seat, { type: 'keep_initial_tickets', tickets: t.opening[seat]!.dealt }).state;
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
