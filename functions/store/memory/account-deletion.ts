import type { AccountDeletionStore, PermitsHeld } from '../ports/account-deletion.js';
import type { MemoryState } from './state.js';

/** What deleting an account needs, in memory, with the conditions of functions/store/account-deletion.ts. */
export class MemoryAccountDeletion implements AccountDeletionStore {
  constructor(private readonly state: MemoryState) {}

  async takePermit(playerId: string, at: number): Promise<boolean> {
    const profile = this.state.profile(playerId);
    if (!profile || profile.deletedAt !== undefined) return false;
    profile.writing++;
    profile.writingSince = at;
    return true;
  }

  async returnPermit(playerId: string): Promise<void> {
    const profile = this.state.profile(playerId);
    if (profile) profile.writing--;
  }

  async setTombstone(playerId: string, at: string): Promise<boolean> {
    const profile = this.state.profile(playerId);
    if (!profile) return false;
    profile.deletedAt ??= at;
    return true;
  }

  async permitsHeld(playerId: string): Promise<PermitsHeld> {
    const profile = this.state.profile(playerId);
    return { count: profile?.writing ?? 0, newestAt: profile?.writingSince ?? 0 };
  }

  async forgetChatQuota(gameId: string, playerId: string): Promise<void> {
    this.state.games.get(gameId)?.chatQuotas.delete(playerId);
  }

  /** Their seat keeps its place and ratings (the others' results rest on them), and is skipped when the plan is applied. */
  async forgetInPlan(gameId: string, playerId: string): Promise<void> {
    const plan = this.state.games.get(gameId)?.plan;
    if (!plan) return;
    plan.seats = plan.seats.map((seat) => (seat.playerId === playerId ? { ...seat, playerId: '', name: '' } : seat));
  }
}
