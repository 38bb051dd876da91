import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, RngStateSchema, seedRng, type RngState } from './rng.js';

const draws = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.next());

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/**
 * sfc32 written out independently from the PractRand reference (a, b, c, counter), seeded the
 * way rng.ts documents it: SHA-256 of the UTF-8 seed, first four big-endian words, 12 outputs
 * discarded. If this and seedRng ever disagree, published seeds no longer replay old games.
 */
function referenceSfc32(seed: string): () => number {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let [a, b, c, d] = [0, 4, 8, 12].map((o) => digest.readUInt32BE(o)) as [number, number, number, number];
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + ((c << 3) >>> 0)) >>> 0;
    c = (((c << 21) | (c >>> 11)) >>> 0) + t;
    c >>>= 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

describe('seedRng / Rng.next (sfc32 seeded by SHA-256)', () => {
  it('pins the known answer for seed "railpost": initial state and first outputs', () => {
    const state = seedRng('railpost');
    expect(state).toEqual([1897059586, 2419870065, 1961978914, 1354037970]);
    expect(draws(new Rng(state), 8)).toEqual([
      1376000325, 4255522650, 4128268586, 627652928, 713038208, 2673071805, 1806880110, 118007050,
    ]);
    expect(
      Array.from(
        { length: 12 },
        (
          (r) => () =>
            r.int(6)
        )(new Rng(seedRng('railpost'))),
      ),
    ).toEqual([3, 0, 2, 2, 2, 3, 0, 4, 2, 1, 4, 4]);
    expect(new Rng(seedRng('railpost')).shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([
      4, 5, 2, 10, 7, 8, 9, 3, 1, 6,
    ]);
    expect(seedRng('')).toEqual([2801808460, 1168989704, 326783009, 2574235952]);
  });

  it('matches an independent sfc32 + SHA-256 implementation for any seed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (seed) => {
        const reference = referenceSfc32(seed);
        expect(draws(new Rng(seedRng(seed)), 20)).toEqual(Array.from({ length: 20 }, reference));
      }),
    );
  });

  it('is deterministic: the same seed always gives the same sequence', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(draws(new Rng(seedRng(seed)), 32)).toEqual(draws(new Rng(seedRng(seed)), 32));
      }),
    );
  });

  it('different seeds give different sequences', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (s1, s2) => {
        fc.pre(s1 !== s2);
        expect(draws(new Rng(seedRng(s1)), 4)).not.toEqual(draws(new Rng(seedRng(s2)), 4));
      }),
    );
    // Near-identical seeds too (one character apart, or differing only in Unicode form).
    expect(seedRng('game-1')).not.toEqual(seedRng('game-2'));
    expect(seedRng('\u00e9')).not.toEqual(seedRng('e\u0301'));
  });

  it('outputs are uint32 and the state is four uint32 that the state schema accepts', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const rng = new Rng(seedRng(seed));
        for (const x of draws(rng, 50)) expect(Number.isInteger(x) && x >= 0 && x <= 0xffff_ffff).toBe(true);
        for (const w of rng.state) expect(Number.isInteger(w) && w >= 0 && w <= 0xffff_ffff).toBe(true);
        expect(RngStateSchema.parse(rng.state)).toEqual(rng.state);
      }),
    );
  });
});

describe('Rng state round-trip (the state lives inside game state)', () => {
  it('continuing from rng.state, also after a JSON round-trip, gives the same continuation', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(200), (seed, skip) => {
        const rng = new Rng(seedRng(seed));
        draws(rng, skip);
        rng.int(7);
        const saved = rng.state;
        const stored = JSON.parse(JSON.stringify(saved)) as RngState;
        const continued = draws(rng, 16);
        expect(draws(new Rng(saved), 16)).toEqual(continued);
        expect(draws(new Rng(stored), 16)).toEqual(continued);
      }),
    );
  });

  it('state is a snapshot: drawing afterwards does not change a state read before', () => {
    const rng = new Rng(seedRng('snapshot'));
    const before = rng.state;
    const copy = [...before];
    rng.next();
    expect(before).toEqual(copy);
    expect(rng.state).not.toEqual(before);
  });

  it('constructing an Rng does not touch the state it was given', () => {
    const state = Object.freeze(seedRng('frozen'));
    const rng = new Rng(state);
    rng.next();
    expect(state).toEqual(seedRng('frozen'));
  });
});

