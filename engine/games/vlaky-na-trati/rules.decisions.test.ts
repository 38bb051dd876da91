/** Out-of-turn decisions: DP-5 curve moves (§8) and DP-4 declines (§10). */
import { describe, expect, it } from 'vitest';
import { act, given, rejects, rules, sheetOf, started, types } from './rules.testkit.js';

const three = () => started(['T', 'M', 'B']);

/** T-16: slots 1–7 filled, P2 to place the plain card p6 into slot 8; stations (for every lane) at nodes 4 and 6 only. */
const beforeCurve = (p3Coins = 0) =>
  given(three(), {
    line: ['p1', 'p2', 'p3', 'gl', 'p4', 'ma', 'p5'],
    locos: [
      [0, 7],
      [0, 7],
      [2, 7],
    ],
    current: 1,
    market: ['p6', 'b1', 'b2', 'b3'],
    sheets: [sheetOf({}), sheetOf({}), sheetOf({}, p3Coins)],
  });

describe('curves (§8)', () => {
  it('T-16 VNT-8.1 VNT-8.3 VNT-8.5 VNT-9.1: every player reaches the curve station and may move the slower locomotive for free; the active player waits', () => {
    let s = act(beforeCurve(), 1, { type: 'place_card', source: 'MARKET', cardId: 'p6' });
    expect(s.players.map((p) => p.locos[1])).toEqual([9, 9, 9]);
    expect(rules.toAct(s)).toEqual([0, 1, 2]);
    expect(types(rules.legalActions(s, 2))).toEqual(['curve_move', 'curve_skip']);
    // P2's own DP-5 comes before its free action.
    rejects(() => rules.apply(s, 1, { type: 'end_turn' }), 'VNT-8.5');
    s = act(s, 2, { type: 'curve_move', steps: 2 });
    expect(s.players[2]?.locos).toEqual([6, 9]);
    expect(s.players[2]?.sheet.ticks.MAIL).toBe(1);
    expect(rules.toAct(s)).toEqual([0, 1]);
    s = act(s, 0, { type: 'curve_skip' });
    s = act(s, 1, { type: 'curve_skip' });
    expect(rules.toAct(s)).toEqual([1]);
    expect(types(rules.legalActions(s, 1))).toContain('end_turn');
  });

  it('T-17 VNT-8.3 VNT-8.4 AMB-6: the curve move is free and offered once; a slow move stopping at the curve later gives none', () => {
    let s = act(beforeCurve(0), 1, { type: 'place_card', source: 'MARKET', cardId: 'p6' });
    s = act(s, 2, { type: 'curve_move', steps: 2 });
    expect(s.players[2]?.sheet.coinsSpent).toBe(0);
    s = act(act(s, 0, { type: 'curve_skip' }), 1, { type: 'curve_skip' });
    s = act(s, 1, { type: 'end_turn' });
    s = act(
      given(s, { sheets: [sheetOf({}), sheetOf({}), sheetOf({ MAIL: 1 }, 1)], market: ['p7', 'b1', 'b2', 'b3'] }),
      2,
      { type: 'place_card', source: 'MARKET', cardId: 'p7' },
    );
    // P3's slower locomotive at node 6: the stations ahead are the curve (9) only.
    s = act(s, 2, { type: 'slow_move', steps: 1 });
    expect(s.players[2]?.locos).toEqual([9, 10]);
    expect(s.tasks.flat()).toEqual([]);
    expect(rules.toAct(s)).toEqual([0]);
  });

  it('DP-5 VNT-9.4: the curve station itself is always reachable, so every player is asked, including one whose locomotives stood together', () => {
    const s = given(three(), {
      line: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'],
      locos: [
        [7, 7],
        [7, 7],
        [7, 7],
      ],
      market: ['p8'],
    });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'p8' });
    expect(rules.toAct(t)).toEqual([0, 1, 2]);
    expect(rules.legalActions(t, 0)).toEqual([{ type: 'curve_move', steps: 1 }, { type: 'curve_skip' }]);
  });

  it('VNT-10.5: a curve move in an opponent’s turn may be declined; in one’s own turn not', () => {
    const s = act(beforeCurve(), 1, { type: 'place_card', source: 'MARKET', cardId: 'p6' });
    expect(rules.legalActions(s, 2)).toContainEqual({ type: 'curve_move', steps: 2, decline: true });
    expect(rules.legalActions(s, 1)).not.toContainEqual({ type: 'curve_move', steps: 2, decline: true });
    rejects(() => rules.apply(s, 1, { type: 'curve_move', steps: 2, decline: true }), 'VNT-10.5');
    const p3 = act(s, 2, { type: 'curve_move', steps: 2, decline: true }).players[2];
    expect(p3?.sheet).toMatchObject({ declinesUsed: 1, coinsGained: 1 });
    expect(p3?.sheet.ticks.MAIL).toBe(0);
  });
});

