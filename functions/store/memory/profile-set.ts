import type { MemoryState, Profile } from './state.js';

type SetName = 'openGames' | 'tokenIds';

/** A capped set of ids on a player's profile, as functions/store/profile-set.ts keeps it. */
export class MemoryProfileSet {
  constructor(
    private readonly state: MemoryState,
    private readonly name: SetName,
  ) {}

  /** Adds the id unless `cap` are there already, or the player is gone or being deleted (false then). */
  add(playerId: string, id: string, cap: number): boolean {
    const profile = this.state.profile(playerId);
    if (!profile || profile.deletedAt !== undefined || profile[this.name].size >= cap) return false;
    profile[this.name].add(id);
    return true;
  }

  list(playerId: string): string[] {
    return [...(this.set(playerId) ?? [])];
  }

  /** Removing an id that is not there is fine, and so is a player that is gone. */
  remove(playerId: string, ids: readonly string[]): void {
    const set = this.set(playerId);
    for (const id of ids) set?.delete(id);
  }

  private set(playerId: string): Profile[SetName] | undefined {
    return this.state.profile(playerId)?.[this.name];
  }
}
