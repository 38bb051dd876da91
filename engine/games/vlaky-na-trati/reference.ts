/**
 * Maps the reconstructed component data (data/vlaky-na-trati.json, copied from shared/reference,
 * key `reconstructed_design`) onto the spec's data model (§17). The file is a RECONSTRUCTION, not the
 * published cards and sheets: replacing it (or this mapping) must not need any rule change.
 */
import * as z from 'zod';
import raw from './data/vlaky-na-trati.json' with { type: 'json' };
import { LANES, VntDataSchema, type Lane, type Sheet, type Sym, type VntData } from './data.js';

const REF_SYMBOLS: Record<string, Sym> = {
  passengers: 'PASSENGER',
  mail: 'MAIL',
  coal: 'COAL',
  iron_ore: 'IRON_ORE',
  steelworks: 'STEELWORKS',
  factory: 'FACTORY',
  forest: 'FOREST',
  sawmill: 'SAWMILL',
  sugar_beet: 'BEET',
  sugar_factory: 'SUGAR_FACTORY',
  glassworks: 'GLASSWORKS',
};
const TURNTABLE = 'turntable';
const RefSym = z.enum(Object.keys(REF_SYMBOLS) as [string, ...string[]]).transform((s) => REF_SYMBOLS[s] as Sym);
const LANE_NAMES = { top: 'T', middle: 'M', bottom: 'B' } as const satisfies Record<string, Lane>;

const BoxRef = z.object({ row: z.string(), box: z.number().int() });
const RefRow = z.object({
  row: z.string(),
  symbol: RefSym,
  boxes: z.array(
    z.object({
      box: z.number().int(),
      value: z.number().int(),
      requires: z.array(BoxRef).optional(),
      unlocked_by: BoxRef.optional(),
      value_if_not_first: z.number().int().optional(),
    }),
  ),
  overflow_coins_per_symbol: z.union([z.literal(1), z.literal(2)]),
});
const RefSheet = z.object({
  rows: z.array(RefRow),
  factory_coin_conversion: z
    .array(z.object({ box: z.number().int(), coins: z.number().int(), points_per_coin: z.number().int() }))
    .optional(),
});

const ReferenceSchema = z.object({
  reconstruction: z.literal(true),
  reconstructed_design: z.object({
    version: z.string(),
    railway_cards: z.array(
      z.object({
        id: z.string(),
        deck: z.enum(['A', 'B']),
        lane_map: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
        lanes: z
          .array(
            z.object({
              lane: z.enum(['top', 'middle', 'bottom']),
              station: z.object({ symbols: z.array(RefSym) }).nullable(),
            }),
          )
          .length(3),
      }),
    ),
    start_station_card: z.object({
      sides: z
        .array(z.object({ start_fields: z.array(z.object({ track: z.number().int(), symbol: RefSym })).length(3) }))
        .length(2),
    }),
    curve_cards: z.array(
      z.object({
        id: z.string(),
        u_turn: z.number().int(),
        stations: z.array(z.object({ track: z.number().int(), symbols: z.array(z.string()) })),
      }),
    ),
    end_station_card: z.object({
      stations: z.array(z.object({ track: z.number().int(), symbols: z.array(z.string()) })),
    }),
    sheet_I: RefSheet,
    sheet_II: RefSheet,
    sheet_common: z.object({
      coin_track_boxes: z.number().int(),
      any_symbol_box: z.number().int(),
      three_player_forgo_boxes: z.number().int(),
    }),
  }),
});
type Ref = z.infer<typeof ReferenceSchema>['reconstructed_design'];

const boxId = (row: string, box: number) => `${REF_SYMBOLS[row] ?? row}_${box}`;
const laneOf = (i: number): Lane => {
  const lane = LANES[i];
  if (!lane) throw new Error(`vlaky-na-trati data: bad lane index ${i}`);
  return lane;
};
const perLane = <T>(f: (lane: Lane, i: number) => T): Record<Lane, T> => ({ T: f('T', 0), M: f('M', 1), B: f('B', 2) });

/**
 * The reconstruction numbers tracks 0..2 after the row-1 lanes and runs each track through lane 2−t in
 * row 2; as §17 data that is laneMap {T:B, M:M, B:T} on both curves. Curve stations are keyed by the
 * lane a track arrives on, which for both U-turns is the track's own lane (row 1) or its mirror (row 2).
 */
