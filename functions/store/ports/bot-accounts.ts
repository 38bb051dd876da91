/** A bot account in the directory: the player and when the account became one. */
export interface BotAccountEntry {
  playerId: string;
  since: string;
}

/** Where a page of the directory ended: the `since` and id of its last entry. */
export type BotAccountKey = readonly [since: string, playerId: string];

export interface BotAccountPage {
  items: BotAccountEntry[];
  next: BotAccountKey | null;
}

/** The first `limit` of up to `limit + 1` entries read, and the key to go on from when there were more. */
export function botAccountPage(entries: readonly BotAccountEntry[], limit: number): BotAccountPage {
  const items = entries.slice(0, limit);
  const last = items.at(-1);
  return { items, next: entries.length > limit && last ? [last.since, last.playerId] : null };
}

/** Bot accounts: the mark on the profile, for good, and the directory of them (docs/accounts.md "Bot accounts"). */
export interface BotAccountStore {
  /**
   * Marks the player a bot account at `at` and lists them in the directory: true when this call
   * marked them, false when they were one already (their entry is written again, so a retry
   * mends a directory write lost after the mark). WriteConflict for no player or one being deleted.
   */
  markBotAccount(playerId: string, at: string): Promise<boolean>;
  /** The directory, newest bot accounts first, at most `limit` after `after`. */
  listBotAccounts(limit: number, after: BotAccountKey | null): Promise<BotAccountPage>;
  /**
   * Takes the player's entry out of the directory, for an account being deleted: when they became
   * a bot account is read from their profile, tombstoned or not. A player who is none is fine.
   */
  unlistBotAccount(playerId: string): Promise<void>;
}
