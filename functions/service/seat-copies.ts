/**
 * What a game's seats copy of their players, so that a move reads it with the game (one read):
 * a timed game's vacations (its clocks' pauses), and every game's credential version (a move
 * with an older access token is refused). Copied when the game starts and again whenever a
 * player changes them (Timing.refreshDeadlines, GameLog.refreshSeats).
 */
import type { GameMeta, SeatRecord, SeatVacation } from '../domain/game.js';
import type { Vacation } from '../domain/player.js';
import type { SeatFacts } from '../store/ports/times.js';

/** What a seat keeps of a player's vacations: those ending after the game started (earlier ones pause none of its clocks). */
export function seatVacations(vacations: readonly Vacation[], startedAt: string): SeatVacation[] {
  const t = Date.parse(startedAt);
  return vacations.filter((v) => Date.parse(v.until) > t).map(({ from, until }) => ({ from, until }));
}

/**
 * The meta with the seats of each player in `factsOf` carrying their vacations (timed games only)
 * and credential version (when above 0: seats of players who never ended a credential stay as
 * they were), its revision bumped; null when no seat changes (nothing to write).
 */
export function withSeatCopies(meta: GameMeta, factsOf: ReadonlyMap<string, SeatFacts>): GameMeta | null {
  const since = meta.startedAt ?? meta.createdAt;
  let changed = false;
  const seats = meta.seats.map((s): SeatRecord => {
    const own = s.playerId === null ? undefined : factsOf.get(s.playerId);
    if (s.bot || !own) return s;
    const vacations = meta.timeControl ? seatVacations(own.vacations, since) : undefined;
    const version = own.credentialVersion > 0 ? own.credentialVersion : undefined;
    const sameVacations = !vacations || JSON.stringify(vacations) === JSON.stringify(s.vacations ?? []);
    if (sameVacations && version === s.credentialVersion) return s;
    changed = true;
    return { ...s, ...(vacations ? { vacations } : {}), ...(version ? { credentialVersion: version } : {}) };
  });
  return changed ? { ...meta, seats, revision: meta.revision + 1 } : null;
}
