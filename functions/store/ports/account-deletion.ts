/** The permits held on an account: how many, and when the newest was taken (ms since the epoch). */
export interface PermitsHeld {
  count: number;
  newestAt: number;
}

/** What deleting an account needs beyond deleting what is kept under the player (store/account-deletion.ts says why). */
export interface AccountDeletionStore {
  /** Takes a write permit; false when the account is gone or its deletion has begun. */
  takePermit(playerId: string, at: number): Promise<boolean>;
  /** Gives a permit back; nothing once the player is gone. */
  returnPermit(playerId: string): Promise<void>;
  /** Marks the account deleted: from now on no permit is given and the profile reads as absent. False when it is gone. */
  setTombstone(playerId: string, at: string): Promise<boolean>;
  permitsHeld(playerId: string): Promise<PermitsHeld>;
  /** Forgets the count of the player's chat messages in a game. */
  forgetChatQuota(gameId: string, playerId: string): Promise<void>;
  /** The game's rating plan without the player's id and name: their seat keeps its place and ratings. */
  forgetInPlan(gameId: string, playerId: string): Promise<void>;
}
