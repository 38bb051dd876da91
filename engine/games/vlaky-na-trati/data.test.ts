/** The data model (§17) and the reconstruction mapped onto it. */
import { describe, expect, it } from 'vitest';
import raw from './data/vlaky-na-trati.json' with { type: 'json' };
import { LANES, SYMBOLS, VntDataSchema } from './data.js';
import { fromReference, vntData } from './reference.js';
import { fx } from './rules.testkit.js';

describe('reconstructed data (D-1..D-7)', () => {
  it('D-1 VNT-1.2: 12 A + 25 B railway cards, unique ids, three tracks with lane permutations on each edge', () => {
    expect(vntData.reconstruction).toBe(true);
    expect(vntData.railwayCards.filter((c) => c.deck === 'A')).toHaveLength(12);
    expect(vntData.railwayCards.filter((c) => c.deck === 'B')).toHaveLength(25);
    for (const c of vntData.railwayCards) {
      expect(new Set(c.tracks.map((t) => t.left)).size).toBe(3);
      expect(new Set(c.tracks.map((t) => t.right)).size).toBe(3);
    }
  });

  it('D-1: the symbol counts of the reconstruction survive the mapping (110 symbols on 88 stations)', () => {
    const stations = vntData.railwayCards.flatMap((c) => c.tracks.flatMap((t) => (t.station ? [t.station] : [])));
    expect(stations).toHaveLength(88);
    expect(stations.flatMap((s) => s.symbols)).toHaveLength(110);
    const forest = stations.filter((s) => s.symbols.includes('FOREST')).length;
    expect(forest).toBe(11);
  });

  it('D-2 VNT-1.3: two start sides, one symbol per start field', () => {
    expect(vntData.startCard.sides[0]?.fields).toEqual({
      T: { symbols: ['MAIL'] },
      M: { symbols: ['PASSENGER'] },
      B: { symbols: ['COAL'] },
    });
    expect(vntData.startCard.sides[1]?.fields.M).toEqual({ symbols: ['BEET'] });
  });

  it('D-3 D-4 VNT-1.5: two curves of two cards with a CURVE_LOCO station per lane, U-turn lane map, an end card without stations', () => {
    for (const c of vntData.curves) {
      expect(c.cards).toHaveLength(2);
      expect(c.laneMap).toEqual({ T: 'B', M: 'M', B: 'T' });
      for (const l of LANES) expect(c.stations[l]).toEqual({ symbols: [], curveLoco: true });
    }
    expect(vntData.endCard.stations).toEqual({ T: null, M: null, B: null });
  });

  it('D-5 D-6: every symbol has one row on each sheet; sheet II has 4 columns, 2 sugar red lines, factory conversion and the glassworks race', () => {
    for (const sheet of [vntData.sheets.I, vntData.sheets.II])
      expect(sheet.rows.map((r) => r.symbol).sort()).toEqual([...SYMBOLS].sort());
    const II = vntData.sheets.II;
    expect(II.columns).toHaveLength(4);
    expect(II.sugarSections.map((s) => s.gate)).toEqual(['SUGAR_FACTORY_1', 'SUGAR_FACTORY_2']);
    expect(II.rows.find((r) => r.symbol === 'FACTORY')?.boxes.at(-1)).toMatchObject({ coins: 4, pointsPerCoin: 4 });
    expect(II.rows.find((r) => r.symbol === 'GLASSWORKS')?.boxes.at(-1)).toMatchObject({ value: 8, laterValue: 4 });
    expect(vntData.sheets.I).toMatchObject({
      passengerMajorityDouble: true,
      multiplyPair: ['FOREST', 'SAWMILL'],
      noPoints: ['BEET'],
    });
    expect(vntData.sheets.I.rows.find((r) => r.symbol === 'SUGAR_FACTORY')?.boxes.map((b) => b.prereqs)).toEqual([
      ['BEET_2'],
      ['BEET_4'],
      ['BEET_6'],
    ]);
  });

  it('D-7: setup constants and costs', () => {
    expect(vntData.constants).toMatchObject({
      handSizeA: 4,
      marketSize: 4,
      slowMoveMax: 5,
      declinesPerGame: 4,
      costs: { slowMove: 1, secondCard: 1, discardGain: 1, anySymbol: 2 },
    });
  });
});

describe('load-time validation (§17)', () => {
  const clone = () =>
    structuredClone(fx) as unknown as {
      railwayCards: { deck: string; tracks: { left: string }[] }[];
      sheets: { I: { rows: { symbol: string; boxes: { prereqs: string[] }[] }[] } };
    };

  it('§17: a card whose left ends are not a permutation of T, M, B is rejected', () => {
    const d = clone();
    d.railwayCards[0]!.tracks[0]!.left = 'M';
    expect(VntDataSchema.safeParse(d).success).toBe(false);
  });

  it('§17: wrong A/B counts are rejected', () => {
    const d = clone();
    d.railwayCards[0]!.deck = 'B';
    expect(VntDataSchema.safeParse(d).success).toBe(false);
  });

  it('§17: unknown prerequisite boxes and arrow cycles are rejected', () => {
    const unknown = clone();
    unknown.sheets.I.rows[0]!.boxes[0]!.prereqs = ['NOPE_1'];
    expect(VntDataSchema.safeParse(unknown).success).toBe(false);
    const cycle = clone();
    cycle.sheets.I.rows[2]!.boxes[0]!.prereqs = ['STEELWORKS_1'];
    expect(VntDataSchema.safeParse(cycle).success).toBe(false);
  });

  it('§17: a symbol without a row is rejected', () => {
    const d = clone();
    d.sheets.I.rows = d.sheets.I.rows.filter((r) => r.symbol !== 'MAIL');
    expect(VntDataSchema.safeParse(d).success).toBe(false);
  });

  it('§17: the reference mapping is deterministic and rejects a file without the reconstruction', () => {
    expect(fromReference(raw)).toEqual(vntData);
    expect(() => fromReference({ ...raw, reconstruction: false })).toThrow();
  });
});
