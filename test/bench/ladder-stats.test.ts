/**
 * The ladder's statistics (scripts/bench/stats.ts). Win rates carry a Wilson 95%
 * interval, and the Elo-style ratings are Bradley–Terry strengths on the Elo scale.
 */
import { describe, expect, it } from 'vitest';
import { mergeLadder } from '../../scripts/bench/ladder-merge.js';
import { elo, wilson } from '../../scripts/bench/stats.js';

describe('ladder statistics', () => {
  it('Wilson 95% interval: the textbook value for 8 of 10, and [0, 1] without games', () => {
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.49, 2);
    expect(hi).toBeCloseTo(0.943, 2);
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(wilson(0, 10)[0]).toBe(0);
  });

  it('Elo: the anchor is 1000, a 3-to-1 winner is about 190 points stronger, order follows results', () => {
    const duels = [
      ...Array.from({ length: 300 }, () => ({ a: 'b', b: 'a', score: 1 })),
      ...Array.from({ length: 100 }, () => ({ a: 'b', b: 'a', score: 0 })),
    ];
    const r = elo(['a', 'b'], duels, 'a');
    expect(r.a).toBe(1000);
    // 400·log10(3) ≈ 191; the half-win prior per level pulls it in a little.
    expect(r.b! - r.a!).toBeGreaterThan(180);
    expect(r.b! - r.a!).toBeLessThan(195);
    expect(
      elo(
        ['a', 'b'],
        duels.map((d) => ({ ...d, score: 1 - d.score })),
        'a',
      ).b!,
    ).toBeLessThan(1000);
  });

  it('a partial ladder run replaces only the rows and ratings it played again, and each row keeps its settings', () => {
    const row = (game: string, players: number, level: string, wins: number) => ({
      game,
      players,
      level,
      against: 'easy',
      wins,
      settings: undefined as unknown,
    });
    const first = {
      settings: { run: 1 },
      pairings: [row('a', 2, 'hard', 1), row('a', 4, 'hard', 2), row('b', 2, 'hard', 3)],
      ratings: [{ game: 'a' }, { game: 'b' }],
      unsearchable: [],
    };
    const second = {
      settings: { run: 2 },
      pairings: [row('a', 2, 'hard', 9)],
      ratings: [{ game: 'a', elo: { hard: 1 } }],
      unsearchable: [],
    };
    const merged = mergeLadder(mergeLadder(undefined, first), second);
    expect(merged.pairings.map((p) => [p.game, p.players, p.wins, (p.settings as { run: number }).run])).toEqual([
      ['a', 4, 2, 1],
      ['b', 2, 3, 1],
      ['a', 2, 9, 2],
    ]);
    expect(merged.ratings).toEqual([{ game: 'b' }, { game: 'a', elo: { hard: 1 } }]);
  });

  it('ratings are fitted again from every row that carries its pair scores, not from the latest run alone', () => {
    const row = (players: number, level: string, pairs: number, pairScore: number) => ({
      game: 'a',
      players,
      level,
      against: 'easy',
      pairs,
      pairScore,
    });
    const twoSeats = {
      settings: {},
      pairings: [row(2, 'hard', 10, 8)],
      ratings: [{ game: 'a', elo: { easy: 1000, hard: 1241 } }],
      unsearchable: [],
    };
    const fourSeats = {
      settings: {},
      pairings: [row(4, 'hard', 30, 15), row(4, 'medium', 30, 18)],
      ratings: [{ game: 'a', elo: { easy: 1000, hard: 1000, medium: 1070 } }],
      unsearchable: [],
    };
    const merged = mergeLadder(mergeLadder(undefined, twoSeats), fourSeats);
    const duels = [
      ...Array.from({ length: 10 }, () => ({ a: 'hard', b: 'easy', score: 0.8 })),
      ...Array.from({ length: 30 }, () => ({ a: 'hard', b: 'easy', score: 0.5 })),
      ...Array.from({ length: 30 }, () => ({ a: 'medium', b: 'easy', score: 0.6 })),
    ];
    expect(merged.ratings).toEqual([{ game: 'a', elo: elo(['easy', 'medium', 'hard'], duels, 'easy') }]);
    // 23 of 40 pairs: hard rates above easy, which the 4-seat run alone (15 of 30) would not show.
    expect(merged.ratings[0]!.elo!.hard).toBeGreaterThan(1000);
  });
});
