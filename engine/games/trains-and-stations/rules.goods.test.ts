/** Step 5: goods exhaustion, upgrades and speculation (T-32…T-39). */
import { describe, expect, it } from 'vitest';
import { A, B, C, D, act, build, legal, onTrack, rejects, resolving, rules, started, vpOf } from './rules.testkit.js';
import type { TsState } from './state.js';

const end = (s: TsState, seat = s.active) => act(s, seat, { type: 'end_resolution', save: [] });
const passAll = (s: TsState) => [A, B, C, D].reduce((t, seat) => act(t, seat, { type: 'speculate_pass' }), s);
/** The turn of `seat` at Step 3 with nothing in play. */
const turnOf = (s: TsState, seat: number) => resolving(Object.assign(s, { active: seat }));

/** Food enters play from the ranch at the end of A's turn; hands as given. */
function foodSpeculation(hands: Partial<Record<'cattle' | 'workers' | 'coal' | 'silver', number>>[]): TsState {
  const s = resolving(started());
  s.spaces.RANCH.count = 0;
  hands.forEach((h, seat) => Object.assign(s.players[seat]!.goods, h));
  const t = end(s);
  expect(t.pending).toMatchObject({ kind: 'speculate', good: 'food', space: 'RANCH' });
  return t;
}

describe('Step 5 — upgrades', () => {
  it('T-32 (TS-8.4, the rulebook example): the ranch skips food already on the hotel and gets gold', () => {
    const s = resolving(started());
    s.spaces.RANCH.count = 0;
    s.spaces.HOTEL = { good: 'food', count: 5, dead: false };
    s.used.push('food');
    const t = end(s);
    expect(t.spaces.RANCH).toEqual({ good: 'gold', count: 10, dead: false });
    expect(t.pending).toMatchObject({ kind: 'speculate', good: 'gold' });
    expect(t.used).toContain('gold');
  });

  it('T-33 (TS-8.4, DP-9): an exhausted hotel offers silver or food, never gold', () => {
    const s = resolving(started());
    s.spaces.HOTEL.count = 0;
    const t = end(s);
    expect(t.pending).toMatchObject({ kind: 'upgrade' });
    expect(legal(t, A)).toEqual([
      { type: 'choose_upgrade', space: 'HOTEL', good: 'silver' },
      { type: 'choose_upgrade', space: 'HOTEL', good: 'food' },
    ]);
    rejects(() => act(t, A, { type: 'choose_upgrade', space: 'HOTEL', good: 'gold' }), 'TS-8.4');
    expect(act(t, A, { type: 'choose_upgrade', space: 'HOTEL', good: 'food' }).spaces.HOTEL).toMatchObject({
      good: 'food',
      count: 10,
    });
  });

  it('T-34 (TS-8.3/8.7, TS-7.7): one upgrade per turn; the waiting space pays 1 VP and upgrades at the next turn end', () => {
    let s = turnOf(started(), B);
    s.spaces.RANCH.count = 0;
    s.spaces.MINE.count = 0;
    s = end(s);
    expect(s.pending).toMatchObject({ kind: 'upgrade' });
    expect(s.active).toBe(B);
    rejects(() => act(s, B, { type: 'choose_upgrade', space: 'HOTEL' }), 'TS-8.3');
    s = passAll(act(s, B, { type: 'choose_upgrade', space: 'MINE' }));
    expect(s.spaces.MINE).toMatchObject({ good: 'silver', count: 10 });
    expect(s.spaces.RANCH).toMatchObject({ good: 'cattle', count: 0 });
    expect(s.active).toBe(C);
    s = resolving(s);
    build(s, D, 'RANCH', 'DET');
    onTrack(s, null, 'v1');
    onTrack(s, null, 'v2');
    const before = vpOf(s)[D]!;
    s = end(s);
    expect(s.players[D]!.vp - before).toBe(1);
    expect(s.players[D]!.goods.cattle).toBe(0);
    expect(s.spaces.RANCH).toMatchObject({ good: 'food', count: 10 });
  });

  it('T-35 (TS-8.4, AMB-14): a ranch with food and gold used goes dead, without speculation; it pays 1 VP later', () => {
    let s = resolving(started());
    s.spaces.RANCH.count = 0;
    s.spaces.HOTEL = { good: 'food', count: 4, dead: false };
    s.spaces.MINE = { good: 'gold', count: 4, dead: false };
    s.used.push('food', 'silver', 'gold');
    s = end(s);
    expect(s.spaces.RANCH).toMatchObject({ count: 0, dead: true });
    expect(s.pending.kind).toBe('start');
    expect(s.active).toBe(B);
    s = resolving(s);
    build(s, C, 'RANCH', 'SAT');
    onTrack(s, null, 'v1');
    onTrack(s, null, 'v2');
    const before = s.players[C]!.vp;
    s = end(s);
    expect(s.players[C]!.vp - before).toBe(1);
    expect(s.pending.kind).toBe('start');
  });
});

