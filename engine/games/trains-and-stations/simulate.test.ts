/** A small run of the balance simulation (simulate.ts) on the default board, as a regression guard for the data. */
import { describe, expect, it } from 'vitest';
import { simulate } from './simulate.js';
import { trainsAndStations as game } from './index.js';

const GAMES = 8;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('simulation (the checks the board data was designed against)', () => {
  it('TS-10.4: greedy 4-player games on the reconstructed board end in 6–11 rounds and no route takes 30% of deliveries', () => {
    const games = Array.from({ length: GAMES }, (_, i) =>
      simulate(`guard-${i}`, 4, [game.bot, game.bot, game.bot, game.bot]),
    );
    expect(games.every((g) => g.finished)).toBe(true);
    const rounds = median(games.map((g) => g.rounds));
    expect(rounds).toBeGreaterThanOrEqual(6);
    expect(rounds).toBeLessThanOrEqual(11);
    const byRoute: Record<string, number> = {};
    for (const g of games) for (const [r, n] of Object.entries(g.routes)) byRoute[r] = (byRoute[r] ?? 0) + n;
    const total = Object.values(byRoute).reduce((a, n) => a + n, 0);
    expect(Math.max(...Object.values(byRoute)) / total).toBeLessThan(0.3);
  });
});
