/**
 * Places from final standings, shared by every game. A seat's standing is a list of numbers compared
 * in order (score first, then each tie-break); higher is better. Seats whose lists are equal share a
 * place, and the next place skips as many as shared it (1, 1, 3).
 */

/** Compares two standings: > 0 when `a` beats `b`, 0 when they tie all the way. */
export function compareStandings(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Place of each seat (1 = winner) from its standing: score, then tie-breaks, higher better. */
export function rankByStandings(standings: readonly (readonly number[])[]): number[] {
  return standings.map((mine) => 1 + standings.filter((other) => compareStandings(other, mine) > 0).length);
}

/** Places from scores alone, highest first; equal scores share a place (1, 1, 3). */
export function rankByScore(scores: readonly number[]): number[] {
  return rankByStandings(scores.map((s) => [s]));
}
