/**
 * The published shapes of Streetcar's view (§15) and log events. The view's TypeScript
 * types are inferred from these schemas, and the parts of the state the view shows as they are (the
 * step, path nodes) take their types from here too, so a change to either shows up at compile time.
 */
import * as z from 'zod';
import { Coord, EdgeName, Rotation, TerminalId, TileId, TileOnSquareSchema, TramTargetSchema } from './actions.js';

const Seat = z.number().int().min(0).max(4);
const Count = z.number().int().min(0);
const Letter = z.string().length(1).meta({ description: 'A building letter, A–M without J (SC-1.1)' });
const Line = z.number().int().min(1).max(6);
const RouteId = z.string().min(1).meta({ description: 'A route card id, e.g. "R1" (red frame) or "B1" (blue frame)' });
const Leg = z.enum(['out', 'return']).meta({ description: 'V1-8: the leg of the complete circuit the tram is on' });

export const StreetcarDieFaceSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal('H')])
  .meta({ id: 'StreetcarDieFace', description: 'SC-1.9: a number of steps, or H (to the next stop or terminal)' });
export type DieFace = z.infer<typeof StreetcarDieFaceSchema>;

export const StreetcarSquareSchema = z
  .strictObject({ row: Coord, col: Coord })
  .meta({ id: 'StreetcarSquare', description: 'A square of the 12×12 board, 1-based' });

export const StreetcarWitnessNodeSchema = z
  .union([StreetcarSquareSchema, z.strictObject({ terminal: TerminalId })])
  .meta({
    id: 'StreetcarPathNode',
    description:
      'A node a tram enters on a path: a tile square or a terminal (terminal ids 0–11; line n has 2n−2 and 2n−1)',
  });
export type WitnessNode = z.infer<typeof StreetcarWitnessNodeSchema>;

const Path = z.array(StreetcarWitnessNodeSchema);

const TramTarget = TramTargetSchema.meta({
  id: 'StreetcarTramTarget',
  description:
    'Where a tram stands: a tile with the edge it will leave by, or a terminal with the port (0 or 1) it will leave by',
});

export const StreetcarStepSchema = z
  .discriminatedUnion('kind', [
    z
      .strictObject({
        kind: z.literal('build'),
        actions: Count.meta({ description: 'Actions used this turn (2 a turn; 4 in V1 phase B)' }),
        placements: Count.meta({ description: 'Tiles placed this turn: what the refill will draw' }),
        changed: z.boolean().meta({ description: 'V1 phase B: whether the turn has made progress yet' }),
        halted: z.boolean().meta({ description: 'V1-5: the tram stopped at a stop this turn' }),
      })
      .meta({ description: 'A building turn (in V1 phase B any turn)' }),
    z
      .strictObject({ kind: z.literal('take'), placements: Count, changed: z.boolean() })
      .meta({ description: 'The refill waits for a choice of face-up tile (SC-7.4, V5-2)' }),
    z
      .strictObject({ kind: z.literal('return'), count: Count })
      .meta({ description: 'V3-1: the passing builder gives back `count` tiles' }),
    z
      .strictObject({
        kind: z.literal('roll'),
        restarted: z.boolean().meta({ description: 'SC-11.10: the voluntary restart is used up this turn' }),
      })
      .meta({ description: 'A driver is to roll' }),
    z
      .strictObject({ kind: z.literal('move'), roll: StreetcarDieFaceSchema })
      .meta({ description: 'A driver picks one of the outcomes of the roll (`moves`)' }),
    z
      .strictObject({ kind: z.literal('forcedRestart') })
      .meta({ description: 'SC-11.5: the trip failed; the driver picks a terminal to restart from' }),
    z.strictObject({ kind: z.literal('over') }),
  ])
  .meta({ id: 'StreetcarStep', description: 'What the current seat is to do' });
export type Step = z.infer<typeof StreetcarStepSchema>;

const BoardTile = z
  .strictObject({
    row: Coord,
    col: Coord,
    tile: TileId,
    rotation: Rotation,
    stop: Letter.nullable().meta({ description: 'The building whose stop marker lies on this tile (SC-8)' }),
  })
  .meta({ id: 'StreetcarBoardTile', description: 'A tile on the board' });

const TramViewSchema = z
  .strictObject({
    seat: Seat,
    at: z
      .union([TramTarget, z.strictObject({ terminal: TerminalId, exit: z.null() })])
      .meta({ description: 'Where the tram is; a tram just put on a terminal has not chosen a port yet (exit null)' }),
    from: EdgeName.nullable().meta({ description: 'The edge the tram entered its tile by (V1-7); null on a terminal' }),
  })
  .meta({ id: 'StreetcarTram', description: "A player's tram" });
