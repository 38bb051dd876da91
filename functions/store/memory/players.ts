import { isLanguage } from '../../../engine/core/languages.js';
import type { MembershipRecord } from '../../domain/game.js';
import { mergeNotificationChoices, resolveNotifications } from '../../domain/notifications.js';
import type { NewPlayerRecord, PlayerRecord } from '../../domain/player.js';
import { WriteConflict } from '../ports/errors.js';
import type { PlayerChanges, PlayerStore } from '../ports/players.js';
import { MemoryProfileSet } from './profile-set.js';
import { MemoryBotAccounts } from './bot-accounts.js';
import type { BotAccountKey, BotAccountPage } from '../ports/bot-accounts.js';
import { byKey, copy, type MemoryState } from './state.js';

/** Players in memory, with the conditions of functions/store/player-table.ts. */
export class MemoryPlayers implements PlayerStore {
  private readonly openGames: MemoryProfileSet;
  private readonly bots: MemoryBotAccounts;

  constructor(private readonly state: MemoryState) {
    this.openGames = new MemoryProfileSet(state, 'openGames');
    this.bots = new MemoryBotAccounts(state);
  }

  async putPlayer(p: NewPlayerRecord): Promise<void> {
    const partition = this.state.player(p.id);
    if (partition.profile) throw new WriteConflict('player exists');
    const { notifications, ...record } = copy(p);
    partition.profile = {
      record: {
        id: record.id,
        name: record.name,
        tokenHash: record.tokenHash,
        createdAt: record.createdAt,
        ...(record.email ? { email: record.email } : {}),
        ...(record.pendingEmail ? { pendingEmail: record.pendingEmail } : {}),
        ...(record.language ? { language: record.language } : {}),
      },
      ...(notifications ? { choices: mergeNotificationChoices(undefined, notifications) } : {}),
      openGames: new Set(),
      tokenIds: new Set(),
      writing: 0,
      writingSince: 0,
    };
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const profile = this.state.profile(id);
    // A profile whose deletion has begun is gone for every reader.
    if (!profile || profile.deletedAt !== undefined) return null;
    const { language, ...record } = copy(profile.record);
    return {
      ...record,
      ...(isLanguage(language) ? { language } : {}),
      notifications: resolveNotifications(copy(profile.choices), Boolean(record.email)),
      vacations: copy(profile.vacations ?? []),
    };
  }

  async updatePlayer(id: string, changes: PlayerChanges): Promise<void> {
    const profile = this.state.profile(id);
    const changed = Object.values(changes).some((value) => value !== undefined);
    if (!changed) return;
    if (!profile) throw new WriteConflict('no such player');
    const { record } = profile;
    if (changes.name !== undefined) record.name = changes.name;
    if (changes.language !== undefined) record.language = changes.language;
    if (changes.tokenHash !== undefined) record.tokenHash = changes.tokenHash;
    for (const attribute of ['email', 'pendingEmail'] as const) {
      const value = changes[attribute];
      if (value === null) delete record[attribute];
      else if (value !== undefined) record[attribute] = value;
    }
    if (changes.notifications) profile.choices = mergeNotificationChoices(profile.choices, copy(changes.notifications));
  }

  async bumpCredentialVersion(id: string): Promise<number> {
    const profile = this.state.profile(id);
    if (!profile) throw new WriteConflict('no such player');
    profile.record.credentialVersion = (profile.record.credentialVersion ?? 0) + 1;
    return profile.record.credentialVersion;
  }

  markBotAccount(playerId: string, at: string): Promise<boolean> {
    return this.bots.markBotAccount(playerId, at);
  }

  listBotAccounts(limit: number, after: BotAccountKey | null): Promise<BotAccountPage> {
    return this.bots.listBotAccounts(limit, after);
  }

  unlistBotAccount(playerId: string): Promise<void> {
    return this.bots.unlistBotAccount(playerId);
  }

  async addOpenGame(playerId: string, gameId: string, cap: number): Promise<boolean> {
    return this.openGames.add(playerId, gameId, cap);
  }

  async listOpenGames(playerId: string): Promise<string[]> {
    return this.openGames.list(playerId);
  }

  async removeOpenGames(playerId: string, gameIds: readonly string[]): Promise<void> {
    this.openGames.remove(playerId, gameIds);
  }

  async putMembership(m: MembershipRecord): Promise<void> {
    const { memberships } = this.state.player(m.playerId);
    if (memberships.has(m.gameId)) throw new WriteConflict('joined already');
    memberships.set(m.gameId, {
      playerId: m.playerId,
      gameId: m.gameId,
      game: m.game,
      seat: m.seat,
      joinedAt: m.joinedAt,
    });
  }

  async listMemberships(playerId: string): Promise<MembershipRecord[]> {
    const partition = this.state.players.get(playerId);
    return partition ? byKey(partition.memberships).map(copy) : [];
  }
}
