/** Options (variants V1–V5 as flags, §13) and every action (ACT-*, §14.3) as zod schemas. */
import * as z from 'zod';

export const StreetcarOptionsSchema = z.strictObject({
  /** SC-3.8: the oldest player's seat, set by the service at game creation. */
  firstPlayer: z.number().int().min(0).max(4).default(0),
  /** AMB-3: also reject a track end that faces an empty square which can never be filled. */
  strictExtendable: z.boolean().default(false),
  /** V1: complete circuit without a die. */
  circuit: z.boolean().default(false),
  /** V2: turnstile of four tiles in the centre; every placement must connect to the network. */
  turnstile: z.boolean().default(false),
  /** V3: a builder may pass and swap hand tiles instead of building. */
  exchangePass: z.boolean().default(false),
  /** V4: extra hand size per seat (missing seats get 0). */
  handicap: z.array(z.number().int().min(0).max(5)).max(5).default([]),
  /** V5: eight face-up tiles as a central supply. */
  centralSupply: z.boolean().default(false),
});
export type StreetcarOptions = z.infer<typeof StreetcarOptionsSchema>;

export const Coord = z.number().int().min(1).max(12);
export const Rotation = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
export const EdgeName = z.enum(['N', 'E', 'S', 'W']);
export const TileId = z.string().min(1).max(40);
export const TerminalId = z.number().int().min(0).max(11);

export const TileOnSquareSchema = z.strictObject({ row: Coord, col: Coord, tile: TileId, rotation: Rotation });
export type TileOnSquare = z.infer<typeof TileOnSquareSchema>;

/** Where a tram ends a move or step: a tile with the edge it will leave by, or a terminal with the port it will leave by. */
export const TramTargetSchema = z.union([
  z.strictObject({ row: Coord, col: Coord, heading: EdgeName }),
  z.strictObject({ terminal: TerminalId, exit: z.union([z.literal(0), z.literal(1)]) }),
]);
export type TramTarget = z.infer<typeof TramTargetSchema>;

export const StreetcarActionSchema = z.discriminatedUnion('type', [
  /** ACT-PLACE (SC-5). */
  z.strictObject({ type: z.literal('place'), tile: TileId, row: Coord, col: Coord, rotation: Rotation }),
  /** ACT-EXCHANGE (SC-6). */
  z.strictObject({ type: z.literal('exchange'), tile: TileId, row: Coord, col: Coord, rotation: Rotation }),
  /** ACT-DOUBLE-EXCHANGE (SC-6.8). */
  z.strictObject({ type: z.literal('double_exchange'), first: TileOnSquareSchema, second: TileOnSquareSchema }),
  /** ACT-DECLARE (SC-10). */
  z.strictObject({ type: z.literal('declare'), terminal: TerminalId }),
  /** ACT-ROLL (SC-11.1b). */
  z.strictObject({ type: z.literal('roll') }),
  /** ACT-MOVE (SC-11.1c): the outcome of the move — where the tram ends and the required stops visited by then. */
  z.strictObject({ type: z.literal('move'), to: TramTargetSchema, visited: z.array(z.string().length(1)).max(3) }),
  /** ACT-RESTART (SC-11.10), voluntary or forced. */
  z.strictObject({ type: z.literal('restart'), terminal: TerminalId }),
  /** ACT-TAKE (SC-7.4, V5-2): one open or display tile at the refill. */
  z.strictObject({ type: z.literal('take'), tile: TileId }),
  /** ACT-PASS-SWAP, first half (V3-1): pass and draw `count` tiles. */
  z.strictObject({ type: z.literal('pass'), count: z.number().int().min(0).max(10) }),
  /** ACT-PASS-SWAP, second half (V3-1): the tiles given back, as many as were drawn. */
  z.strictObject({ type: z.literal('return_tiles'), tiles: z.array(TileId).max(10) }),
  /** V1 ACT-ENTER (V1-4d). */
  z.strictObject({ type: z.literal('enter'), terminal: TerminalId }),
  /** V1 ACT-STEP (V1-4a): one step to the chosen next node. */
  z.strictObject({ type: z.literal('step'), to: TramTargetSchema }),
  /** V1 ACT-TURN180 (V1-7). */
  z.strictObject({ type: z.literal('turn180') }),
  /** V1 ACT-END-TURN (V1-4); in the base game only when no build action is left (SC-4.4). */
  z.strictObject({ type: z.literal('end_turn') }),
]);
export type StreetcarAction = z.infer<typeof StreetcarActionSchema>;
export type ActionOf<T extends StreetcarAction['type']> = Extract<StreetcarAction, { type: T }>;
