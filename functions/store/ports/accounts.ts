import type { CodeRecord, CredentialRecord } from '../../domain/player.js';

/** Where a one-time code lives: under an address (sign-in) or under a player (a new address to confirm). */
export type CodeSlot = { signIn: string } | { emailChange: string };

/** Sign-in and credentials: sessions and tokens, the token cap, one-time codes, and who owns an address. */
export interface AccountStore {
  /** WriteConflict if the id exists. */
  putCredential(c: CredentialRecord): Promise<void>;
  getCredential(playerId: string, id: string): Promise<CredentialRecord | null>;
  listCredentials(playerId: string): Promise<CredentialRecord[]>;
  /** True if it existed (and is now gone). */
  deleteCredential(playerId: string, id: string): Promise<boolean>;
  /** Marks a credential used (a session's expiry slides with it); nothing if it was revoked meanwhile. */
  touchCredential(playerId: string, id: string, lastUsedAt: string, expiresAt: string | null): Promise<void>;
  /** Counts the token against the player's cap unless `cap` are counted already, or the player is gone (false then). */
  countToken(playerId: string, id: string, cap: number): Promise<boolean>;
  countedTokens(playerId: string): Promise<string[]>;
  /** Uncounting an id that is not counted is fine: the set only shrinks. */
  uncountTokens(playerId: string, ids: readonly string[]): Promise<void>;
  /** Replaces the slot's code: a new code makes the earlier one useless. */
  putCode(slot: CodeSlot, code: CodeRecord): Promise<void>;
  /** Counts an attempt at the slot's code and answers the code as counted; null when there is none or `maxAttempts` are counted already. */
  attemptCode(slot: CodeSlot, maxAttempts: number): Promise<CodeRecord | null>;
  /** Deletes the code if it is still `codeHash`: of two racing uses of one code, exactly one gets true. */
  takeCode(slot: CodeSlot, codeHash: string): Promise<boolean>;
  deleteCode(slot: CodeSlot): Promise<void>;
  emailOwner(address: string): Promise<string | null>;
  /** Claims the address (any case) for the player; false when another account holds it. */
  claimEmail(address: string, playerId: string): Promise<boolean>;
  /** Lets the address go, if the player holds it. */
  releaseEmail(address: string, playerId: string): Promise<void>;
  /** Deletes everything kept under the player: profile, credentials, memberships, channels, codes. */
  deletePlayer(playerId: string): Promise<void>;
}
