import { describe, expect, it } from 'vitest';
import { act, fx, game, rejects, rules, started, types } from './rules.testkit.js';

describe('setup (§2)', () => {
  it('T-1 VNT-2.7–2.9 H-2: 2 players get 4 A cards each, 4 A cards are boxed unseen, market 4 B, deck 21', () => {
    const s = started(['T', 'B']);
    const aIds = new Set(fx.railwayCards.filter((c) => c.deck === 'A').map((c) => c.id));
    expect(s.players.map((p) => p.hand.length)).toEqual([4, 4]);
    expect(s.players.flatMap((p) => p.hand).every((id) => aIds.has(id))).toBe(true);
    expect(s.boxA).toHaveLength(4);
    expect(s.market).toHaveLength(4);
    expect(s.deckB).toHaveLength(21);
    expect(s.players.map((p) => p.lane)).toEqual(['T', 'B']);
    expect(s.players.map((p) => p.locos)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const spectator = JSON.stringify(game.view(s, 'spectator'));
    expect(s.boxA.some((id) => spectator.includes(`"${id}"`))).toBe(false);
    expect(game.view(s, 'spectator').boxedCount).toBe(4);
  });

  it('VNT-2.7: with 3 players deck A is used up', () => {
    const s = started(['T', 'M', 'B']);
    expect(s.players.map((p) => p.hand.length)).toEqual([4, 4, 4]);
    expect(s.boxA).toEqual([]);
  });

  it('VNT-2.4 DP-1: only the starting player chooses the start side, once', () => {
    const s = rules.setup('x', 2, { sheet: 'I', startingPlayer: 1 });
    expect(rules.toAct(s)).toEqual([1]);
    expect(rules.legalActions(s, 0)).toEqual([]);
    rejects(() => rules.apply(s, 0, { type: 'choose_start_side', side: 1 }), 'VNT-4.1');
    const t = act(s, 1, { type: 'choose_start_side', side: 1 });
    expect(t.side).toBe(1);
    expect(types(rules.legalActions(t, 1))).toEqual(['choose_track']);
  });

  it('T-2 VNT-2.9: a taken track is rejected; tracks go clockwise from the starting player', () => {
    let s = rules.setup('x', 3, { sheet: 'I', startingPlayer: 0 });
    s = act(s, 0, { type: 'choose_start_side', side: 0 });
    s = act(s, 0, { type: 'choose_track', lane: 'M' });
    rejects(() => rules.apply(s, 1, { type: 'choose_track', lane: 'M' }), 'VNT-2.9');
    s = act(s, 1, { type: 'choose_track', lane: 'T' });
    expect(rules.toAct(s)).toEqual([2]);
    expect(rules.legalActions(s, 2)).toEqual([{ type: 'choose_track', lane: 'B' }]);
  });

  it('T-3 VNT-2.10 VNT-10.5: the start field symbol is ticked at setup and cannot be declined', () => {
    let s = rules.setup('x', 3, { sheet: 'I', startingPlayer: 0 });
    s = act(s, 0, { type: 'choose_start_side', side: 0 });
    s = act(s, 0, { type: 'choose_track', lane: 'M' });
    expect(s.players[0]?.sheet.ticks.PASSENGER).toBe(1);
    expect(s.players[0]?.sheet.gained.PASSENGER).toBe(1);
    expect(s.tasks.flat()).toEqual([]);
    expect(rules.toAct(s)).toEqual([1]);
  });

  it('VNT-2.11: after the track choice the starting player places the first card in turn 1', () => {
    const s = started(['T', 'M', 'B']);
    expect(s.phase).toBe('turn');
    expect(s.turnIndex).toBe(1);
    expect(rules.toAct(s)).toEqual([0]);
    expect(types(rules.legalActions(s, 0))).toEqual(['place_card']);
    expect(
      s.players.every((p) => p.sheet.coinsGained === 0 && p.sheet.declinesUsed === 0 && !p.sheet.anySymbolUsed),
    ).toBe(true);
  });

  it('VNT-2.3: the starting player is random from the seed unless set; checkOptions rejects a missing seat', () => {
    const starts = new Set(
      Array.from({ length: 20 }, (_, i) => rules.setup(`s${i}`, 3, { sheet: 'I', startingPlayer: 'random' }).startSeat),
    );
    expect(starts.size).toBeGreaterThan(1);
    expect(game.checkOptions?.({ sheet: 'I', startingPlayer: 2 }, 2)).toMatch(/seat/);
    expect(game.options.parse({})).toEqual({ sheet: 'I', startingPlayer: 'random' });
  });
});
