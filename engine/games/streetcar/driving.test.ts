import { describe, expect, it } from 'vitest';
import { masksOf } from './placement.js';
import { findTrip, moveOptions, stopSquares, successors } from './paths.js';
import { legalActions } from './rules.js';
import { targetOf } from './targets.js';
import { sqOf } from './geometry.js';
import { requiredStops } from './schedule.js';
import type { DieFace } from './data.js';
import type { StreetcarState, TramPos } from './state.js';
import {
  act,
  C_ES,
  C_NE,
  C_SW,
  C_WN,
  driver,
  DUESSELDORFER,
  exchange,
  fresh,
  hand,
  lay,
  p3,
  P3,
  PFEILSTRASSE,
  place,
  rejects,
  S_EW,
  S_NS,
  tram,
  Y0,
} from './testkit.js';
import { view } from './view.js';

/** The outcomes of `face` for seat `seat`'s tram, as (target, visited, arrived). */
function outcomes(s: StreetcarState, seat: number, face: DieFace) {
  const p = s.players[seat]!;
  const ctx = {
    masks: masksOf(s.board),
    allStops: new Set(Object.values(s.stops)),
    required: stopSquares(s.stops, requiredStops(p)),
    end: p.end!,
  };
  return moveOptions(ctx, p.tram!, p.visited, face).map((o) => ({
    to: targetOf(o.to),
    visited: o.visited,
    arrived: o.arrived,
  }));
}

/** X (seat 0) driving on P3 from Pfeilstraße, with `face` rolled. */
function rolled(pos: TramPos, face: DieFace, visited: string[] = [], s = p3()): StreetcarState {
  driver(s, 0, pos, PFEILSTRASSE, DUESSELDORFER, visited);
  s.step = { kind: 'move', roll: face };
  return s;
}

const X_HAND = ['straight', 'straight', 'straight', 'curve', 'curve'];

describe('declaring the inaugural trip (§9, §10)', () => {
  it('T-26 SC-9.3 SC-10.3–10.6 on P3, X declares from Pfeilstraße: witness via M and D; cards public; hand opened; tram on the terminal; X rolls', () => {
    const s = p3();
    expect(legalActions(s, 0)).toContainEqual({ type: 'declare', terminal: PFEILSTRASSE });
    const { state, events } = act(s, { type: 'declare', terminal: PFEILSTRASSE });
    const witness = state.witness!;
    expect(witness[0]).toEqual({ terminal: PFEILSTRASSE });
    expect(witness.at(-1)).toEqual({ terminal: DUESSELDORFER });
    expect(witness).toContainEqual({ row: 3, col: 6 });
    expect(witness).toContainEqual({ row: 9, col: 3 });
    expect(events.find((e) => e.type === 'declare')).toMatchObject({
      data: { seat: 0, line: 3, route: 'R1', stops: ['D', 'M'] },
    });
    const other = view(state, 2).players[0]!;
    expect(other).toMatchObject({ role: 'driver', line: 3, route: 'R1', stops: ['D', 'M'], handCount: 0 });
    expect([...state.open].sort()).toEqual([...X_HAND].sort());
    expect(state.players[0]!.tram).toEqual({ at: 'terminal', terminal: PFEILSTRASSE, exit: null });
    expect(state.current).toBe(0);
    expect(state.step).toEqual({ kind: 'roll', restarted: true });
  });

  it("T-27 SC-8.6 SC-10.3 with M's marker on an unreachable (5,6) the declaration is rejected route_incomplete and reveals nothing", () => {
    const tiles = [...P3.slice(0, 5), [5, 6, C_SW] as const, ...P3.slice(5)];
    const s = p3({}, tiles);
    expect(s.stops.M).toBe(sqOf(5, 6));
    expect(legalActions(s, 0).some((a) => a.type === 'declare')).toBe(false);
    rejects(() => act(s, { type: 'declare', terminal: PFEILSTRASSE }), 'route_incomplete', 'SC-10.3');
    expect(view(s, 1).players[0]!.route).toBeNull();
  });

  it('SC-10.1 SC-7.5 SC-4.3 AMB-10 declaring is voluntary: an empty-handed builder with a complete route may instead take the turn with no actions and refill', () => {
    const s = hand(p3(), 0, []);
    const legal = legalActions(s, 0);
    expect(legal).toContainEqual({ type: 'declare', terminal: PFEILSTRASSE });
    expect(legal).toContainEqual({ type: 'end_turn' });
    const { state } = act(s, { type: 'end_turn' });
    expect(state.players[0]).toMatchObject({ role: 'builder', revealed: false });
    expect(state.players[0]!.hand).toHaveLength(5);
    expect(state.current).toBe(1);
    expect(view(state, 1).players[0]!.route).toBeNull();
  });

  it('T-28 SC-4.7 SC-10.1 after a build action the declaration is rejected not_start_of_turn', () => {
    const after = act(p3(), place(S_NS, 6, 10)).state;
    rejects(() => act(after, { type: 'declare', terminal: PFEILSTRASSE }), 'not_start_of_turn', 'SC-4.7');
  });

  it("SC-10.2 only the player's own terminals may be named", () => {
    rejects(() => act(p3(), { type: 'declare', terminal: 0 }), 'wrong_step', 'SC-10.2');
  });

  it('SC-9.4 a complete schedule is valid from either terminal', () => {
    const s = p3();
    const m = masksOf(s.board);
    expect(
      findTrip(m, s.stops, ['D', 'M'], { at: 'terminal', terminal: DUESSELDORFER, exit: null }, [], PFEILSTRASSE),
    ).not.toBeNull();
    expect(
      findTrip(m, s.stops, ['D', 'M', 'A'], { at: 'terminal', terminal: DUESSELDORFER, exit: null }, [], PFEILSTRASSE),
    ).toBeNull();
  });
});

