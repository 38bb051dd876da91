import { describe, expect, it } from 'vitest';
import { sqOf } from './geometry.js';
import { legalActions } from './rules.js';
import type { StreetcarState } from './state.js';
import {
  act,
  C_SW,
  driver,
  DUESSELDORFER,
  fresh,
  hand,
  p3,
  P3,
  PFEILSTRASSE,
  place,
  rejects,
  S_EW,
  S_NS,
  tram,
} from './testkit.js';
import { view } from './view.js';

const straights = ['straight', 'straight', 'straight', 'curve', 'curve'];

/** V1 phase B on fixture P3, X (seat 0, line 3, stops D and M) to act. */
function phaseB(): StreetcarState {
  const s = hand(p3({ circuit: true }), 0, straights);
  s.circuit = { phase: 'B', pendingB: false };
  return s;
}

const withTram = (
  s: StreetcarState,
  seat: number,
  pos: ReturnType<typeof tram>,
  leg: 'out' | 'return' = 'out',
  visited: string[] = [],
) => {
  Object.assign(s.players[seat]!, { tram: pos, start: PFEILSTRASSE, end: DUESSELDORFER, leg, visited });
  return s;
};

describe('V1 complete circuit', () => {
  it('T-46 V1-2 V1-3 the tile that connects line 3 announces its owner (line public, route secret); phase B starts the next turn', () => {
    const s = hand(p3({ circuit: true }, P3.slice(0, -1)), 1, straights);
    s.current = 1;
    const one = act(s, place(S_EW, 10, 12), 1);
    expect(one.events).toContainEqual({ type: 'line_connected', data: { seat: 0, line: 3 } });
    expect(view(one.state, 2).players[0]).toMatchObject({ line: 3, route: null, stops: null });
    expect(one.state.circuit).toEqual({ phase: 'A', pendingB: true });
    expect(
      legalActions(one.state, 1).some((a) => a.type === 'step' || a.type === 'enter' || a.type === 'declare'),
    ).toBe(false);
    const two = act(one.state, place(S_NS, 6, 10), 1);
    expect(two.state.circuit).toEqual({ phase: 'B', pendingB: false });
    expect(two.state.current).toBe(2);
    expect(two.state.step).toMatchObject({ kind: 'build', actions: 0 });
  });

  it('T-47 V1-4 enter, step, step and place are four actions; a fifth is rejected; the refill draws 1', () => {
    let s = phaseB();
    s = act(s, { type: 'enter', terminal: PFEILSTRASSE }).state;
    expect(legalActions(s, 0)).toContainEqual({ type: 'step', to: { row: 3, col: 1, heading: 'E' } });
    s = act(s, { type: 'step', to: { row: 3, col: 1, heading: 'E' } }).state;
    s = act(s, { type: 'step', to: { row: 3, col: 2, heading: 'E' } }).state;
    const { state, events } = act(s, place(S_NS, 6, 10));
    expect(state.players[0]!.tram).toMatchObject({ at: 'tile', sq: sqOf(3, 2) });
    expect(events.filter((e) => e.type === 'draw').map((e) => e.redacted?.data?.count)).toEqual([1]);
    expect(state.current).toBe(1);
    rejects(() => act(state, { type: 'step', to: { row: 3, col: 3, heading: 'E' } }, 0), 'not_your_turn');
  });

  it('V1-4 the turn may end early; ENTER is once only', () => {
    const s = act(phaseB(), { type: 'enter', terminal: DUESSELDORFER }).state;
    expect(legalActions(s, 0).some((a) => a.type === 'enter')).toBe(false);
    rejects(() => act(s, { type: 'enter', terminal: PFEILSTRASSE }), 'wrong_step', 'V1-4');
    expect(act(s, { type: 'end_turn' }).state.current).toBe(1);
  });

  it('T-48 V1-5 a tram that enters a stop tile stops: a further step is rejected, building is still allowed', () => {
    const s = act(withTram(phaseB(), 0, tram(3, 3, 'E')), { type: 'step', to: { row: 3, col: 4, heading: 'E' } }).state;
    expect(legalActions(s, 0).some((a) => a.type === 'step')).toBe(false);
    rejects(() => act(s, { type: 'step', to: { row: 3, col: 5, heading: 'E' } }), 'wrong_step', 'V1-5');
    expect(() => act(s, place(S_NS, 6, 10))).not.toThrow();
  });

  it('T-49 V1-6 V1-7 a step into another tram is rejected; the 180° turn as the only action of the turn reverses the heading', () => {
    const s = withTram(withTram(phaseB(), 0, tram(3, 3, 'E')), 1, tram(3, 4, 'E'));
    rejects(() => act(s, { type: 'step', to: { row: 3, col: 4, heading: 'E' } }), 'blocked', 'V1-6');
    expect(legalActions(s, 0)).toContainEqual({ type: 'turn180' });
    const { state } = act(s, { type: 'turn180' });
    expect(state.players[0]!.tram).toEqual(tram(3, 3, 'W', 'E'));
    expect(state.current).toBe(1);
    const built = act(s, place(S_NS, 6, 10)).state;
    rejects(() => act(built, { type: 'turn180' }), 'wrong_step', 'V1-7');
  });

  it('T-50 V1-7 a tram that is not blocked cannot turn: not_blocked', () => {
    rejects(() => act(withTram(phaseB(), 0, tram(3, 3, 'E')), { type: 'turn180' }), 'not_blocked', 'V1-7');
  });

  it('T-51 V1-8 V1-9 V1-10 M is credited on the out leg, D only on the return leg; the win comes on re-entering the start terminal', () => {
    let s = withTram(phaseB(), 0, tram(3, 5, 'E'));
    const m = act(s, { type: 'step', to: { row: 3, col: 6, heading: 'E' } });
    expect(m.events).toContainEqual({ type: 'credit', data: { seat: 0, building: 'M', leg: 'out' } });
    s = withTram(m.state, 0, tram(8, 3, 'S'), 'out', ['M']);
    s.current = 0;
    s.step = { kind: 'build', actions: 0, placements: 0, changed: false, halted: false };
    const d = act(s, { type: 'step', to: { row: 9, col: 3, heading: 'S' } });
    expect(d.state.players[0]!.visited).toEqual(['M']);
    s = withTram(d.state, 0, tram(10, 12, 'E'), 'out', ['M']);
    s.step = { kind: 'build', actions: 0, placements: 0, changed: false, halted: false };
    const end = act(s, { type: 'step', to: { terminal: DUESSELDORFER, exit: 1 } });
    expect(end.state.players[0]!.leg).toBe('return');
    expect(end.state.winner).toBeNull();
    s = withTram(end.state, 0, tram(8, 3, 'S'), 'return', ['M']);
    const back = act(s, { type: 'step', to: { row: 9, col: 3, heading: 'S' } });
    expect(back.events).toContainEqual({ type: 'credit', data: { seat: 0, building: 'D', leg: 'return' } });
    s = withTram(back.state, 0, tram(3, 1, 'W'), 'return', ['D', 'M']);
    s.step = { kind: 'build', actions: 0, placements: 0, changed: false, halted: false };
    const win = act(s, { type: 'step', to: { terminal: PFEILSTRASSE, exit: 0 } });
    expect(win.state.winner).toBe(0);
    expect(win.state.step.kind).toBe('over');
  });

  it('RP-SC-1 SC-12.3 V1 in phase B, 12 rounds with no tile, entry, credit or leg change end the game without a winner', () => {
    let s = phaseB();
    s.players.forEach((p, i) => (p.hand = i === 0 ? straights : []));
    for (let turn = 0; turn < 12 * 4 - 1; turn++) s = act(s, { type: 'end_turn' }).state;
    expect(s.step.kind).toBe('build');
    const { state, events } = act(s, { type: 'end_turn' });
    expect(state.step.kind).toBe('over');
    expect(state.winner).toBeNull();
    expect(events.some((e) => e.type === 'stalemate')).toBe(true);
  });

  it('V1-1 V1-11 there is no declaration and no die in the circuit variant', () => {
    const s = p3({ circuit: true });
    expect(legalActions(s, 0).some((a) => a.type === 'declare' || a.type === 'roll')).toBe(false);
    rejects(() => act(s, { type: 'declare', terminal: PFEILSTRASSE }), 'wrong_step', 'V1-1');
  });
});

