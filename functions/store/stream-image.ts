/**
 * The game table's stream images in the store's own terms, so that readers of the stream (the
 * notifier) never spell the key layout: which game an item belongs to and what kind of item it is.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { parsed } from './attributes.js';
import { parseChat } from './chat-table.js';
import { parseCommit } from './commit-item.js';
import { parseMeta } from './game-log-table.js';
import { keys } from './keys.js';
import type { ChallengeRecord } from '../domain/challenge.js';
import { newRematchOffer, type ChatRecord, type CommitRecord, type GameStatus } from '../domain/game.js';

export type GameItemImage =
  | { gameId: string; kind: 'commit'; commit: CommitRecord }
  | { gameId: string; kind: 'chat'; chat: ChatRecord }
  /** A reminder claim, written once per seat and turn by the sweeper. */
  | { gameId: string; kind: 'reminder'; seat: number; deadline: string }
  | { gameId: string; kind: 'meta'; status: GameStatus; rematchOffered: boolean };

/**
 * The game item a stream image shows, or null for any other item (players, deadline entries,
 * quotas, delivery claims…). Commits, chat messages and reminder claims are written once, so they
 * count only when `inserted`; META counts on every write (a game starting).
 */
export function readGameImage(image: Record<string, AttributeValue>, inserted: boolean): GameItemImage | null {
  const pk = image.pk?.S;
  const sk = image.sk?.S;
  if (!pk?.startsWith(keys.gamePrefix) || !sk) return null;
  const gameId = pk.slice(keys.gamePrefix.length);
  // The seed is not needed for the status, and a stream image need not carry it.
  if (sk === keys.meta) {
    const meta = parseMeta(gameId, { ...image, seed: image.seed ?? { S: '' } });
    return { gameId, kind: 'meta', status: meta.status, rematchOffered: newRematchOffer(meta.rematch) };
  }
  if (!inserted) return null;
  if (sk.startsWith(keys.commitPrefix)) return { gameId, kind: 'commit', commit: parseCommit(image) };
  if (sk.startsWith(keys.chatPrefix)) return { gameId, kind: 'chat', chat: parseChat(gameId, image) };
  if (sk.startsWith(keys.reminderPrefix))
    return { gameId, kind: 'reminder', seat: Number(image.seat?.N), deadline: image.deadline?.S ?? '' };
  return null;
}

/** A day's digest claimed by the sweep: written once per player and day, so it counts only when `inserted`. */
export function readDigestClaim(
  image: Record<string, AttributeValue>,
  inserted: boolean,
): { playerId: string; day: string } | null {
  const pk = image.pk?.S;
  const sk = image.sk?.S;
  if (!inserted || !pk?.startsWith(keys.playerPrefix) || !sk?.startsWith(keys.digestDayPrefix)) return null;
  return { playerId: pk.slice(keys.playerPrefix.length), day: sk.slice(keys.digestDayPrefix.length) };
}

/**
 * A challenge as its own item shows it: made (inserted) or settled (a later write). The parties'
 * entries, copies for their lists, are not it: a challenge is told once, from its own item.
 */
export function readChallengeImage(image: Record<string, AttributeValue>, inserted: boolean): ChallengeRecord | null {
  if (!image.pk?.S?.startsWith(keys.challengePrefix) || image.sk?.S !== keys.challengeItem || !image.challenge)
    return null;
  const c = parsed<ChallengeRecord>(image, 'challenge');
  return inserted || c.status !== 'pending' ? c : null;
}
