/** End of the game (§11). */
import { describe, expect, it } from 'vitest';
import { VntDataSchema } from './data.js';
import { createRules } from './rules.js';
import { act, fx, given, rejects, rules, sheetOf, started, types } from './rules.testkit.js';

const three = () => started(['T', 'M', 'B']);
const plainMarket = ['p1', 'p2', 'p3', 'p4'];

/** 23 distinct cards on the line (the plain p8 is left to fill slot 24). */
const line23 = fx.railwayCards
  .filter((c) => c.deck === 'B' && c.id !== 'p8')
  .map((c) => c.id)
  .slice(0, 23);

describe('end triggers and the final round', () => {
  it('T-22 VNT-11.2 VNT-11.3 VNT-11.8 AMB-9: the refill taking the last deck card triggers the end; the round is finished, then final free actions', () => {
    let s = given(three(), {
      current: 1,
      deckB: ['p5'],
      market: plainMarket,
      line: ['b1', 'b2', 'b3'],
      locos: [
        [0, 3],
        [0, 3],
        [0, 3],
      ],
    });
    s = act(s, 1, { type: 'place_card', source: 'MARKET', cardId: 'p1' });
    expect(s.endTriggered).toBe(true);
    expect([s.market.length, s.deckB.length, s.step]).toEqual([4, 0, 'free']);
    s = act(s, 1, { type: 'end_turn' });
    expect([s.current, s.step]).toEqual([2, 'place']);
    s = act(s, 2, { type: 'place_card', source: 'MARKET', cardId: 'p2' });
    expect(s.market).toHaveLength(3);
    s = act(s, 2, { type: 'end_turn' });
    expect([s.phase, s.current]).toEqual(['final', 0]);
    expect(types(rules.legalActions(s, 0))).not.toContain('second_card');
    const turns: number[] = [];
    for (const seat of [0, 1, 2]) {
      expect(rules.toAct(s)).toEqual([seat]);
      turns.push(s.turnIndex);
      s = act(s, seat, { type: 'pass' });
    }
    expect(new Set(turns).size).toBe(3);
    expect(s.phase).toBe('over');
    expect(s.result?.scores).toHaveLength(3);
    expect(rules.toAct(s)).toEqual([]);
  });

  it('T-23 VNT-11.1 VNT-11.5 VNT-8.6: filling slot 24 triggers the end; later turns place nothing and offer no second card', () => {
    let s = given(three(), {
      line: line23,
      locos: [
        [0, 25],
        [0, 25],
        [0, 25],
      ],
      market: ['p8', ...plainMarket.slice(1)],
      sheets: [sheetOf({}, 3), sheetOf({}, 3), sheetOf({}, 3)],
    });
    s = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'p8' });
    expect(s.endTriggered).toBe(true);
    // FX has no end stations: the faster locomotives stay on slot 24 (node 26).
    expect(s.players.map((p) => p.locos[1])).toEqual([26, 26, 26]);
    expect(types(rules.legalActions(s, 0))).not.toContain('second_card');
    s = act(s, 0, { type: 'end_turn' });
    for (const seat of [1, 2]) {
      expect([s.current, s.step]).toEqual([seat, 'noPlace']);
      const legal = types(rules.legalActions(s, seat));
      expect(legal).not.toContain('place_card');
      expect(legal).not.toContain('second_card');
      rejects(() => rules.apply(s, seat, { type: 'place_card', source: 'MARKET', cardId: 'p2' }), 'VNT-11.5');
      s = act(s, seat, { type: 'end_turn' });
    }
    expect([s.phase, s.current]).toEqual(['final', 0]);
  });

  it('T-24 VNT-11.3 AMB-21: when the last seat of the round triggers the end, the final free actions follow at once', () => {
    let s = given(three(), {
      current: 2,
      line: line23,
      locos: [
        [0, 25],
        [0, 25],
        [0, 25],
      ],
      market: ['p8'],
    });
    s = act(act(s, 2, { type: 'place_card', source: 'MARKET', cardId: 'p8' }), 2, { type: 'end_turn' });
    expect([s.phase, s.current]).toEqual(['final', 0]);
  });

  it('T-25 VNT-11.5 AMB-20: with hand and market empty the player skips the placement and may take a free action other than a second card', () => {
    const s = given(three(), {
      step: 'free',
      endTriggered: true,
      deckB: [],
      market: [],
      line: ['b1', 'b2', 'b3'],
      locos: [
        [0, 3],
        [0, 3],
        [0, 3],
      ],
      hands: [['a1'], [], ['a2']],
      sheets: [sheetOf({}), sheetOf({}, 2), sheetOf({})],
    });
    const t = act(s, 0, { type: 'end_turn' });
    expect([t.current, t.step]).toEqual([1, 'noPlace']);
    expect(types(rules.legalActions(t, 1))).toEqual(['any_symbol', 'end_turn', 'slow_move']);
    const u = act(t, 1, { type: 'slow_move', steps: 1 });
    expect([u.current, u.step]).toEqual([2, 'place']);
  });

  it('VNT-11.4: a second trigger changes nothing', () => {
    let s = given(three(), {
      current: 1,
      deckB: ['p5'],
      market: plainMarket,
      line: line23.slice(0, 22),
      locos: [
        [0, 24],
        [0, 24],
        [0, 24],
      ],
      sheets: [sheetOf({}), sheetOf({}, 1), sheetOf({})],
    });
    s = act(s, 1, { type: 'place_card', source: 'MARKET', cardId: 'p1' });
    const { state, events } = rules.apply(s, 1, { type: 'second_card', source: 'MARKET', cardId: 'p2' });
    expect(state.line).toHaveLength(24);
    expect(events.filter((e) => e.type === 'end_triggered')).toEqual([]);
    expect([state.current, state.phase]).toEqual([2, 'turn']);
  });

  it('VNT-11.8: the final free action may not be a second card; a free action there ends the player’s final turn', () => {
    const s = given(three(), {
      phase: 'final',
      current: 0,
      endTriggered: true,
      line: ['b1'],
      locos: [
        [0, 1],
        [0, 1],
        [0, 1],
      ],
      hands: [['a1'], [], []],
      sheets: [sheetOf({}, 1)],
    });
    rejects(() => rules.apply(s, 0, { type: 'second_card', source: 'MARKET', cardId: s.market[0] ?? '' }), 'VNT-9.6');
    rejects(() => rules.apply(s, 0, { type: 'end_turn' }), 'VNT-4.1');
    const t = act(s, 0, { type: 'discard_a', cardId: 'a1' });
    expect([t.phase, t.current]).toEqual(['final', 1]);
  });

  it('VNT-8.6 AMB-7: with end stations in the data the faster locomotives move on to them, gain and may make a curve move', () => {
    const withEnd = createRules(
      VntDataSchema.parse({
        ...fx,
        endCard: {
          stations: { T: { symbols: ['GLASSWORKS'], curveLoco: true }, M: null, B: { symbols: [], curveLoco: false } },
        },
      }),
    );
    const s = given(started(['T', 'B']), {
      line: line23,
      locos: [
        [0, 25],
        [0, 25],
      ],
      market: ['p8'],
    });
    const t = withEnd.apply(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'p8' }).state;
    // End stations are keyed by the lane on which a track leaves slot 24.
    const tLane = t.players.findIndex((_, seat) => withEnd.routeOf(t, seat).at(-1)?.lane === 'T');
    expect(t.players[tLane]?.locos[1]).toBe(27);
    expect(t.players[tLane]?.sheet.ticks.GLASSWORKS).toBe(1);
    expect(withEnd.toAct(t)).toEqual([tLane]);
    expect(t.players[1 - tLane]?.locos[1]).toBe(27);
  });
});
