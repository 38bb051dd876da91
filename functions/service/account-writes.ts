import type { AccountDeletionStore } from '../store/ports/account-deletion.js';

/**
 * How long a taken write permit counts. A request that writes ends long before this; a permit
 * its request never gave back (an instance that died) stops holding a deletion up after it.
 */
export const PERMIT_MS = 10_000;
/** How often a deletion looks again whether the writes under way have ended. */
const DRAIN_POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An account's writes against its deletion (store/account-deletion.ts says how): a write takes a
 * permit first, a deletion refuses every permit from its start, then waits for the ones held.
 * The permits are stored, not in memory, so they hold across instances, also for a token that
 * an instance's cache (TOKEN_TRUST_MS) still trusts.
 */
export class AccountWrites {
  constructor(private readonly store: AccountDeletionStore) {}

  /** False when the account is gone or its deletion has begun: the write must not happen. */
  take(playerId: string): Promise<boolean> {
    return this.store.takePermit(playerId, Date.now());
  }

  give(playerId: string): Promise<void> {
    return this.store.returnPermit(playerId);
  }

  /**
   * Refuses every further write of the account, then returns once each write that took its
   * permit before has ended (or its permit has run out). False when there is no such account.
   */
  async stop(playerId: string, now: Date): Promise<boolean> {
    if (!(await this.store.setTombstone(playerId, now.toISOString()))) return false;
    for (;;) {
      const held = await this.store.permitsHeld(playerId);
      if (held.count <= 0 || Date.now() - held.newestAt >= PERMIT_MS) return true;
      await sleep(DRAIN_POLL_MS);
    }
  }
}
