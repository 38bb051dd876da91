/**
 * Forfeits are the platform's, not the games': a seat that forfeits is out of the running. The
 * game's bot plays on for it, so the others' game is not bent by a sudden gap, and it is ranked
 * after every seat still standing (the later a seat forfeited, the better its place). When at most
 * one seat is still standing, the game ends at once.
 */
import { rankByScore, type Outcome, type Seat } from '../../engine/core/index.js';

export function standingSeats(players: number, forfeited: readonly Seat[]): Seat[] {
  return Array.from({ length: players }, (_, seat) => seat).filter((seat) => !forfeited.includes(seat));
}

/** The game's own outcome with forfeits applied, or the outcome of a game that forfeits ended. */
export function outcomeWithForfeits(
  outcome: Outcome | null,
  players: number,
  forfeited: readonly Seat[],
): Outcome | null {
  if (forfeited.length === 0) return outcome;
  const standing = standingSeats(players, forfeited);
  if (!outcome && standing.length > 1) return null;
  const scores = outcome?.scores ?? Array.from({ length: players }, () => 0);
  const standingRanks = rankByScore(standing.map((seat) => scores[seat] ?? 0));
  const ranking = scores.map((_, seat) => {
    const i = standing.indexOf(seat);
    if (i >= 0) return standingRanks[i]!;
    return standing.length + (forfeited.length - forfeited.indexOf(seat));
  });
  const breakdown = scores.map((_, seat) => {
    const lines = outcome?.breakdown[seat] ?? [];
    if (forfeited.includes(seat))
      return [...lines, { item: 'forfeited: ranked after every seat still playing', points: 0 }];
    return outcome ? lines : [{ item: 'every other seat forfeited', points: 0 }];
  });
  // Seats still standing at a game's own end without a winner share place 1, and still none won.
  return { scores, ranking, breakdown, ...(outcome?.noWinner ? { noWinner: true as const } : {}) };
}
