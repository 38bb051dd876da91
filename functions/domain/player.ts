/** A player, their notification channels and credentials. */
import { createHash } from 'node:crypto';
import type { Language } from '../../engine/core/languages.js';
import type { NotificationChoices, NotificationKind, NotificationSettings } from './notifications.js';

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
  /** Bumped whenever one of their credentials ends: access tokens signed at an older one are refused (absent: 0). */
  credentialVersion?: number;
  /**
   * When the account became a bot account (docs/accounts.md "Bot accounts"): a program plays under it,
   * shown as a bot everywhere. Never removed once set.
   */
  botAccountSince?: string;
}

export interface Vacation {
  id: string;
  from: string;
  until: string;
}

/** A player as written by `putPlayer`: without choices, the defaults apply (and keep following the address). */
export type NewPlayerRecord = Omit<PlayerRecord, 'notifications' | 'vacations'> & {
  notifications?: NotificationChoices;
};

/** A browser's Web Push subscription (RFC 8291 keys), as stored; notify's PushSubscriptionSchema checks input against it. */
export interface PushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** A webhook endpoint of a player; the secret is shown to the player once. */
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

/** A Web Push subscription of a player (its id from `pushSubscriptionId(endpoint)`: one per endpoint). */
export interface PushRecord {
  playerId: string;
  id: string;
  subscription: PushSubscription;
  createdAt: string;
}

/** What a credential may do; sessions and the registration token may do everything. */
export type Scope = 'read' | 'play' | 'chat' | 'settings';
export const SCOPES: readonly Scope[] = ['read', 'play', 'chat', 'settings'];

/**
 * A browser session or a personal access token of a player: only
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

/** The same endpoint always gets the same id, so subscribing twice replaces instead of duplicating. */
export function pushSubscriptionId(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('hex').slice(0, 32);
}