describe('Speculation', () => {
  it('T-36 (TS-9.2–9.4, the rulebook example): sealed offers are revealed together, boxed, and paid in full', () => {
    let s = foodSpeculation([{ cattle: 4, workers: 2 }, { cattle: 1, coal: 1 }, { workers: 2, coal: 2 }, {}]);
    s = act(s, A, { type: 'speculate', goods: { cattle: 4, workers: 2 }, specials: [] });
    s = act(s, C, { type: 'speculate', goods: { workers: 2, coal: 2 }, specials: [] });
    s = act(s, D, { type: 'speculate_pass' });
    expect(s.players[A]!.goods.cattle).toBe(4);
    const r = rules.apply(s, B, { type: 'speculate', goods: { cattle: 1, coal: 1 }, specials: [] });
    expect(r.events.find((e) => e.type === 'speculation_revealed')?.visibleTo).toBeUndefined();
    const t = r.state;
    expect(Object.values(t.boxedGoods).reduce((a, n) => a + n, 0)).toBe(12);
    expect([A, B, C, D].map((p) => t.players[p]!.goods.food)).toEqual([3, 1, 2, 0]);
    expect(t.spaces.RANCH.count).toBe(4);
    expect(t.pending.kind).toBe('start');
  });

  it('T-37 (TS-9.4, DP-11, AMB-19): in a shortage the active player hands out every card; the missing ones pay VP', () => {
    let s = foodSpeculation([{ cattle: 12 }, { coal: 8 }, { workers: 6 }, {}]);
    s = act(s, A, { type: 'speculate', goods: { cattle: 12 }, specials: [] });
    s = act(s, B, { type: 'speculate', goods: { coal: 8 }, specials: [] });
    s = act(s, C, { type: 'speculate', goods: { workers: 6 }, specials: [] });
    s = act(s, D, { type: 'speculate_pass' });
    expect(s.pending).toEqual({ kind: 'share', space: 'RANCH', good: 'food', requests: [6, 4, 3, 0] });
    rejects(() => act(s, A, { type: 'allocate_speculation', shares: [6, 3, 0, 0] }), 'AMB-19');
    rejects(() => act(s, A, { type: 'allocate_speculation', shares: [7, 3, 0, 0] }), 'TS-9.4');
    const before = vpOf(s);
    const t = act(s, A, { type: 'allocate_speculation', shares: [6, 4, 0, 0] });
    expect(vpOf(t).map((v, i) => v - before[i]!)).toEqual([0, 0, 3, 0]);
    expect(t.players[C]!.goods.food).toBe(0);
    expect(t.spaces.RANCH.count).toBe(0);
  });

  it('T-38 (TS-9.2, TS-12.4): an offer has an even number of units; a special goods card is 2', () => {
    const s = foodSpeculation([{ cattle: 1, coal: 1 }, {}, {}, {}]);
    s.players[A]!.specials = ['SC', 'SD1'];
    rejects(() => act(s, A, { type: 'speculate', goods: { cattle: 1 }, specials: [] }), 'TS-9.2');
    rejects(() => act(s, A, { type: 'speculate', goods: { coal: 1 }, specials: ['SC'] }), 'TS-9.2');
    rejects(() => act(s, A, { type: 'speculate', goods: {}, specials: ['SD1'] }), 'TS-12.4');
    const u = [B, C, D].reduce(
      (x, seat) => act(x, seat, { type: 'speculate_pass' }),
      act(s, A, { type: 'speculate', goods: {}, specials: ['SC'] }),
    );
    expect(u.players[A]!.goods.food).toBe(1);
    expect(u.boxedSpecials).toEqual(['SC']);
  });

  it('T-39 (TS-9.5/8.7): speculation that empties the new deck upgrades nothing more this turn; next turn its player chooses', () => {
    let s = foodSpeculation([{ cattle: 10 }, { coal: 10 }, {}, {}]);
    s.spaces.MINE.count = 0;
    s = act(s, A, { type: 'speculate', goods: { cattle: 10 }, specials: [] });
    s = act(s, B, { type: 'speculate', goods: { coal: 10 }, specials: [] });
    s = act(s, C, { type: 'speculate_pass' });
    s = act(s, D, { type: 'speculate_pass' });
    expect(s.spaces.RANCH).toMatchObject({ good: 'food', count: 0 });
    expect(s.pending.kind).toBe('start');
    expect(s.active).toBe(B);
    s = end(resolving(s));
    expect(s.pending).toEqual({
      kind: 'upgrade',
      options: [
        { space: 'RANCH', good: 'gold' },
        { space: 'MINE', good: 'silver' },
      ],
    });
    expect(s.active).toBe(B);
  });
});
