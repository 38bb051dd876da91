import { describe, expect, it } from 'vitest';
import { outcomeWithForfeits } from './forfeit.js';

const played = {
  scores: [30, 50, 40],
  ranking: [3, 1, 2],
  breakdown: [[{ item: 'routes', points: 30 }], [{ item: 'routes', points: 50 }], [{ item: 'routes', points: 40 }]],
};

describe('forfeits', () => {
  it('no forfeit: the game decides', () => {
    expect(outcomeWithForfeits(played, 3, [])).toBe(played);
    expect(outcomeWithForfeits(null, 3, [])).toBeNull();
  });

  it('the game goes on while two or more seats stand', () => {
    expect(outcomeWithForfeits(null, 3, [1])).toBeNull();
  });

  it('one seat left standing wins at once; later forfeits place better', () => {
    const ended = outcomeWithForfeits(null, 3, [2, 0])!;
    expect(ended.ranking).toEqual([2, 1, 3]);
    expect(ended.breakdown[1]).toEqual([{ item: 'every other seat forfeited', points: 0 }]);
    expect(ended.breakdown[0]?.[0]?.item).toMatch(/forfeited/);
  });

  it('a game played to its end keeps its scores but ranks forfeited seats after the others, whatever they scored', () => {
    const o = outcomeWithForfeits(played, 3, [1])!;
    expect(o.scores).toEqual([30, 50, 40]);
    expect(o.ranking).toEqual([2, 3, 1]);
    expect(o.breakdown[1]).toEqual([
      { item: 'routes', points: 50 },
      { item: 'forfeited: ranked after every seat still playing', points: 0 },
    ]);
  });

  it('SC-12.3: a game that ended without a winner still has none after a forfeit; a win by forfeits has a winner', () => {
    const stalemate = { scores: [0, 0, 0], ranking: [1, 1, 1], breakdown: [[], [], []], noWinner: true as const };
    expect(outcomeWithForfeits(stalemate, 3, [2])).toMatchObject({ ranking: [1, 1, 3], noWinner: true });
    expect(outcomeWithForfeits(null, 3, [2, 0])).not.toHaveProperty('noWinner');
  });
});
