/**
 * How a search bot rates an unfinished Streetcar game. Streetcar is a race (SC-12: the
 * first tram home wins), so each seat's standing is its chance to finish first, from the turns it
 * still needs:
 * - a driver its shortest remaining trip (SC-11.11) at about three steps a roll (die 1–4 and H,
 *   AMB-1), or a restart and the whole trip when its tram can no longer finish (SC-11.10);
 * - a builder the cheapest plan (plan.ts) to complete its schedule and drive it, building and
 *   driving priced in turns.
 */
import type { Board } from './bot.js';
import { terminalsOfLine } from './geometry.js';
import { findTrip } from './paths.js';
import { masksOf } from './placement.js';
import { planTurns, STUCK } from './plan.js';
import { requiredStops } from './schedule.js';
import type { PlayerState, StreetcarState } from './state.js';

const STEPS_PER_ROLL = 3;

function tripTurns(
  b: Board,
  p: PlayerState,
  from: PlayerState['tram'],
  visited: readonly string[],
  end: number,
): number | null {
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
  return planTurns(b, p.line, requiredStops(p));
}

/** Turns by which a lead makes a win e (≈2.7) times likelier: dice and draws spread a race by a few turns. */
const SPREAD_TURNS = 3;

/**
 * Each seat's chance to finish first, on the scale of `outcome` (1 for the winner): a softmax of the
 * turns each still needs. Chances rather than turns, so that a search weighs a turn gained by how
 * much it changes who wins, whether the race is close or not.
 */
export function estimate(s: StreetcarState): number[] {
  const b: Board = { masks: masksOf(s.board), stops: s.stops };
  const turns = s.players.map((p) => turnsLeft(b, p));
  const least = Math.min(...turns);
  const weights = turns.map((t) => Math.exp((least - t) / SPREAD_TURNS));
  const sum = weights.reduce((a, w) => a + w, 0);
  return weights.map((w) => w / sum);
}