function curves(ref: Ref): VntData['curves'] {
  return [1, 2].map((uTurn) => {
    const cards = ref.curve_cards.filter((c) => c.u_turn === uTurn);
    const arriving = (lane: Lane, i: number) => (uTurn === 1 ? i : 2 - LANES.indexOf(lane));
    const stationFor = (track: number) => {
      const s = cards.flatMap((c) => c.stations).find((x) => x.track === track);
      return {
        symbols: (s?.symbols ?? []).filter((x) => x !== TURNTABLE).map((x) => RefSym.parse(x)),
        curveLoco: s?.symbols.includes(TURNTABLE) ?? false,
      };
    };
    return {
      cards: cards.map((c) => c.id),
      laneMap: { T: 'B', M: 'M', B: 'T' } as Record<Lane, Lane>,
      stations: perLane((lane, i) => stationFor(arriving(lane, i))),
    };
  });
}

/** Row 3 runs track t in lane t, so the end card's track numbers are lanes. */
function endCard(ref: Ref): VntData['endCard'] {
  return {
    stations: perLane((_, i) => {
      const s = ref.end_station_card.stations.find((x) => x.track === i);
      return s
        ? {
            symbols: s.symbols.filter((x) => x !== TURNTABLE).map((x) => RefSym.parse(x)),
            curveLoco: s.symbols.includes(TURNTABLE),
          }
        : null;
    }),
  };
}

function sheet(refSheet: z.infer<typeof RefSheet>, id: 'I' | 'II', common: Ref['sheet_common']): Sheet {
  const conversion = new Map((refSheet.factory_coin_conversion ?? []).map((c) => [c.box, c]));
  const rows = refSheet.rows.map((r) => ({
    symbol: r.symbol,
    overflowCoins: r.overflow_coins_per_symbol,
    boxes: r.boxes.map((b) => {
      const conv = r.symbol === 'FACTORY' ? conversion.get(b.box) : undefined;
      return {
        id: boxId(r.row, b.box),
        value: b.value,
        prereqs: (b.requires ?? []).map((q) => boxId(q.row, q.box)),
        ...(b.value_if_not_first !== undefined ? { laterValue: b.value_if_not_first } : {}),
        ...(conv ? { coins: conv.coins, pointsPerCoin: conv.points_per_coin } : {}),
      };
    }),
  }));
  // Red lines (VNT-14.7): boxes sharing an `unlocked_by` gate form one section.
  const gates = new Map<string, string[]>();
  for (const r of refSheet.rows)
    for (const b of r.boxes)
      if (b.unlocked_by)
        gates.set(boxId(b.unlocked_by.row, b.unlocked_by.box), [
          ...(gates.get(boxId(b.unlocked_by.row, b.unlocked_by.box)) ?? []),
          boxId(r.row, b.box),
        ]);
  // Sheet II columns (VNT-14.4): each steelworks box with the coal and ore boxes its arrows come from.
  const steel = rows.find((r) => r.symbol === 'STEELWORKS')?.boxes ?? [];
  return {
    rows,
    passengerMajorityDouble: id === 'I',
    multiplyPair: id === 'I' ? ['FOREST', 'SAWMILL'] : null,
    noPoints: id === 'I' ? ['BEET'] : [],
    columns: id === 'II' ? steel.map((b) => [...b.prereqs, b.id]) : [],
    sugarSections: [...gates].map(([gate, boxes]) => ({ gate, boxes })),
    coinCircles: common.coin_track_boxes,
    declineCoinCircles: common.three_player_forgo_boxes,
    anySymbolMarker: common.any_symbol_box,
  };
}

export function fromReference(json: unknown): VntData {
  const ref = ReferenceSchema.parse(json).reconstructed_design;
  return VntDataSchema.parse({
    reconstruction: true,
    version: ref.version,
    railwayCards: ref.railway_cards.map((c) => ({
      id: c.id,
      deck: c.deck,
      tracks: c.lanes.map((l) => {
        const i = LANES.indexOf(LANE_NAMES[l.lane]);
        return {
          left: laneOf(i),
          right: laneOf(c.lane_map[i] ?? -1),
          station: l.station && l.station.symbols.length > 0 ? { symbols: l.station.symbols } : null,
        };
      }),
    })),
    startCard: {
      sides: ref.start_station_card.sides.map((s) => ({
        fields: perLane((_, i) => ({ symbols: s.start_fields.filter((f) => f.track === i).map((f) => f.symbol) })),
      })),
    },
    curves: curves(ref),
    endCard: endCard(ref),
    sheets: { I: sheet(ref.sheet_I, 'I', ref.sheet_common), II: sheet(ref.sheet_II, 'II', ref.sheet_common) },
    constants: {
      cardsA: 12,
      cardsB: 25,
      slotsPerRow: 8,
      rows: 3,
      handSizeA: 4,
      marketSize: 4,
      slowMoveMax: 5,
      declinesPerGame: ref.sheet_common.three_player_forgo_boxes,
      costs: { slowMove: 1, secondCard: 1, discardGain: 1, anySymbol: 2 },
    },
  });
}

/** The game's data: the reconstruction, checked at module load. */
export const vntData: VntData = fromReference(raw);
