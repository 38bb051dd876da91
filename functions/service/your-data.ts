import type { AccountStore } from '../store/ports/accounts.js';
import type { ChatStore } from '../store/ports/chats.js';
import type { GameTable } from '../store/ports/stores.js';
import type { ChatRecord, GameStatus, MembershipRecord, SeatRecord } from '../domain/game.js';
import type { EndedCredentials } from './streams.js';
import type { CredentialRecord, PlayerRecord, PushRecord, WebhookRecord } from '../domain/player.js';
import type { Seating } from './seating.js';
import type { Players } from './players.js';
import type { Results } from './results.js';
import type { Lobby } from './lobby.js';
import type { AccountDeletionStore } from '../store/ports/account-deletion.js';
import type { AccountWrites } from './account-writes.js';
import { ok, type Result } from './refusal.js';

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

/** What YourData works with. */
export interface YourDataDeps {
  table: GameTable;
  accounts: AccountStore;
  chats: ChatStore;
  erasure: AccountDeletionStore;
  writes: AccountWrites;
  seating: Seating;
  players: Players;
  results: Results;
  /** Withdraws a waiting seek, so that nobody is matched with a deleted account. */
  lobby: Lobby | null;
  now: () => Date;
  /** Told that every credential of the account has ended, so that its sockets close. */
  onEnded?: (playerId: string, ended: EndedCredentials) => Promise<void> | void;
}

/** A player's own data: all of it to take away, or all of it gone. */
export class YourData {
  constructor(private readonly d: YourDataDeps) {}

  /** Everything stored about the player; the API leaves out the secrets (hashes, webhook secrets, push keys). */
  async export(player: PlayerRecord): Promise<StoredAboutPlayer> {
    const [credentials, webhooks, pushSubscriptions, memberships] = await Promise.all([
      this.d.accounts.listCredentials(player.id),
      this.d.table.webhooks.list(player.id),
      this.d.table.pushSubscriptions.list(player.id),
      this.d.table.listMemberships(player.id),
    ]);
    const summaries = await this.d.table.readSummaries(memberships.map((m) => m.gameId));
    const games = memberships.flatMap((m) => {
      const found = summaries.get(m.gameId);
      if (!found) return [];
      const status = found.latest?.status === 'finished' ? 'finished' : found.meta.status;
      return [{ ...m, status, seats: found.meta.seats }];
    });
    return { player, credentials, webhooks, pushSubscriptions, games, chat: await this.chatOf(player.id, memberships) };
  }

  /**
   * Deletes the account (docs/accounts.md, "Your data"). First every credential dies and every write of
   * the account is refused (AccountWrites.stop), so that what is collected next is all there
   * is: the open games it made close, every other game lets the seat go (Seating.leave), its chat
   * messages and their counts go, the rating plans forget it, its name leaves leaderboards and
   * finished games' records (Results.forget), a bot account leaves the directory, then the player's partition.
   */
  async delete(player: PlayerRecord): Promise<Result<void>> {
    if (!(await this.d.writes.stop(player.id, this.d.now()))) return ok(undefined);
    this.d.players.forget(player.id);
    await this.d.onEnded?.(player.id, { all: true });
    // Then: a seek matched meanwhile has made its game, which the memberships below then include.
    const withdrawn = await this.d.lobby?.withdraw(player);
    if (withdrawn?.ok === false) return withdrawn;
    const memberships = await this.d.table.listMemberships(player.id);
    const metas = await this.d.table.getMetas(memberships.map((m) => m.gameId));
    for (const m of memberships) {
      const meta = metas.get(m.gameId);
      if (meta?.status === 'open' && meta.createdBy === player.id) await this.d.seating.expireOpen(m.gameId);
      await this.d.seating.leave(player.id, m.gameId);
      await this.d.erasure.forgetChatQuota(m.gameId, player.id);
      await this.d.erasure.forgetInPlan(m.gameId, player.id);
    }
    for (const message of await this.chatOf(player.id, memberships))
      await this.d.chats.remove(message.gameId, message.id);
    await this.d.results.forget(player.id);
    await this.d.table.unlistBotAccount(player.id);
    if (player.email) await this.d.accounts.releaseEmail(player.email, player.id);
    await this.d.accounts.deletePlayer(player.id);
    return ok(undefined);
  }

  private async chatOf(playerId: string, memberships: readonly MembershipRecord[]): Promise<ChatRecord[]> {
    const out: ChatRecord[] = [];
    for (const m of memberships)
      out.push(...(await this.d.chats.list(m.gameId, undefined, CHAT_READ)).filter((c) => c.playerId === playerId));
    return out;
  }
}
