import type { Seat } from '../../engine/core/index.js';
import type { GameEvent } from '../../engine/core/index.js';

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

/** A seat's clock in a timed game, as stored on the head item. */
export interface SeatClock {
  /** When the seat became due; null while it is not (or has no clock: bots, forfeited seats). */
  dueSince: string | null;
  /** Bank controls: the time left when the seat became due, or now while it is not due. */
  bankMs: number | null;
  /** When the turn times out, and when the reminder goes out (vacations known at the time counted). */
  deadline: string | null;
  remindAt: string | null;
  /** The reminder for this turn has been sent. */
  reminded: boolean;
}

/** A browser's Web Push subscription (RFC 8291 keys), as stored; notify's PushSubscriptionSchema checks input against it. */
export interface PushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export type GameStatus = 'open' | 'active' | 'finished' | 'aborted';

export interface SeatRecord {
  /** Null while the seat waits for a player to join. */
  playerId: string | null;
  name: string | null;
  bot: boolean;
}

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
  finishedAt?: string;
  timeControl?: TimeControl;
}

export interface HeadRecord {
  version: number;
  state: unknown;
  toAct: Seat[];
  status: GameStatus;
  /** Timed games: each seat's clock after `version` events. */
  clocks?: SeatClock[];
  /** Seats that forfeited; the game's bot plays on for them. */
  forfeited?: Seat[];
}

export interface EventRecord {
  version: number;
  seat: Seat;
  /** The player who acted, or null for the platform's bot. */
  playerId: string | null;
  action: { type: string };
  events: GameEvent[];
  /** Seats due after this event: what the notifier compares. */
  toAct: Seat[];
  at: string;
  idempotencyKey?: string;
  requestHash?: string;
  /** Made for the seat by the platform when its time ran out. */
  timeout?: boolean;
  /** Not a game action: the seat forfeited (`action` is `{ type: 'forfeit' }`). */
  forfeit?: boolean;
}

export interface PlayerRecord {
  id: string;
  name: string;
  email?: string;
  tokenHash: string;
  createdAt: string;
  /** Resolved on read: the player's choices over the defaults (see `resolveNotifications`). */
  notifications: NotificationSettings;
  /** Days away: the player's clocks pause during them. */
  vacations: Vacation[];
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
}

/** What a player chose explicitly, as stored on the profile item; anything absent takes its default. */
export interface NotificationChoices {
  email?: boolean;
  events?: Partial<Record<NotificationKind, boolean>>;
}

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
  return { email: hasAddress && (choices?.email ?? true), events };
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

export interface RequestRecord {
  requestHash: string;
  status: number;
  body: unknown;
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
