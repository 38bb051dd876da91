/**
 * Vacations on a timed game's seats: a move reads its clocks' pauses with the game (one read), so
 * the seated people's vacations are copied onto the meta when the game starts and again whenever
 * one of them changes theirs (Timing.refreshDeadlines).
 */
import type { GameMeta, SeatRecord, SeatVacation } from '../domain/game.js';
import type { Vacation } from '../domain/player.js';

/** What a seat keeps of a player's vacations: those ending after the game started (earlier ones pause none of its clocks). */
export function seatVacations(vacations: readonly Vacation[], startedAt: string): SeatVacation[] {
  const t = Date.parse(startedAt);
  return vacations.filter((v) => Date.parse(v.until) > t).map(({ from, until }) => ({ from, until }));
}

/**
 * The meta with the seats of each player in `vacationsOf` carrying their vacations, its revision
 * bumped; null when no seat changes (nothing to write).
 */
export function withSeatVacations(
  meta: GameMeta,
  vacationsOf: ReadonlyMap<string, readonly Vacation[]>,
): GameMeta | null {
  const since = meta.startedAt ?? meta.createdAt;
  let changed = false;
  const seats = meta.seats.map((s): SeatRecord => {
    const own = s.playerId === null ? undefined : vacationsOf.get(s.playerId);
    if (s.bot || !own) return s;
    const vacations = seatVacations(own, since);
    if (JSON.stringify(vacations) === JSON.stringify(s.vacations ?? [])) return s;
    changed = true;
    return { ...s, vacations };
  });
  return changed ? { ...meta, seats, revision: meta.revision + 1 } : null;
}
