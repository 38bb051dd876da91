/** A game as the platform keeps it: its meta, its commits (the log), memberships and table talk. */
import type { GameEvent, Seat } from '../../engine/core/index.js';
import type { BotLevel } from '../../engine/core/search/levels.js';

/**
 * A timed game's control as stored on the meta item; the API's TimeControlSchema (service) checks
 * input against this shape.
 */
export interface TimeControl {
  /** ISO 8601 durations, e.g. "P3D": exactly one of `perMove` and `bank`. */
  perMove?: string;
  bank?: { initial: string; increment: string; cap?: string };
  onTimeout: 'bot' | 'forfeit';
  /** Fraction of the time after which a reminder goes out. */
  reminderAt: number;
}

/** A seat's clock in a timed game, as stored on a commit. */
export interface SeatClock {
  /** When the seat became due; null while it is not (or has no clock: bots, forfeited seats). */
  dueSince: string | null;
  /** Bank controls: the time left when the seat became due, or now while it is not due. */
  bankMs: number | null;
  /** When the turn times out, and when the reminder goes out (vacations known at the time counted). */
  deadline: string | null;
  remindAt: string | null;
  /** The reminder for this turn has been sent: the sweeper's mark while it works (its reminder claim item is the lasting record). */
  reminded: boolean;
}

export type GameStatus = 'open' | 'active' | 'finished' | 'aborted';

/** A seat for a person: held by a player, or (`playerId` null) waiting for one to join. */
export interface PersonSeat {
  playerId: string | null;
  name: string | null;
  bot: false;
  /** Its player deleted their account: no name, no id, the seat as the timeout policy left it. */
  deleted?: true;
  /**
   * Timed games, from their start: the player's vacations that end after it, copied when the game
   * starts and again whenever the player changes them, so that a move reads its clocks' pauses with the game.
   */
  vacations?: SeatVacation[];
  /**
   * Its player's credential version (when above 0), copied when the game starts and again whenever
   * it moves on, so that a move refuses an older access token with the game it reads anyway.
   */
  credentialVersion?: number;
  /** Its player was a bot account when they took it (docs/accounts.md "Bot accounts"): shown as a bot. */
  botAccount?: true;
}

/** The seat a player takes: their name, and the bot account mark, as they are when they take it. */
export function seatOfPlayer(player: { id: string; name: string; botAccountSince?: string }): PersonSeat {
  return {
    playerId: player.id,
    name: player.name,
    bot: false,
    ...(player.botAccountSince ? { botAccount: true } : {}),
  };
}

/** A vacation as a seat keeps it: the span its clock pauses. */
export interface SeatVacation {
  from: string;
  until: string;
}

/**
 * A seat the platform's bot plays at `level`: a bot seat from the start, or the seat of a player
 * who deleted their account, which the stand-in took over. Seats stored before levels existed
 * have none; they are read as easy (the greedy bot, the only one there was).
 */
export interface BotSeat {
  playerId: null;
  name: string | null;
  bot: true;
  level: BotLevel;
  deleted?: true;
}

export type SeatRecord = PersonSeat | BotSeat;

/** The bot account mark a seat passes on to what shows it (lobby, finished games, ratings): nothing for people and the platform's bots. */
export const botAccountMarkOf = (s: SeatRecord): { botAccount?: true } =>
  !s.bot && s.botAccount ? { botAccount: true } : {};

export interface GameMeta {
  id: string;
  game: string;
  options: unknown;
  players: number;
  seats: SeatRecord[];
  status: GameStatus;
  createdAt: string;
  createdBy: string;
  inviteCode: string;
  seedCommitment: string;
  /** Secret while the game runs. */
  seed: string;
  /** The rules revision of the game's definition when the game was made; absent on games made before revisions were kept. */
  rulesRevision?: string;
  /** Bumped by every change of the meta item; guards concurrent joins. */
  revision: number;
  /** When every seat was filled and the clocks started. */
  startedAt?: string;
  timeControl?: TimeControl;
  /** After the end: a rematch offer and, once every seated person accepted, the new game. */
  rematch?: RematchRecord;
  /** Public games are listed in the lobby, open to spectators and found by search; absent (older games) means private, by invite only. */
  visibility?: 'public' | 'private';
  /** The level of the bot that plays for a person's seat (a timeout, a forfeit, a deleted account); absent on older games: the service's default. */
  standInLevel?: BotLevel;
  /** Made by the lobby for matched seeks (its start tells the seekers so). */
  origin?: 'seek';
  /**
   * RP-STREAM-6: a socket may watch the game until then (the end of the newest watching socket's
   * life); until then its commits are announced even when no person holds a seat.
   */
  watchedUntil?: string;
}

/** A rematch offer on a finished game (docs/playing.md, "Finishing games"). */
export interface RematchRecord {
  proposedBy: Seat;
  /** Seats of people who accepted, the proposer included. */
  accepted: Seat[];
  /** Whoever declined; the offer is then off (a new one may be made). */
  declinedBy?: Seat;
  /** The new game, once it exists. */
  gameId?: string;
}

