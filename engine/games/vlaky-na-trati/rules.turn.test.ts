import { describe, expect, it } from 'vitest';
import { act, fx, game, given, plainLine, rejects, rules, sheetOf, started, types } from './rules.testkit.js';

const two = () => started(['T', 'B']);

describe('placing a card (§5) and the faster locomotive (§6, §7)', () => {
  it('T-4 VNT-5.2 VNT-5.5: a market card goes into slot 1 and the market is refilled from the deck top', () => {
    const s = two();
    const top = s.deckB[0];
    const t = act(given(s, { market: ['b1', 'b2', 'b3', 'b4'] }), 0, {
      type: 'place_card',
      source: 'MARKET',
      cardId: 'b2',
    });
    expect(t.line).toEqual(['b2']);
    expect(t.market).toEqual(['b1', top, 'b3', 'b4']);
    expect(t.deckB).toHaveLength(20);
  });

  it('T-5 VNT-5.6: a hand card is placed and nothing is drawn', () => {
    const s = given(two(), { hands: [['a1', 'a2', 'a3', 'a4']] });
    const t = act(s, 0, { type: 'place_card', source: 'HAND', cardId: 'a3' });
    expect(t.players[0]?.hand).toEqual(['a1', 'a2', 'a4']);
    expect(t.market).toEqual(s.market);
    expect(t.deckB).toEqual(s.deckB);
  });

  it('VNT-5.1: a card from neither the hand nor the market is rejected', () => {
    const s = given(two(), { hands: [['a1']], market: ['b1'] });
    rejects(() => rules.apply(s, 0, { type: 'place_card', source: 'HAND', cardId: 'b1' }), 'VNT-5.1');
    rejects(() => rules.apply(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'a1' }), 'VNT-5.1');
  });

  it('T-6 VNT-6.1 VNT-7.1 VNT-7.8: every player moves onto the new card and records, also outside their turn', () => {
    const s = given(two(), { market: ['x', 'b1', 'b2', 'b3'] });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'x' });
    expect(t.players.map((p) => p.locos)).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(t.players[0]?.sheet.ticks.COAL).toBe(1);
    expect(t.players[1]?.sheet.ticks.GLASSWORKS).toBe(1);
    expect(rules.toAct(t)).toEqual([0]);
  });

  it('T-7 VNT-7.1 AMB-8: a faster move onto a two-symbol station ticks both symbols', () => {
    const s = given(started(['B', 'T']), { market: ['fs'] });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'fs' });
    expect(t.players[0]?.sheet.ticks).toMatchObject({ FOREST: 1, SAWMILL: 1 });
  });

  it('T-8 VNT-6.6: on a card without a station on its track the locomotive stands on plain track and gains nothing', () => {
    const s = given(started(['M', 'T']), { line: plainLine(2), locos: [[0, 2]], market: ['y'] });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'y' });
    expect(t.players[0]?.locos).toEqual([0, 3]);
    expect(t.players[0]?.sheet).toEqual(sheetOf({}));
  });

  it('T-9 VNT-7.4 VNT-7.7: a full row turns the symbol into its overflow coins and still counts it as gained', () => {
    const s = given(two(), { market: ['pa'], sheets: [sheetOf({ PASSENGER: 5 })] });
    const p = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'pa' }).players[0];
    expect(p?.sheet.ticks.PASSENGER).toBe(5);
    expect(p?.sheet.coinsGained).toBe(1);
    expect(p?.sheet.gained.PASSENGER).toBe(6);
  });

  it('T-18 VNT-3.4 VNT-8.2 AMB-3: in row 2 a card is entered at its right edge and the track may change lanes', () => {
    const s = given(two(), {
      line: plainLine(8),
      locos: [
        [0, 9],
        [0, 9],
      ],
      market: ['z', 'b1'],
    });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'z' });
    // Curve maps T→B: P1 enters z at lane B and leaves at M with MAIL; P2 (B→T) takes T→B with COAL.
    expect(t.players[0]?.sheet.ticks.MAIL).toBe(1);
    expect(t.players[1]?.sheet.ticks.COAL).toBe(1);
    expect(rules.routeOf(t, 0)[10]).toMatchObject({ slot: 9, lane: 'B' });
    const u = act(given(t, { step: 'place', sheets: [] }), 0, { type: 'place_card', source: 'MARKET', cardId: 'b1' });
    // b1 shows SAWMILL on lane M: the next row-2 card is entered at lane M.
    expect(rules.routeOf(u, 0)[11]).toMatchObject({ slot: 10, lane: 'M' });
    expect(u.players[0]?.sheet.ticks.SAWMILL).toBe(1);
  });

  it('VNT-3.1 VNT-3.2: slots 1–8 are nodes 1–8, curve 1 node 9, slots 9–16 nodes 10–17, curve 2 node 18, slots 17–24 nodes 19–26', () => {
    const s = given(two(), { line: [...plainLine(8), ...plainLine(8), ...plainLine(8)] });
    const nodes = rules.routeOf(s, 0);
    expect(nodes).toHaveLength(27);
    expect(nodes.map((n) => n.kind).filter((k) => k === 'curve')).toHaveLength(2);
    expect([
      nodes[8]?.slot,
      nodes[9]?.kind,
      nodes[10]?.slot,
      nodes[17]?.slot,
      nodes[18]?.kind,
      nodes[19]?.slot,
      nodes[26]?.slot,
    ]).toEqual([8, 'curve', 9, 16, 'curve', 17, 24]);
  });

  it('T-37 VNT-5.2 VNT-5.4 AMB-1: place_card has no slot or rotation; a card always goes into the lowest empty slot', () => {
    expect(game.action.safeParse({ type: 'place_card', source: 'HAND', cardId: 'a1', slot: 3 }).success).toBe(false);
    expect(game.action.safeParse({ type: 'place_card', source: 'HAND', cardId: 'a1', rotation: 180 }).success).toBe(
      false,
    );
    const s = given(two(), {
      line: plainLine(5),
      locos: [
        [0, 5],
        [0, 5],
      ],
      hands: [['a1']],
    });
    const t = act(s, 0, { type: 'place_card', source: 'HAND', cardId: 'a1' });
    expect(t.line).toEqual([...plainLine(5), 'a1']);
  });
});

