import { randomInt } from 'node:crypto';
import type { AccountStore } from '../store/ports/accounts.js';
import type { CodeSlot } from '../store/ports/accounts.js';
import { ok, problems, refused, type Result } from './refusal.js';
import { equalHashes, sha256Hex } from './secrets.js';

/** How long a code sent by email works. */
export const CODE_MINUTES = 15;
/** Attempts a code is compared with: after this many wrong ones it is dead, and a new code must be asked for. */
export const MAX_CODE_FAILURES = 5;

/** Six digits: easy to type from a phone, and five guesses in a million before the code dies. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A code is hashed with its slot, so that one stored hash says nothing of another slot's code. */
const codeHash = (slotName: string, code: string) => sha256Hex(`${slotName}\n${code}`);

const slotName = (slot: CodeSlot) =>
  'signIn' in slot ? `sign-in ${slot.signIn.trim().toLowerCase()}` : `email ${slot.emailChange}`;

/** A wrong, expired, used or used-up code: all the same to the caller. */
export const invalidCode = () =>
  problems.badRequest('invalid_code', 'The code is wrong, used or expired; ask for a new one');

/**
 * One-time codes sent by email: stored as hashes, valid for CODE_MINUTES, used once, dead after
 * MAX_CODE_FAILURES wrong attempts.
 */
export class OneTimeCodes {
  constructor(
    private readonly accounts: AccountStore,
    private readonly now: () => Date,
  ) {}

  /** A new code for the slot (replacing any earlier one) and when it expires. */
  async issue(
    slot: CodeSlot,
    about: { playerId?: string; address?: string },
  ): Promise<{ code: string; expiresAt: string }> {
    const code = newCode();
    const expiresAt = new Date(this.now().getTime() + CODE_MINUTES * 60_000).toISOString();
    await this.accounts.putCode(slot, { codeHash: codeHash(slotName(slot), code), expiresAt, attempts: 0, ...about });
    return { code, expiresAt };
  }

  /**
   * Uses the slot's code: what it was issued about, once. Every attempt is counted before the
   * code is compared, so racing guesses cannot all be compared with it; a wrong, expired, used,
   * absent or used-up code is the same 400 invalid_code.
   */
  async redeem(slot: CodeSlot, code: string): Promise<Result<{ playerId?: string; address?: string }>> {
    const stored = await this.accounts.attemptCode(slot, MAX_CODE_FAILURES);
    if (!stored || Date.parse(stored.expiresAt) <= this.now().getTime()) return refused(invalidCode());
    if (!equalHashes(codeHash(slotName(slot), code), stored.codeHash)) return refused(invalidCode());
    // Of two racing uses of one code, one deletes it; the other is refused.
    if (!(await this.accounts.takeCode(slot, stored.codeHash))) return refused(invalidCode());
    const { playerId, address } = stored;
    return ok({ ...(playerId ? { playerId } : {}), ...(address ? { address } : {}) });
  }

  async cancel(slot: CodeSlot): Promise<void> {
    await this.accounts.deleteCode(slot);
  }
}
