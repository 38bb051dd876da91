import { WriteConflict } from '../ports/errors.js';
import {
  botAccountPage,
  type BotAccountKey,
  type BotAccountPage,
  type BotAccountStore,
} from '../ports/bot-accounts.js';
import { keys } from '../keys.js';
import type { MemoryState } from './state.js';

/** Bot accounts in memory, with the conditions of functions/store/bot-account-table.ts. */
export class MemoryBotAccounts implements BotAccountStore {
  constructor(private readonly state: MemoryState) {}

  async markBotAccount(playerId: string, at: string): Promise<boolean> {
    const profile = this.state.profile(playerId);
    if (!profile || profile.deletedAt !== undefined) throw new WriteConflict('no such player');
    const marked = profile.record.botAccountSince === undefined;
    profile.record.botAccountSince ??= at;
    const since = profile.record.botAccountSince;
    this.state.botDirectory.set(keys.botEntry(since, playerId), { playerId, since });
    return marked;
  }

  async listBotAccounts(limit: number, after: BotAccountKey | null): Promise<BotAccountPage> {
    const upper = after ? keys.botEntry(after[0], after[1]) : undefined;
    const entries = [...this.state.botDirectory]
      .filter(([key]) => upper === undefined || key < upper)
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .slice(0, limit + 1)
      .map(([, entry]) => ({ ...entry }));
    return botAccountPage(entries, limit);
  }

  async unlistBotAccount(playerId: string): Promise<void> {
    const since = this.state.profile(playerId)?.record.botAccountSince;
    if (since !== undefined) this.state.botDirectory.delete(keys.botEntry(since, playerId));
  }
}
