import type { Language } from '../../../engine/core/languages.js';
import type { MembershipRecord } from '../../domain/game.js';
import type { NotificationChoices } from '../../domain/notifications.js';
import type { NewPlayerRecord, PlayerRecord } from '../../domain/player.js';
import type { BotAccountStore } from './bot-accounts.js';

/** What `updatePlayer` may change; null removes an attribute. */
export interface PlayerChanges {
  name?: string;
  email?: string | null;
  pendingEmail?: string | null;
  tokenHash?: string;
  language?: Language;
  notifications?: NotificationChoices;
}

/** A player's profile, their capped set of open games, the games they joined, and whether they are a bot account. */
export interface PlayerStore extends BotAccountStore {
  /** Creates the player (WriteConflict if the id exists); absent choices leave the defaults. */
  putPlayer(p: NewPlayerRecord): Promise<void>;
  /** Null for no player, and for one whose deletion has begun. */
  getPlayer(id: string): Promise<PlayerRecord | null>;
  /**
   * Changes a player (WriteConflict if there is none). `notifications` is merged into the stored
   * choices (kinds not named keep theirs); concurrent changes of different kinds all survive.
   */
  updatePlayer(id: string, changes: PlayerChanges): Promise<void>;
  /** Adds one to the player's credential version and answers the new one (WriteConflict if there is no player). */
  bumpCredentialVersion(id: string): Promise<number>;
  /** Adds the game to the player's open games unless `cap` are there already, or the player is gone (false then). */
  addOpenGame(playerId: string, gameId: string, cap: number): Promise<boolean>;
  listOpenGames(playerId: string): Promise<string[]>;
  /** Removing an id that is not there is fine: the set only shrinks. */
  removeOpenGames(playerId: string, gameIds: readonly string[]): Promise<void>;
  /** Records that the player joined a game; WriteConflict if they had. */
  putMembership(m: MembershipRecord): Promise<void>;
  listMemberships(playerId: string): Promise<MembershipRecord[]>;
}
