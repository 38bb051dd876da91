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
import { problems } from './refusal.js';

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

  async profile(playerId: string): Promise<Profile> {
    const player = await this.table.getPlayer(playerId);
    if (!player) throw problems.notFound('Player');
    const ratings = [...(await this.ratings.ratingsOf(playerId)).entries()]
      .map(([game, e]) => summaryOf(game, e))
      .sort((a, b) => a.game.localeCompare(b.game));
    return { id: player.id, name: player.name, ratings };
  }

  async playedBy(playerId: string, limit: number, after: FinishedKey | null): Promise<FinishedPage> {
    if (!(await this.table.getPlayer(playerId))) throw problems.notFound('Player');
    return this.finished.playedBy(playerId, limit, after);
  }

  async leaderboard(game: string, limit: number): Promise<LeaderboardRow[]> {
    if (!this.registry.facts(game)) throw problems.notFound('Game');
    const { entries } = await this.ratings.getBoard(game);
    return entries.slice(0, limit).map((e: BoardEntry, i) => ({
      place: i + 1,
      playerId: e.playerId,
      name: e.name,
      rating: e.rating,
      rd: e.rd,
      games: e.version,
    }));
  }

  async search(
    game: string | null,
    player: string | null,
    limit: number,
    after: FinishedKey | null,
  ): Promise<FinishedPage> {
    if (game !== null && !this.registry.facts(game))
      throw problems.badRequest('unknown_game', `There is no game "${game}"; see GET /v1/catalog`);
    return this.finished.search(game, player, limit, after);
  }
}

function summaryOf(game: string, e: RatingEntry): RatingSummary {
  return {
    game,
    rating: e.rating,
    rd: e.rd,
    games: e.version,
    lastChange: e.rating - e.before.rating,
    lastPlayedAt: e.at,
  };
}
