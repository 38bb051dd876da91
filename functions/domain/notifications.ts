/** What a player hears about, and how their choices resolve over the defaults. */
/** What a player can be told about; every channel and the settings share these names. */
export type NotificationKind = 'yourTurn' | 'reminder' | 'gameStarted' | 'gameFinished' | 'chat' | 'challenge';

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
  typeof d === 'object' &&
  d !== null &&
  Number.isInteger((d as DigestChoice).hour) &&
  typeof (d as DigestChoice).timeZone === 'string';

/** Every kind, spelled as a mapped type so that a new NotificationKind fails to compile here. */
export const NOTIFICATION_KINDS: { readonly [K in NotificationKind]: K } = {
  yourTurn: 'yourTurn',
  reminder: 'reminder',
  gameStarted: 'gameStarted',
  gameFinished: 'gameFinished',
  chat: 'chat',
  challenge: 'challenge',
};
export const notificationKinds = Object.values(NOTIFICATION_KINDS) as NotificationKind[];

export const DEFAULT_NOTIFICATION_EVENTS: Readonly<Record<NotificationKind, boolean>> = {
  yourTurn: true,
  reminder: true,
  gameStarted: true,
  gameFinished: true,
  chat: false,
  // Someone asked you, by name, to play: as wanted as a turn. A player stored before this kind reads it on.
  challenge: true,
};

/** The defaults, overridden by the choices; email goes out only to an address that exists. */
export function resolveNotifications(
  choices: NotificationChoices | undefined,
  hasAddress: boolean,
): NotificationSettings {
  const events = { ...DEFAULT_NOTIFICATION_EVENTS };
  for (const kind of notificationKinds) {
    const chosen = choices?.events?.[kind];
    if (typeof chosen === 'boolean') events[kind] = chosen;
  }
  const digest = choices?.digest;
  return {
    email: hasAddress && (choices?.email ?? true),
    events,
    digest: isDigestChoice(digest) ? { hour: digest.hour, timeZone: digest.timeZone } : null,
  };
}

/** `patch` over `base`, keeping only known kinds and booleans; the stored form of choices. */
export function mergeNotificationChoices(
  base: NotificationChoices | undefined,
  patch: NotificationChoices,
): NotificationChoices {
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