export type TramView = z.infer<typeof TramViewSchema>;

const PlayerViewSchema = z
  .strictObject({
    seat: Seat,
    role: z.enum(['builder', 'driver']),
    handCount: Count,
    handLimit: Count,
    line: Line.nullable().meta({ description: 'Public once declared (SC-10.4) or, in V1, announced (V1-2)' }),
    route: RouteId.nullable().meta({ description: 'Public once declared (SC-10.4)' }),
    stops: z.array(Letter).nullable().meta({ description: 'The required stops in order, public with the route' }),
    start: TerminalId.nullable(),
    end: TerminalId.nullable(),
    visited: z
      .array(Letter)
      .meta({ description: "Drivers' visited required stops (SC-15.4); in V1 the credited ones (V1-9)" }),
    leg: Leg,
  })
  .meta({ id: 'StreetcarPlayer', description: 'What everybody sees of a seat' });
export type PlayerView = z.infer<typeof PlayerViewSchema>;

const YouSchema = z
  .strictObject({
    seat: Seat,
    hand: z.array(TileId),
    line: Line,
    route: RouteId,
    stops: z.array(Letter),
    canStillFinish: z
      .boolean()
      .nullable()
      .meta({ description: 'SC-11.11, for a driver outside V1: whether the end can still be reached with every stop' }),
  })
  .meta({ id: 'StreetcarYou', description: "The viewing seat's secrets" });

const MoveOptionSchema = z
  .strictObject({
    to: TramTarget,
    visited: z.array(Letter),
    arrived: z.boolean().meta({ description: 'The move enters the end terminal (SC-11.5)' }),
    path: Path,
  })
  .meta({ id: 'StreetcarMoveOption', description: 'An outcome of the current roll, with a path to draw' });

export const StreetcarViewSchema = z
  .strictObject({
    current: Seat.nullable().meta({ description: 'The seat to act; null once the game is over' }),
    step: StreetcarStepSchema,
    board: z.array(BoardTile),
    stops: z
      .record(Letter, StreetcarSquareSchema)
      .meta({ description: 'SC-8: building letter → the square of its stop marker' }),
    trams: z.array(TramViewSchema),
    stacks: z.array(Count).length(4).meta({ description: 'SC-3.3: the sizes of the four face-down stacks' }),
    open: z.array(TileId).meta({ description: "SC-7.3: drivers' released tiles, face up" }),
    display: z.array(TileId).meta({ description: 'V5-1: the face-up central supply' }),
    lastRoll: z.union([StreetcarDieFaceSchema, z.null()]).meta({
      description:
        'The latest roll; null before the first (written as a union: the OpenAPI generator drops the null of a nullable reference)',
    }),
    witness: Path.nullable().meta({ description: 'SC-10.4: the published trip path of the latest declaration' }),
    circuitPhase: z
      .enum(['A', 'B'])
      .nullable()
      .meta({ description: 'V1: the phase of the complete circuit; null outside the variant' }),
    players: z.array(PlayerViewSchema),
    winner: Seat.nullable(),
    over: z.boolean(),
    you: YouSchema.nullable().meta({ description: 'Null for a spectator and for "all"' }),
    moves: z.array(MoveOptionSchema).meta({ description: 'Outcomes of the current roll (public, SC-15.6)' }),
  })
  .meta({ id: 'StreetcarView', description: 'What a viewer may see of a Streetcar game (§15)' });
export type StreetcarView = z.infer<typeof StreetcarViewSchema>;

/** A public log event: no `visibleTo`, no redacted form. */
const event = <T extends string, D extends z.ZodRawShape>(type: T, id: string, description: string, data: D) =>
  z
    .strictObject({ type: z.literal(type), data: z.strictObject(data) })
    .meta({ id: `Streetcar${id}Event`, description });

const DrawSeen = z.strictObject({
  seat: Seat,
  tiles: z.array(TileId).min(1),
  stacks: z.array(z.number().int().min(0).max(3)),
});
const DrawRedactedData = z.strictObject({
  seat: Seat,
  count: z.number().int().min(1),
  stacks: z.array(z.number().int().min(0).max(3)),
});

/** What the other seats see of a blind draw (SC-15.5). */
export const StreetcarDrawRedactedSchema = z.strictObject({ type: z.literal('draw'), data: DrawRedactedData }).meta({
  id: 'StreetcarDrawRedacted',
  description: 'A blind draw as the other seats see it: how many, from which stacks',
});

