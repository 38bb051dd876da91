/**
 * Ticket to Ride: Germany — tickets: the announced opening mix, keeping at least two, returned
 * tickets set aside (TTRG-3), in-game draws with a declared mix (TTRG-10) and what others learn of
 * them (TTRG-H5); scenarios of shared/rules/ticket-to-ride-germany.md (section 18).
 */
import { describe, expect, it } from 'vitest';
import { TtrActionSchema } from './actions.js';
import { handSize } from './cards.js';
import { germanyMap } from './maps.js';
import { createView } from './view.js';
import { eventsOf, ofType, rejects } from './rules.testkit.js';
import { started, rules } from './rules.germany.testkit.js';

// ---------- opening: announced mix, keep at least two, returned tickets set aside (TTRG-3)

describe('Germany: opening tickets (TTRG-3)', () => {
  it('TTRG-3.1–3.5 (T01): announced mix, keep at least two, returns set aside until everyone chose, then reshuffled', () => {
    const s0 = rules.setup('g-t01', 3, { firstPlayer: 0 });
    expect(s0.phase).toBe('opening');
    expect(s0.ticketDecks.short).toHaveLength(55);
    expect(s0.ticketDecks.long).toHaveLength(34);
    expect(s0.opening.every((o) => o.short === null && o.dealt.length === 0)).toBe(true);
    expect(rules.legalActions(s0, 0)).toEqual(
      [0, 1, 2, 3, 4].map((short) => ({ type: 'choose_initial_tickets', short })),
    );
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
    for (const id of dealtA)
      expect(viewB.you!.tickets.concat(viewB.you!.choosing ?? []).some((t) => t.id === id)).toBe(false);
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
    const s = rules.apply(rules.setup('g-t02', 2, { firstPlayer: 0 }), 0, {
      type: 'choose_initial_tickets',
      short: 2,
    }).state;
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [s.opening[0]!.dealt[0]!] }), 'TTRG-3.3');
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [] }), 'TTRG-3.3');
    // Only dealt tickets, each once.
    const [t1] = s.opening[0]!.dealt as [number];
    rejects(() => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [t1, t1] }), 'TTRG-3.3');
    rejects(
      () => rules.apply(s, 0, { type: 'keep_initial_tickets', tickets: [t1, s.ticketDecks.short[0]!] }),
      'TTRG-3.3',
    );
  });

  it('TTRG-3.1/3.2 (T03): the mix always totals 4: only 0–4 SHORT (rest LONG) is offered, nothing else is accepted', () => {
    // The action names the SHORT count; LONG is 4 minus it, so "3 SHORT + 2 LONG" is a short
    // count of 3 with 1 LONG — a mix of 5 cannot be expressed, and out-of-range counts are rejected.
    const s = rules.setup('g-t03', 2, { firstPlayer: 0 });
    expect(ofType(rules.legalActions(s, 0), 'choose_initial_tickets').map((a) => a.short)).toEqual([0, 1, 2, 3, 4]);
    for (const short of [5, -1, 1.5])
      rejects(() => rules.apply(s, 0, { type: 'choose_initial_tickets', short }), 'TTRG-3.1');
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
    expect(d.events[0]).toMatchObject({
      visibleTo: [0],
      redacted: { type: 'drew_tickets', data: { seat: 0, count: 4, short: 2, long: 2 } },
    });
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
    expect(b.players[0]!.ticketTypes).toEqual({
      short: (before.ticketTypes?.short ?? 0) + 1,
      long: (before.ticketTypes?.long ?? 0) + 1,
    });
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