describe('following track (SC-2.14, SC-2.15)', () => {
  it('T-29 SC-6.3 SC-2.14 SC-2.15 a Y on (8,7): legal exchange; from N the mover may go W or E; from W it must go N', () => {
    const s = hand(p3(), 1, ['double_curve_y', ...X_HAND.slice(1)]);
    s.current = 1;
    s.step = { kind: 'build', actions: 0, placements: 0, changed: false, halted: false };
    const { state } = act(s, exchange(Y0, 8, 7));
    const m = masksOf(state.board);
    expect(successors(m, tram(7, 7, 'S')).map((p) => targetOf(p))).toEqual(
      expect.arrayContaining([
        { row: 8, col: 7, heading: 'W' },
        { row: 8, col: 7, heading: 'E' },
      ]),
    );
    expect(successors(m, tram(8, 6, 'E')).map((p) => targetOf(p))).toEqual([{ row: 8, col: 7, heading: 'N' }]);
    expect(
      findTrip(m, state.stops, ['D', 'M'], { at: 'terminal', terminal: PFEILSTRASSE, exit: null }, [], DUESSELDORFER),
    ).not.toBeNull();
  });

  it('T-30 SC-2.15 SC-11.3 through a Y from W the tram must turn N and dead-ends; it never reaches (6,7)', () => {
    const s = driver(
      lay(fresh(), [
        [6, 5, S_EW],
        [6, 6, Y0],
        [6, 7, S_EW],
      ]),
      0,
      tram(6, 5, 'E'),
      PFEILSTRASSE,
      DUESSELDORFER,
    );
    expect(outcomes(s, 0, 2)).toEqual([{ to: { row: 6, col: 6, heading: 'N' }, visited: [], arrived: false }]);
  });

  it('T-31 SC-2.5 SC-11.3 a crossing goes straight: the tram ends on (6,6) heading E and loses a step', () => {
    const s = driver(
      lay(fresh(), [
        [6, 6, { tile: 'tree_crossing', rotation: 0 }],
        [6, 5, S_EW],
        [5, 6, S_NS],
      ]),
      0,
      tram(6, 5, 'E'),
      PFEILSTRASSE,
      DUESSELDORFER,
    );
    expect(outcomes(s, 0, 2)).toEqual([{ to: { row: 6, col: 6, heading: 'E' }, visited: [], arrived: false }]);
  });
});

