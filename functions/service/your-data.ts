import type { AccountTable } from '../store/account-table.js';
import type { ChatTable } from '../store/chat-table.js';
import type { GameTable } from '../store/game-table.js';
import type { ChatRecord, CredentialRecord, GameStatus, MembershipRecord, PlayerRecord, PushRecord, SeatRecord, WebhookRecord } from '../store/records.js';
import type { Games } from './games.js';
import type { Players } from './players.js';
import type { Results } from './results.js';
import type { Lobby } from './lobby.js';

/** Chat messages read per game for an export or a deletion: far above the per-player cap of any game. */
const CHAT_READ = 100_000;

export interface StoredAboutPlayer {
  player: PlayerRecord;
  credentials: CredentialRecord[];
  webhooks: WebhookRecord[];
  pushSubscriptions: PushRecord[];
  games: (MembershipRecord & { status: GameStatus; seats: SeatRecord[] })[];
  chat: ChatRecord[];
}

/** A player's own data: all of it to take away, or all of it gone. */
export class YourData {
  constructor(
    private readonly table: GameTable,
    private readonly accounts: AccountTable,
    private readonly chats: ChatTable,
    private readonly games: Games,
    private readonly players: Players,
    private readonly results: Results,
    /** Withdraws a waiting seek, so that nobody is matched with a deleted account. */
    private readonly lobby: Lobby | null = null,
  ) {}

  /** Everything stored about the player; the API leaves out the secrets (hashes, webhook secrets, push keys). */
  async export(player: PlayerRecord): Promise<StoredAboutPlayer> {
    const [credentials, webhooks, pushSubscriptions, memberships] = await Promise.all([
      this.accounts.listCredentials(player.id),
      this.table.listWebhooks(player.id),
      this.table.listPushSubscriptions(player.id),
      this.table.listMemberships(player.id),
    ]);
    const summaries = await this.table.readSummaries(memberships.map((m) => m.gameId));
    const games = memberships.flatMap((m) => {
      const found = summaries.get(m.gameId);
      if (!found) return [];
      const status = found.latest?.status === 'finished' ? 'finished' : found.meta.status;
      return [{ ...m, status, seats: found.meta.seats }];
    });
    return { player, credentials, webhooks, pushSubscriptions, games, chat: await this.chatOf(player.id, memberships) };
  }

  /**
   * Deletes the account: every game lets the seat go (Games.leave), the player's chat messages
   * go, their name leaves leaderboards and finished games' records (Results.forget), then the player's partition, profile first, so that no credential works from then on.
   */
  async delete(player: PlayerRecord): Promise<void> {
    // First: a seek matched meanwhile has made its game, which the memberships below then include.
    await this.lobby?.withdraw(player);
    const memberships = await this.table.listMemberships(player.id);
    for (const m of memberships) await this.games.leave(player.id, m.gameId);
    for (const message of await this.chatOf(player.id, memberships)) await this.chats.remove(message.gameId, message.id);
    await this.results.forget(player.id);
    if (player.email) await this.accounts.releaseEmail(player.email, player.id);
    await this.accounts.deletePlayer(player.id);
    this.players.forget(player.id);
  }

  private async chatOf(playerId: string, memberships: readonly MembershipRecord[]): Promise<ChatRecord[]> {
    const out: ChatRecord[] = [];
    for (const m of memberships) out.push(...(await this.chats.list(m.gameId, undefined, CHAT_READ)).filter((c) => c.playerId === playerId));
    return out;
  }
}
