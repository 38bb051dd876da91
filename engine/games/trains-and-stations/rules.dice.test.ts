/** Steps 1–3: collecting, rolling, strikes, placing, building, coins and saving (T-03…T-20). */
import { describe, expect, it } from 'vitest';
import {
  A,
  B,
  act,
  build,
  free,
  game,
  hold,
  inPlay,
  legal,
  onTrack,
  rejects,
  resolving,
  rigged,
  started,
} from './rules.testkit.js';
import type { TsState } from './state.js';

const zoneOf = (s: TsState, id: number) => s.dice[id]!.zone;
const own = (s: TsState, seat: number, zone: string) => s.dice.filter((d) => d.owner === seat && d.zone === zone);

describe('Step 1 — collect dice', () => {
  it('T-03 (TS-4.2, TS-5.1): saved dice count first, the pool fills up to 5, kept faces stay', () => {
    const s = started();
    const saved = free(s, A).slice(0, 2);
    for (const id of saved) Object.assign(s.dice[id]!, { zone: 'saved', face: 'HOTEL' });
    onTrack(s, A, 't1');
    s.rng = rigged(['COIN', 'RANCH', 'MINE']);
    const t = act(s, A, { type: 'roll', bonus: 0, keep: saved });
    expect(own(t, A, 'play')).toHaveLength(5);
    expect(saved.map((id) => t.dice[id]!.face)).toEqual(['HOTEL', 'HOTEL']);
    expect(own(t, A, 'pool')).toHaveLength(2);
    expect(t.players[A]!.coins).toBe(3);
  });

  it('T-04 (TS-4.3a): with fewer than 5 own dice, held bonus dice must bring the roll to 5', () => {
    const s = started();
    for (const sp of ['t1', 't2', 't3', 't4', 'u1']) onTrack(s, A, sp);
    hold(s, A, 3);
    hold(s, B, 3);
    expect(free(s, null)).toHaveLength(4);
    rejects(() => act(s, A, { type: 'roll', bonus: 1, keep: [] }), 'TS-4.3');
    expect(own(act(s, A, { type: 'roll', bonus: 2, keep: [] }), A, 'play')).toHaveLength(3);
    expect(act(s, A, { type: 'roll', bonus: 3, keep: [] }).dice.filter((d) => d.zone === 'play')).toHaveLength(6);
    expect(
      legal(s, A)
        .filter((a) => a.type === 'roll')
        .map((a) => a.type === 'roll' && a.bonus),
    ).toEqual([2, 3]);
  });

  it('T-05 (TS-4.3b): an empty common supply at the start of the turn forces every held bonus die', () => {
    const s = started();
    hold(s, A, 2);
    hold(s, B, 8);
    rejects(() => act(s, A, { type: 'roll', bonus: 0, keep: [] }), 'TS-4.3');
    rejects(() => act(s, A, { type: 'roll', bonus: 1, keep: [] }), 'TS-4.3');
    s.rng = rigged(['COIN', 'COIN', 'COIN', 'COIN', 'COIN', 'COIN', 'COIN']);
    expect(act(s, A, { type: 'roll', bonus: 2, keep: [] }).dice.filter((d) => d.zone === 'play')).toHaveLength(7);
  });

  it('T-06 (TS-4.1, TS-8.3): recall needs 5 own dice on the board; it keeps white and saved dice and still runs Step 5', () => {
    const s = started();
    for (const sp of ['t1', 't2', 't3', 't4']) onTrack(s, A, sp);
    expect(legal(s, A).some((a) => a.type === 'recall')).toBe(false);
    rejects(() => act(s, A, { type: 'recall' }), 'TS-4.1');
    onTrack(s, A, 'w1');
    const saved = free(s, A)[0]!;
    Object.assign(s.dice[saved]!, { zone: 'saved', face: 'MINE' });
    const white = onTrack(s, null, 'u2');
    s.spaces.RANCH.count = 0;
    let t = act(s, A, { type: 'recall' });
    expect(own(t, A, 'track')).toHaveLength(0);
    expect(own(t, A, 'pool')).toHaveLength(7);
    expect(t.dice[white]).toMatchObject({ zone: 'track', space: 'u2' });
    expect(t.dice[saved]).toMatchObject({ zone: 'saved', face: 'MINE' });
    expect(t.dice.some((d) => d.zone === 'play')).toBe(false);
    expect(t.pending).toMatchObject({ kind: 'speculate', space: 'RANCH', good: 'food' });
    for (const seat of [0, 1, 2, 3]) t = act(t, seat, { type: 'speculate_pass' });
    expect(t.pending.kind).toBe('start');
    expect(t.active).toBe(B);
  });
});

