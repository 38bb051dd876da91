import type { Language } from '../../engine/core/languages.js';
import type { Seat } from '../../engine/core/index.js';
import type { GameEvent } from '../../engine/core/index.js';
import type { BotLevel } from '../../engine/core/search/levels.js';

/** What a player can be told about; every channel and the settings share these names. */
export type NotificationKind = 'yourTurn' | 'reminder' | 'gameStarted' | 'gameFinished' | 'chat';

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

/** A browser's Web Push subscription (RFC 8291 keys), as stored; notify's PushSubscriptionSchema checks input against it. */
export interface PushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export type GameStatus = 'open' | 'active' | 'finished' | 'aborted';

/** A seat for a person: held by a player, or (`playerId` null) waiting for one to join. */
export interface PersonSeat {
  playerId: string | null;
  name: string | null;
  bot: false;
  /** Its player deleted their account: no name, no id, the seat as the timeout policy left it. */
  deleted?: true;
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

export interface PlayerRecord {
  id: string;
  name: string;
  /** Confirmed: the only address notifications and sign-in codes go to. */
  email?: string;
  /** Waiting for its confirmation code; nothing is sent to it but that code. */
  pendingEmail?: string;
  /** The registration token's hash (POST /v1/players). */
  tokenHash: string;
  createdAt: string;
  /** Resolved on read: the player's choices over the defaults (see `resolveNotifications`). */
  notifications: NotificationSettings;
  /** Days away: the player's clocks pause during them. */
  vacations: Vacation[];
  /** The language of their emails and pushes (and of the web client on a new device); absent: English. */
  language?: Language;
}

export interface Vacation {
  id: string;
  from: string;
  until: string;
}

/** A player as written by `putPlayer`: without choices, the defaults apply (and keep following the address). */
export type NewPlayerRecord = Omit<PlayerRecord, 'notifications' | 'vacations'> & { notifications?: NotificationChoices };

/**
 * What a player receives. `events` applies to every channel (email, Web Push, webhooks; a webhook
 * narrows it further with its own `events`); `email` is true only while an address exists.
 */
export interface NotificationSettings {
  email: boolean;
  events: Record<NotificationKind, boolean>;
  /** One email a day instead of one per turn; null: an email per turn. */
  digest: DigestChoice | null;
}

/** A daily digest: sent when the player's wall clock in `timeZone` (IANA) shows `hour`:00. */
export interface DigestChoice {
  hour: number;
  timeZone: string;
}

/** What a player chose explicitly, as stored on the profile item; anything absent takes its default. */
export interface NotificationChoices {
  email?: boolean;
  events?: Partial<Record<NotificationKind, boolean>>;
  /** null: back to an email per turn. */
  digest?: DigestChoice | null;
}

const isDigestChoice = (d: unknown): d is DigestChoice =>
  typeof d === 'object' && d !== null && Number.isInteger((d as DigestChoice).hour) && typeof (d as DigestChoice).timeZone === 'string';

/** Every kind, spelled as a mapped type so that a new NotificationKind fails to compile here. */
export const NOTIFICATION_KINDS: { readonly [K in NotificationKind]: K } = {
  yourTurn: 'yourTurn',
  reminder: 'reminder',
  gameStarted: 'gameStarted',
  gameFinished: 'gameFinished',
  chat: 'chat',
};
export const notificationKinds = Object.values(NOTIFICATION_KINDS) as NotificationKind[];

export const DEFAULT_NOTIFICATION_EVENTS: Readonly<Record<NotificationKind, boolean>> = {
  yourTurn: true,
  reminder: true,
  gameStarted: true,
  gameFinished: true,
  chat: false,
};

/** The defaults, overridden by the choices; email goes out only to an address that exists. */
export function resolveNotifications(choices: NotificationChoices | undefined, hasAddress: boolean): NotificationSettings {
  const events = { ...DEFAULT_NOTIFICATION_EVENTS };
  for (const kind of notificationKinds) {
    const chosen = choices?.events?.[kind];
    if (typeof chosen === 'boolean') events[kind] = chosen;
  }
  const digest = choices?.digest;
  return { email: hasAddress && (choices?.email ?? true), events, digest: isDigestChoice(digest) ? { hour: digest.hour, timeZone: digest.timeZone } : null };
}

/** `patch` over `base`, keeping only known kinds and booleans; the stored form of choices. */
export function mergeNotificationChoices(base: NotificationChoices | undefined, patch: NotificationChoices): NotificationChoices {
  const out: NotificationChoices = {};
  const email = typeof patch.email === 'boolean' ? patch.email : base?.email;
  if (typeof email === 'boolean') out.email = email;
  const events: Partial<Record<NotificationKind, boolean>> = {};
  for (const kind of notificationKinds) {
    const patched = patch.events?.[kind];
    const chosen = typeof patched === 'boolean' ? patched : base?.events?.[kind];
    if (typeof chosen === 'boolean') events[kind] = chosen;
  }
  if (Object.keys(events).length) out.events = events;
  const digest = patch.digest !== undefined ? patch.digest : base?.digest;
  if (isDigestChoice(digest)) out.digest = { hour: digest.hour, timeZone: digest.timeZone };
  return out;
}

/** A webhook endpoint (item `PLAYER#<playerId>` / `WEBHOOK#<id>`); the secret is shown to the player once. */
export interface WebhookRecord {
  playerId: string;
  id: string;
  url: string;
  /** `whsec_…` (Standard Webhooks). */
  secret: string;
  /** The kinds this endpoint receives (also subject to the player's `notifications.events`). */
  events: NotificationKind[];
  createdAt: string;
}

/** A Web Push subscription (item `PLAYER#<playerId>` / `PUSH#<id>`, id from `pushSubscriptionId(endpoint)`). */
export interface PushRecord {
  playerId: string;
  id: string;
  subscription: PushSubscription;
  createdAt: string;
}

export interface MembershipRecord {
  playerId: string;
  gameId: string;
  game: string;
  seat: Seat;
  joinedAt: string;
}

/** A table-talk message (item `GAME#<gameId>` / `CHAT#<id>`); ids sort by game version, then time. */
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

/** What a credential may do; sessions and the registration token may do everything. */
export type Scope = 'read' | 'play' | 'chat' | 'settings';
export const SCOPES: readonly Scope[] = ['read', 'play', 'chat', 'settings'];

/**
 * A browser session or a personal access token (item `PLAYER#<playerId>` / `CRED#<id>`): only
 * the SHA-256 of its secret is stored.
 */
export interface CredentialRecord {
  playerId: string;
  id: string;
  kind: 'session' | 'token';
  /** A token's name, or a session's label (the browser's user agent, cut short). */
  name: string;
  scopes: Scope[];
  hash: string;
  createdAt: string;
  lastUsedAt: string;
  /** Sessions expire (sliding); tokens live until revoked. */
  expiresAt: string | null;
}

/**
 * A one-time code sent to an address: a sign-in code (under the address) or the confirmation of
 * a new address (under the player). Only its hash is stored; it dies after too many failures.
 */
export interface CodeRecord {
  codeHash: string;
  expiresAt: string;
  /** Attempts counted, each before its code was compared. */
  attempts: number;
  /** Sign-in codes: the account the address belongs to (none for an unknown address). */
  playerId?: string;
  /** Confirmation codes: the address being confirmed. */
  address?: string;
}

/** Glicko-2 numbers (functions/service/rating.ts). */
export interface RatingValue {
  rating: number;
  rd: number;
  vol: number;
}

/** One rated game in a player's rating log (item `PLAYER#<id>` / `RATING#<kind>#<version>`): the newest is the rating. */
export interface RatingEntry extends RatingValue {
  /** 1 for the player's first rated game of the kind; also how many they played. */
  version: number;
  gameId: string;
  /** The rating going into the game, for showing the change. */
  before: RatingValue;
  at: string;
}

/** A seat of a rated game as its plan fixed it: the rating going in and the player's log version then. */
export interface PlannedSeat {
  playerId: string;
  name: string;
  place: number;
  before: RatingValue;
  /** The player's newest log version when the plan was made (0: none). */
  base: number;
}

/**
 * How a finished game changes ratings (item `GAME#<id>` / `RATED`), written once by whoever comes
 * first: every updater applies this plan, so racing updaters agree. `done` once every seat has its entry.
 */
export interface RatingPlan {
  gameId: string;
  kind: string;
  seats: PlannedSeat[];
  finishedAt: string;
  done: boolean;
}

/** A row of a leaderboard (item `BOARD#<kind>` / `TOP`, a bounded list). */
export interface BoardEntry extends RatingValue {
  playerId: string;
  name: string;
  /** The player's log version the row shows: a row is never replaced by an older one. */
  version: number;
}

/** A seat of a finished public game as search and profiles show it. */
export interface FinishedSeat {
  seat: Seat;
  name: string | null;
  playerId: string | null;
  bot: boolean;
  place: number;
  score: number;
  forfeited: boolean;
}

/** A finished public game in the search index and in its players' histories. */
export interface FinishedGameRecord {
  gameId: string;
  game: string;
  finishedAt: string;
  seats: FinishedSeat[];
  /** Whether it changed ratings (docs/playing.md "Ratings"); absent on records written before this was kept. */
  rated?: boolean;
}
