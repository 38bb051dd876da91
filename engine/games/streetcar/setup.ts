/** Setup (SC-3, V2-1, V4-2, V5-1). */
import { Rng, seedRng } from '../../core/index.js';
import type { StreetcarOptions } from './actions.js';
import { LINES, ROUTE_CARDS, START_HAND, TILE_TYPES } from './data.js';
import { SQUARES, sqOf, type Rotation } from './geometry.js';
import type { PlacedTile, StreetcarState } from './state.js';
import { fillDisplay, takeBlind } from './supply.js';
import { startTurn } from './turn.js';

/** V2-1 [DATA, AMB-19]: the pinwheel of four straight_plus_curve_right tiles on the centre squares. */
export const TURNSTILE: readonly { row: number; col: number; rotation: Rotation }[] = [
  { row: 6, col: 6, rotation: 0 },
  { row: 6, col: 7, rotation: 90 },
  { row: 7, col: 7, rotation: 180 },
  { row: 7, col: 6, rotation: 270 },
];
const TURNSTILE_TILE = 'straight_plus_curve_right';

export function setup(seed: string, players: number, options: StreetcarOptions): StreetcarState {
  const rng = new Rng(seedRng(seed));
  const board: (PlacedTile | null)[] = Array.from({ length: SQUARES }, () => null);
  let draws = TILE_TYPES.flatMap((t) => Array<string>(t.drawPile).fill(t.id));
  if (options.turnstile) {
    for (const t of TURNSTILE) {
      draws.splice(draws.indexOf(TURNSTILE_TILE), 1);
      board[sqOf(t.row, t.col)] = { tile: TURNSTILE_TILE, rotation: t.rotation };
    }
  }
  // SC-3.2: the start tiles not dealt go back in the box.
  const startTiles = TILE_TYPES.flatMap((t) => Array<string>(t.startTiles).fill(t.id));
  const boxed = startTiles.slice();
  for (let i = 0; i < players; i++) for (const t of START_HAND) boxed.splice(boxed.indexOf(t), 1);
  // SC-3.3 [RES]: one shuffled sequence dealt round-robin into four stacks (26/25/25/25).
  draws = rng.shuffle(draws);
  const stacks: string[][] = [[], [], [], []];
  draws.forEach((t, i) => stacks[i % 4]!.push(t));
  const lines = rng.shuffle(LINES).slice(0, players);
  const frame = players <= 3 ? 'blue' : 'red';
  const routes = rng.shuffle(ROUTE_CARDS.filter((c) => c.frame === frame).map((c) => c.id)).slice(0, players);
  const s: StreetcarState = {
    options,
    rng: rng.state,
    players: Array.from({ length: players }, (_, seat) => ({
      hand: [...START_HAND],
      handLimit: 5 + (options.handicap[seat] ?? 0),
      line: lines[seat]!,
      route: routes[seat]!,
      role: 'builder',
      revealed: false,
      announced: false,
      tram: null,
      start: null,
      end: null,
      visited: [],
      leg: 'out',
    })),
    current: options.firstPlayer,
    step: { kind: 'over' },
    board,
    stops: {},
    stacks,
    open: [],
    display: [],
    boxed,
    lastRoll: null,
    idleTurns: 0,
    circuit: options.circuit ? { phase: 'A', pendingB: false } : null,
    winner: null,
    witness: null,
  };
  // V4-2: handicap tiles in seat order; V5-1: the display.
  s.players.forEach((p, seat) => takeBlind(s, seat, p.handLimit - p.hand.length));
  if (options.centralSupply) fillDisplay(s);
  // The opening hand always has a placement on the opening board, so no automatic forfeit is due (build.ts).
  startTurn(s);
  return s;
}
