/**
 * The printed material as the spec's data model (§17, D-1..D-7). Rules read only these types, so
 * the reconstruction in data/ (mapped by reference.ts) or a test fixture can stand in for the real
 * cards and sheets. Everything is validated when it is loaded.
 */
import * as z from 'zod';

export const LANES = ['T', 'M', 'B'] as const;
export type Lane = (typeof LANES)[number];
export const LaneSchema = z.enum(LANES);

/** Recordable symbols (VNT-0.4); CURVE_LOCO is a station property, not a symbol. */
export const SYMBOLS = [
  'PASSENGER',
  'MAIL',
  'COAL',
  'IRON_ORE',
  'STEELWORKS',
  'FACTORY',
  'FOREST',
  'SAWMILL',
  'BEET',
  'SUGAR_FACTORY',
  'GLASSWORKS',
] as const;
export type Sym = (typeof SYMBOLS)[number];
export const SymSchema = z.enum(SYMBOLS);

const CardStation = z.strictObject({ symbols: z.array(SymSchema).min(1).max(2) });
export const EdgeStation = z.strictObject({ symbols: z.array(SymSchema).max(2), curveLoco: z.boolean() });
export type EdgeStation = z.infer<typeof EdgeStation>;

const lanePermutation = (lanes: readonly Lane[]) => new Set(lanes).size === 3;

/** D-1: three tracks per card, each joining a left-edge lane to a right-edge lane. */
export const RailwayCardSchema = z
  .strictObject({
    id: z.string().min(1),
    deck: z.enum(['A', 'B']),
    tracks: z.array(z.strictObject({ left: LaneSchema, right: LaneSchema, station: CardStation.nullable() })).length(3),
  })
  .refine((c) => lanePermutation(c.tracks.map((t) => t.left)) && lanePermutation(c.tracks.map((t) => t.right)), {
    message: 'track ends must be a permutation of T, M, B on each edge',
  });
export type RailwayCard = z.infer<typeof RailwayCardSchema>;

const PerLane = <T extends z.ZodType>(t: T) => z.strictObject({ T: t, M: t, B: t });

/** D-2: two sides, one start field per lane. */
const StartCardSchema = z.strictObject({ sides: z.array(z.strictObject({ fields: PerLane(CardStation) })).length(2) });
/** D-3: stations are keyed by the lane on which a track arrives at the curve; laneMap gives the lane it leaves on. */
const CurveSchema = z.strictObject({
  cards: z.array(z.string()).length(2),
  laneMap: PerLane(LaneSchema),
  stations: PerLane(EdgeStation),
});
/** D-4: keyed by the lane on which a track leaves slot 24; null = no station (VNT-8.6 then does nothing). */
const EndCardSchema = z.strictObject({ stations: PerLane(EdgeStation.nullable()) });

const BoxSchema = z.strictObject({
  id: z.string().min(1),
  value: z.number().int(),
  prereqs: z.array(z.string()),
  /** Sheet II glassworks race (VNT-14.9): value for players who tick this box after the first turn anyone did. */
  laterValue: z.number().int().optional(),
  /** Sheet II factory (VNT-14.8): up to `coins` coins score `pointsPerCoin` each. */
  coins: z.number().int().min(0).optional(),
  pointsPerCoin: z.number().int().optional(),
});
export type Box = z.infer<typeof BoxSchema>;

const RowSchema = z.strictObject({
  symbol: SymSchema,
  boxes: z.array(BoxSchema).min(1),
  overflowCoins: z.union([z.literal(1), z.literal(2)]),
});
export type Row = z.infer<typeof RowSchema>;