describe('driving (§11, §12)', () => {
  it('T-32 SC-11.3 SC-11.4 roll 3 from (3,3): to (3,6); F passed without effect; M visited', () => {
    const s = rolled(tram(3, 3, 'E'), 3);
    expect(outcomes(s, 0, 3)).toEqual([{ to: { row: 3, col: 6, heading: 'E' }, visited: ['M'], arrived: false }]);
    const { state } = act(s, { type: 'move', to: { row: 3, col: 6, heading: 'E' }, visited: ['M'] });
    expect(state.players[0]!.visited).toEqual(['M']);
    expect(state.current).toBe(1);
  });

  it('SC-11.3 a move that does not match an outcome is rejected bad_path', () => {
    const s = rolled(tram(3, 3, 'E'), 3);
    rejects(() => act(s, { type: 'move', to: { row: 3, col: 5, heading: 'E' }, visited: [] }), 'bad_path', 'SC-11.3');
    rejects(() => act(s, { type: 'move', to: { row: 3, col: 6, heading: 'E' }, visited: [] }), 'bad_path');
  });

  it("T-33 SC-11.6 H from the Pfeilstraße terminal stops on F's stop (3,4)", () => {
    expect(outcomes(rolled({ at: 'terminal', terminal: PFEILSTRASSE, exit: null }, 'H'), 0, 'H')).toEqual([
      { to: { row: 3, col: 4, heading: 'E' }, visited: [], arrived: false },
    ]);
  });

  it('T-34 SC-11.6 SC-12.1 H from (10,10) with M and D visited reaches Düsseldorfer: X wins', () => {
    const s = rolled(tram(10, 10, 'E'), 'H', ['D', 'M']);
    const [only] = outcomes(s, 0, 'H');
    expect(only).toMatchObject({ arrived: true, visited: ['D', 'M'] });
    const { state } = act(s, { type: 'move', to: only!.to, visited: only!.visited });
    expect(state.winner).toBe(0);
    expect(state.step.kind).toBe('over');
  });

  it('T-35 SC-11.5 SC-12.1 roll 4 from (10,11): the end terminal after 2 steps, the rest ignored; X wins (engine applies the single outcome after the roll)', () => {
    const s = rolled(tram(10, 11, 'E'), 4, ['D', 'M']);
    expect(outcomes(s, 0, 4)).toHaveLength(1);
    expect(outcomes(s, 0, 4)[0]).toMatchObject({ arrived: true });
    const { state } = act(s, { type: 'move', to: outcomes(s, 0, 4)[0]!.to, visited: ['D', 'M'] });
    expect(state.winner).toBe(0);
  });

  it('T-36 SC-11.5 SC-11.10 arriving without D is a forced restart: X picks a terminal, visited is emptied, the turn ends', () => {
    const s = rolled(tram(10, 11, 'E'), 2, ['M']);
    const [only] = outcomes(s, 0, 2);
    const arrived = act(s, { type: 'move', to: only!.to, visited: only!.visited }).state;
    expect(arrived.step).toEqual({ kind: 'forcedRestart' });
    expect(legalActions(arrived, 0)).toEqual([
      { type: 'restart', terminal: DUESSELDORFER },
      { type: 'restart', terminal: PFEILSTRASSE },
    ]);
    const { state } = act(arrived, { type: 'restart', terminal: DUESSELDORFER });
    expect(state.players[0]).toMatchObject({
      tram: { at: 'terminal', terminal: DUESSELDORFER, exit: null },
      start: DUESSELDORFER,
      end: PFEILSTRASSE,
      visited: [],
    });
    expect(state.current).toBe(1);
    expect(state.winner).toBeNull();
  });

  const t37 = () =>
    driver(
      p3({}, [
        [6, 11, S_EW],
        [6, 12, S_EW],
        [7, 12, S_EW],
        [7, 11, S_EW],
      ]),
      0,
      tram(6, 11, 'E'),
      PFEILSTRASSE,
      DUESSELDORFER,
    );

  it("T-37 SC-2.14 SC-2.17 AMB-15 roll 3: (6,12), Ketzergasse (another line's terminal, one step), then (7,12) heading W; A's stop on (7,12)", () => {
    const s = t37();
    expect(s.stops.A).toBe(sqOf(7, 12));
    expect(outcomes(s, 0, 3)).toEqual([{ to: { row: 7, col: 12, heading: 'W' }, visited: [], arrived: false }]);
  });

  it('T-38 SC-11.6 H stops on the Ketzergasse terminal of another line', () => {
    expect(outcomes(t37(), 0, 'H')).toEqual([{ to: { terminal: 2, exit: 1 }, visited: [], arrived: false }]);
  });

  it('T-39 SC-11.3 SC-11.8 SC-11.10 toward an open end a 4 moves 1 step; then rolls have no effect until a restart', () => {
    const s = driver(
      p3({}, [
        [6, 5, S_EW],
        [6, 6, S_EW],
      ]),
      0,
      tram(6, 5, 'E'),
      PFEILSTRASSE,
      DUESSELDORFER,
    );
    expect(outcomes(s, 0, 4)).toEqual([{ to: { row: 6, col: 6, heading: 'E' }, visited: [], arrived: false }]);
    s.players[0]!.tram = tram(6, 6, 'E');
    for (const face of [1, 2, 3, 4, 'H'] as const)
      expect(outcomes(s, 0, face)).toEqual([{ to: { row: 6, col: 6, heading: 'E' }, visited: [], arrived: false }]);
    s.step = { kind: 'roll', restarted: false };
    expect(legalActions(s, 0)).toEqual([
      { type: 'roll' },
      { type: 'restart', terminal: DUESSELDORFER },
      { type: 'restart', terminal: PFEILSTRASSE },
    ]);
    const restarted = act(s, { type: 'restart', terminal: PFEILSTRASSE }).state;
    expect(restarted.step).toEqual({ kind: 'roll', restarted: true });
    expect(legalActions(restarted, 0)).toEqual([{ type: 'roll' }]);
  });

  it('T-40 SC-11.4 a tram moves onto and past a tile holding another tram', () => {
    const s = rolled(tram(3, 2, 'E'), 3);
    driver(s, 1, tram(3, 4, 'E'), 0, 1);
    expect(outcomes(s, 0, 3)).toEqual([{ to: { row: 3, col: 5, heading: 'E' }, visited: [], arrived: false }]);
  });

  it('SC-11.1 SC-0.2 a roll is public and, with one outcome, the tram moves without another call', () => {
    const s = driver(p3(), 0, tram(10, 4, 'E'), PFEILSTRASSE, DUESSELDORFER, ['D', 'M']);
    s.step = { kind: 'roll', restarted: true };
    const { state, events } = act(s, { type: 'roll' });
    expect(events[0]).toMatchObject({ type: 'roll', data: { seat: 0 } });
    expect(events[0]!.visibleTo).toBeUndefined();
    expect(events.some((e) => e.type === 'move')).toBe(true);
    expect(state.lastRoll).not.toBeNull();
  });

  it('SC-11.3 several outcomes at a switch are all offered and the driver chooses', () => {
    const s = driver(
      lay(fresh(), [
        [6, 5, S_EW],
        [6, 6, { tile: 'straight_plus_curve_right', rotation: 270 }],
        [6, 7, S_EW],
        [5, 6, S_NS],
      ]),
      0,
      tram(6, 5, 'E'),
      PFEILSTRASSE,
      DUESSELDORFER,
    );
    // (6,6) rot270 has {E,W} and {E,N}: entering at W the tram may only go E, so one outcome.
    expect(outcomes(s, 0, 2)).toHaveLength(1);
    s.players[0]!.tram = tram(6, 7, 'W');
    const two = outcomes(s, 0, 2).map((o) => o.to);
    expect(two).toEqual(
      expect.arrayContaining([
        { row: 6, col: 5, heading: 'W' },
        { row: 5, col: 6, heading: 'N' },
      ]),
    );
    s.step = { kind: 'move', roll: 2 };
    expect(legalActions(s, 0)).toHaveLength(2);
  });

  it('SC-11.6 an H walk stops at the first stop of any building, on the schedule or not', () => {
    const s = rolled(tram(8, 6, 'W'), 'H');
    expect(outcomes(s, 0, 'H')).toEqual([{ to: { row: 8, col: 4, heading: 'W' }, visited: [], arrived: false }]);
  });

  it('SC-2.16 AMB-18 SC-11.6 on a ring without stops a 4 goes round to the start; an H has no stop to reach and the tram stays', () => {
    const ring = p3({}, [
      [6, 6, C_ES],
      [6, 7, C_SW],
      [7, 7, C_WN],
      [7, 6, C_NE],
    ]);
    driver(ring, 0, tram(6, 6, 'E', 'S'), PFEILSTRASSE, DUESSELDORFER);
    expect(outcomes(ring, 0, 4)).toEqual([{ to: { row: 6, col: 6, heading: 'E' }, visited: [], arrived: false }]);
    expect(outcomes(ring, 0, 'H')).toEqual([{ to: { row: 6, col: 6, heading: 'E' }, visited: [], arrived: false }]);
  });
});
