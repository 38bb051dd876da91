import { type CodeRecord, type CredentialRecord, SCOPES } from '../../domain/player.js';
import type { AccountStore, CodeSlot } from '../ports/accounts.js';
import { WriteConflict } from '../ports/errors.js';
import { MemoryProfileSet } from './profile-set.js';
import { byKey, copy, type MemoryState } from './state.js';

/** Sign-in and credentials in memory, with the conditions of functions/store/account-table.ts (no TTL: nothing expires). */
export class MemoryAccounts implements AccountStore {
  private readonly tokenIds: MemoryProfileSet;

  constructor(private readonly state: MemoryState) {
    this.tokenIds = new MemoryProfileSet(state, 'tokenIds');
  }

  async putCredential(c: CredentialRecord): Promise<void> {
    const { credentials } = this.state.player(c.playerId);
    if (credentials.has(c.id)) throw new WriteConflict('credential exists');
    credentials.set(c.id, {
      playerId: c.playerId,
      id: c.id,
      kind: c.kind === 'session' ? 'session' : 'token',
      name: c.name,
      scopes: SCOPES.filter((scope) => c.scopes.includes(scope)),
      hash: c.hash,
      createdAt: c.createdAt,
      lastUsedAt: c.lastUsedAt,
      expiresAt: c.expiresAt || null,
    });
  }

  async getCredential(playerId: string, id: string): Promise<CredentialRecord | null> {
    return copy(this.state.players.get(playerId)?.credentials.get(id) ?? null);
  }

  async listCredentials(playerId: string): Promise<CredentialRecord[]> {
    const partition = this.state.players.get(playerId);
    return partition ? byKey(partition.credentials).map(copy) : [];
  }

  async deleteCredential(playerId: string, id: string): Promise<boolean> {
    return this.state.players.get(playerId)?.credentials.delete(id) ?? false;
  }

  async touchCredential(playerId: string, id: string, lastUsedAt: string, expiresAt: string | null): Promise<void> {
    const credential = this.state.players.get(playerId)?.credentials.get(id);
    if (!credential) return;
    credential.lastUsedAt = lastUsedAt;
    if (expiresAt) credential.expiresAt = expiresAt;
  }

  async countToken(playerId: string, id: string, cap: number): Promise<boolean> {
    return this.tokenIds.add(playerId, id, cap);
  }

  async countedTokens(playerId: string): Promise<string[]> {
    return this.tokenIds.list(playerId);
  }

  async uncountTokens(playerId: string, ids: readonly string[]): Promise<void> {
    this.tokenIds.remove(playerId, ids);
  }

  async putCode(slot: CodeSlot, code: CodeRecord): Promise<void> {
    this.setCode(slot, {
      codeHash: code.codeHash,
      expiresAt: code.expiresAt,
      attempts: code.attempts,
      ...(code.playerId ? { playerId: code.playerId } : {}),
      ...(code.address ? { address: code.address } : {}),
    });
  }

  /** Counted before the code is compared: of a burst of attempts, only the first `maxAttempts` see the code. */
  async attemptCode(slot: CodeSlot, maxAttempts: number): Promise<CodeRecord | null> {
    const code = this.code(slot);
    if (!code || code.attempts >= maxAttempts) return null;
    code.attempts++;
    return copy(code);
  }

  async takeCode(slot: CodeSlot, codeHash: string): Promise<boolean> {
    if (this.code(slot)?.codeHash !== codeHash) return false;
    this.setCode(slot, undefined);
    return true;
  }

  async deleteCode(slot: CodeSlot): Promise<void> {
    this.setCode(slot, undefined);
  }

  async emailOwner(address: string): Promise<string | null> {
    return this.state.address(address).owner ?? null;
  }

  async claimEmail(address: string, playerId: string): Promise<boolean> {
    const partition = this.state.address(address);
    if (partition.owner !== undefined && partition.owner !== playerId) return false;
    partition.owner = playerId;
    return true;
  }

  async releaseEmail(address: string, playerId: string): Promise<void> {
    const partition = this.state.address(address);
    if (partition.owner === playerId) delete partition.owner;
  }

  /** Everything under the player goes: profile, credentials, memberships, channels, codes, ratings, seek, digests. */
  async deletePlayer(playerId: string): Promise<void> {
    this.state.players.delete(playerId);
  }

  private code(slot: CodeSlot): CodeRecord | undefined {
    return 'signIn' in slot
      ? this.state.address(slot.signIn).signIn
      : this.state.players.get(slot.emailChange)?.emailChange;
  }

  private setCode(slot: CodeSlot, code: CodeRecord | undefined): void {
    if ('signIn' in slot) {
      const partition = this.state.address(slot.signIn);
      if (code) partition.signIn = code;
      else delete partition.signIn;
    } else if (code) this.state.player(slot.emailChange).emailChange = code;
    else delete this.state.players.get(slot.emailChange)?.emailChange;
  }
}
