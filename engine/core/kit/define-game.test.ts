/** The kit's one apply pipeline, on a tiny game written only for these tests. */
import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.js';
import { Rng, seedRng, type RngState } from '../rng.js';
import { defineRules, type Draft } from './define-game.js';
import { awaiting, lastOfRound, nextSeat, seatsFrom } from './flow.js';
import { compareStandings, rankByScore, rankByStandings } from './ranking.js';

type S = {
  rng: RngState;
  phase: 'bid' | 'move' | 'over';
  bids: (number | null)[];
  current: number;
  rolls: number[];
  skips: number;
};
type A = { type: 'bid'; n: number } | { type: 'roll' } | { type: 'skip' } | { type: 'stop' };
type E =
  | { type: 'bid'; data: { seat: number; n?: number } }
  | { type: 'rolled'; data: { seat: number; face: number } }
  | { type: 'skipped'; data: { seat: number } };

const start = (players = 3): S => ({
  rng: seedRng('kit'),
  phase: 'bid',
  bids: Array.from({ length: players }, () => null),
  current: 0,
  rolls: [],
  skips: 0,
});

function rules(autoLimit = Infinity) {
  return defineRules<S, A, E, 'bid' | 'move'>({
    seats: (s) => s.bids.length,
    overRule: 'K-9',
    step: (s) => (s.phase === 'over' ? null : s.phase),
    // A bid may be written as a string of digits; the effect sees the number.
    canonical: (_s, _seat, a) => (a.type === 'bid' ? { type: 'bid', n: Number(a.n) } : a),
    steps: {
      bid: {
        rule: 'K-1',
        actors: (s) => awaiting(s.bids),
        actions: () => [1, 2].map((n) => ({ type: 'bid', n })),
        on: {
          bid: (d, a) => {
            d.state.bids[d.seat] = a.n;
            d.emitSecret({ type: 'bid', data: { seat: d.seat, n: a.n } }, [d.seat], {
              type: 'bid',
              data: { seat: d.seat },
            });
            if (awaiting(d.state.bids).length === 0) d.state.phase = 'move';
          },
        },
        refuse: {
          roll: (s) =>
            s.bids.every((b) => b === null)
              ? { code: 'still_bidding', message: 'Bid first', rule: 'K-1.2' }
              : { code: 'others_bidding', message: 'Others are bidding', rule: 'K-1.4' },
        },
        waiting: { code: 'bid_given', message: 'You have bid', rule: 'K-1.3' },
      },
      move: {
        rule: 'K-2',
        actors: (s) => [s.current],
        actions: (s) => (s.skips > 0 ? [{ type: 'skip' }] : [{ type: 'roll' }, { type: 'stop' }]),
        on: {
          roll: (d) => {
            const face = 1 + d.rng.int(6);
            d.state.rolls.push(face);
            d.emit('rolled', { seat: d.seat, face });
            d.state.skips = autoLimit;
          },
          stop: (d) => {
            d.state.phase = 'over';
          },
        },
        // A seat whose only choice is to skip skips by itself.
        auto: (d: Draft<S, E>) => {
          if (d.state.skips === 0) return false;
          d.state.skips -= 1;
          d.emit('skipped', { seat: d.state.current });
          d.state.current = nextSeat(d.state.current, d.state.bids.length);
          return true;
        },
      },
    },
  });
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleError) return [e.code, e.rule];
    throw e;
  }
  throw new Error('not refused');
};

