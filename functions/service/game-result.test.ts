import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../engine/core/index.js';
import { outcomeWithForfeits } from './forfeit.js';
import { resultOf } from './game-result.js';

const outcome = (ranking: number[], noWinner?: true): Outcome => ({
  scores: ranking.map((place) => 10 - place),
  ranking,
  breakdown: ranking.map(() => []),
  ...(noWinner ? { noWinner } : {}),
});

describe('the common result of a finished game', () => {
  it('places are the outcome ranking by seat; the winners are the seats placed first', () => {
    expect(resultOf(outcome([2, 1, 3]))).toEqual({ places: [2, 1, 3], winners: [1] });
  });

  it('a shared first place is a draw, and every seat sharing it won', () => {
    expect(resultOf(outcome([1, 3, 1]))).toEqual({ places: [1, 3, 1], winners: [0, 2], draw: true });
  });

  it('SC-12.3: a Streetcar stalemate places every seat first, is a draw and has no winner', () => {
    expect(resultOf(outcome([1, 1, 1], true))).toEqual({
      places: [1, 1, 1],
      winners: [],
      draw: true,
      noWinner: true,
    });
  });

  it('SC-12.3 with a forfeit: the seats still standing share first place and still none won', () => {
    const result = resultOf(outcomeWithForfeits(outcome([1, 1, 1], true), 3, [1])!);
    expect(result).toEqual({ places: [1, 3, 1], winners: [], draw: true, noWinner: true });
  });
});