describe('free actions (§9)', () => {
  /** P1 on lane T with stations at nodes 1, 3, 4 and plain track at nodes 2 and 5. */
  const slowGiven = (node4: string, coins: number) =>
    given(two(), {
      line: ['b1', 'p1', 'b2', node4, 'p2'],
      locos: [[0, 5]],
      step: 'free',
      sheets: [sheetOf({}, coins)],
    });

  it('T-10 VNT-9.3–9.5 AMB-5: the slower locomotive counts only stations and gains only where it stops', () => {
    const s = slowGiven('b3', 1);
    rejects(() => rules.apply(s, 0, { type: 'slow_move', steps: 4 }), 'VNT-9.4');
    const t = act(s, 0, { type: 'slow_move', steps: 3 });
    const p = t.players[0];
    expect(p?.locos).toEqual([4, 5]);
    expect(p?.sheet.coinsSpent).toBe(1);
    // b1 and b2 (passed) show IRON_ORE and STEELWORKS on lane T; b3 shows FACTORY.
    expect(p?.sheet.ticks).toMatchObject({ FACTORY: 1, IRON_ORE: 0, STEELWORKS: 0 });
    expect(t.current).toBe(1);
  });

  it('T-11 VNT-9.5 AMB-8: at a two-symbol station the slow move names exactly one symbol', () => {
    const s = slowGiven('co', 1);
    rejects(() => rules.apply(s, 0, { type: 'slow_move', steps: 3 }), 'VNT-9.5');
    const p = act(s, 0, { type: 'slow_move', steps: 3, symbol: 'IRON_ORE' }).players[0];
    expect(p?.sheet.ticks).toMatchObject({ IRON_ORE: 1, COAL: 0 });
  });

  it('VNT-9.5: a symbol parameter at a one-symbol station is rejected', () => {
    rejects(() => rules.apply(slowGiven('b3', 1), 0, { type: 'slow_move', steps: 3, symbol: 'FACTORY' }), 'VNT-9.5');
  });

  it('T-12 VNT-9.4 AMB-31: with both locomotives on one node no slow move exists', () => {
    const s = given(two(), {
      line: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
      locos: [[6, 6]],
      step: 'free',
      sheets: [sheetOf({}, 3)],
    });
    rejects(() => rules.apply(s, 0, { type: 'slow_move', steps: 1 }), 'VNT-9.4');
    expect(types(rules.legalActions(s, 0))).not.toContain('slow_move');
  });

  it('VNT-9.9: a slow move needs a coin', () => {
    const s = slowGiven('b3', 0);
    rejects(() => rules.apply(s, 0, { type: 'slow_move', steps: 1 }), 'VNT-9.3');
    expect(types(rules.legalActions(s, 0))).not.toContain('slow_move');
  });

  it('T-13 VNT-9.1 VNT-9.7 AMB-14: discarding an A card gains a coin and ends the turn; no second free action', () => {
    const s = given(two(), {
      line: ['b1'],
      locos: [
        [0, 1],
        [0, 1],
      ],
      step: 'free',
      hands: [['a1', 'a2']],
      sheets: [sheetOf({}, 2)],
    });
    const { state: t, events } = rules.apply(s, 0, { type: 'discard_a', cardId: 'a1' });
    expect(t.players[0]?.hand).toEqual(['a2']);
    expect(t.players[0]?.sheet.coinsGained).toBe(3);
    expect(t.current).toBe(1);
    rejects(() => rules.apply(t, 0, { type: 'slow_move', steps: 1 }), 'VNT-4.1');
    // H-2: others see that a card was discarded, not which.
    expect(events.find((e) => e.type === 'discard_a')).toMatchObject({
      visibleTo: [0],
      redacted: { data: { seat: 0 } },
    });
  });

  it('T-14 VNT-9.6 AMB-23: the second card is a full placement event for everybody and ends the turn', () => {
    const s = given(two(), {
      line: plainLine(4),
      locos: [
        [0, 4],
        [0, 4],
      ],
      step: 'free',
      market: ['b5', 'p5', 'p6', 'p7'],
      sheets: [sheetOf({}, 1)],
    });
    const t = act(s, 0, { type: 'second_card', source: 'MARKET', cardId: 'b5' });
    expect(t.players[0]?.sheet.coinsSpent).toBe(1);
    expect(t.line[4]).toBe('b5');
    expect(t.market).toHaveLength(4);
    expect(t.deckB).toHaveLength(s.deckB.length - 1);
    expect(t.players.map((p) => p.locos[1])).toEqual([5, 5]);
    // b5 shows SAWMILL on lane T and STEELWORKS on lane B.
    expect(t.players[0]?.sheet.ticks.SAWMILL).toBe(1);
    expect(t.players[1]?.sheet.ticks.STEELWORKS).toBe(1);
    expect([t.current, t.step]).toEqual([1, 'place']);
  });

  it('VNT-9.6: no second card without a coin', () => {
    const s = given(two(), {
      line: plainLine(4),
      locos: [
        [0, 4],
        [0, 4],
      ],
      step: 'free',
    });
    rejects(() => rules.apply(s, 0, { type: 'second_card', source: 'MARKET', cardId: s.market[0] ?? '' }), 'VNT-9.6');
  });

  it('T-15 VNT-9.8 AMB-15: any symbol costs 2 coins, once per game, never on a full row', () => {
    const s = given(two(), {
      line: ['b1'],
      locos: [
        [0, 1],
        [0, 1],
      ],
      step: 'free',
      sheets: [sheetOf({ GLASSWORKS: 1, PASSENGER: 5 }, 4)],
    });
    const legalRows = rules.legalActions(s, 0).flatMap((a) => (a.type === 'any_symbol' ? [a.row] : []));
    expect(legalRows).toContain('GLASSWORKS');
    expect(legalRows).not.toContain('PASSENGER');
    rejects(() => rules.apply(s, 0, { type: 'any_symbol', row: 'PASSENGER' }), 'VNT-9.8');
    const p = act(s, 0, { type: 'any_symbol', row: 'GLASSWORKS' }).players[0];
    expect(p?.sheet.coinsGained! - p?.sheet.coinsSpent!).toBe(2);
    expect(p?.sheet.ticks.GLASSWORKS).toBe(2);
    expect(p?.sheet.anySymbolUsed).toBe(true);
    const later = given(s, { sheets: [{ ...p!.sheet, coinsGained: 10 }] });
    rejects(() => rules.apply(later, 0, { type: 'any_symbol', row: 'COAL' }), 'VNT-9.8');
    expect(types(rules.legalActions(later, 0))).not.toContain('any_symbol');
  });

  it('VNT-9.1 AMB-30: no free action before the placement of the turn', () => {
    const s = given(two(), { hands: [['a1', 'a2']], sheets: [sheetOf({}, 5)] });
    rejects(() => rules.apply(s, 0, { type: 'discard_a', cardId: 'a1' }), 'VNT-9.1');
    rejects(() => rules.apply(s, 0, { type: 'end_turn' }), 'VNT-4.1');
    const t = act(s, 0, { type: 'place_card', source: 'HAND', cardId: 'a1' });
    rejects(() => rules.apply(t, 0, { type: 'place_card', source: 'HAND', cardId: 'a2' }), 'VNT-4.1');
  });

  it('VNT-4.1 VNT-4.3: after the placement the player may end the turn; the next seat places', () => {
    const t = act(act(given(two(), { hands: [['a1']] }), 0, { type: 'place_card', source: 'HAND', cardId: 'a1' }), 0, {
      type: 'end_turn',
    });
    expect([t.current, t.step, t.turnIndex]).toEqual([1, 'place', 2]);
  });

  it('D-7: the fixture keeps the printed costs', () => {
    expect(fx.constants.costs).toEqual({ slowMove: 1, secondCard: 1, discardGain: 1, anySymbol: 2 });
  });
});
