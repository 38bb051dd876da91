import type { ChallengeRecord, ChallengeSettlement, ChallengeSide } from '../../domain/challenge.js';
import type { ChallengeStore } from '../ports/challenges.js';
import { WriteConflict } from '../ports/errors.js';
import { copy, type MemoryState } from './state.js';

const partyOf = (c: ChallengeRecord, side: ChallengeSide) => (side === 'outgoing' ? c.challenger : c.opponent).id;
/** Newest first, as the table's entries (`createdAt#id`) read backwards. */
const newestFirst = (a: ChallengeRecord, b: ChallengeRecord) =>
  `${a.createdAt}#${a.id}` < `${b.createdAt}#${b.id}` ? 1 : -1;

/** Challenges in memory, with the conditions of functions/store/challenge-table.ts. */
export class MemoryChallenges implements ChallengeStore {
  constructor(private readonly state: MemoryState) {}

  async put(c: ChallengeRecord): Promise<void> {
    if (this.state.challenges.has(c.id)) throw new WriteConflict('challenge exists');
    this.state.challenges.set(c.id, copy(c));
  }

  async get(id: string): Promise<ChallengeRecord | null> {
    return copy(this.state.challenges.get(id) ?? null);
  }

  async pending(playerId: string, side: ChallengeSide, now: string, limit: number): Promise<ChallengeRecord[]> {
    return [...this.state.challenges.values()]
      .filter((c) => partyOf(c, side) === playerId && c.status === 'pending' && c.expiresAt > now)
      .sort(newestFirst)
      .slice(0, limit)
      .map(copy);
  }

  async all(playerId: string): Promise<ChallengeRecord[]> {
    return [...this.state.challenges.values()]
      .filter((c) => c.challenger.id === playerId || c.opponent.id === playerId)
      .map(copy);
  }

  async settle(id: string, settlement: ChallengeSettlement): Promise<ChallengeRecord> {
    const current = this.state.challenges.get(id);
    if (current?.status !== 'pending') throw new WriteConflict('challenge not pending');
    const { status, at, ...rest } = settlement;
    const settled: ChallengeRecord = { ...current, status, settledAt: at, ...rest };
    this.state.challenges.set(id, copy(settled));
    return copy(settled);
  }

  async remove(c: ChallengeRecord): Promise<void> {
    this.state.challenges.delete(c.id);
  }
}
