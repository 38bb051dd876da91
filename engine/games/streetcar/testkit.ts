/** Fixtures shared by the Streetcar rule suites (§17.0 notation). */
import { StreetcarOptionsSchema, type StreetcarAction } from './actions.js';
import { BUILDING_NEXT_TO, edgeOf, sqOf, type Rotation } from './geometry.js';
import { apply } from './rules.js';
import { setup } from './setup.js';
import type { StreetcarState, TramPos } from './state.js';
import { expectRuleError } from '../../core/rule-errors.testkit.js';

/** §17.0 shorthands: a tile type and rotation. Curves: rot0 {N,E}, 90 {E,S}, 180 {S,W}, 270 {W,N}. */
export const S_NS = { tile: 'straight', rotation: 0 } as const;
export const S_EW = { tile: 'straight', rotation: 90 } as const;
export const C_NE = { tile: 'curve', rotation: 0 } as const;
export const C_ES = { tile: 'curve', rotation: 90 } as const;
export const C_SW = { tile: 'curve', rotation: 180 } as const;
export const C_WN = { tile: 'curve', rotation: 270 } as const;
export const Y0 = { tile: 'double_curve_y', rotation: 0 } as const;

export type Laid = readonly [row: number, col: number, t: { tile: string; rotation: Rotation }];

export const PFEILSTRASSE = 5;
export const DUESSELDORFER = 4;

/** A fresh game; `seed` fixes the shuffles. */
export function fresh(players = 4, options: Record<string, unknown> = {}, seed = 'fixture'): StreetcarState {
  return setup(seed, players, StreetcarOptionsSchema.parse(options));
}

/** Lays tiles in order without legality checks, giving stop markers as placements would (SC-8.2). */
export function lay(s: StreetcarState, tiles: readonly Laid[]): StreetcarState {
  for (const [row, col, t] of tiles) {
    const sq = sqOf(row, col);
    s.board[sq] = { tile: t.tile, rotation: t.rotation };
    const letter = BUILDING_NEXT_TO[sq];
    if (letter && s.stops[letter] === undefined) s.stops[letter] = sq;
  }
  return s;
}

const row = (r: number, from: number, to: number, t: Laid[2]): Laid[] =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => [r, from + Math.sign(to - from) * i, t] as const);
const col = (c: number, from: number, to: number, t: Laid[2]): Laid[] =>
  Array.from({ length: to - from + 1 }, (_, i) => [from + i, c, t] as const);

/** Route fixture P3 (§17.0), in its order. `upTo` drops the tiles after that many. */
export const P3: readonly Laid[] = [
  ...row(3, 1, 6, S_EW),
  [3, 7, C_SW],
  ...col(7, 4, 7, S_NS),
  [8, 7, C_WN],
  ...row(8, 6, 4, S_EW),
  [8, 3, C_ES],
  [9, 3, S_NS],
  [10, 3, C_NE],
  ...row(10, 4, 12, S_EW),
];

/** A 4-player game where seat 0 ("X") has line 3 and route card R1 (stops D, M), on fixture P3. */
export function p3(options: Record<string, unknown> = {}, tiles: readonly Laid[] = P3): StreetcarState {
  const s = lay(fresh(4, options), tiles);
  Object.assign(s.players[0]!, { line: 3, route: 'R1' });
  Object.assign(s.players[1]!, { line: 1, route: 'R2' });
  return s;
}

export function tram(r: number, c: number, heading: 'N' | 'E' | 'S' | 'W', from?: 'N' | 'E' | 'S' | 'W'): TramPos {
  const h = edgeOf(heading);
  return { at: 'tile', sq: sqOf(r, c), heading: h, from: from ? edgeOf(from) : (((h + 2) % 4) as 0 | 1 | 2 | 3) };
}

/** Makes `seat` a driver with its tram at `pos` (as after SC-10.6), for driving scenarios. */
export function driver(
  s: StreetcarState,
  seat: number,
  pos: TramPos,
  start: number,
  end: number,
  visited: string[] = [],
): StreetcarState {
  Object.assign(s.players[seat]!, { role: 'driver', revealed: true, hand: [], tram: pos, start, end, visited });
  return s;
}

export function hand(s: StreetcarState, seat: number, tiles: string[]): StreetcarState {
  s.players[seat]!.hand = tiles;
  return s;
}

export const act = (s: StreetcarState, a: StreetcarAction, seat = s.current) => apply(s, seat, a);

/** Runs `fn`, which must throw a RuleError with `code` (and `rule`, if given). */
export const rejects = (fn: () => unknown, code: string, rule?: string) =>
  expectRuleError(fn, { code, ...(rule ? { rule } : {}) });

export const place = (t: { tile: string; rotation: Rotation }, r: number, c: number): StreetcarAction => ({
  type: 'place',
  tile: t.tile,
  rotation: t.rotation,
  row: r,
  col: c,
});
export const exchange = (t: { tile: string; rotation: Rotation }, r: number, c: number): StreetcarAction => ({
  type: 'exchange',
  tile: t.tile,
  rotation: t.rotation,
  row: r,
  col: c,
});
