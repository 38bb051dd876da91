/** Final scoring (§12–§15) on the FX sheets, and the printed factory example on the reconstruction. */
import { describe, expect, it } from 'vitest';
import type { Sheet } from './data.js';
import { vntData } from './reference.js';
import { act, fx, given, sheetOf, started } from './rules.testkit.js';
import { outcomeOf, scoreLines, total } from './scoring.js';
import { gain, type SheetState } from './sheet.js';

const points = (sheet: Sheet, sheets: SheetState[], seat: number, item: string) =>
  scoreLines(sheet, sheets, seat).find((l) => l.item === item)?.points;
const I = fx.sheets.I;
const II = fx.sheets.II;

describe('sheet I (§13)', () => {
  it('T-26 VNT-12.1–12.3 VNT-13.4 AMB-24: each chain row scores its rightmost valid box', () => {
    const s = [sheetOf({ COAL: 1, IRON_ORE: 2, STEELWORKS: 2, FACTORY: 1 })];
    expect(points(I, s, 0, 'COAL')).toBe(1);
    expect(points(I, s, 0, 'IRON_ORE')).toBe(2);
    expect(points(I, s, 0, 'STEELWORKS')).toBe(3);
    expect(points(I, s, 0, 'FACTORY')).toBe(5);
  });

  it('VNT-12.2: a box whose chain is broken further back is invalid (factory 2 needs coal 2 through steelworks 2)', () => {
    const s = [sheetOf({ COAL: 1, IRON_ORE: 2, STEELWORKS: 2, FACTORY: 2 })];
    expect(points(I, s, 0, 'FACTORY')).toBe(5);
  });

  it('T-27 VNT-13.5 AMB-26: forest × sawmill is one section; an empty row makes it 0', () => {
    const s = [sheetOf({ FOREST: 3, SAWMILL: 4 }), sheetOf({ FOREST: 2 })];
    expect(points(I, s, 0, 'FOREST × SAWMILL')).toBe(12);
    expect(points(I, s, 1, 'FOREST × SAWMILL')).toBe(0);
    expect(scoreLines(I, s, 0).map((l) => l.item)).not.toContain('SAWMILL');
  });

  it('T-28 VNT-13.2 AMB-11: passengers double only for strictly the most passenger symbols gained', () => {
    const tied = [sheetOf({ PASSENGER: 4 }), sheetOf({ PASSENGER: 4 }), sheetOf({ PASSENGER: 2 })];
    expect(points(I, tied, 0, 'PASSENGER')).toBe(10);
    expect(points(I, tied, 1, 'PASSENGER')).toBe(10);
    const full = [sheetOf({ PASSENGER: 5 }), sheetOf({ PASSENGER: 4 }), sheetOf({ PASSENGER: 2 })];
    expect(points(I, full, 0, 'PASSENGER')).toBe(30);
    expect(points(I, full, 1, 'PASSENGER')).toBe(10);
  });

  it('AMB-11: passengers turned into coins by a full row count for the majority', () => {
    const s = [
      sheetOf({ PASSENGER: 5 }, 0, { gained: { ...sheetOf({ PASSENGER: 5 }).gained, PASSENGER: 7 } }),
      sheetOf({ PASSENGER: 5 }, 0, { gained: { ...sheetOf({ PASSENGER: 5 }).gained, PASSENGER: 6 } }),
    ];
    expect(points(I, s, 0, 'PASSENGER')).toBe(30);
    expect(points(I, s, 1, 'PASSENGER')).toBe(15);
  });

  it('T-29 VNT-13.3 VNT-13.6: sugar factory boxes need their beet box; beet scores nothing; mail may be negative', () => {
    const s = [sheetOf({ BEET: 3, SUGAR_FACTORY: 2, MAIL: 4 })];
    expect(points(I, s, 0, 'SUGAR_FACTORY')).toBe(4);
    expect(points(I, s, 0, 'BEET')).toBeUndefined();
    expect(points(I, s, 0, 'MAIL')).toBe(-2);
  });

  it('VNT-13.7 VNT-13.8 VNT-12.5: glassworks plain, 1 VP per coin, the total adds the sections', () => {
    const s = [sheetOf({ GLASSWORKS: 2, COAL: 1 }, 3, { coinsSpent: 1 })];
    expect(points(I, s, 0, 'GLASSWORKS')).toBe(4);
    expect(points(I, s, 0, 'coins')).toBe(2);
    expect(total(scoreLines(I, s, 0))).toBe(4 + 1 + 2);
  });
});

