import { describe, expect, it } from 'vitest';
import { BUILDINGS, TERMINALS, TILE_TYPES } from './data.js';
import {
  BUILDING_AT,
  BUILDING_NEXT_TO,
  EDGES,
  exitsFrom,
  neighbour,
  portOf,
  portsOf,
  rotateMask,
  ROTATIONS,
  segmentBit,
  segmentsOf,
  sqOf,
  terminalPortAt,
  tileMask,
  type Edge,
} from './geometry.js';

const N = 0,
  E = 1,
  S = 2,
  W = 3;
const seg = (...pairs: [Edge, Edge][]) => pairs.reduce((m, [a, b]) => m | segmentBit(a, b), 0);

describe('tiles (SC-1.3, SC-2.1–2.5)', () => {
  it('SC-1.3 126 tiles: 101 draw tiles and 25 start tiles (15 straights, 10 curves); SC-1.4 24 tree tiles', () => {
    expect(TILE_TYPES).toHaveLength(12);
    expect(TILE_TYPES.reduce((n, t) => n + t.drawPile, 0)).toBe(101);
    expect(TILE_TYPES.reduce((n, t) => n + t.startTiles, 0)).toBe(25);
    expect(TILE_TYPES.filter((t) => t.tree).reduce((n, t) => n + t.drawPile + t.startTiles, 0)).toBe(24);
  });

  it('SC-2.3 a 90° rotation maps N→E, E→S, S→W, W→N; four rotations are the identity', () => {
    expect(rotateMask(seg([N, S]), 90)).toBe(seg([E, W]));
    expect(rotateMask(seg([N, E]), 90)).toBe(seg([E, S]));
    expect(tileMask('straight_plus_curve_right', 270)).toBe(seg([W, E], [E, N]));
    for (const t of TILE_TYPES) expect(rotateMask(rotateMask(tileMask(t.id, 180), 90), 90)).toBe(tileMask(t.id, 0));
  });

  it('SC-2.3 mirror pairs are different types: no rotation of one equals the other', () => {
    for (const [a, b] of [
      ['straight_plus_curve_left', 'straight_plus_curve_right'],
      ['tree_straight_two_opposite_curves_a', 'tree_straight_two_opposite_curves_b'],
    ] as const)
      for (const r of ROTATIONS) expect(tileMask(a, r)).not.toBe(tileMask(b, 0));
  });

  it('SC-2.2 no segment joins an edge to itself, and every port is the end of a full segment', () => {
    expect(() => segmentBit(N, N)).toThrow();
    for (const t of TILE_TYPES)
      for (const r of ROTATIONS)
        for (const e of EDGES)
          if (portsOf(tileMask(t.id, r)) & (1 << e)) expect(exitsFrom(tileMask(t.id, r), e).length).toBeGreaterThan(0);
  });

  it('SC-2.5 double_curve_y: from N to W or E; from W only to N (never W→E)', () => {
    const y = tileMask('double_curve_y', 0);
    expect(exitsFrom(y, N).sort()).toEqual([E, W]);
    expect(exitsFrom(y, W)).toEqual([N]);
    expect(exitsFrom(y, E)).toEqual([N]);
  });

  it('SC-2.5 tree_crossing goes only straight; tree_four_curves never straight; two_opposite_curves do not touch', () => {
    expect(exitsFrom(tileMask('tree_crossing', 0), W)).toEqual([E]);
    expect(exitsFrom(tileMask('tree_crossing', 0), N)).toEqual([S]);
    expect(exitsFrom(tileMask('tree_four_curves', 0), N).sort()).toEqual([E, W]);
    expect(exitsFrom(tileMask('two_opposite_curves', 0), N)).toEqual([E]);
    expect(exitsFrom(tileMask('two_opposite_curves', 0), S)).toEqual([W]);
    expect(segmentsOf(tileMask('two_opposite_curves', 0))).toHaveLength(2);
  });

  it('SC-2.5 switch tiles: from an edge, any edge a segment joins to it', () => {
    expect(exitsFrom(tileMask('straight_plus_curve_right', 0), S).sort()).toEqual([N, E]);
    expect(exitsFrom(tileMask('straight_plus_curve_right', 0), N)).toEqual([S]);
  });
});

describe('board (SC-1.1, SC-2.6–2.9, SC-8.1)', () => {
  it('SC-1.1 twelve building squares A–M without J', () => {
    expect(BUILDING_AT.filter(Boolean).sort().join('')).toBe('ABCDEFGHIKLM');
  });

  it('SC-2.6 neighbours and outer edges', () => {
    expect(neighbour(sqOf(6, 6), N)).toBe(sqOf(5, 6));
    expect(neighbour(sqOf(6, 6), W)).toBe(sqOf(6, 5));
    expect(neighbour(sqOf(1, 4), N)).toBeNull();
    expect(neighbour(sqOf(4, 12), E)).toBeNull();
  });

  it('SC-1.2/SC-2.8 24 terminal ports on squares 2–3, 6–7, 10–11 of every side, lines on opposite sides; SC-2.9 corners have none', () => {
    let ports = 0;
    for (let r = 1; r <= 12; r++)
      for (let c = 1; c <= 12; c++)
        for (const e of EDGES)
          if (terminalPortAt(sqOf(r, c), e)) {
            ports++;
            expect([2, 3, 6, 7, 10, 11]).toContain(e === N || e === S ? c : r);
          }
    expect(ports).toBe(24);
    for (const [r, c] of [
      [1, 1],
      [1, 12],
      [12, 1],
      [12, 12],
    ] as const)
      for (const e of EDGES) expect(terminalPortAt(sqOf(r, c), e)).toBeUndefined();
    for (let line = 1; line <= 6; line++) {
      const [a, b] = TERMINALS.filter((t) => t.line === line);
      expect({ N: 'S', S: 'N', E: 'W', W: 'E' }[a!.edge]).toBe(b!.edge);
    }
    expect(portOf(5, 1)).toEqual({ sq: sqOf(3, 1), edge: W });
  });

  it('SC-8.1/SC-8.4 building neighbours match §17.0 and no square neighbours two buildings', () => {
    const table: Record<string, string> = {
      A: '7,12 8,11 9,12',
      B: '10,9 11,8 11,10 12,9',
      C: '11,5 12,4 12,6',
      D: '8,2 9,1 9,3 10,2',
      E: '4,1 5,2 6,1',
      F: '1,4 2,3 2,5 3,4',
      G: '1,7 1,9 2,8',
      H: '3,11 4,10 4,12 5,11',
      I: '5,9 6,8 6,10 7,9',
      K: '8,7 9,6 9,8 10,7',
      L: '6,4 7,3 7,5 8,4',
      M: '3,6 4,5 4,7 5,6',
    };
    for (const b of BUILDINGS) {
      const got = BUILDING_NEXT_TO.flatMap((l, sq) =>
        l === b.letter ? [`${Math.floor(sq / 12) + 1},${(sq % 12) + 1}`] : [],
      );
      expect(got.join(' ')).toBe(table[b.letter]);
    }
  });
});
