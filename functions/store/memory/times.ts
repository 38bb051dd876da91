import type { SeatClock } from '../../domain/game.js';
import type { Vacation } from '../../domain/player.js';
import { DUE_SHARDS, keys } from '../keys.js';
import { WriteConflict } from '../ports/errors.js';
import type { ReminderClaim, SeatFacts, TimeStore, VacationChange, VacationOutcome } from '../ports/times.js';
import { copy, dueInShards, type MemoryState } from './state.js';

/** The shards of the games' deadline index, in the order the sweep reads them. */
export const GAME_SHARDS = Array.from({ length: DUE_SHARDS }, (_, shard) => `DUE#${shard}`);

/** Time controls in memory, with the conditions of functions/store/time-table.ts. */
export class MemoryTimes implements TimeStore {
  constructor(private readonly state: MemoryState) {}

  async dueGames(now: Date): Promise<{ gameId: string; dueAt: string }[]> {
    const entries = [...this.state.games].flatMap(([gameId, game]) =>
      game.due?.dueAt ? [{ gameId, dueAt: game.due.dueAt }] : [],
    );
    return dueInShards(entries, (e) => keys.dueShard(e.gameId), GAME_SHARDS, now);
  }

  /** An entry is never created only to say that nothing is due. */
  async setDue(gameId: string, dueAt: string | null, version: number, how: 'exact' | 'earlier'): Promise<boolean> {
    const entry = this.state.games.get(gameId)?.due;
    const notNewer = !entry || entry.version <= version;
    if (how === 'earlier') {
      if (dueAt === null) throw new Error('an earlier due time needs a time');
      if (!notNewer || (entry?.dueAt !== undefined && entry.dueAt <= dueAt)) return false;
    } else if (dueAt === null ? !entry || !notNewer : !notNewer) return false;
    this.state.game(gameId).due = { version, ...(dueAt ? { dueAt } : {}) };
    return true;
  }

  async setClocks(gameId: string, commitKey: number, clocks: readonly SeatClock[]): Promise<boolean> {
    const commit = this.state.games.get(gameId)?.commits.get(commitKey);
    if (!commit) return false;
    commit.clocks = copy([...clocks]);
    return true;
  }

  async claimReminder(claim: ReminderClaim, _now: Date): Promise<boolean> {
    const { reminders } = this.state.game(claim.gameId);
    const key = `${claim.seat}#${claim.dueSince}`;
    if (reminders.has(key)) return false;
    reminders.add(key);
    return true;
  }

  async seatFactsOf(playerIds: readonly string[]): Promise<Map<string, SeatFacts>> {
    const found = new Map<string, SeatFacts>();
    for (const id of new Set(playerIds)) {
      const profile = this.state.profile(id);
      if (profile)
        found.set(id, {
          vacations: copy(profile.vacations ?? []),
          credentialVersion: profile.record.credentialVersion ?? 0,
        });
    }
    return found;
  }

  async changeVacations<R>(playerId: string, change: VacationChange<R>): Promise<VacationOutcome<R>> {
    const profile = this.state.profile(playerId);
    if (!profile) throw new WriteConflict('no such player');
    const outcome = change(copy(profile.vacations ?? []));
    if (outcome.ok) profile.vacations = copy(outcome.value);
    return outcome;
  }
}
