/**
 * Bot accounts (docs/accounts.md "Bot accounts"): an account a program plays under, shown as a bot
 * everywhere, and the directory of them. Not the platform's bots (bots.ts), which play seats
 * of their own at a level and have no account.
 *
 * - RP-BOT-2: an account becomes a bot account only if it never had a rated game against a person:
 *   no rating of any kind (only games between people are rated, rating-rules.ts), and no
 *   finished game with a rating plan naming it (a game rated but not yet applied).
 * - RP-BOT-3: and only while it sits in no open or running game, so that each seat it holds from
 *   then on was taken as a bot account (the seat shows it) and no game of a person can turn rated after.
 * - RP-BOT-4: the upgrade is for good; asking again answers the bot account as it is.
 */
import type { GameTable } from '../store/ports/stores.js';
import { WriteConflict } from '../store/ports/errors.js';
import type { RatingStore } from '../store/ports/ratings.js';
import type { BotAccountKey } from '../store/ports/bot-accounts.js';
import type { PlayerRecord } from '../domain/player.js';
import type { Players } from './players.js';
import { summaryOf, type RatingSummary } from './profiles.js';
import { ok, problems, refused, type Result } from './refusal.js';

/** An entry of the directory as the API shows it. */
export interface BotAccountListing {
  id: string;
  name: string;
  /** When the account was made, and when it became a bot account. */
  createdAt: string;
  botAccountSince: string;
  ratings: RatingSummary[];
}

export interface BotAccountDirectoryPage {
  items: BotAccountListing[];
  next: BotAccountKey | null;
}

export class BotAccounts {
  constructor(
    private readonly table: GameTable,
    private readonly ratings: RatingStore,
    private readonly players: Players,
    private readonly now: () => Date,
  ) {}

  /** Makes the player a bot account (RP-BOT-2, RP-BOT-3, RP-BOT-4): the profile as it is now. */
  async upgrade(player: PlayerRecord): Promise<Result<PlayerRecord>> {
    if (player.botAccountSince) return ok(player);
    const refusal = await this.refusalFor(player.id);
    if (refusal) return refused(refusal);
    try {
      await this.table.markBotAccount(player.id, this.now().toISOString());
    } catch (err) {
      if (err instanceof WriteConflict) return refused(problems.notFound('Player'));
      throw err;
    }
    return this.players.reload(player.id);
  }

  private async refusalFor(playerId: string) {
    const humanGames = () =>
      problems.conflict(
        'bot_account_has_human_games',
        'This account has played a rated game against a person; only a fresh account becomes a bot account',
      );
    if ((await this.ratings.ratingsOf(playerId)).size > 0) return humanGames();
    const memberships = await this.table.listMemberships(playerId);
    const games = await this.table.readSummaries(memberships.map((m) => m.gameId));
    for (const { meta, latest } of games.values()) {
      const status = latest && latest.status !== 'active' ? latest.status : meta.status;
      if (status === 'open' || status === 'active')
        return problems.conflict(
          'bot_account_in_game',
          `Finish or leave your open and running games first (game ${meta.id})`,
        );
      if (status === 'finished' && (await this.ratings.getPlan(meta.id))) return humanGames();
    }
    return null;
  }

  /** A page of the directory, newest bot accounts first, each with its ratings. */
  async directory(limit: number, after: BotAccountKey | null): Promise<BotAccountDirectoryPage> {
    const page = await this.table.listBotAccounts(limit, after);
    const ids = page.items.map((e) => e.playerId);
    const [players, ratings] = await Promise.all([
      Promise.all(ids.map((id) => this.table.getPlayer(id))),
      this.ratings.ratingsOfMany(ids),
    ]);
    // An entry whose account is being deleted is left out: its deletion takes it away next.
    const items = page.items.flatMap((entry, i) => {
      const player = players[i];
      if (!player) return [];
      const ofPlayer = [...(ratings.get(entry.playerId) ?? new Map()).entries()]
        .map(([game, e]) => summaryOf(game, e))
        .sort((a, b) => a.game.localeCompare(b.game));
      return [
        {
          id: player.id,
          name: player.name,
          createdAt: player.createdAt,
          botAccountSince: entry.since,
          ratings: ofPlayer,
        },
      ];
    });
    return { items, next: page.next };
  }
}
