/** Key layout of the single table (DESIGN.md section 3). */
import { createHash } from 'node:crypto';

const SEQ_DIGITS = 10;

export const keys = {
  game: (id: string) => `GAME#${id}`,
  gamePrefix: 'GAME#',
  player: (id: string) => `PLAYER#${id}`,
  meta: 'META',
  head: 'HEAD',
  profile: 'PROFILE',
  /** Zero-padded so that events sort by version. */
  event: (version: number) => `EV#${String(version).padStart(SEQ_DIGITS, '0')}`,
  eventPrefix: 'EV#',
  membership: (gameId: string) => `GAME#${gameId}`,
  membershipPrefix: 'GAME#',
  /** Sorts after META, so a HEAD..META range never touches it. */
  request: (playerId: string, key: string) => `REQ#${playerId}#${key}`,
  /** Under the player's partition; sort after PROFILE, never begin with GAME# (memberships). */
  webhook: (id: string) => `WEBHOOK#${id}`,
  webhookPrefix: 'WEBHOOK#',
  push: (id: string) => `PUSH#${id}`,
  pushPrefix: 'PUSH#',
  /** Sorts before EV#, so the META..EV# range never touches it; by game version, then time. */
  chat: (id: string) => `CHAT#${id}`,
  chatPrefix: 'CHAT#',
  /** Sorts after META with REQ#: one reminder per seat and turn, claimed by a conditional put. */
  reminder: (seat: number, dueSince: string) => `REMIND#${seat}#${dueSince}`,
  reminderPrefix: 'REMIND#',
  /** Sorts between META and REQ#, outside every range read of a game: how many messages a player wrote there. */
  chatQuota: (playerId: string) => `QUOTA#CHAT#${playerId}`,
  /** Sorts after META: one item per notification sent, so a redelivered stream record sends nothing. */
  sent: (playerId: string, key: string) => `SENT#${playerId}#${key}`,
  /** Partition of the sparse deadline index a game's HEAD goes to; shards spread the writes. */
  dueShard: (gameId: string) => `DUE#${createHash('sha256').update(gameId).digest()[0]! % DUE_SHARDS}`,
};

/** The index the sweeper reads: only HEAD items of running timed games carry its keys. */
export const DEADLINE_INDEX = 'Deadlines';
export const DUE_SHARDS = 4;

/** The same endpoint always gets the same id, so subscribing twice replaces instead of duplicating. */
export function pushSubscriptionId(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('hex').slice(0, 32);
}

export function versionOfEventKey(sk: string): number {
  return Number(sk.slice(keys.eventPrefix.length));
}
