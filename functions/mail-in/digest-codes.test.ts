import { describe, expect, it } from 'vitest';
import { digestMoves } from './digest-codes.js';

describe('the codes in a reply to a digest (one reply carries moves for several games)', () => {
  it('takes a letter-and-code per game from the first lines, any case, several on a line, without trailing punctuation', () => {
    expect(digestMoves('A3\nb12B.')).toEqual([
      { label: 'A', code: '3' },
      { label: 'B', code: '12b' },
    ]);
    expect(digestMoves('Morning! A2, C1; d10c\nsee you')).toEqual([
      { label: 'A', code: '2' },
      { label: 'C', code: '1' },
      { label: 'D', code: '10c' },
    ]);
  });

  it('keeps the first code a game is given; ignores prose, bare codes and lines below the first twelve', () => {
    expect(digestMoves('A3\nA4')).toEqual([{ label: 'A', code: '3' }]);
    expect(digestMoves('I will play 3 tomorrow. A4ever')).toEqual([]);
    expect(digestMoves(`${'x\n'.repeat(12)}A1`)).toEqual([]);
  });
});
