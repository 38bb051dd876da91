/**
 * How a search bot rates an unfinished Streetcar game (issue 22 #2). Streetcar is a race (SC-12: the
 * first tram home wins), so each seat's standing is how many turns fewer than the average seat it
 * still needs:
 * - a driver needs its shortest remaining trip (SC-11.11) at about three steps a roll (die 1–4 and H,
 *   AMB-1), or a restart and the whole trip when its tram can no longer finish (SC-11.10);
 * - a builder with a complete schedule needs the declaring turn and then that trip;
 * - any other builder needs the track still missing (the greedy bot's rating: stops left and the
 *   distance to the next one) at two tiles a turn, and then a typical trip.
 */
import { potential, type Board } from './bot.js';
import { terminalsOfLine } from './geometry.js';
import { findTrip } from './paths.js';
import { masksOf } from './placement.js';
import { requiredStops } from './schedule.js';
import type { PlayerState, StreetcarState } from './state.js';

const STEPS_PER_ROLL = 3;
const TILES_PER_TURN = 2;
/** Turns a trip takes before the track exists to measure it. */
const TYPICAL_DRIVE = 7;
/** A seat that cannot finish from anywhere: as far behind as a barely started builder. */
const STUCK = 40;

function tripTurns(b: Board, p: PlayerState, from: PlayerState['tram'], visited: readonly string[], end: number): number | null {
  if (!from) return null;
  const trip = findTrip(b.masks, b.stops, requiredStops(p), from, visited, end);
  return trip && trip.length / STEPS_PER_ROLL;
}

function turnsLeft(b: Board, p: PlayerState): number {
  const [a, z] = terminalsOfLine(p.line);
  const fromTerminal = (t: number) => tripTurns(b, p, { at: 'terminal', terminal: t, exit: null }, [], t === a ? z : a);
  if (p.role === 'driver' && p.tram && p.end !== null) {
    const on = tripTurns(b, p, p.tram, p.visited, p.end);
    if (on !== null) return on;
    const again = Math.min(fromTerminal(a) ?? STUCK, fromTerminal(z) ?? STUCK);
    return 1 + again;
  }
  const stops = requiredStops(p);
  const rating = potential(b, p.line, stops);
  // potential() rates a complete schedule far above any open one.
  if (rating > 0) return 1 + Math.min(fromTerminal(a) ?? STUCK, fromTerminal(z) ?? STUCK);
  return -rating / TILES_PER_TURN + TYPICAL_DRIVE;
}

export function estimate(s: StreetcarState): number[] {
  const b: Board = { masks: masksOf(s.board), stops: s.stops };
  const turns = s.players.map((p) => turnsLeft(b, p));
  // Centred on the mean: a search scales score margins by the largest score, and a turn gained must
  // not vanish next to the twenty or so every seat still needs.
  const mean = turns.reduce((a, t) => a + t, 0) / turns.length;
  return turns.map((t) => mean - t);
}
