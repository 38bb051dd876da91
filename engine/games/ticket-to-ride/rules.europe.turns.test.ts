/**
 * Ticket to Ride: Europe — the turn structure around the play scenarios (sub-decisions, whose
 * turn, automatic pass, deadlock) and what each player sees (TTRE-H).
 */
import { describe, expect, it } from 'vitest';
import { handSize } from './cards.js';
import { europeMap } from './maps.js';
import { createView } from './view.js';
import { eventsOf, filler, H, rejects, routeBetween } from './rules.testkit.js';
import { started, fixture, rules, fx } from './rules.europe.testkit.js';

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
    rejects(
      () =>
        rules.apply(second, 0, {
          type: 'claim_route',
          route: routeBetween(europeMap, 'Amsterdam', 'Bruxelles').id,
          cards: { black: 1 },
        }),
      'TTRE-5.9',
    );
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
    expect(eventsOf(t.events, 'kept_opening_tickets')[0]!.redacted).toEqual({
      type: 'kept_opening_tickets',
      data: { seat: 1 },
    });
    for (const id of s.opening[1]!.dealt) expect(JSON.stringify(a.you)).not.toContain(`"id":${id},`);
  });

  it('TTRE-H2/H7: a blind card and drawn tickets are private; counts are public, ticket types are not', () => {
    const s = started(rules, 2);
    const d = rules.apply(s, 0, { type: 'draw_tickets' });
    expect(d.events[0]).toMatchObject({
      visibleTo: [0],
      redacted: { type: 'drew_tickets', data: { seat: 0, count: 3 } },
    });
    const drawn = (d.state.pending as { drawn: number[] }).drawn;
    const k = rules.apply(d.state, 0, { type: 'keep_tickets', tickets: drawn.slice(0, 2) });
    expect(eventsOf(k.events, 'kept_tickets')[0]!.redacted).toEqual({
      type: 'kept_tickets',
      data: { seat: 0, kept: 2, returned: 1 },
    });
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
    expect(createView(fixture)(state, 1).pending).toEqual({
      kind: 'tunnel',
      route: 3,
      committed: { red: 2 },
      revealed: ['red', 'blue', 'blue'],
      extra: 1,
      match: 'red',
    });
  });
});
