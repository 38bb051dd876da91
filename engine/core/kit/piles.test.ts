import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, draw, drawReshuffling, removeAll, removeOne, returnUnder } from './piles.js';

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const pileArb = fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 30 });

describe('draw', () => {
  it('takes n cards from the top (index 0) and returns the rest in order', () => {
    expect(draw(['a', 'b', 'c', 'd'], 2)).toEqual({ drawn: ['a', 'b'], rest: ['c', 'd'] });
    expect(draw(['a', 'b'], 0)).toEqual({ drawn: [], rest: ['a', 'b'] });
  });

  it('drawing more than the pile holds takes what is there; an empty pile gives nothing', () => {
    expect(draw(['a', 'b'], 5)).toEqual({ drawn: ['a', 'b'], rest: [] });
    expect(draw([], 3)).toEqual({ drawn: [], rest: [] });
  });

  it('rejects a negative or fractional count instead of drawing from the bottom', () => {
    expect(() => draw(['a', 'b', 'c'], -1)).toThrow(RangeError);
    expect(() => draw(['a', 'b', 'c'], 1.5)).toThrow(RangeError);
    expect(() => draw(['a', 'b', 'c'], Number.NaN)).toThrow(RangeError);
  });

  it('drawn + rest is always the pile, drawn has min(n, size) cards, and the input is not touched', () => {
    fc.assert(
      fc.property(pileArb, fc.nat(40), (pile, n) => {
        const input = Object.freeze([...pile]);
        const { drawn, rest } = draw(input, n);
        expect(drawn.length).toBe(Math.min(n, pile.length));
        expect([...drawn, ...rest]).toEqual(pile);
        expect(input).toEqual(pile);
        // Fresh arrays: changing them cannot change the pile they came from.
        expect(drawn).not.toBe(input);
        expect(rest).not.toBe(input);
      }),
    );
  });
});

describe('removeOne', () => {
  it('removes exactly one instance (the first) and keeps the order of the others', () => {
    expect(removeOne(['x', 'y', 'x', 'z'], 'x')).toEqual(['y', 'x', 'z']);
    expect(removeOne(['x'], 'x')).toEqual([]);
  });

  it('returns null when the card is not there, also for an empty pile', () => {
    expect(removeOne(['x', 'y'], 'z')).toBeNull();
    expect(removeOne([], 'x')).toBeNull();
  });

  it('lowers the count of that card by one and leaves the input untouched', () => {
    fc.assert(
      fc.property(pileArb, fc.integer({ min: 1, max: 6 }), (pile, card) => {
        const input = Object.freeze([...pile]);
        const out = removeOne(input, card);
        expect(input).toEqual(pile);
        if (!pile.includes(card)) {
          expect(out).toBeNull();
          return;
        }
        expect(out).not.toBeNull();
        expect(out!.length).toBe(pile.length - 1);
        expect(countOf(out!, card)).toBe(countOf(pile, card) - 1);
        for (let other = 1; other <= 6; other++)
          if (other !== card) expect(countOf(out!, other)).toBe(countOf(pile, other));
      }),
    );
  });
});

describe('removeAll (multiset removal)', () => {
  it('removes each listed card once per listing', () => {
    expect(removeAll(['r', 'r', 'g', 'r', 'b'], ['r', 'r'])).toEqual(['g', 'r', 'b']);
    expect(removeAll(['r', 'r', 'g'], ['g', 'r', 'r'])).toEqual([]);
  });

  it('is null when the pile lacks any card, counting duplicates (two reds asked, one held)', () => {
    expect(removeAll(['r', 'g'], ['r', 'r'])).toBeNull();
    expect(removeAll(['r', 'g'], ['b'])).toBeNull();
    expect(removeAll([], ['r'])).toBeNull();
  });

  it('removing nothing returns an equal copy, not the pile itself', () => {
    const pile = ['a', 'b'];
    const out = removeAll(pile, []);
    expect(out).toEqual(pile);
    expect(out).not.toBe(pile);
    expect(removeAll([], [])).toEqual([]);
  });

  it('succeeds iff the cards are a sub-multiset, and then leaves exactly the difference', () => {
    fc.assert(
      fc.property(pileArb, fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 10 }), (pile, cards) => {
        const input = Object.freeze([...pile]);
        const out = removeAll(input, cards);
        expect(input).toEqual(pile);
        const fits = [1, 2, 3, 4, 5, 6].every((c) => countOf(cards, c) <= countOf(pile, c));
        if (!fits) {
          expect(out).toBeNull();
          return;
        }
        expect(out).not.toBeNull();
        expect(sorted([...out!, ...cards])).toEqual(sorted(pile));
      }),
    );
  });

  it('taking a subset out of a pile and back in is the identity (as multisets)', () => {
    fc.assert(
      fc.property(pileArb, fc.nat(), (pile, k) => {
        const taken = pile.filter((_, i) => (k >> (i % 30)) & 1);
        expect(sorted([...removeAll(pile, taken)!, ...taken])).toEqual(sorted(pile));
      }),
    );
  });
});

describe('countOf', () => {
  it('counts equal cards, zero for an absent card or an empty pile', () => {
    expect(countOf(['r', 'g', 'r', 'r'], 'r')).toBe(3);
    expect(countOf(['r', 'g'], 'b')).toBe(0);
    expect(countOf([], 'r')).toBe(0);
  });

  it('the counts of all kinds add up to the pile size', () => {
    fc.assert(
      fc.property(pileArb, (pile) => {
        expect([1, 2, 3, 4, 5, 6].reduce((sum, c) => sum + countOf(pile, c), 0)).toBe(pile.length);
      }),
    );
  });
});

describe('drawReshuffling and returnUnder', () => {
  const rng = { shuffle: <T>(xs: readonly T[]) => [...xs].reverse() };

  it('draws from the top; an empty deck takes the shuffled discard pile first; both empty gives null', () => {
    const piles = { deck: ['a'], discard: ['x', 'y'] };
    expect(drawReshuffling(piles, rng)).toEqual({ card: 'a', reshuffled: false });
    expect(drawReshuffling(piles, rng)).toEqual({ card: 'y', reshuffled: true });
    expect(piles).toEqual({ deck: ['x'], discard: [] });
    expect(drawReshuffling({ deck: [], discard: [] }, rng)).toEqual({ card: null, reshuffled: false });
  });

  it('returned cards go under the pile in shuffled order, the pile’s own order kept on top', () => {
    const pile = [1, 2];
    returnUnder(pile, [3, 4, 5], rng);
    expect(pile).toEqual([1, 2, 5, 4, 3]);
  });
});