/** An offer just made: nobody but its proposer has answered it yet (the event stream tells of it once). */
export const newRematchOffer = (r: RematchRecord | undefined): boolean =>
  r !== undefined && r.declinedBy === undefined && r.gameId === undefined && r.accepted.length === 1;

/** A take-back a seat asked for and the people still to answer it. */
export interface TakebackRecord {
  seat: Seat;
  /** The version of the action to undo: the game goes back to the version before it. */
  undoes: number;
  /** The version the request was logged at. */
  requestedAt: number;
  accepted: Seat[];
}

/**
 * The platform's part of a game, carried from commit to commit beside the engine's state: what
 * resigning, aborting and take-backs need to know without reading the log.
 */
export interface TableState {
  /** Game actions each seat has made (those taken back not counted): the abort window. */
  moves: number[];
  /** Per seat, the version of its own last action while it may still be taken back. */
  undoable: Record<number, number>;
  takeback?: TakebackRecord;
  /** Ended without a result by a seated player's abort. */
  aborted?: true;
  /** RP-RATE-1: a seat forfeited before it moved, or while the game could still be aborted; its result is not rated. */
  unrated?: true;
}

/** One record of the log: a move, a bot's move, or a platform entry (a forfeit). */
export interface EventRecord {
  version: number;
  seat: Seat;
  /** The player who acted, or null for the platform's bot. */
  playerId: string | null;
  /** A move the platform's bot chose: the level it played at (absent on records older than levels: easy). */
  level?: BotLevel;
  action: { type: string };
  events: GameEvent[];
  /** Seats due after this event. */
  toAct: Seat[];
  at: string;
  /** Made for the seat by the platform when its time ran out. */
  timeout?: boolean;
  /** Not a game action: the seat forfeited (`action` is `{ type: 'forfeit' }`). */
  forfeit?: boolean;
  /**
   * Not a game action: an abort or a take-back entry (`abort`, `request_takeback`,
   * `accept_takeback`, `refuse_takeback`, and `take_back` whose `to` is the version the game returns to).
   */
  platform?: true;
}

/** What a keyed request is known by: fingerprints of (player, Idempotency-Key) and of the request itself. */
export interface RequestFingerprint {
  key: string;
  hash: string;
}

/**
 * What one request did to a game, written as one item: its records (a person's move and the bot
 * moves it set off, a timeout, the opening bot moves of a game), and the game right after them.
 * The newest commit is the game's current state; the commits in order are its whole log.
 */
export interface CommitRecord {
  /** The first version it holds (the version its writer read, plus one); 0 for the commit that starts a game. */
  key: number;
  /** The game's version after it. */
  version: number;
  records: EventRecord[];
  /** Seats due before its first record, and after its last (what the notifier compares). */
  before: Seat[];
  toAct: Seat[];
  status: 'active' | 'finished' | 'aborted';
  /** The game state after it. */
  state: unknown;
  /**
   * The start commit (key 0), when bots opening the game moved in it: the state at version 0, as
   * dealt (otherwise `state` is that). The export publishes it (docs/fairness.md); absent on games
   * started before it was kept.
   */
  setup?: unknown;
  /** Seats that forfeited so far; the game's bot plays on for them. */
  forfeited: Seat[];
  /** The platform's part after it; absent on commits written before take-backs and aborts existed. */
  table?: TableState;
  /**
   * Timed games: each seat's clock after it. The one value changed in place, on the newest commit:
   * deadlines moved by a vacation.
   */
  clocks?: SeatClock[];
  /** The keyed request that wrote it. */
  request?: RequestFingerprint;
  /** RP-STREAM-6: it tells nobody anything (service/transition.ts, quietCommit); the notifier is not invoked for it. */
  quiet?: true;
  /**
   * Each seat's last keyed request and the commit it wrote, carried from commit to commit: a
   * prefix of its key fingerprint, enough to find the commit, whose own fingerprint then decides.
   */
  recentKeys: Record<number, { key: string; commit: number }>;
  at: string;
}

/** A commit without its records and state: what listings read. */
export type CommitSummary = Pick<CommitRecord, 'key' | 'version' | 'toAct' | 'status' | 'clocks'>;

/**
 * What changes whenever anything a player may read of a game changes: the meta's revision (seats,
 * status), the newest commit's version, and its clocks as stored (JSON; vacations change them in place).
 */
export interface GameVersion {
  revision: number;
  version: number;
  clocks: string | null;
}

/** A game as one read finds it: the meta and the newest commit (none until the game has started). */
export interface GameRecord {
  meta: GameMeta;
  latest: CommitRecord | null;
}

export interface MembershipRecord {
  playerId: string;
  gameId: string;
  game: string;
  seat: Seat;
  joinedAt: string;
}

/** A table-talk message of a game; ids sort by game version, then time. */
export interface ChatRecord {
  gameId: string;
  id: string;
  seat: Seat;
  playerId: string;
  name: string;
  text: string;
  at: string;
  /** The game's version when it was written: where it falls among the log's entries. */
  version: number;
}