describe('declining a symbol (§10)', () => {
  const withMail = () => given(three(), { market: ['ma', 'b1', 'b2', 'b3'] });

  it('T-19 VNT-10.1–10.4: an opponent declines a symbol for a coin at gain time', () => {
    const s = act(withMail(), 0, { type: 'place_card', source: 'MARKET', cardId: 'ma' });
    expect(s.players[0]?.sheet.ticks.MAIL).toBe(1);
    expect(rules.toAct(s)).toEqual([1, 2]);
    expect(rules.legalActions(s, 1)).toEqual([
      { type: 'resolve_gains', decline: [] },
      { type: 'resolve_gains', decline: [0] },
    ]);
    const t = act(s, 1, { type: 'resolve_gains', decline: [0] });
    expect(t.players[1]?.sheet).toMatchObject({ declinesUsed: 1, coinsGained: 1 });
    expect(t.players[1]?.sheet.ticks.MAIL).toBe(0);
    expect(t.players[1]?.sheet.gained.MAIL).toBe(0);
    const u = act(t, 2, { type: 'resolve_gains', decline: [] });
    expect(u.players[2]?.sheet.ticks.MAIL).toBe(1);
    expect([rules.toAct(u), u.step]).toEqual([[0], 'free']);
  });

  it('T-19 VNT-10.1: after four declines DP-4 is not offered and the symbol is ticked', () => {
    const s = given(withMail(), { sheets: [sheetOf({}), sheetOf({}, 4, { declinesUsed: 4 }), sheetOf({})] });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'ma' });
    expect(t.players[1]?.sheet.ticks.MAIL).toBe(1);
    expect(rules.toAct(t)).toEqual([2]);
    rejects(
      () =>
        rules.apply(given(t, { sheets: [sheetOf({}), sheetOf({}), sheetOf({}, 0, { declinesUsed: 3 })] }), 2, {
          type: 'resolve_gains',
          decline: [0, 0],
        }),
      'VNT-10.3',
    );
  });

  it('T-20 VNT-10.5: no DP-4 in one’s own turn; the opponents who gain are asked', () => {
    const s = act(given(withMail(), { current: 1 }), 1, { type: 'place_card', source: 'MARKET', cardId: 'ma' });
    expect(s.players[1]?.sheet.ticks.MAIL).toBe(1);
    expect(rules.toAct(s)).toEqual([0, 2]);
    expect(rules.legalActions(s, 1)).toEqual([]);
  });

  it('T-21 VNT-10.1: with 2 players nothing is ever declined', () => {
    const s = act(given(started(['T', 'B']), { market: ['ma'] }), 0, {
      type: 'place_card',
      source: 'MARKET',
      cardId: 'ma',
    });
    expect(s.players.map((p) => p.sheet.ticks.MAIL)).toEqual([1, 1]);
    expect(rules.toAct(s)).toEqual([0]);
    expect(rules.legalActions(s, 1)).toEqual([]);
  });

  it('VNT-10.3: from a two-symbol station one, both or none may be declined', () => {
    const s = act(given(three(), { market: ['co'] }), 0, { type: 'place_card', source: 'MARKET', cardId: 'co' });
    expect(rules.legalActions(s, 1).map((a) => (a.type === 'resolve_gains' ? a.decline : null))).toEqual([
      [],
      [0],
      [1],
      [0, 1],
    ]);
    const p = act(s, 1, { type: 'resolve_gains', decline: [1] }).players[1];
    expect(p?.sheet.ticks).toMatchObject({ COAL: 1, IRON_ORE: 0 });
    expect(p?.sheet.coinsGained).toBe(1);
  });

  it('VNT-8.5 §16.1: while decisions are open nobody else may act', () => {
    const s = act(withMail(), 0, { type: 'place_card', source: 'MARKET', cardId: 'ma' });
    rejects(() => rules.apply(s, 0, { type: 'end_turn' }), 'VNT-8.5');
    expect(rules.legalActions(s, 0)).toEqual([]);
  });
});
