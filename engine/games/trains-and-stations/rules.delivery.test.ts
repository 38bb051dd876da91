/** Step 4: deliveries, majority, goods and tasks (T-21…T-31). */
import { describe, expect, it } from 'vitest';
import {
  A,
  B,
  C,
  D,
  act,
  build,
  game,
  hold,
  legal,
  onTrack,
  rejects,
  resolving,
  started,
  vpOf,
} from './rules.testkit.js';
import type { TsState } from './state.js';

/** A at Step 3 with these dice already on the track (seat, or null for white). */
function board(dice: [number | null, string][], players = 4): TsState {
  const s = resolving(started(players));
  for (const [seat, space] of dice) onTrack(s, seat, space);
  return s;
}
const end = (s: TsState) => act(s, A, { type: 'end_resolution', save: [] });
const held = (s: TsState, seat: number) => s.dice.filter((d) => d.zone === 'held' && d.holder === seat).length;

describe('Step 4 — delivery', () => {
  it('T-21 (TS-7.5, TS-7.6): completion VP per city for every colour on the route, majority bonuses to the leader', () => {
    const s = board([
      [A, 't1'],
      [B, 't2'],
      [A, 't3'],
      [null, 't4'],
    ]);
    const before = vpOf(s);
    const cards = s.players[A]!.specials.length;
    const t = end(s);
    expect(vpOf(t).map((v, i) => v - before[i]!)).toEqual([3 + 1, 3, 0, 0]);
    expect(t.players[A]!.specials).toHaveLength(cards + 1);
    expect(held(t, A)).toBe(1);
    expect(t.dice.filter((d) => d.zone === 'track')).toHaveLength(0);
  });

  it('T-22 (TS-7.6, DP-6): a tie is broken by the active player, who may pick themselves', () => {
    const s = board([
      [A, 't1'],
      [B, 't2'],
      [A, 't3'],
      [B, 't4'],
    ]);
    const before = vpOf(s);
    const t = end(s);
    expect(vpOf(t).map((v, i) => v - before[i]!)).toEqual([3, 3, 0, 0]);
    expect(t.pending).toEqual({ kind: 'tie', route: 'R1', tied: [A, B] });
    rejects(() => act(t, A, { type: 'break_tie', route: 'R1', winner: C }), 'TS-7.6');
    const u = act(t, A, { type: 'break_tie', route: 'R1', winner: A });
    expect(u.players[A]!.vp - t.players[A]!.vp).toBe(1);
    expect(u.players[A]!.specials.length - t.players[A]!.specials.length).toBe(1);
    expect(held(u, A)).toBe(1);
  });

  it('T-23 (TS-7.6, AMB-9): locked and plain trains count alike for the majority', () => {
    const s = board([
      [A, 'w1'],
      [A, 'w2'],
      [B, 'w3'],
      [null, 'w4'],
    ]);
    const before = vpOf(s);
    const t = end(s);
    expect(vpOf(t).map((v, i) => v - before[i]!)).toEqual([2, 2, 0, 0]);
    expect(t.players[A]!.specials).toHaveLength(3);
    expect(held(t, A)).toBe(1);
  });

  it('T-24 (TS-7.6, AMB-22): an empty special deck and bonus supply lose those bonuses', () => {
    const s = board([
      [A, 'w1'],
      [A, 'w2'],
      [B, 'w3'],
      [null, 'w4'],
    ]);
    s.specialDeck = [];
    hold(s, C, 9);
    const before = vpOf(s);
    const t = end(s);
    expect(vpOf(t).map((v, i) => v - before[i]!)).toEqual([2, 2, 0, 0]);
    expect(t.players[A]!.specials).toHaveLength(2);
    expect(held(t, A)).toBe(0);
    expect(t.dice.filter((d) => d.zone === 'supply')).toHaveLength(1);
  });

  it('T-25 (AMB-21, TS-7.7): a route of white dice pays no VP and no majority, but its cities produce goods', () => {
    const s = board([
      [null, 'v1'],
      [null, 'v2'],
    ]);
    build(s, C, 'RANCH', 'DET');
    const before = vpOf(s);
    const t = end(s);
    expect(vpOf(t)).toEqual(before);
    expect(t.players[C]!.goods.cattle).toBe(1);
    expect(t.dice.filter((d) => d.zone === 'supply')).toHaveLength(10);
  });

  it('T-26 (TS-7.7, DP-7): the active player shares out a short deck; the rest get 1 VP', () => {
    const s = board([
      [null, 't1'],
      [null, 't2'],
      [null, 't3'],
      [null, 't4'],
    ]);
    s.spaces.MINE.count = 3;
    const mines = [
      build(s, A, 'MINE', 'SEA'),
      build(s, B, 'MINE', 'LAX'),
      build(s, C, 'MINE', 'BIL'),
      build(s, D, 'MINE', 'LAX'),
    ];
    const t = end(s);
    expect(t.pending).toMatchObject({ kind: 'goods', route: 'R1', space: 'MINE', count: 3 });
    expect(t.active).toBe(A);
    rejects(() => act(t, A, { type: 'allocate_goods', route: 'R1', space: 'MINE', buildings: mines }), 'TS-7.7');
    expect(legal(t, A)).toHaveLength(4);
    const before = vpOf(t);
    const u = act(t, A, { type: 'allocate_goods', route: 'R1', space: 'MINE', buildings: mines.slice(0, 3) });
    expect([A, B, C, D].map((p) => u.players[p]!.goods.coal)).toEqual([1, 1, 1, 0]);
    expect(u.players[D]!.vp - before[D]!).toBe(1);
    expect(u.spaces.MINE).toMatchObject({ good: 'silver', count: 10 });
    expect(u.pending.kind).toBe('speculate');
  });

  it('T-27 (TS-7.3/7.10): two complete routes are ordered by the active player; a shared city produces in each', () => {
    const s = board([
      [B, 't1'],
      [B, 't2'],
      [B, 't3'],
      [B, 't4'],
      [D, 'u1'],
      [D, 'u2'],
      [D, 'u3'],
    ]);
    build(s, C, 'RANCH', 'BIL');
    const t = end(s);
    expect(t.pending).toEqual({ kind: 'order', routes: ['R1', 'R2'] });
    rejects(() => act(t, A, { type: 'order_deliveries', routes: ['R1'] }), 'TS-7.3');
    expect(legal(t, A)).toHaveLength(2);
    const u = act(t, A, { type: 'order_deliveries', routes: ['R2', 'R1'] });
    expect(u.players[C]!.goods.cattle).toBe(2);
    expect(u.pending.kind).toBe('start');
  });

  const bothRoutesWhite = (): [number | null, string][] =>
    ['t1', 't2', 't3', 't4', 'u1', 'u2', 'u3'].map((sp) => [null, sp]);

  it('T-28 (TS-7.8, AMB-11): a task joined by two deliveries of one turn is revealed for its holder without VP from the supply', () => {
    const s = board(bothRoutesWhite());
    s.players[C]!.specials = ['SD1'];
    const supply = s.supply;
    const t = act(end(s), A, { type: 'order_deliveries', routes: ['R1', 'R2'] });
    expect(t.players[C]!.tasks).toEqual(['SD1']);
    expect(t.players[C]!.specials).toEqual([]);
    expect(t.supply).toBe(supply);
  });

  it('T-29 (TS-7.8, AMB-13): of two identical tasks only one is revealed per turn', () => {
    const s = board(bothRoutesWhite());
    s.players[D]!.specials = ['SD1', 'SD2'];
    const t = act(end(s), A, { type: 'order_deliveries', routes: ['R2', 'R1'] });
    expect(t.players[D]!.tasks).toHaveLength(1);
    expect(t.players[D]!.specials).toHaveLength(1);
  });

  it('T-30 (TS-7.8): only the routes delivered this turn link cities', () => {
    const s = board([
      [null, 'u1'],
      [null, 'u2'],
      [null, 'u3'],
    ]);
    s.players[B]!.specials = ['SD1', 'BD'];
    const t = end(s);
    expect(t.players[B]!.tasks).toEqual(['BD']);
    expect(t.players[B]!.specials).toEqual(['SD1']);
  });

  describe('DP-8 (TS-7.8, AMB-12/13, TS-17.5): the manual tasks variant asks every seat at once, in secret', () => {
    const window = () => {
      const s = resolving(started(4, 'fixture', true));
      for (const sp of ['u1', 'u2', 'u3']) onTrack(s, null, sp);
      s.players[B]!.specials = ['BD'];
      s.players[D]!.specials = ['SD1', 'SD2'];
      return end(s);
    };
    it('every seat answers; unfulfilled cards are rejected; reveals come together', () => {
      let t = window();
      expect(t.pending).toEqual({ kind: 'tasks', answers: [null, null, null, null] });
      expect(legal(t, B)).toEqual([
        { type: 'reveal_tasks', cards: [] },
        { type: 'reveal_tasks', cards: ['BD'] },
      ]);
      rejects(() => act(t, D, { type: 'reveal_tasks', cards: ['SD1'] }), 'TS-7.8');
      t = act(t, B, { type: 'reveal_tasks', cards: ['BD'] });
      expect(t.players[B]!.tasks).toEqual([]);
      expect(game.view(t, A).pending).toEqual({ kind: 'tasks', committed: [false, true, false, false] });
      for (const seat of [A, C, D]) t = act(t, seat, { type: 'reveal_tasks', cards: [] });
      expect(t.players[B]!.tasks).toEqual(['BD']);
      expect(t.pending.kind).toBe('start');
    });
    it('a pass counts as forgetting', () => {
      let t = window();
      for (const seat of [A, B, C, D]) t = act(t, seat, { type: 'reveal_tasks', cards: [] });
      expect(t.players[B]!.specials).toEqual(['BD']);
    });
  });

  describe('T-31 (TS-7.4/7.6/7.9): white dice of a delivered route return before the next delivery', () => {
    const position = () => {
      const s = board([
        [A, 't1'],
        [A, 't2'],
        [B, 't3'],
        [B, 'u1'],
        [B, 'u2'],
        [A, 'u3'],
      ]);
      hold(s, C, 9);
      onTrack(s, null, 't4');
      return end(s);
    };
    it('order R1, R2: A gets no BIL die, B gets the returned one', () => {
      const t = act(position(), A, { type: 'order_deliveries', routes: ['R1', 'R2'] });
      expect([held(t, A), held(t, B)]).toEqual([0, 1]);
    });
    it('order R2, R1: B gets no die', () => {
      const t = act(position(), A, { type: 'order_deliveries', routes: ['R2', 'R1'] });
      expect([held(t, A), held(t, B)]).toEqual([0, 0]);
      expect(t.dice.filter((d) => d.zone === 'supply')).toHaveLength(1);
    });
  });
});
