/**
 * What a finished game leaves behind (docs/playing.md, "Ratings" and "Profiles and search"): a public game
 * goes into the search index and its players' histories; a game that counts (rating-rules.ts) changes
 * its people's ratings, exactly once, however many times and from however many places this runs for it.
 */
import type { GameRegistry, Outcome } from '../../engine/core/index.js';
import type { FinishedPage } from '../store/ports/finished.js';
import type { FinishedStore } from '../store/ports/finished.js';
import type { GameLog } from '../store/ports/game-log.js';
import { WriteConflict } from '../store/ports/errors.js';
import type { RatingStore } from '../store/ports/ratings.js';
import type { FinishedGameRecord, PlannedSeat, RatingEntry, RatingPlan } from '../domain/ratings.js';
import { botAccountMarkOf, type CommitRecord, type GameMeta, type GameRecord } from '../domain/game.js';
import { outcomeWithForfeits } from './forfeit.js';
import { Leaderboard } from './leaderboard.js';
import { counts } from './rating-rules.js';

/** Glicko-2 loads with the first finished game to rate: a move never needs it. */
const glicko2Ratings = () => import('./rating.js');

/** Finished games read per page while forgetting a deleted account. */
const FORGET_PAGE = 50;
/** Each write here has a winner per round; this many rounds are far past any real contention. */
const MAX_ATTEMPTS = 30;

/** The rating kind of a game: one per catalog game (both Ticket to Ride maps rate apart; docs/playing.md says why). */
export const ratingKindOf = (game: string): string => game;

export class Results {
  constructor(
    private readonly games: GameLog,
    private readonly ratings: RatingStore,
    private readonly finished: FinishedStore,
    private readonly registry: GameRegistry,
  ) {
    this.board = new Leaderboard(ratings);
  }

  private readonly board: Leaderboard;

  /**
   * Records a finished game; anything else (running, aborted, unknown) is left alone. Safe to repeat
   * and to race. `known` is the game as the caller has read it already (or as its request left it).
   */
  async record(gameId: string, known?: GameRecord | null): Promise<void> {
    const found = known === undefined ? await this.games.readGame(gameId) : known;
    const latest = found?.latest;
    if (!found || latest?.status !== 'finished') return;
    const def = await this.registry.get(found.meta.game);
    const outcome = def && outcomeWithForfeits(def.outcome(latest.state), found.meta.players, latest.forfeited);
    if (!outcome) return;
    const rated = await counts(this.ratings, ratingKindOf(found.meta.game), found.meta, latest);
    if (found.meta.visibility === 'public') await this.finished.put(finishedRecord(found.meta, latest, outcome, rated));
    if (rated) await this.rate(found.meta, outcome, latest.at);
  }

  private async rate(meta: GameMeta, outcome: Outcome, finishedAt: string): Promise<void> {
    const plan = await this.planOf(meta, outcome, finishedAt);
    if (plan.done) return;
    // A seat without an id is a deleted account's (AccountDeletionTable.forgetInPlan): nothing of it is rated.
    for (const seat of plan.seats.filter((s) => s.playerId !== '')) {
      const entry = await this.apply(plan, seat);
      await this.ratings.noteLatest(seat.playerId, plan.kind, entry);
      const { playerId, name, botAccount } = seat;
      const row = { playerId, name, ...(botAccount ? { botAccount } : {}), version: entry.version, ...valueOf(entry) };
      await this.board.put(plan.kind, row);
    }
    await this.ratings.markPlanDone(meta.id);
  }

  /** The game's plan: the one written already, or this one if it is the first. */
  private async planOf(meta: GameMeta, outcome: Outcome, finishedAt: string): Promise<RatingPlan> {
    const existing = await this.ratings.getPlan(meta.id);
    if (existing) return existing;
    const kind = ratingKindOf(meta.game);
    const { INITIAL_RATING } = await glicko2Ratings();
    const seats: PlannedSeat[] = [];
    for (const [seat, s] of meta.seats.entries()) {
      const latest = await this.ratings.latestRating(s.playerId!, kind);
      seats.push({
        playerId: s.playerId!,
        name: s.name ?? '',
        ...botAccountMarkOf(s),
        place: outcome.ranking[seat]!,
        before: latest ? valueOf(latest) : INITIAL_RATING,
        base: latest?.version ?? 0,
      });
    }
    const plan: RatingPlan = { gameId: meta.id, kind, seats, finishedAt, done: false };
    try {
      await this.ratings.putPlan(plan);
      return plan;
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      return (await this.ratings.getPlan(meta.id))!;
    }
  }

  /**
   * The seat's entry for this game, written unless it is there: the player's log since the plan
   * is read in one go, so finding no entry of this game and writing the next version are never
   * apart (a racing writer of the same version makes this one read again, and find it).
   * The others' ratings are the plan's; the player's own is their newest (another game of theirs
   * may have been rated since the plan).
   */
  private async apply(plan: RatingPlan, seat: PlannedSeat): Promise<RatingEntry> {
    const { INITIAL_RATING, ratedAfter } = await glicko2Ratings();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const since = await this.ratings.ratingsFrom(seat.playerId, plan.kind, Math.max(seat.base, 1));
      const done = since.find((e) => e.gameId === plan.gameId);
      if (done) return done;
      const newest = since.at(-1);
      const mine = newest ? valueOf(newest) : INITIAL_RATING;
      const index = plan.seats.indexOf(seat);
      const after = ratedAfter(
        plan.seats.map((s, i) => (i === index ? mine : s.before)),
        plan.seats.map((s) => s.place),
      )[index]!;
      const entry: RatingEntry = {
        ...after,
        version: (newest?.version ?? 0) + 1,
        gameId: plan.gameId,
        before: mine,
        at: plan.finishedAt,
      };
      try {
        await this.ratings.putRating(seat.playerId, plan.kind, entry);
        return entry;
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
      }
    }
    throw new WriteConflict('too many concurrent rating updates');
  }

  /**
   * A deleted account's traces outside its own partition: its leaderboard rows, and its name and
   * id in the finished games it played (read from its list, before the partition goes).
   */
  async forget(playerId: string): Promise<void> {
    for (const kind of (await this.ratings.ratingsOf(playerId)).keys()) await this.board.drop(kind, playerId);
    for (let after: FinishedPage['next'] = null, first = true; first || after; first = false) {
      const page = await this.finished.playedBy(playerId, FORGET_PAGE, after);
      for (const g of page.items) {
        const seats = g.seats.map((seat) =>
          seat.playerId === playerId ? { ...seat, name: null, playerId: null } : seat,
        );
        await this.finished.put({ ...g, seats });
      }
      after = page.next;
    }
  }
}

function valueOf(r: { rating: number; rd: number; vol: number }) {
  return { rating: r.rating, rd: r.rd, vol: r.vol };
}

function finishedRecord(meta: GameMeta, latest: CommitRecord, outcome: Outcome, rated: boolean): FinishedGameRecord {
  return {
    gameId: meta.id,
    game: meta.game,
    finishedAt: latest.at,
    rated,
    seats: meta.seats.map((s, seat) => ({
      seat,
      name: s.name,
      playerId: s.bot ? null : s.playerId,
      bot: s.bot,
      ...botAccountMarkOf(s),
      place: outcome.ranking[seat]!,
      score: outcome.scores[seat] ?? 0,
      forfeited: latest.forfeited.includes(seat),
    })),
  };
}