describe('defineRules: one apply pipeline', () => {
  const r = rules(2);

  it('simultaneous step: every seat without an answer acts; an answered seat hears the step’s waiting refusal', () => {
    const s = r.apply(start(), 1, { type: 'bid', n: 2 }).state;
    expect(r.toAct(s)).toEqual([0, 2]);
    expect(r.legalActions(s, 1)).toEqual([]);
    expect(refusal(() => r.apply(s, 1, { type: 'bid', n: 1 }))).toEqual(['bid_given', 'K-1.3']);
  });

  it('refuses in a fixed order: unknown seat, then a type the step does not handle (its own refusal or wrong_step), then the effect', () => {
    expect(refusal(() => r.apply(start(), 3, { type: 'bid', n: 1 }))).toEqual(['no_seat', 'K-9']);
    expect(refusal(() => r.apply(start(), 0, { type: 'roll' }))).toEqual(['still_bidding', 'K-1.2']);
    expect(refusal(() => r.apply(start(), 0, { type: 'stop' }))).toEqual(['wrong_step', 'K-1']);
  });

  it('a step’s refusal may depend on the state', () => {
    const s = r.apply(start(), 1, { type: 'bid', n: 2 }).state;
    expect(refusal(() => r.apply(s, 0, { type: 'roll' }))).toEqual(['others_bidding', 'K-1.4']);
  });

  it('works on a copy, logs secret events with their redacted form, and applies the canonical spelling first', () => {
    const before = start();
    const frozen = structuredClone(before);
    const { state, events } = r.apply(before, 0, { type: 'bid', n: '2' as unknown as number });
    expect(before).toEqual(frozen);
    expect(state.bids[0]).toBe(2);
    expect(events).toEqual([
      { type: 'bid', data: { seat: 0, n: 2 }, visibleTo: [0], redacted: { type: 'bid', data: { seat: 0 } } },
    ]);
  });

  it('stores the RNG position back, so a replay from the same state draws the same and the next draw differs', () => {
    let s = start(2);
    for (const seat of [0, 1]) s = r.apply(s, seat, { type: 'bid', n: 1 }).state;
    const once = r.apply(s, 0, { type: 'roll' });
    expect(r.apply(s, 0, { type: 'roll' })).toEqual(once);
    const rng = new Rng(s.rng);
    expect(once.state.rolls).toEqual([1 + rng.int(6)]);
    expect(once.state.rng).toEqual(rng.state);
  });

  it('runs automatic moves after the action until they settle, and names them in the log', () => {
    let s = start(3);
    for (const seat of [0, 1, 2]) s = r.apply(s, seat, { type: 'bid', n: 1 }).state;
    const { state, events } = r.apply(s, 0, { type: 'roll' });
    expect(events.map((e) => e.type)).toEqual(['rolled', 'skipped', 'skipped']);
    expect([state.current, state.skips]).toEqual([2, 0]);
    expect(r.step(state)).toBe('move');
    expect(r.handles('move').sort()).toEqual(['roll', 'stop']);
  });

  it('automatic moves that never settle stop with an error instead of looping', () => {
    const endless = rules(Infinity);
    let s = start(2);
    for (const seat of [0, 1]) s = endless.apply(s, seat, { type: 'bid', n: 1 }).state;
    expect(() => endless.apply(s, 0, { type: 'roll' })).toThrow(/do not settle/);
  });

  it('after the end every action is refused with game_over and nobody acts', () => {
    let s = start(2);
    for (const seat of [0, 1]) s = r.apply(s, seat, { type: 'bid', n: 1 }).state;
    s = r.apply(s, 0, { type: 'stop' }).state;
    expect(r.toAct(s)).toEqual([]);
    expect(r.step(s)).toBeNull();
    expect(refusal(() => r.apply(s, 0, { type: 'roll' }))).toEqual(['game_over', 'K-9']);
  });
});

describe('turn order and ranking', () => {
  it('goes round the table from any seat; the seat on the starter’s right closes the round', () => {
    expect(seatsFrom(2, 4)).toEqual([2, 3, 0, 1]);
    expect(nextSeat(3, 4)).toBe(0);
    expect(lastOfRound(2, 4)).toBe(1);
    expect(awaiting([1, null, 0, null])).toEqual([1, 3]);
  });

  it('equal standings share a place and the next place skips (1, 1, 3); tie-breaks decide in order', () => {
    expect(rankByScore([5, 7, 7, 1])).toEqual([3, 1, 1, 4]);
    expect(
      rankByStandings([
        [7, 2],
        [7, 3],
        [7, 3],
        [6, 9],
      ]),
    ).toEqual([3, 1, 1, 4]);
    expect(compareStandings([1, 2], [1, 2])).toBe(0);
    expect(Math.sign(compareStandings([1, 0, 1], [1]))).toBe(1);
  });
});