describe('Step 2 — roll', () => {
  it('T-07 (TS-5.3/5.4/5.6): a re-roll costs 1 coin, never touches a locked train, and Step 2 ends at 0 coins', () => {
    const s = started();
    s.players[A]!.coins = 2;
    const [locked, train, coin, r1] = inPlay(s, ['LOCKED_TRAIN', 'TRAIN', 'COIN', 'RANCH', 'RANCH']) as [
      number,
      number,
      number,
      number,
    ];
    s.pending = { kind: 'rolling' };
    rejects(() => act(s, A, { type: 'reroll', dice: [locked] }), 'TS-5.4');
    s.rng = rigged(['RANCH', 'MINE', 'HOTEL']);
    const bank = s.bank;
    const t = act(s, A, { type: 'reroll', dice: [train, coin] });
    expect(t.players[A]!.coins).toBe(1);
    expect(t.bank).toBe(bank + 1);
    expect(t.pending.kind).toBe('rolling');
    const u = act(t, A, { type: 'reroll', dice: [r1] });
    expect(u.players[A]!.coins).toBe(0);
    expect(u.pending.kind).toBe('resolve');
    expect(legal(u, A).some((a) => a.type === 'reroll')).toBe(false);
  });

  it("T-08 (TS-5.1/5.2/5.5, the rulebook's Erik example): a re-roll to 3 locked trains is a strike", () => {
    const s = started();
    s.players[A]!.vp = 7;
    const supply = s.supply;
    const saved = free(s, A)[0]!;
    Object.assign(s.dice[saved]!, { zone: 'saved', face: 'RANCH' });
    s.rng = rigged(['LOCKED_TRAIN', 'HOTEL', 'HOTEL', 'COIN', 'LOCKED_TRAIN', 'LOCKED_TRAIN']);
    let t = act(s, A, { type: 'roll', bonus: 0, keep: [saved] });
    const coinDie = t.dice.findIndex((d) => d.zone === 'play' && d.face === 'COIN');
    expect(t.pending.kind).toBe('rolling');
    t = act(t, A, { type: 'reroll', dice: [coinDie, saved] });
    expect(t.strike).toBe(true);
    expect(t.players[A]!.vp).toBe(4);
    expect(t.supply).toBe(supply + 3);
    expect(t.players[A]!.coins).toBe(2);
    expect(t.pending.kind).toBe('resolve');
    rejects(
      () => act(t, A, { type: 'reroll', dice: [t.dice.findIndex((d) => d.zone === 'play' && d.face === 'HOTEL')] }),
      'TS-5.5',
    );
    rejects(() => act(t, A, { type: 'end_resolution', save: [] }), 'TS-6.2');
    expect(t.dice.filter((d) => d.zone === 'play' && d.face === 'LOCKED_TRAIN')).toHaveLength(3);
  });

  it('T-09 (TS-5.5): a strike with 2 VP takes both to the supply', () => {
    const s = started();
    s.players[A]!.vp = 2;
    const supply = s.supply;
    s.rng = rigged(['LOCKED_TRAIN', 'LOCKED_TRAIN', 'LOCKED_TRAIN', 'COIN', 'COIN']);
    const t = act(s, A, { type: 'roll', bonus: 0, keep: [] });
    expect(t.players[A]!.vp).toBe(0);
    expect(t.supply).toBe(supply + 2);
  });

  it('T-10 (TS-5.2, AMB-5): white locked trains count; an initial-roll strike offers no re-roll', () => {
    const s = started();
    hold(s, A, 1);
    s.rng = rigged(['LOCKED_TRAIN', 'LOCKED_TRAIN', 'COIN', 'COIN', 'COIN', 'LOCKED_TRAIN']);
    const t = act(s, A, { type: 'roll', bonus: 1, keep: [] });
    expect(t.strike).toBe(true);
    expect(t.pending.kind).toBe('resolve');
    expect(legal(t, A).some((a) => a.type === 'reroll' || a.type === 'stop_rolling')).toBe(false);
  });
});

