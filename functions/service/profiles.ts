/**
 * What anyone signed in may read about players and finished public games (docs/playing.md, "Profiles and
 * search"): names, ratings, leaderboards and results, never tokens, addresses or settings.
 */
import type { GameRegistry } from '../../engine/core/index.js';
import type { FinishedKey, FinishedPage } from '../store/ports/finished.js';
import type { FinishedStore } from '../store/ports/finished.js';
import type { PlayerStore } from '../store/ports/players.js';
import type { RatingStore } from '../store/ports/ratings.js';
import type { BoardEntry, RatingEntry } from '../domain/ratings.js';
import { Leaderboard } from './leaderboard.js';
import { ok, problems, refused, type Result } from './refusal.js';

export interface RatingSummary {
  /** The rating kind: the catalog game. */
  game: string;
  rating: number;
  rd: number;
  /** Rated games played. */
  games: number;
  /** What the last rated game changed. */
  lastChange: number;
  lastPlayedAt: string;
}

export interface Profile {
  id: string;
  name: string;
  botAccount?: true;
  ratings: RatingSummary[];
}

export interface LeaderboardRow {
  place: number;
  playerId: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
}

export class Profiles {
  constructor(
    private readonly table: PlayerStore,
    private readonly ratings: RatingStore,
    private readonly finished: FinishedStore,
    private readonly registry: GameRegistry,
  ) {}

  async profile(playerId: string): Promise<Result<Profile>> {
    const player = await this.table.getPlayer(playerId);
    if (!player) return refused(problems.notFound('Player'));
    const ratings = [...(await this.ratings.ratingsOf(playerId)).entries()]
      .map(([game, e]) => summaryOf(game, e))
      .sort((a, b) => a.game.localeCompare(b.game));
    return ok({ id: player.id, name: player.name, ...(player.botAccountSince ? { botAccount: true } : {}), ratings });
  }

  async playedBy(playerId: string, limit: number, after: FinishedKey | null): Promise<Result<FinishedPage>> {
    if (!(await this.table.getPlayer(playerId))) return refused(problems.notFound('Player'));
    return ok(await this.finished.playedBy(playerId, limit, after));
  }

  async leaderboard(game: string, limit: number): Promise<Result<LeaderboardRow[]>> {
    if (!this.registry.facts(game)) return refused(problems.notFound('Game'));
    const entries = await new Leaderboard(this.ratings).top(game, limit);
    const rows = entries.map((e: BoardEntry, i) => ({
      place: i + 1,
      playerId: e.playerId,
      name: e.name,
      rating: e.rating,
      rd: e.rd,
      games: e.version,
    }));
    return ok(rows);
  }

  async search(
    game: string | null,
    player: string | null,
    limit: number,
    after: FinishedKey | null,
  ): Promise<Result<FinishedPage>> {
    if (game !== null && !this.registry.facts(game))
      return refused(problems.badRequest('unknown_game', `There is no game "${game}"; see GET /v1/catalog`));
    return ok(await this.finished.search(game, player, limit, after));
  }
}

export function summaryOf(game: string, e: RatingEntry): RatingSummary {
  return {
    game,
    rating: e.rating,
    rd: e.rd,
    games: e.version,
    lastChange: e.rating - e.before.rating,
    lastPlayedAt: e.at,
  };
}
