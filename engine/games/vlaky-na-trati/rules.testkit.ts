/**
 * Fixture FX of the spec (§20): synthetic cards and sheets, and helpers to build "given" states.
 * Card notation: straight cards (T→T, M→M, B→B) with the listed station per lane; null = no station.
 */
import type { VntAction } from './actions.js';
import { SYMBOLS, VntDataSchema, type Lane, type Sym, type VntData } from './data.js';
import { vlakyNaTrati } from './definition.js';
import { createRules } from './rules.js';
import { emptySheet, type SheetState } from './sheet.js';
import type { VntState } from './state.js';
import { expectRuleError } from '../../core/rule-errors.testkit.js';

type Lanes = [Sym[] | null, Sym[] | null, Sym[] | null];

const straight = (id: string, deck: 'A' | 'B', [t, m, b]: Lanes) => ({
  id,
  deck,
  tracks: (['T', 'M', 'B'] as const).map((lane, i) => {
    const symbols = [t, m, b][i];
    return { left: lane, right: lane, station: symbols ? { symbols } : null };
  }),
});
const cycle = (i: number): Lanes => [
  [SYMBOLS[i % 11] as Sym],
  [SYMBOLS[(i + 4) % 11] as Sym],
  [SYMBOLS[(i + 8) % 11] as Sym],
];

/** Named scenario cards (all in deck B). */
export const FX_CARDS = {
  x: [['COAL'], null, ['GLASSWORKS']],
  y: [['COAL'], null, ['MAIL']],
  fs: [null, null, ['FOREST', 'SAWMILL']],
  co: [
    ['COAL', 'IRON_ORE'],
    ['COAL', 'IRON_ORE'],
    ['COAL', 'IRON_ORE'],
  ],
  pa: [['PASSENGER'], ['PASSENGER'], ['PASSENGER']],
  ma: [['MAIL'], ['MAIL'], ['MAIL']],
  su: [
    ['BEET', 'SUGAR_FACTORY'],
    ['BEET', 'SUGAR_FACTORY'],
    ['BEET', 'SUGAR_FACTORY'],
  ],
  gl: [['GLASSWORKS'], ['GLASSWORKS'], ['GLASSWORKS']],
} satisfies Record<string, Lanes>;

/** T-18's card: right B → left M with MAIL, right M → left T plain, right T → left B with COAL. */
const z = {
  id: 'z',
  deck: 'B' as const,
  tracks: [
    { left: 'M' as const, right: 'B' as const, station: { symbols: ['MAIL' as const] } },
    { left: 'T' as const, right: 'M' as const, station: null },
    { left: 'B' as const, right: 'T' as const, station: { symbols: ['COAL' as const] } },
  ],
};

/** Plain cards: no station on any lane. */
const PLAIN = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'];

const box = (id: string, value: number, prereqs: string[] = []) => ({ id, value, prereqs });
const row = (symbol: Sym, values: number[], overflowCoins: 1 | 2 = 1, prereqs: (k: number) => string[] = () => []) => ({
  symbol,
  overflowCoins,
  boxes: values.map((v, i) => box(`${symbol}_${i + 1}`, v, prereqs(i + 1))),
});
const common = { coinCircles: 30, declineCoinCircles: 4, anySymbolMarker: 1 };

const sheetI = {
  rows: [
    row('PASSENGER', [1, 3, 6, 10, 15]),
    row('MAIL', [2, -1, 4, -2, 6]),
    row('COAL', [1, 2, 3], 2),
    row('IRON_ORE', [1, 2, 3], 2),
    row('STEELWORKS', [3, 6, 9], 2, (k) => [`COAL_${k}`, `IRON_ORE_${k}`]),
    row('FACTORY', [5, 10], 2, (k) => [`STEELWORKS_${k}`]),
    row('FOREST', [1, 2, 3, 4]),
    row('SAWMILL', [1, 2, 3, 4]),
    row('BEET', [0, 0, 0, 0]),
    row('SUGAR_FACTORY', [4, 8], 2, (k) => [`BEET_${2 * k}`]),
    row('GLASSWORKS', [2, 4, 6]),
  ],
  passengerMajorityDouble: true,
  multiplyPair: ['FOREST', 'SAWMILL'],
  noPoints: ['BEET'],
  columns: [],
  sugarSections: [],
  ...common,
};