describe('Rng.int', () => {
  it('stays in [0, n) for any bound, including 1, powers of two and 2^32', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 1, max: 0x1_0000_0000 }),
          fc.constantFrom(1, 2, 0x8000_0001, 0x1_0000_0000),
        ),
        (seed, n) => {
          const rng = new Rng(seedRng(seed));
          for (let i = 0; i < 20; i++) {
            const x = rng.int(n);
            expect(Number.isInteger(x)).toBe(true);
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThan(n);
          }
        },
      ),
    );
  });

  it('is roughly uniform: chi-square of 60,000 draws of int(6) and int(7) is unremarkable', () => {
    // df = 5 / 6; p = 0.001 critical values are 20.5 / 22.5. The threshold is generous, the
    // seeds fixed, so this never flakes and still catches a biased or broken generator.
    for (const [seed, n] of [
      ['dice', 6],
      ['railpost', 6],
      ['week', 7],
    ] as const) {
      const rng = new Rng(seedRng(seed));
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < 60_000; i++) counts[rng.int(n)]!++;
      expect(chiSquare(counts), `${seed}: ${counts.join(' ')}`).toBeLessThan(30);
    }
  });

  it('has no modulo bias for a bound just above 2^31 (rejection sampling): both halves equally likely', () => {
    // Without rejection, x % (2^31 + 1) would land in the lower half twice as often.
    const n = 0x8000_0001;
    const rng = new Rng(seedRng('bias'));
    let low = 0;
    const total = 20_000;
    for (let i = 0; i < total; i++) if (rng.int(n) < n / 2) low++;
    expect(Math.abs(low / total - 0.5)).toBeLessThan(0.02);
  });

  it('rejects bad bounds with a RangeError', () => {
    const rng = new Rng(seedRng('bounds'));
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 0x1_0000_0001, -0]) {
      expect(() => rng.int(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('Rng.between, pick and shuffle', () => {
  it('between(min, max) is inclusive at both ends and never outside', () => {
    const rng = new Rng(seedRng('die'));
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = rng.between(1, 6);
      expect(x).toBeGreaterThanOrEqual(1);
      expect(x).toBeLessThanOrEqual(6);
      seen.add(x);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rng.between(5, 5)).toBe(5);
    const negative = new Set(Array.from({ length: 500 }, () => rng.between(-2, 2)));
    expect([...negative].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2]);
    expect(() => rng.between(3, 2)).toThrow(RangeError);
  });

  it('pick returns an element of the list and rejects an empty list', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.anything(), { minLength: 1 }), (seed, items) => {
        // Object.is, not toContain's ===, so a picked NaN is found too.
        const picked = new Rng(seedRng(seed)).pick(items);
        expect(items.some((item) => Object.is(item, picked))).toBe(true);
      }),
    );
    expect(() => new Rng(seedRng('x')).pick([])).toThrow(RangeError);
  });

  it('shuffle returns a permutation and leaves its (frozen) input untouched', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 }), (seed, items) => {
        const input = Object.freeze([...items]);
        const out = new Rng(seedRng(seed)).shuffle(input);
        expect(out).not.toBe(input);
        expect(input).toEqual(items);
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it('shuffle reaches every permutation of 4 items about equally often', () => {
    const rng = new Rng(seedRng('perm'));
    const counts = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const key = rng.shuffle(['a', 'b', 'c', 'd']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    // df = 23, p = 0.001 critical value 49.7.
    expect(chiSquare([...counts.values()])).toBeLessThan(60);
  });

  it('shuffle of an empty or one-item list consumes nothing from the generator', () => {
    const rng = new Rng(seedRng('tiny'));
    const before = rng.state;
    expect(rng.shuffle([])).toEqual([]);
    expect(rng.shuffle(['only'])).toEqual(['only']);
    expect(rng.state).toEqual(before);
  });
});
