/**
 * Every write limit of the service, in one place (docs/api.md "Rate limits" lists them with these numbers).
 * Rates are fixed windows counted per player and per client address; caps bound what one player
 * can keep stored. Tests raise them; everything else runs with DEFAULT_LIMITS.
 */

/** At most `points` requests per `seconds`. */
export interface Rate {
  points: number;
  seconds: number;
}

export interface OperationRates {
  perPlayer?: Rate;
  perAddress?: Rate;
  /** What the per-player limit counts instead, when not the player (sign-in mails: the address they go to). */
  perPlayerIs?: string;
  /**
   * Counted in the shared limits table, so the limit holds across Lambda instances; otherwise
   * in the memory of each instance (moves must not pay a store round trip for it).
   */
  shared: boolean;
}

export type LimitedOperation =
  | 'createPlayer'
  | 'createGame'
  | 'join'
  | 'badInviteCode'
  | 'chat'
  | 'action'
  | 'signInMail'
  | 'signInCode'
  | 'confirmationMail'
  | 'seek'
  | 'streamTicket'
  | 'accessToken'
  | 'botAccount';

export interface Caps {
  /** Games a player created that still wait for players. */
  openGamesPerPlayer: number;
  /** Messages one player may write in one game's chat. */
  chatMessagesPerGame: number;
}

export interface Limits {
  rates: Record<LimitedOperation, OperationRates>;
  caps: Caps;
  /** Chat notices to one recipient about one game: at most one per channel in this many seconds. */
  chatNoticeSeconds: number;
}

const minute = 60;
const hour = 3600;

export const DEFAULT_LIMITS: Limits = {
  rates: {
    createPlayer: { perAddress: { points: 20, seconds: hour }, shared: true },
    createGame: { perPlayer: { points: 30, seconds: hour }, perAddress: { points: 60, seconds: hour }, shared: true },
    join: { perPlayer: { points: 60, seconds: hour }, perAddress: { points: 120, seconds: hour }, shared: true },
    /** Only wrong invite codes count: guessing codes stops long before it could succeed. */
    badInviteCode: {
      perPlayer: { points: 10, seconds: hour },
      perAddress: { points: 30, seconds: hour },
      shared: true,
    },
    chat: { perPlayer: { points: 20, seconds: minute }, perAddress: { points: 60, seconds: minute }, shared: true },
    action: {
      perPlayer: { points: 120, seconds: minute },
      perAddress: { points: 600, seconds: minute },
      shared: false,
    },
    /** Mails to one address, and from one client: nobody floods a mailbox, nor many. */
    signInMail: {
      perPlayer: { points: 5, seconds: hour },
      perPlayerIs: 'email address',
      perAddress: { points: 20, seconds: hour },
      shared: true,
    },
    /** Codes tried from one client; each code also dies after 5 wrong tries (service/one-time-codes.ts). */
    signInCode: { perAddress: { points: 30, seconds: hour }, shared: true },
    /** Codes confirming a new address (PATCH /v1/players/me naming one): counted like sign-in mails, apart from them. */
    confirmationMail: {
      perPlayer: { points: 5, seconds: hour },
      perPlayerIs: 'email address',
      perAddress: { points: 20, seconds: hour },
      shared: true,
    },
    /** Seeking and withdrawing seeks in the lobby, together. */
    seek: { perPlayer: { points: 60, seconds: hour }, perAddress: { points: 120, seconds: hour }, shared: true },
    /** Event stream tickets: a page reconnecting with back-off asks for a few an hour; a loop is stopped. */
    streamTicket: {
      perPlayer: { points: 30, seconds: minute },
      perAddress: { points: 120, seconds: minute },
      shared: true,
    },
    /** Access tokens: a client exchanges its credential about once an hour; a loop is stopped. */
    accessToken: {
      perPlayer: { points: 30, seconds: minute },
      perAddress: { points: 120, seconds: minute },
      shared: true,
    },
    /** Making an account a bot account: done once; each try reads the account's games, so tries are few. */
    botAccount: { perPlayer: { points: 5, seconds: hour }, perAddress: { points: 30, seconds: hour }, shared: true },
  },
  caps: { openGamesPerPlayer: 20, chatMessagesPerGame: 500 },
  chatNoticeSeconds: 10 * minute,
};

const HIGH = 1_000_000;

/**
 * The real limits with every rate and cap out of reach, for suites that play many games from
 * one address as fast as they can (fuzzers, load runs, and `npm start` with
 * RAILPOST_RAISED_LIMITS=1). test/api/rate-limits.writes.test.ts and rate-limits.caps.test.ts
 * check the real ones. The chat notice window stays as it is.
 */
export const RAISED_LIMITS: Limits = {
  ...DEFAULT_LIMITS,
  rates: Object.fromEntries(
    Object.entries(DEFAULT_LIMITS.rates).map(([operation, rates]) => [
      operation,
      {
        ...rates,
        ...(rates.perPlayer ? { perPlayer: { ...rates.perPlayer, points: HIGH } } : {}),
        ...(rates.perAddress ? { perAddress: { ...rates.perAddress, points: HIGH } } : {}),
      },
    ]),
  ) as Record<LimitedOperation, OperationRates>,
  caps: { openGamesPerPlayer: HIGH, chatMessagesPerGame: HIGH },
};

/**
 * Answers to replies by email that played nothing (a stale or unknown code, no code, an expired
 * address): at most this many per seat (per player for digests), so that replaying an old reply
 * cannot fill its owner's mailbox (docs/api.md "Rate limits", RP-MAIL-4).
 */
export const MAIL_ANSWERS: Rate = { points: 5, seconds: hour };