const zigzag = ['FOREST_1', 'SAWMILL_1', 'FOREST_2', 'SAWMILL_2', 'FOREST_3', 'SAWMILL_3'];
const before = (id: string) => {
  const i = zigzag.indexOf(id);
  return i > 0 ? [zigzag[i - 1] as string] : [];
};
const sheetII = {
  rows: [
    row('PASSENGER', [-1, -2, -3, -4]),
    row('MAIL', [2, 5, 8, 12], 1, (k) => [`PASSENGER_${k}`]),
    row('COAL', [1, 2, 3], 2),
    row('IRON_ORE', [1, 2, 3], 2),
    row('STEELWORKS', [3, 6, 9], 2, (k) => [`COAL_${k}`, `IRON_ORE_${k}`]),
    row('FOREST', [2, 4, 6], 1, (k) => before(`FOREST_${k}`)),
    row('SAWMILL', [2, 4, 6], 1, (k) => before(`SAWMILL_${k}`)),
    row('BEET', [1, 1, 1, 1]),
    row('SUGAR_FACTORY', [3, 7], 2),
    {
      symbol: 'FACTORY',
      overflowCoins: 2,
      boxes: [
        { id: 'FACTORY_1', value: 0, prereqs: [], coins: 2, pointsPerCoin: 2 },
        { id: 'FACTORY_2', value: 0, prereqs: [], coins: 3, pointsPerCoin: 3 },
        { id: 'FACTORY_3', value: 0, prereqs: [], coins: 4, pointsPerCoin: 4 },
      ],
    },
    {
      symbol: 'GLASSWORKS',
      overflowCoins: 2,
      boxes: [
        box('GLASSWORKS_1', 2),
        box('GLASSWORKS_2', 4),
        { id: 'GLASSWORKS_3', value: 8, laterValue: 4, prereqs: [] },
      ],
    },
  ],
  passengerMajorityDouble: false,
  multiplyPair: null,
  noPoints: [],
  columns: [1, 2, 3].map((k) => [`COAL_${k}`, `IRON_ORE_${k}`, `STEELWORKS_${k}`]),
  // Section 1 (BEET_1, BEET_2, SUGAR_FACTORY_1) lies before any red line and is never locked.
  sugarSections: [{ boxes: ['BEET_3', 'BEET_4', 'SUGAR_FACTORY_2'], gate: 'SUGAR_FACTORY_1' }],
  ...common,
};

const curve = {
  laneMap: { T: 'B', M: 'M', B: 'T' },
  stations: {
    T: { symbols: [], curveLoco: true },
    M: { symbols: [], curveLoco: true },
    B: { symbols: [], curveLoco: true },
  },
};

export const fx: VntData = VntDataSchema.parse({
  reconstruction: false,
  version: 'FX',
  railwayCards: [
    ...Array.from({ length: 12 }, (_, i) => straight(`a${i + 1}`, 'A', cycle(i))),
    ...Array.from({ length: 8 }, (_, i) => straight(`b${i + 1}`, 'B', cycle(i + 3))),
    ...PLAIN.map((id) => straight(id, 'B', [null, null, null])),
    ...Object.entries(FX_CARDS).map(([id, lanes]) => straight(id, 'B', lanes as Lanes)),
    z,
  ],
  startCard: {
    sides: [
      { fields: { T: { symbols: ['MAIL'] }, M: { symbols: ['PASSENGER'] }, B: { symbols: ['COAL'] } } },
      { fields: { T: { symbols: ['FOREST'] }, M: { symbols: ['BEET'] }, B: { symbols: ['IRON_ORE'] } } },
    ],
  },
  curves: [
    { cards: ['C1', 'C2'], ...curve },
    { cards: ['C3', 'C4'], ...curve },
  ],
  endCard: { stations: { T: null, M: null, B: null } },
  sheets: { I: sheetI, II: sheetII },
  constants: {
    cardsA: 12,
    cardsB: 25,
    slotsPerRow: 8,
    rows: 3,
    handSizeA: 4,
    marketSize: 4,
    slowMoveMax: 5,
    declinesPerGame: 4,
    costs: { slowMove: 1, secondCard: 1, discardGain: 1, anySymbol: 2 },
  },
});

export const rules = createRules(fx);
export const game = vlakyNaTrati(fx);

/** Seats P1, P2, P3 = 0, 1, 2; P1 starts, start side 0, tracks in seat order. */
export function started(lanes: Lane[], sheet: 'I' | 'II' = 'I', seed = 'fx'): VntState {
  let s = rules.setup(seed, lanes.length, { sheet, startingPlayer: 0 });
  s = rules.apply(s, 0, { type: 'choose_start_side', side: 0 }).state;
  lanes.forEach((lane, seat) => (s = rules.apply(s, seat, { type: 'choose_track', lane }).state));
  return s;
}

/** A sheet with the given ticks (gained = ticks) and coins. */
export function sheetOf(ticks: Partial<Record<Sym, number>>, coins = 0, more: Partial<SheetState> = {}): SheetState {
  const base = emptySheet();
  const t = { ...base.ticks, ...ticks };
  return { ...base, ticks: t, gained: { ...t }, coinsGained: coins, ...more };
}

/** A copy of `s` with fields replaced and every sheet reset (tests state their sheets). */
export function given(
  s: VntState,
  patch: Partial<VntState> & { sheets?: SheetState[]; hands?: string[][]; locos?: [number, number][] },
): VntState {
  const { sheets, hands, locos, ...rest } = patch;
  const t: VntState = { ...structuredClone(s), ...structuredClone(rest) };
  t.players = t.players.map((p, i) => ({
    ...p,
    sheet: sheets?.[i] ?? emptySheet(),
    hand: hands?.[i] ?? p.hand,
    locos: locos?.[i] ?? p.locos,
  }));
  return t;
}

/** A line of `n` plain cards. */
export const plainLine = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => PLAIN[i % PLAIN.length] as string);

export const act = (s: VntState, seat: number, a: VntAction): VntState => rules.apply(s, seat, a).state;

/** Runs `fn`, which must throw a RuleError citing `rule`. */
export const rejects = (fn: () => unknown, rule: string) => expectRuleError(fn, { rule });

export const types = (actions: readonly VntAction[]): string[] => [...new Set(actions.map((a) => a.type))].sort();
