/**
 * Which finished games change ratings (docs/playing.md, "Ratings"): only games between people, and of those
 * not the ones that would let a second account hand out wins.
 *
 * - RP-RATE-1: a game in which a seat resigned or ran out of time before its first action (counted
 *   as the abort window counts: one the bot made for it on a timeout counts), or while the game could
 *   still be aborted (no seat had made a second action), is unrated: leaving then is an abort, not a
 *   loss. The game's table notes it at the forfeit (table.ts).
 * - RP-RATE-2: of the games of one rating kind in which the same two people sat, only one counts in
 *   any 24 hours: a game is unrated when two of its people already had a rated game of the kind
 *   together that finished in the 24 hours before it.
 */
import type { CommitRecord, GameMeta } from '../domain/game.js';
import type { RatingStore } from '../store/ports/ratings.js';

export const PAIR_WINDOW_MS = 24 * 3600_000;

/** Only games between people count: no bot seat, and every seat still held by an account. */
export function betweenPeople(meta: GameMeta): boolean {
  return meta.seats.every((s) => !s.bot && !s.deleted && s.playerId !== null);
}

/** Whether the finished game changes ratings: between people, and neither RP-RATE-1 nor RP-RATE-2 holds. */
export async function counts(
  ratings: RatingStore,
  kind: string,
  meta: GameMeta,
  latest: CommitRecord,
): Promise<boolean> {
  if (!betweenPeople(meta) || latest.table?.unrated) return false;
  // A plan is written only for a game found to count: a repeated run must not judge it again against later games.
  if (await ratings.getPlan(meta.id)) return true;
  return !(await pairedRecently(ratings, kind, meta, latest.at));
}

/** RP-RATE-2: whether two of the game's people had a rated game of the kind together in the 24 hours before it finished. */
async function pairedRecently(
  ratings: RatingStore,
  kind: string,
  meta: GameMeta,
  finishedAt: string,
): Promise<boolean> {
  const people = meta.seats.map((s) => s.playerId!);
  const since = new Date(Date.parse(finishedAt) - PAIR_WINDOW_MS).toISOString();
  for (const [i, playerId] of people.slice(0, -1).entries()) {
    const others = new Set(people.slice(i + 1));
    for (const entry of await ratings.ratingsSince(playerId, kind, since)) {
      if (entry.gameId === meta.id || entry.at > finishedAt) continue;
      const plan = await ratings.getPlan(entry.gameId);
      if (plan?.seats.some((s) => others.has(s.playerId))) return true;
    }
  }
  return false;
}