describe('V2 turnstile', () => {
  it('V2-1 the pinwheel is on the centre squares and the draw pile holds 97', () => {
    const s = fresh(3, { turnstile: true });
    expect(s.board[sqOf(6, 6)]).toEqual({ tile: 'straight_plus_curve_right', rotation: 0 });
    expect(s.board[sqOf(7, 6)]).toEqual({ tile: 'straight_plus_curve_right', rotation: 270 });
    expect(s.stacks.reduce((n, st) => n + st.length, 0)).toBe(97);
  });

  it("T-52 V2-1 V2-2 SC-8.2 a tile away from the network is no_connection; a curve meeting (6,6)'s N end is legal and creates M's stop", () => {
    const s = hand(fresh(3, { turnstile: true }), 0, straights);
    rejects(() => act(s, place(S_NS, 2, 2)), 'no_connection', 'V2-2');
    const { state } = act(s, place(C_SW, 5, 6));
    expect(state.stops.M).toBe(sqOf(5, 6));
    rejects(() => act(s, place(S_NS, 5, 6)), 'into_building', 'SC-5.5');
  });
});

describe('V3 exchange/pass', () => {
  it('T-53 V3-1 a pass swapping 3: draws 3, returns 3 into the smallest stack, no placements, hand 5', () => {
    const s = hand(fresh(3, { exchangePass: true }), 0, straights);
    expect(legalActions(s, 0)).toContainEqual({ type: 'pass', count: 3 });
    const drawn = act(s, { type: 'pass', count: 3 });
    expect(drawn.state.players[0]!.hand).toHaveLength(8);
    expect(drawn.state.stacks.map((st) => st.length)).toEqual([24, 24, 25, 25]);
    expect(drawn.state.step).toEqual({ kind: 'return', count: 3 });
    rejects(() => act(drawn.state, { type: 'return_tiles', tiles: ['straight'] }), 'wrong_step', 'V3-1');
    const { state, events } = act(drawn.state, { type: 'return_tiles', tiles: ['straight', 'straight', 'curve'] });
    expect(state.players[0]!.hand).toHaveLength(5);
    expect(state.stacks.map((st) => st.length)).toEqual([27, 24, 25, 25]);
    expect(events.find((e) => e.type === 'return_tiles')?.data).toEqual({ seat: 0, count: 3, stack: 0 });
    expect(state.board.every((t) => t === null)).toBe(true);
    expect(state.current).toBe(1);
  });

  it('V3-2 V3-3 a plain pass is allowed while build actions exist; a pass comes only at the start of the turn', () => {
    const s = hand(fresh(3, { exchangePass: true }), 0, straights);
    expect(act(s, { type: 'pass', count: 0 }).state.current).toBe(1);
    const after = act(s, place(S_NS, 6, 6)).state;
    rejects(() => act(after, { type: 'pass', count: 0 }), 'not_start_of_turn', 'V3-1');
    rejects(() => act(s, { type: 'pass', count: 6 }), 'wrong_step', 'V3-1');
  });

  it('SC-12.3 V3-2 two swaps or two plain passes by builders who could build do not end a 2-player game (audit: stalemate)', () => {
    const s = hand(hand(fresh(2, { exchangePass: true }), 0, straights), 1, straights);
    const swapped = act(act(s, { type: 'pass', count: 1 }).state, { type: 'return_tiles', tiles: ['curve'] }).state;
    const twoSwaps = act(act(swapped, { type: 'pass', count: 1 }).state, {
      type: 'return_tiles',
      tiles: ['curve'],
    }).state;
    expect(twoSwaps.step).toMatchObject({ kind: 'build', actions: 0 });
    expect(twoSwaps.current).toBe(0);
    let passes = s;
    for (let turn = 0; turn < 6; turn++) passes = act(passes, { type: 'pass', count: 0 }).state;
    expect(passes.step.kind).toBe('build');
    expect(passes.winner).toBeNull();
  });

  it('SC-12.3 V3-2 a round of passes by builders with no legal build action and no declaration still ends the game with no winner', () => {
    const s = hand(hand(fresh(2, { exchangePass: true }), 0, []), 1, []);
    s.stacks = [[], [], [], []];
    // Seat 0's first turn began with its dealt hand, so the idle round is seat 1's turn and seat 0's next.
    const two = act(act(s, { type: 'pass', count: 0 }).state, { type: 'pass', count: 0 }).state;
    expect(two.step.kind).toBe('build');
    expect(legalActions(two, 0)).toEqual([{ type: 'pass', count: 0 }, { type: 'end_turn' }]);
    const { state, events } = act(two, { type: 'pass', count: 0 });
    expect(state.step.kind).toBe('over');
    expect(state.winner).toBeNull();
    expect(events.some((e) => e.type === 'stalemate')).toBe(true);
  });

  it('SC-4.3 SC-7.4 V3-1 a builder with no legal build action may forfeit to the refill (5 open tiles fill an empty hand); a V3 pass instead has no refill', () => {
    const s = hand(fresh(3, { exchangePass: true }), 0, []);
    s.stacks = [[], [], [], []];
    driver(s, 1, tram(6, 6, 'E'), 0, 1);
    s.open = ['curve', 'straight', 'double_curve_y', 'tree_crossing', 'curve'];
    s.current = 2;
    const start = act(s, { type: 'pass', count: 0 }).state;
    expect(start.current).toBe(0);
    expect(start.step).toMatchObject({ kind: 'build', actions: 0 });
    expect(legalActions(start, 0)).toEqual(expect.arrayContaining([{ type: 'end_turn' }, { type: 'pass', count: 0 }]));
    const { state } = act(start, { type: 'end_turn' });
    expect([...state.players[0]!.hand].sort()).toEqual([
      'curve',
      'curve',
      'double_curve_y',
      'straight',
      'tree_crossing',
    ]);
    expect(state.open).toEqual([]);
    expect(state.current).toBe(1);
    const passed = act(start, { type: 'pass', count: 0 }).state;
    expect(passed.players[0]!.hand).toEqual([]);
    expect(passed.open).toHaveLength(5);
  });

  it('V3-1 without the variant there is no pass', () => {
    rejects(() => act(fresh(3), { type: 'pass', count: 0 }), 'wrong_step', 'V3-1');
  });
});

