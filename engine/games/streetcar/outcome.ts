/** SC-12: one winner (1 point, place 1) and everybody else second; a stalemate has no winner (everyone first with 0, none won). */
import { rankByScore, type Outcome } from '../../core/index.js';
import type { StreetcarState } from './state.js';

export function outcome(s: StreetcarState): Outcome | null {
  if (s.step.kind !== 'over') return null;
  const scores = s.players.map((_, seat) => (seat === s.winner ? 1 : 0));
  return {
    scores,
    ranking: rankByScore(scores),
    breakdown: scores.map((x) => [
      {
        item:
          s.winner === null
            ? 'stalemate: no winner (SC-12.3)'
            : x === 1
              ? 'finished the trip first'
              : 'did not finish first',
        points: x,
      },
    ]),
    ...(s.winner === null ? { noWinner: true as const } : {}),
  };
}