const DrawEvent = z
  .strictObject({
    type: z.literal('draw'),
    data: z
      .union([DrawSeen, DrawRedactedData])
      .meta({ description: 'The drawer sees the tiles; the other seats the count (the redacted form)' }),
    visibleTo: z.array(Seat).optional(),
    redacted: StreetcarDrawRedactedSchema.optional(),
  })
  .meta({ id: 'StreetcarDrawEvent', description: 'SC-7.2: tiles drawn blind from the largest stacks, index by index' });

export const StreetcarEventSchema = z
  .discriminatedUnion('type', [
    event('place', 'Place', 'SC-5: a tile placed; `stop` is the building whose marker it got (SC-8.2)', {
      seat: Seat,
      tile: TileId,
      row: Coord,
      col: Coord,
      rotation: Rotation,
      stop: Letter.nullable(),
    }),
    event('exchange', 'Exchange', 'SC-6: a tile exchanged; `old` went to the hand', {
      seat: Seat,
      tile: TileId,
      row: Coord,
      col: Coord,
      rotation: Rotation,
      old: TileId,
    }),
    event(
      'double_exchange',
      'DoubleExchange',
      'SC-6.8: two tiles exchanged; `old` lists the tiles taken back, in order',
      {
        seat: Seat,
        first: TileOnSquareSchema,
        second: TileOnSquareSchema,
        old: z.array(TileId).length(2),
      },
    ),
    DrawEvent,
    event('take', 'Take', 'SC-7.4, V5-2: a face-up tile taken into the hand', {
      seat: Seat,
      tile: TileId,
      from: z.enum(['display', 'open']),
    }),
    event('display_refilled', 'DisplayRefilled', 'V5-3: tiles turned face up into the display', {
      tiles: z.array(TileId).min(1),
    }),
    event('pass', 'Pass', 'V3-1: a builder passes and draws `count` tiles to swap', { seat: Seat, count: Count }),
    event('return_tiles', 'ReturnTiles', 'V3-1: the swapped tiles go back, shuffled into stack `stack`', {
      seat: Seat,
      count: Count,
      stack: z.number().int().min(0).max(3),
    }),
    event(
      'declare',
      'Declare',
      'SC-10: the inaugural trip declared; cards, witness path and released hand made public',
      {
        seat: Seat,
        line: Line,
        route: RouteId,
        stops: z.array(Letter),
        start: TerminalId,
        witness: Path,
        released: z.array(TileId).meta({ description: 'SC-7.3: the hand, now open tiles' }),
      },
    ),
    event('roll', 'Roll', 'SC-11.1: the die', { seat: Seat, face: StreetcarDieFaceSchema }),
    event('move', 'Move', 'SC-11.3: a tram moved', {
      seat: Seat,
      path: Path,
      to: TramTarget,
      visited: z.array(Letter),
      arrived: z.boolean(),
    }),
    event('trip_failed', 'TripFailed', 'SC-11.5: the tram arrived without every stop and must restart', { seat: Seat }),
    event('restart', 'Restart', 'SC-11.10: the tram put back on a terminal, voluntarily or after a failed trip', {
      seat: Seat,
      terminal: TerminalId,
      forced: z.boolean(),
    }),
    event('line_connected', 'LineConnected', "V1-2: a player's terminals are connected; the line card is announced", {
      seat: Seat,
      line: Line,
    }),
    z
      .strictObject({ type: z.literal('circuit_phase_b') })
      .meta({ id: 'StreetcarCircuitPhaseBEvent', description: 'V1-3: phase B of the complete circuit begins' }),
    event('enter', 'Enter', 'V1-4: a tram entered at a terminal', { seat: Seat, terminal: TerminalId }),
    event('step', 'Step', 'V1-4: a tram moved one step', { seat: Seat, to: TramTarget }),
    event('turn180', 'Turn180', 'V1-7: a blocked tram turned round', { seat: Seat }),
    event('credit', 'Credit', 'V1-8: a required stop credited', { seat: Seat, building: Letter, leg: Leg }),
    event('return_leg', 'ReturnLeg', 'V1-8: the tram reached the far terminal and starts back', { seat: Seat }),
    event('win', 'Win', 'SC-12.1, V1-10: the game is won', { seat: Seat }),
    event(
      'stalemate',
      'Stalemate',
      'SC-12.3: a round (in V1 phase B twelve, RP-SC-1) without progress ends the game without a winner',
      { turns: Count },
    ),
  ])
  .meta({ id: 'StreetcarEvent', description: 'A Streetcar log event, or the redacted form of one' });
export type StreetcarEvent = z.infer<typeof StreetcarEventSchema>;
