import { describe, expect, it } from 'vitest';
import { legalActions } from './rules.js';
import { outcome } from './outcome.js';
import type { StreetcarState } from './state.js';
import { act, C_SW, driver, fresh, hand, place, rejects, S_NS, tram } from './testkit.js';

const straights = ['straight', 'straight', 'straight', 'curve', 'curve'];

/** Seat 0 building in a 3-player game where seat 2 is a driver whose 4 tiles are open. */
function exhausted(stackTiles: string[][]): StreetcarState {
  const s = hand(fresh(3), 0, straights);
  driver(s, 2, tram(6, 6, 'E'), 0, 1);
  s.open = ['curve', 'straight_plus_curve_left', 'double_curve_y', 'tree_crossing'];
  s.stacks = stackTiles;
  return s;
}

describe('drawing and exhausted stacks (§7, §4)', () => {
  it('T-41 SC-7.4 with all stacks empty, the builder takes 2 open tiles of their choice after 2 placements', () => {
    let s = exhausted([[], [], [], []]);
    s = act(act(s, place(S_NS, 6, 2)).state, place(S_NS, 9, 10)).state;
    expect(s.step.kind).toBe('take');
    expect(legalActions(s, 0)).toEqual(
      ['curve', 'double_curve_y', 'straight_plus_curve_left', 'tree_crossing'].map((tile) => ({ type: 'take', tile })),
    );
    rejects(() => act(s, { type: 'take', tile: 'tree_four_curves' }), 'not_in_hand', 'SC-7.4');
    s = act(s, { type: 'take', tile: 'tree_crossing' }).state;
    expect(s.step.kind).toBe('take');
    const { state, events } = act(s, { type: 'take', tile: 'curve' });
    expect(events[0]).toEqual({ type: 'take', data: { seat: 0, tile: 'curve', from: 'open' } });
    expect([...state.players[0]!.hand].sort()).toEqual(['curve', 'curve', 'curve', 'straight', 'tree_crossing']);
    expect(state.open).toEqual(['straight_plus_curve_left', 'double_curve_y']);
    expect(state.current).toBe(1);
  });

  it('T-42 SC-7.4 SC-7.5 with 1 tile left in the stacks the builder draws it, then takes 1 open tile', () => {
    let s = exhausted([[], [], ['two_opposite_curves'], []]);
    s = act(s, place(S_NS, 6, 2)).state;
    const { state, events } = act(s, place(S_NS, 9, 10));
    expect(events.find((e) => e.type === 'draw')).toMatchObject({
      data: { tiles: ['two_opposite_curves'] },
      visibleTo: [0],
      redacted: { data: { count: 1 } },
    });
    expect(state.step.kind).toBe('take');
    expect(act(state, { type: 'take', tile: 'curve' }).state.players[0]!.hand).toHaveLength(5);
  });

  it('SC-7.2 blind draws come from the largest stack, lowest index on ties; others see only the count', () => {
    const s = hand(fresh(3), 0, straights);
    const { events } = act(act(s, place(S_NS, 6, 2)).state, place(S_NS, 9, 10));
    const draw = events.find((e) => e.type === 'draw')!;
    expect(draw.data).toMatchObject({ stacks: [0, 0] });
    expect(draw.redacted).toEqual({ type: 'draw', data: { seat: 0, count: 2, stacks: [0, 0] } });
  });

  it('T-43 SC-4.3 SC-7.5 a builder without any legal build action has a turn with no actions and the turn passes', () => {
    const s = hand(fresh(2), 0, ['straight']);
    s.stacks = [[], [], [], []];
    hand(s, 1, []);
    const { state } = act(s, place(S_NS, 6, 6));
    // Seat 0 had no second action; seat 1 has nothing at all, so the turn comes straight back to seat 0.
    expect(state.current).toBe(0);
    expect(state.step.kind).toBe('over');
  });

  it('T-44 SC-4.4 ending the turn with a legal action left is rejected wrong_step', () => {
    const s = act(hand(fresh(3), 0, straights), place(S_NS, 6, 6)).state;
    rejects(() => act(s, { type: 'end_turn' }), 'wrong_step', 'SC-4.4');
  });

  it('T-45 SC-12.3 two builders with empty hands and an empty supply: after a round the game ends with no winner (the outcome says so)', () => {
    const s = hand(fresh(2), 0, ['curve']);
    s.stacks = [[], [], [], []];
    hand(s, 1, []);
    const { state, events } = act(s, place(C_SW, 9, 9));
    expect(state.step.kind).toBe('over');
    expect(state.winner).toBeNull();
    expect(events.some((e) => e.type === 'stalemate')).toBe(true);
    expect(outcome(state)).toMatchObject({ scores: [0, 0], ranking: [1, 1], noWinner: true });
  });

  it('SC-12.3 AMB-11 no stalemate while a driver exists', () => {
    const s = hand(fresh(2), 0, ['curve']);
    s.stacks = [[], [], [], []];
    driver(s, 1, tram(6, 6, 'E'), 0, 1);
    const { state } = act(s, place(C_SW, 9, 9));
    expect(state.step).toEqual({ kind: 'roll', restarted: false });
    expect(state.current).toBe(1);
  });

  it('SC-7.6 SC-10.7 a driver never builds or draws', () => {
    const s = driver(hand(fresh(2), 0, []), 0, tram(6, 6, 'E'), 0, 1);
    s.step = { kind: 'roll', restarted: false };
    expect(legalActions(s, 0).every((a) => a.type === 'roll' || a.type === 'restart')).toBe(true);
    rejects(() => act(s, place(S_NS, 2, 2)), 'wrong_step');
  });
});
