/**
 * A full Streetcar state consistent with one seat's view, for search bots. It reads the
 * view only. The tiles not in sight (not on the board, in the seat's hand, open or on display, nor
 * start tiles left in the box, SC-3.2) are dealt at random to the other hands and the four stacks in
 * the sizes the view shows (SC-15.1, SC-15.3); undeclared line and route cards are dealt from the
 * cards nobody has shown (SC-15.2). Board, trams, supply sizes and the step are public (SC-15.4).
 */
import type { Rng, Seat } from '../../core/index.js';
import { randomRng } from '../../core/kit/secrets.js';
import type { StreetcarOptions, TramTarget } from './actions.js';
import { LINES, ROUTE_CARDS, START_HAND, TILE_TYPES } from './data.js';
import { edgeOf, sqOf, SQUARES, type Rotation } from './geometry.js';
import type { PlacedTile, StreetcarState, TramPos } from './state.js';
import type { TramView } from './schemas.js';
import type { StreetcarView } from './view.js';

/** Removes one of each of `items` from `pool` (a multiset). */
function without(pool: string[], items: Iterable<string>): string[] {
  const out = pool.slice();
  for (const x of items) {
    const i = out.indexOf(x);
    if (i < 0) throw new Error(`streetcar: the view shows more ${x} tiles than the game has`);
    out.splice(i, 1);
  }
  return out;
}

const ALL_TILES = TILE_TYPES.flatMap((t) => Array<string>(t.drawPile + t.startTiles).fill(t.id));

/** SC-3.2: the start tiles nobody was dealt, as setup boxes them. */
function boxedFor(players: number): string[] {
  const start = TILE_TYPES.flatMap((t) => Array<string>(t.startTiles).fill(t.id));
  return without(start, Array.from({ length: players }, () => START_HAND).flat());
}

function tramOf(t: TramView): TramPos {
  const at: TramTarget | { terminal: number; exit: null } = t.at;
  if ('terminal' in at) return { at: 'terminal', terminal: at.terminal, exit: at.exit };
  return { at: 'tile', sq: sqOf(at.row, at.col), from: edgeOf(t.from ?? at.heading), heading: edgeOf(at.heading) };
}

export function determinize(v: StreetcarView, seat: Seat, rng: Rng, options: StreetcarOptions): StreetcarState {
  const you = v.you;
  if (!you || you.seat !== seat) throw new Error('determinize needs the view of the seat it plays');
  const players = v.players.length;
  const boxed = boxedFor(players);

  const unseen = rng.shuffle(
    without(ALL_TILES, [...boxed, ...v.board.map((t) => t.tile), ...you.hand, ...v.open, ...v.display]),
  );
  const hands = v.players.map((p) => (p.seat === seat ? [...you.hand] : unseen.splice(0, p.handCount)));
  const stacks = v.stacks.map((n) => unseen.splice(0, n));
  if (unseen.length > 0) throw new Error('streetcar: the view does not account for every tile');

  // Cards a seat has not shown, from those nobody has shown (SC-15.2).
  const frame = players <= 3 ? 'blue' : 'red';
  const lineOf = (o: Seat) => (o === seat ? you.line : v.players[o]!.line);
  const routeOf = (o: Seat) => (o === seat ? you.route : v.players[o]!.route);
  const seats = v.players.map((p) => p.seat);
  const freeLines = rng.shuffle(LINES.filter((l) => !seats.some((o) => lineOf(o) === l)));
  const freeRoutes = rng.shuffle(
    ROUTE_CARDS.filter((c) => c.frame === frame && !seats.some((o) => routeOf(o) === c.id)).map((c) => c.id),
  );

  const board: (PlacedTile | null)[] = Array.from({ length: SQUARES }, () => null);
  for (const t of v.board) board[sqOf(t.row, t.col)] = { tile: t.tile, rotation: t.rotation as Rotation };
  const trams = new Map(v.trams.map((t) => [t.seat, tramOf(t)]));
  const anyAnnounced = v.players.some((p) => p.line !== null && p.route === null);

  return {
    options,
    rng: randomRng(rng),
    players: v.players.map((p) => ({
      hand: hands[p.seat]!,
      handLimit: p.handLimit,
      line: lineOf(p.seat) ?? freeLines.pop()!,
      route: routeOf(p.seat) ?? freeRoutes.pop()!,
      role: p.role,
      // A declared seat shows its route (SC-10.4); in V1 a connected one shows only its line (V1-2).
      revealed: p.route !== null,
      announced: p.line !== null && p.route === null,
      tram: trams.get(p.seat) ?? null,
      start: p.start,
      end: p.end,
      visited: [...p.visited],
      leg: p.leg,
    })),
    current: v.current ?? options.firstPlayer,
    step: structuredClone(v.step),
    board,
    stops: Object.fromEntries(Object.entries(v.stops).map(([l, sq]) => [l, sqOf(sq.row, sq.col)])),
    stacks,
    open: [...v.open],
    display: [...v.display],
    boxed,
    lastRoll: v.lastRoll,
    // Not in the view (it would tell whether a hidden hand can build); a stalemate needs a whole round of them.
    idleTurns: 0,
    // An announcement in phase A opens phase B at the end of that turn (V1-3).
    circuit:
      v.circuitPhase === null ? null : { phase: v.circuitPhase, pendingB: v.circuitPhase === 'A' && anyAnnounced },
    winner: v.winner,
    witness: v.witness && structuredClone(v.witness),
  };
}