describe('V4 handicap and V5 central supply', () => {
  it('T-55 V4-1–V4-3 with h=1 for player 2 (seat 1), that player holds 6 tiles after setup and after each refill', () => {
    const s = fresh(3, { handicap: [0, 1] });
    expect(s.players.map((p) => p.hand.length)).toEqual([5, 6, 5]);
    expect(view(s, 0).players[1]).toMatchObject({ handLimit: 6, handCount: 6 });
    let t = act(act(hand(s, 0, straights), place(S_NS, 6, 6)).state, place(S_NS, 9, 10)).state;
    expect(t.current).toBe(1);
    hand(t, 1, ['straight', 'straight', 'straight', 'curve', 'curve', 'curve']);
    t = act(act(t, place(S_NS, 2, 10)).state, place(S_NS, 11, 2)).state;
    expect(t.players[1]!.hand).toHaveLength(6);
  });

  it('T-54 V5-1–V5-3 the builder takes 2 of the 8 display tiles; at the end of the turn the display is back to 8 from the stacks', () => {
    const s = hand(fresh(3, { centralSupply: true }), 0, straights);
    expect(s.display).toHaveLength(8);
    expect(s.stacks.reduce((n, st) => n + st.length, 0)).toBe(93);
    s.display = [
      'curve',
      'straight',
      'double_curve_y',
      'tree_crossing',
      'curve',
      'curve',
      'straight',
      'two_opposite_curves',
    ];
    const placed = act(act(s, place(S_NS, 6, 6)).state, place(S_NS, 9, 10)).state;
    expect(placed.step.kind).toBe('take');
    expect(legalActions(placed, 0).map((a) => (a.type === 'take' ? a.tile : ''))).toEqual([
      'curve',
      'double_curve_y',
      'straight',
      'tree_crossing',
      'two_opposite_curves',
    ]);
    const one = act(placed, { type: 'take', tile: 'tree_crossing' }).state;
    const { state, events } = act(one, { type: 'take', tile: 'double_curve_y' });
    expect(state.players[0]!.hand).toContain('tree_crossing');
    expect(state.display).toHaveLength(8);
    expect(state.stacks.reduce((n, st) => n + st.length, 0)).toBe(91);
    expect(events.find((e) => e.type === 'display_refilled')?.data?.tiles).toHaveLength(2);
    expect(events.some((e) => e.type === 'draw')).toBe(false);
  });

  it('V5-4 with the display and the stacks empty, the refill takes open tiles (SC-7.4)', () => {
    const s = hand(fresh(3, { centralSupply: true }), 0, straights);
    s.display = [];
    s.stacks = [[], [], [], []];
    s.open = ['tree_crossing', 'double_curve_y', 'curve'];
    const placed = act(act(s, place(S_NS, 6, 6)).state, place(S_NS, 9, 10)).state;
    expect(placed.step.kind).toBe('take');
    const { events } = act(placed, { type: 'take', tile: 'curve' });
    expect(events[0]).toMatchObject({ type: 'take', data: { from: 'open' } });
  });
});