/** D-5 / D-6. Special sections are flags so the two sides share one scoring routine. */
export const SheetSchema = z
  .strictObject({
    rows: z.array(RowSchema),
    passengerMajorityDouble: z.boolean(),
    multiplyPair: z.tuple([SymSchema, SymSchema]).nullable(),
    noPoints: z.array(SymSchema),
    columns: z.array(z.array(z.string()).min(1)),
    sugarSections: z.array(z.strictObject({ boxes: z.array(z.string()).min(1), gate: z.string() })),
    coinCircles: z.number().int().min(1),
    declineCoinCircles: z.number().int().min(0),
    anySymbolMarker: z.number().int().min(1),
  })
  .superRefine((sheet, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    for (const s of SYMBOLS)
      if (sheet.rows.filter((r) => r.symbol === s).length !== 1) issue(`symbol ${s} must have exactly one row`);
    const boxes = new Map(sheet.rows.flatMap((r) => r.boxes.map((b) => [b.id, b] as const)));
    if (boxes.size !== sheet.rows.reduce((n, r) => n + r.boxes.length, 0)) issue('box ids must be unique');
    const known = (id: string) => boxes.has(id) || (issue(`unknown box ${id}`), false);
    for (const b of boxes.values()) b.prereqs.forEach(known);
    sheet.columns.flat().forEach(known);
    for (const sec of sheet.sugarSections) [...sec.boxes, sec.gate].forEach(known);
    for (const r of sheet.rows) {
      const conv = r.boxes.filter((b) => b.coins !== undefined || b.pointsPerCoin !== undefined);
      if (
        conv.length > 0 &&
        (conv.length !== r.boxes.length || conv.some((b) => b.coins === undefined || b.pointsPerCoin === undefined))
      )
        issue(`row ${r.symbol}: every box or none must carry coins and pointsPerCoin`);
    }
    // Validity follows arrows back (VNT-12.2); a cycle would make it undefined.
    const state = new Map<string, 'open' | 'done'>();
    const visit = (id: string): boolean => {
      if (state.get(id) === 'done') return true;
      if (state.get(id) === 'open') return false;
      state.set(id, 'open');
      const ok = (boxes.get(id)?.prereqs ?? []).every(visit);
      state.set(id, 'done');
      return ok;
    };
    if (![...boxes.keys()].every(visit)) issue('prerequisite arrows form a cycle');
  })
  .meta({ id: 'VntSheet', description: 'A score sheet side (I or II): its rows of boxes and special sections' });
export type Sheet = z.infer<typeof SheetSchema>;
export type SheetId = 'I' | 'II';

/** D-7 constants. */
const ConstantsSchema = z.strictObject({
  cardsA: z.number().int().min(1),
  cardsB: z.number().int().min(1),
  slotsPerRow: z.literal(8),
  rows: z.literal(3),
  handSizeA: z.number().int().min(1),
  marketSize: z.number().int().min(1),
  slowMoveMax: z.number().int().min(1),
  declinesPerGame: z.number().int().min(0),
  costs: z.strictObject({
    slowMove: z.number().int().min(0),
    secondCard: z.number().int().min(0),
    discardGain: z.number().int().min(0),
    anySymbol: z.number().int().min(0),
  }),
});

export const VntDataSchema = z
  .strictObject({
    reconstruction: z.boolean(),
    version: z.string(),
    railwayCards: z.array(RailwayCardSchema),
    startCard: StartCardSchema,
    curves: z.array(CurveSchema).length(2),
    endCard: EndCardSchema,
    sheets: z.strictObject({ I: SheetSchema, II: SheetSchema }),
    constants: ConstantsSchema,
  })
  .superRefine((d, ctx) => {
    const ids = d.railwayCards.map((c) => c.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'railway card ids must be unique' });
    const a = d.railwayCards.filter((c) => c.deck === 'A').length;
    if (a !== d.constants.cardsA || ids.length - a !== d.constants.cardsB)
      ctx.addIssue({
        code: 'custom',
        message: `expected ${d.constants.cardsA} A + ${d.constants.cardsB} B cards, got ${a} + ${ids.length - a}`,
      });
    // 3 players use up deck A (VNT-2.7); the market must leave a draw deck (VNT-2.8).
    if (a < 3 * d.constants.handSizeA || ids.length - a <= d.constants.marketSize)
      ctx.addIssue({ code: 'custom', message: 'not enough cards for hands and market' });
    for (const c of d.curves)
      if (!lanePermutation(Object.values(c.laneMap)))
        ctx.addIssue({ code: 'custom', message: 'curve laneMap must be a permutation' });
  });
export type VntData = z.infer<typeof VntDataSchema>;

/** The published shape of the data, the game's components, for the catalog's answer. */
export const VntComponentsSchema = VntDataSchema.meta({
  id: 'VntComponents',
  description: "Vlaky na trati's railway cards, start, curve and end cards, score sheets and constants",
});

export const slotCount = (d: VntData): number => d.constants.slotsPerRow * d.constants.rows;