describe('Step 3 — resolve', () => {
  it('T-11 (TS-6.3): a train starts next to a city, then next to an occupied space', () => {
    const s = resolving(started());
    const [d1, d2] = inPlay(s, ['TRAIN', 'LOCKED_TRAIN']) as [number, number];
    rejects(() => act(s, A, { type: 'place_train', die: d1, space: 'u2' }), 'TS-6.3');
    const t = act(s, A, { type: 'place_train', die: d1, space: 'u1' });
    expect(act(t, A, { type: 'place_train', die: d2, space: 'u2' }).dice[d2]).toMatchObject({
      zone: 'track',
      space: 'u2',
    });
  });

  it("T-12 (TS-6.3): another colour's die makes the next space legal", () => {
    const s = resolving(started());
    onTrack(s, B, 'u1');
    const [d] = inPlay(s, ['TRAIN']) as [number];
    expect(act(s, A, { type: 'place_train', die: d, space: 'u2' }).dice[d]!.space).toBe('u2');
  });

  it('T-13 (TS-6.2): end_resolution waits for every train die', () => {
    const s = resolving(started());
    inPlay(s, ['TRAIN', 'COIN']);
    rejects(() => act(s, A, { type: 'end_resolution', save: [] }), 'TS-6.2');
    expect(legal(s, A).some((a) => a.type === 'end_resolution')).toBe(false);
  });

  it('TS-6.5/AMB-23: a train die with no legal space goes back at end_resolution', () => {
    const s = resolving(started(5));
    for (const sp of ['t1', 't2', 't3', 'u1', 'u2', 'v1', 'w1', 'w2']) onTrack(s, B, sp);
    for (const sp of ['t4', 'u3', 'v2', 'w3', 'w4']) onTrack(s, 2, sp);
    const [d] = inPlay(s, ['TRAIN']) as [number];
    const t = act(s, A, { type: 'end_resolution', save: [] });
    expect(t.dice[d]!.zone).toBe('pool');
  });

  it('T-14 (TS-6.10): the level rule sends the next building to a city with none', () => {
    const s = resolving(started());
    for (const c of ['SEA', 'LAX', 'BIL', 'SAT']) build(s, B, c === 'SAT' ? 'MINE' : 'RANCH', c);
    const dice = inPlay(s, ['HOTEL', 'HOTEL', 'HOTEL']);
    rejects(() => act(s, A, { type: 'build', building: 'HOTEL', dice, city: 'SEA' }), 'TS-6.10');
    const t = act(s, A, { type: 'build', building: 'HOTEL', dice, city: 'DET' });
    expect(t.buildings.at(-1)).toMatchObject({ owner: A, type: 'HOTEL', city: 'DET' });
    const more = inPlay(t, ['HOTEL', 'HOTEL', 'HOTEL']);
    expect(
      act(t, A, { type: 'build', building: 'HOTEL', dice: more, city: 'SEA' }).buildings.filter(
        (x) => x.city === 'SEA',
      ),
    ).toHaveLength(2);
  });

  it('T-15 (TS-6.9/6.10): once every city has 2, only 3-site cities take more', () => {
    const s = resolving(started());
    let owner = 1;
    for (const c of ['SEA', 'LAX', 'BIL', 'DET', 'SAT'])
      for (let i = 0; i < 2; i++) build(s, (owner++ % 3) + 1, 'RANCH', c);
    const dice = inPlay(s, ['MINE', 'MINE', 'MINE']);
    rejects(() => act(s, A, { type: 'build', building: 'MINE', dice, city: 'BIL' }), 'TS-6.9');
    expect(act(s, A, { type: 'build', building: 'MINE', dice, city: 'SEA' }).buildings).toHaveLength(11);
  });

  it('T-16 (TS-6.7/6.14): no building left means no build; the set can be saved for the next turn', () => {
    const s = resolving(started());
    for (const c of ['SEA', 'LAX', 'BIL']) build(s, A, 'HOTEL', c);
    const dice = inPlay(s, ['HOTEL', 'HOTEL', 'HOTEL']);
    rejects(() => act(s, A, { type: 'build', building: 'HOTEL', dice, city: 'DET' }), 'TS-6.7');
    let t = act(s, A, { type: 'end_resolution', save: dice });
    expect(dice.map((id) => t.dice[id])).toEqual(
      dice.map(() => expect.objectContaining({ zone: 'saved', face: 'HOTEL' })),
    );
    Object.assign(t, { active: A, pending: { kind: 'start' } });
    t = act(t, A, { type: 'roll', bonus: 0, keep: dice });
    expect(own(t, A, 'play')).toHaveLength(5);
    expect(dice.map((id) => t.dice[id]!.face)).toEqual(['HOTEL', 'HOTEL', 'HOTEL']);
  });

  it('T-17 (TS-6.8/6.10): two sets in one turn, white dice included, under the level rule', () => {
    const s = resolving(started());
    hold(s, A, 2);
    const dice = inPlay(s, ['MINE', 'MINE', 'MINE', 'MINE', 'COIN', 'W:MINE', 'W:MINE']);
    const [m1, m2, m3, m4, , w1, w2] = dice as [number, number, number, number, number, number, number];
    let t = act(s, A, { type: 'build', building: 'MINE', dice: [m1, m2, m3], city: 'SEA' });
    rejects(() => act(t, A, { type: 'build', building: 'MINE', dice: [m4, w1, w2], city: 'SEA' }), 'TS-6.10');
    t = act(t, A, { type: 'build', building: 'MINE', dice: [m4, w1, w2], city: 'LAX' });
    expect(t.buildings.map((x) => x.city)).toEqual(['SEA', 'LAX']);
    expect([t.dice[w1]!.zone, t.dice[w2]!.zone, t.dice[m1]!.zone]).toEqual(['supply', 'supply', 'pool']);
  });

  it('T-18 (TS-6.13, AMB-6/24): coins stop at 5; the rest stays in the bank', () => {
    const s = resolving(started());
    s.players[A]!.coins = 4;
    s.bank -= 1;
    hold(s, A, 1);
    const [own1, white] = inPlay(s, ['COIN', 'W:COIN']) as [number, number];
    const bank = s.bank;
    const t = act(s, A, { type: 'take_coins', dice: [own1, white] });
    expect(t.players[A]!.coins).toBe(5);
    expect(t.bank).toBe(bank - 1);
    expect([zoneOf(t, own1), zoneOf(t, white)]).toEqual(['pool', 'supply']);
  });

  it('T-19 (TS-6.14/6.15): only own dice are saved, with their faces', () => {
    const s = resolving(started());
    hold(s, A, 1);
    const [ownHotel, whiteHotel] = inPlay(s, ['HOTEL', 'W:HOTEL']) as [number, number];
    rejects(() => act(s, A, { type: 'end_resolution', save: [whiteHotel] }), 'TS-6.15');
    const t = act(s, A, { type: 'end_resolution', save: [ownHotel] });
    expect(t.dice[ownHotel]).toMatchObject({ zone: 'saved', face: 'HOTEL' });
    expect(game.view(t, B).dice[ownHotel]).toMatchObject({ zone: 'saved', face: 'HOTEL' });
  });

  it('T-20 (TS-6.16): rolled white dice go back to the supply, unrolled held ones stay held', () => {
    const s = resolving(started());
    const [rolled] = inPlay(s, ['W:RANCH']) as [number];
    hold(s, A, 1);
    const t = act(s, A, { type: 'end_resolution', save: [] });
    expect(t.dice[rolled]!.zone).toBe('supply');
    expect(t.dice.filter((d) => d.zone === 'held' && d.holder === A)).toHaveLength(1);
  });
});
