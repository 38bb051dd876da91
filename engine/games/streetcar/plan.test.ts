/**
 * The search bot's plan (plan.ts) prices a schedule in turns: a complete one (SC-9.4) as
 * the trip it allows (SC-9.3), an incomplete one with the tiles still missing on top.
 */
import { describe, expect, it } from 'vitest';
import { masksOf } from './placement.js';
import { PER_TURN, planTurns, STEP_COST, STUCK, TILE_COST } from './plan.js';
import { ownTerminals, requiredStops, tripFrom } from './schedule.js';
import { fresh, p3, P3 } from './testkit.js';
import type { StreetcarState } from './state.js';

const turnsOf = (s: StreetcarState) =>
  planTurns({ masks: masksOf(s.board), stops: s.stops }, s.players[0]!.line, requiredStops(s.players[0]!));

describe('the plan behind the Streetcar search bot', () => {
  it('SC-9.3 SC-9.4 a complete schedule costs the shortest valid trip, every node entered', () => {
    const s = p3();
    const trips = ownTerminals(s.players[0]!).map((t) => tripFrom(s, s.players[0]!, t)!.length - 1);
    expect(turnsOf(s)).toBeCloseTo((Math.min(...trips) * STEP_COST) / PER_TURN);
  });

  it('SC-5.1 each tile missing from a complete route adds one tile to lay', () => {
    const complete = turnsOf(p3());
    for (const missing of [1, 2, 4])
      expect(turnsOf(p3({}, P3.slice(0, P3.length - missing)))).toBeCloseTo(
        complete + (missing * TILE_COST) / PER_TURN,
      );
  });

  it('SC-3.7 an empty board needs a whole route built before the trip', () => {
    const s = fresh(4);
    Object.assign(s.players[0]!, { line: 3, route: 'R1' });
    expect(turnsOf(s)).toBeGreaterThan(turnsOf(p3()) + (10 * TILE_COST) / PER_TURN);
    expect(turnsOf(s)).toBeLessThan(STUCK);
  });
});
