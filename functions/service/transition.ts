/**
 * The one rule for what the notifier is told of written commits: who was due before, who is due
 * after, whether the game started or finished. The request path (GameLog, onTransition) applies it
 * to each commit it writes, the table's stream (notify/stream.ts) to the commits of a batch; both
 * therefore tell the same thing of the same commits.
 */
import type { Seat } from '../../engine/core/index.js';
import type { CommitRecord, EventRecord, GameMeta, GameRecord } from '../domain/game.js';

/** What one request (or one stream batch) did to a game, for the notifier. */
export interface GameTransition {
  gameId: string;
  before: Seat[];
  after: Seat[];
  /** The commits opened the game (the start commit, key 0, is among them) and did not also end it. */
  started: boolean;
  finished: boolean;
  version: number;
  /** The events these commits appended (a person's move and the bot moves it set off). */
  records: EventRecord[];
  /** The game as it is now, so the notifier need not read it again. */
  game: GameRecord;
  /** Every commit of it is quiet (quietCommit): nobody is told anything. */
  quiet: boolean;
}

/** A reminder the sweeper claimed: the notifier tells the seat its time is running out. */
export interface ReminderNotice {
  gameId: string;
  seat: Seat;
  deadline: string;
}

/**
 * The transition of consecutive commits of `game`, in key order (null for none). The start
 * commit is the only sign of a start: a meta write (a join that fills the game, a rematch offer,
 * a leaver) tells nobody anything, the commit after it does.
 */
export function transitionOf(game: GameRecord, commits: readonly CommitRecord[]): GameTransition | null {
  const first = commits[0];
  const last = commits.at(-1);
  if (!first || !last) return null;
  const opened = first.key === 0;
  const finished = last.status === 'finished';
  return {
    gameId: game.meta.id,
    before: opened ? [] : first.before,
    after: last.toAct,
    started: opened && !finished,
    finished,
    version: last.version,
    records: commits.flatMap((c) => c.records),
    game,
    quiet: commits.every((c) => c.quiet === true),
  };
}

/**
 * RP-STREAM-6: a commit that tells nobody anything is quiet, and the notifier is not invoked for it
 * (its stream filter drops commits marked so; the request path posts nothing either). That is a
 * commit that neither starts nor ends the game (the end is also recorded: ratings, the search
 * index), of a game where no person holds a seat (every seat a bot, or its person's account gone),
 * and that no socket may be watching (`watchedUntil` on the meta, set when one subscribes, past).
 */
export function quietCommit(meta: GameMeta, commit: Pick<CommitRecord, 'key' | 'status'>, now: Date): boolean {
  if (commit.key === 0 || commit.status !== 'active') return false;
  if (meta.seats.some((s) => !s.bot && s.playerId !== null)) return false;
  return !meta.watchedUntil || Date.parse(meta.watchedUntil) <= now.getTime();
}
