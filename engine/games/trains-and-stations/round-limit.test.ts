/**
 * A game must end even when nobody plays well. Railpost choice RP-TS-1 (README, "The
 * round limit"): if the VP supply has not run out, the game ends after round ROUND_LIMIT, when the
 * turn would pass back to the conductor, and is scored by TS-11 as any finished game.
 */
import { describe, expect, it } from 'vitest';
import { playout, randomBot, type GameEvent } from '../../core/index.js';
import { defaultBoard, GOODS } from './board.js';
import { trainsAndStations as game } from './index.js';
import { goodsCount } from './scoring.js';
import type { TsState } from './state.js';
import { ROUND_LIMIT } from './turn.js';

/** A seeded game of uniformly random play, which on its own does not drain the VP supply. */
function randomGame(players: number, seed: string) {
  const run = playout(
    game,
    seed,
    players,
    {},
    Array.from({ length: players }, () => randomBot),
    40 * players * ROUND_LIMIT,
  );
  return { run, s: run.state as TsState };
}

describe('RP-TS-1: the round limit', () => {
  it('RP-TS-1: random play ends after round ROUND_LIMIT, every seat having played ROUND_LIMIT turns, and the event says why', () => {
    for (const players of [3, 5]) {
      const { run, s } = randomGame(players, `limit-${players}`);
      expect(run.finished).toBe(true);
      expect(s.endTriggered).toBe(false);
      expect(s.turn).toBe(ROUND_LIMIT * players);
      expect(game.view(s, 'spectator').roundLimit).toBe(ROUND_LIMIT);
      const before = run.actions
        .slice(0, -1)
        .reduce(
          (x, { seat, action }) => game.apply(x, seat, action as never).state,
          game.setup({ seed: `limit-${players}`, players, options: game.options.parse({}) }),
        );
      expect(before.pending.kind).not.toBe('over');
      const last = run.actions.at(-1)!;
      const events: GameEvent[] = game.apply(before, last.seat, last.action as never).events;
      expect(events.find((e) => e.type === 'game_over')?.data).toEqual({
        turns: ROUND_LIMIT * players,
        roundLimit: ROUND_LIMIT,
      });
    }
  });

  it('RP-TS-1 with TS-11.1/11.5: the result at the limit is the usual final scoring — VP + revealed tasks + monopolies, highest wins, ties by gold', () => {
    const { s } = randomGame(4, 'limit-score');
    const out = game.outcome(s)!;
    expect(out).not.toBeNull();
    const taskVP = (id: string) => {
      const card = defaultBoard.special.get(id);
      return card?.kind === 'TASK' ? card.vp : 0;
    };
    const tasks = (seat: number) => s.players[seat]!.tasks.reduce((a, id) => a + taskVP(id), 0);
    const monopolies = (seat: number) =>
      GOODS.reduce((a, good) => {
        const counts = s.players.map((p) => goodsCount(defaultBoard, p, good));
        return a + (counts[seat]! >= 1 && counts[seat] === Math.max(...counts) ? defaultBoard.monopolyVP[good] : 0);
      }, 0);
    const scores = s.players.map((p, seat) => p.vp + tasks(seat) + monopolies(seat));
    expect(out.scores).toEqual(scores);
    const gold = s.players.map((p) => goodsCount(defaultBoard, p, 'gold'));
    const ranking = scores.map(
      (mine, seat) =>
        1 + scores.filter((other, o) => other > mine || (other === mine && gold[o]! > gold[seat]!)).length,
    );
    expect(out.ranking).toEqual(ranking);
    expect(out.ranking).toContain(1);
  });

  it('RP-TS-1 never replaces TS-10.4: greedy games end by the VP supply, well before the limit', () => {
    for (const players of [3, 4, 5]) {
      const run = playout(
        game,
        `limit-greedy-${players}`,
        players,
        {},
        Array.from({ length: players }, () => game.bot),
        40 * players * ROUND_LIMIT,
      );
      const s = run.state as TsState;
      expect(run.finished).toBe(true);
      expect(s.endTriggered).toBe(true);
      expect(s.turn).toBeLessThan(ROUND_LIMIT * players);
    }
  });
});