describe('sheet II (§14)', () => {
  it('T-30 VNT-14.8: factory boxes convert coins: 5 coins with 3 boxes = 17, none = 5, box 1 only = 7', () => {
    expect(points(II, [sheetOf({ FACTORY: 3 }, 5)], 0, 'coins')).toBe(17);
    expect(points(II, [sheetOf({}, 5)], 0, 'coins')).toBe(5);
    expect(points(II, [sheetOf({ FACTORY: 1 }, 5)], 0, 'coins')).toBe(7);
    expect(points(II, [sheetOf({ FACTORY: 3 }, 5)], 0, 'FACTORY')).toBeUndefined();
  });

  it('T-30 VNT-14.8: the rulebook example on the reconstructed sheet II: 5 coins, all 3 factory boxes, 4 × 4 + 1 = 17', () => {
    const sheets = [sheetOf({ FACTORY: 3 }, 5)];
    expect(points(vntData.sheets.II, sheets, 0, 'coins')).toBe(17);
    expect(total(scoreLines(vntData.sheets.II, sheets, 0))).toBe(17);
  });

  it('T-31 VNT-14.9 AMB-18: the first turn to reach the last glassworks box scores 8 for all who did, later 4', () => {
    const reach = (turn: number) =>
      gain(II, gain(II, gain(II, sheetOf({}), 'GLASSWORKS', 2).sheet, 'GLASSWORKS', 5).sheet, 'GLASSWORKS', turn).sheet;
    const s = [reach(20), reach(20), reach(23)];
    expect([0, 1, 2].map((seat) => points(II, s, seat, 'GLASSWORKS'))).toEqual([8, 8, 4]);
  });

  it('T-31 AMB-18: a player who reaches it through another player’s card scores 8 with them (engine turnIndex)', () => {
    const s = given(started(['T', 'B'], 'II'), {
      market: ['gl'],
      sheets: [sheetOf({ GLASSWORKS: 2 }), sheetOf({ GLASSWORKS: 2 })],
    });
    const t = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'gl' });
    expect(t.players.map((p) => p.sheet.glassMaxTurn)).toEqual([t.turnIndex, t.turnIndex]);
    expect(
      outcomeOf(
        II,
        t.players.map((p) => p.sheet),
      ).breakdown.map((b) => b.find((l) => l.item === 'GLASSWORKS')?.points),
    ).toEqual([8, 8]);
  });

  it('T-32 VNT-14.4 AMB-25: completing a column pays 1 coin at once, once per column', () => {
    const start = sheetOf({ COAL: 2, IRON_ORE: 2, STEELWORKS: 1 }, 1, { coinsSpent: 1, columnsPaid: [0] });
    const a = gain(II, start, 'STEELWORKS', 7).sheet;
    expect(a.ticks.STEELWORKS).toBe(2);
    expect(a.columnsPaid).toEqual([0, 1]);
    expect(a.coinsGained - a.coinsSpent).toBe(1);
    const b = gain(II, a, 'COAL', 8).sheet;
    expect(b.coinsGained).toBe(a.coinsGained);
  });

  it('T-33 VNT-7.5 VNT-14.7 AMB-12: a symbol hitting a locked box is lost', () => {
    const r = gain(II, sheetOf({ BEET: 2 }), 'BEET', 3);
    expect(r.outcome).toBe('lost');
    expect(r.sheet.ticks.BEET).toBe(2);
    expect(r.sheet.coinsGained).toBe(0);
    expect(r.sheet.gained.BEET).toBe(2);
  });

  it('T-33 VNT-7.6 AMB-29: a [BEET, SUGAR_FACTORY] station ticks the sugar factory first, which unlocks the beet box', () => {
    const s = given(started(['T', 'B'], 'II'), { market: ['su'], sheets: [sheetOf({ BEET: 2 }), sheetOf({})] });
    const p = act(s, 0, { type: 'place_card', source: 'MARKET', cardId: 'su' }).players[0];
    expect(p?.sheet.ticks).toMatchObject({ SUGAR_FACTORY: 1, BEET: 3 });
  });

  it('T-34 VNT-14.2 AMB-10: passengers score negative, mail needs the passenger box above it', () => {
    const s = [sheetOf({ PASSENGER: 3, MAIL: 4 })];
    expect(points(II, s, 0, 'PASSENGER')).toBe(-3);
    expect(points(II, s, 0, 'MAIL')).toBe(8);
  });

  it('T-35 VNT-14.5 AMB-28: the forest/sawmill zigzag stops at the first gap; both rows add', () => {
    const s = [sheetOf({ FOREST: 3, SAWMILL: 1 })];
    expect(points(II, s, 0, 'FOREST')).toBe(4);
    expect(points(II, s, 0, 'SAWMILL')).toBe(2);
  });

  it('VNT-14.6: beet and sugar factory rows both score on sheet II', () => {
    const s = [sheetOf({ BEET: 2, SUGAR_FACTORY: 1 })];
    expect(points(II, s, 0, 'BEET')).toBe(1);
    expect(points(II, s, 0, 'SUGAR_FACTORY')).toBe(3);
  });
});

describe('winner (§15)', () => {
  it('T-36 VNT-15.1–15.3 AMB-27: a VP tie goes to more raw coins; a full tie shares the win', () => {
    // Both 9 VP: glassworks 6 + 3 coins against glassworks 6 + coal 1 + 2 coins.
    const byCoins = outcomeOf(I, [sheetOf({ GLASSWORKS: 3 }, 3), sheetOf({ GLASSWORKS: 3, COAL: 1 }, 2)]);
    expect(byCoins.scores).toEqual([9, 9]);
    expect(byCoins.ranking).toEqual([1, 2]);
    const shared = outcomeOf(I, [sheetOf({ GLASSWORKS: 3, COAL: 1 }, 2), sheetOf({ GLASSWORKS: 3, COAL: 1 }, 2)]);
    expect(shared.ranking).toEqual([1, 1]);
  });

  it('AMB-27: the coin tie-break uses raw coins, not their factory value (sheet II)', () => {
    // 17 VP each: 5 coins through factory box 3 (4 × 4 + 1) against 3 coins through box 2 (3 × 3) + glassworks 2 + coal 1 + ore 1 + steelworks 3 + beet 1.
    const a = sheetOf({ FACTORY: 3 }, 5);
    const b = sheetOf({ FACTORY: 2, GLASSWORKS: 1, COAL: 1, IRON_ORE: 1, STEELWORKS: 1, BEET: 1 }, 3, {
      columnsPaid: [0],
    });
    const o = outcomeOf(II, [a, b]);
    expect(o.scores).toEqual([17, 17]);
    expect(o.ranking).toEqual([1, 2]);
  });

  it('AMB-32: negative totals are ranked in plain numeric order', () => {
    const o = outcomeOf(II, [sheetOf({ PASSENGER: 4 }), sheetOf({ PASSENGER: 1 })]);
    expect(o.scores).toEqual([-4, -1]);
    expect(o.ranking).toEqual([2, 1]);
  });
});
