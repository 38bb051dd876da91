/** What each viewer sees (§18). */
import { describe, expect, it } from 'vitest';
import { act, game, given, sheetOf, started } from './rules.testkit.js';

describe('views (§18)', () => {
  const s = given(started(['T', 'M', 'B']), {
    hands: [['a1', 'a2'], ['a3'], ['a4', 'a5', 'a6']],
    sheets: [sheetOf({ COAL: 2 }, 3)],
  });

  it('H-1: a seat sees its own hand and only the counts of the others', () => {
    const v = game.view(s, 1);
    expect(v.you).toEqual({ seat: 1, hand: ['a3'] });
    expect(v.players.map((p) => p.handCount)).toEqual([2, 1, 3]);
    expect(JSON.stringify(v)).not.toMatch(/"a1"|"a2"|"a4"|"a5"|"a6"/);
    expect(game.view(s, 'spectator').you).toBeUndefined();
    expect(game.view(s, 'all').hands).toEqual([['a1', 'a2'], ['a3'], ['a4', 'a5', 'a6']]);
  });

  it('H-2: deck B is a count; its order is never shown', () => {
    const v = game.view(s, 0);
    expect(v.deckCount).toBe(s.deckB.length);
    expect(s.deckB.some((id) => JSON.stringify(v).includes(`"${id}"`))).toBe(false);
  });

  it('H-3 H-4: line, market, locomotives, routes, round and every sheet are public', () => {
    const t = act({ ...s, market: ['b1', 'b2', 'b3', 'b4'] }, 0, {
      type: 'place_card',
      source: 'MARKET',
      cardId: 'b1',
    });
    const v = game.view(t, 'spectator');
    expect(v.line).toEqual(['b1']);
    expect(v.market).toHaveLength(4);
    expect(v.round).toBe(1);
    expect(v.players[0]?.sheet.ticks).toMatchObject({ COAL: 2, IRON_ORE: 1 });
    expect(v.players[0]?.coins).toBe(3);
    expect(v.players.map((p) => p.locos)).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(v.players[2]?.route[1]).toMatchObject({ slot: 1, lane: 'B', station: { symbols: ['PASSENGER'] } });
  });

  it('H-5: pending decisions are public with the symbols concerned', () => {
    const t = act({ ...s, market: ['ma'] }, 0, { type: 'place_card', source: 'MARKET', cardId: 'ma' });
    const v = game.view(t, 0);
    expect(v.toAct).toEqual([1, 2]);
    expect(v.players[1]?.pending).toEqual({ kind: 'gains', node: 1, symbols: ['MAIL'] });
  });
});
