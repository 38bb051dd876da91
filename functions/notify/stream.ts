/**
 * The table's stream as notifier input (AWS): written commits become transitions, one per game and
 * batch, by the same rule as the request path's (service/transition.ts); reminder claims (written
 * once per seat and turn by the sweeper) become reminders, table talk becomes chat
 * notifications, a day's digest claim (also the sweeper's) becomes that digest, and a challenge's
 * own item, made or settled, tells the party it concerns (RP-CHALLENGE-6). Each game is read once per batch, however many records it has there. The store
 * reads the images (readGameImage): the key layout stays its own.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { GameRegistry } from '../../engine/core/index.js';
import type { GameTable } from '../store/ports/stores.js';
import type { ChatRecord, CommitRecord } from '../domain/game.js';
import { transitionOf } from '../service/transition.js';
import { noticeOf } from '../service/challenges.js';
import { readChallengeImage, readDigestClaim, readGameImage } from '../store/stream-image.js';
import type { Notifier } from './notifier.js';
import type { Results } from '../service/results.js';
import type { EventFanout } from './event-fanout.js';

export interface StreamRecord {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, unknown>; SequenceNumber?: string };
}

interface GameBatch {
  commits: CommitRecord[];
  reminders: { seat: number; deadline: string }[];
  chats: ChatRecord[];
  /** A rematch was offered (a meta write): the event stream tells the seated people. */
  rematchOffered: boolean;
  /** The first stream record of the game in this batch: where a retry must start. */
  firstSequence: string;
}

function group(records: readonly StreamRecord[]): Map<string, GameBatch> {
  const games = new Map<string, GameBatch>();
  for (const r of records) {
    const image = r.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (!image || (r.eventName !== 'INSERT' && r.eventName !== 'MODIFY')) continue;
    const item = readGameImage(image, r.eventName === 'INSERT');
    // A meta write tells nobody of a start or an end: the commit that follows it does (transitionOf).
    if (!item || (item.kind === 'meta' && !item.rematchOffered)) continue;
    const { gameId } = item;
    const batch = games.get(gameId) ?? {
      commits: [],
      reminders: [],
      chats: [],
      rematchOffered: false,
      firstSequence: r.dynamodb?.SequenceNumber ?? '',
    };
    if (item.kind === 'meta') batch.rematchOffered = true;
    if (item.kind === 'commit') batch.commits.push(item.commit);
    else if (item.kind === 'chat') batch.chats.push(item.chat);
    else if (item.kind === 'reminder') batch.reminders.push({ seat: item.seat, deadline: item.deadline });
    games.set(gameId, batch);
  }
  return games;
}

/**
 * Notifies for a batch of stream records. A game whose notification could not be worked out
 * (e.g. the table was unreachable) is reported as failed, so Lambda retries from its first record;
 * a channel that fails to deliver is logged, not retried, so nobody gets the same email twice.
 */
export async function notifyFromStream(
  records: readonly StreamRecord[],
  deps: { table: GameTable; registry: GameRegistry; notifier: Notifier; results?: Results; fanout?: EventFanout },
): Promise<string[]> {
  const failed: string[] = [];
  for (const r of records) {
    const image = r.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (!image) continue;
    const inserted = r.eventName === 'INSERT';
    const claim = readDigestClaim(image, inserted);
    const challenge = readChallengeImage(image, inserted);
    // The digest's sheet is written once, before it is mailed, and a challenge's message is claimed
    // per party and status before it is sent: a retried record sends nothing twice.
    const sent = claim
      ? deps.notifier.digest(claim.playerId, { day: claim.day })
      : challenge && deps.notifier.challenge(noticeOf(challenge));
    await sent?.catch(() => failed.push(r.dynamodb?.SequenceNumber ?? ''));
  }
  for (const [gameId, batch] of group(records)) {
    try {
      const game = await deps.table.readGame(gameId);
      for (const r of batch.reminders) {
        await deps.notifier.remind({ gameId, ...r }, game);
        await deps.fanout?.reminder({ gameId, ...r }, game);
      }
      for (const m of batch.chats) {
        await deps.notifier.chat(m, game);
        await deps.fanout?.chat(m, game);
      }
      if (batch.rematchOffered) await deps.fanout?.rematchOffered(gameId, game);
      if (!game || !deps.registry.facts(game.meta.game)) continue;
      const t = transitionOf(
        game,
        [...batch.commits].sort((a, b) => a.key - b.key),
      );
      // RP-STREAM-6: the stream's filter drops quiet commits; a batch fed unfiltered tells as little.
      if (!t || t.quiet) continue;
      await deps.notifier.deliver(t, t.records, game);
      await deps.fanout?.transition(t);
      // Ratings and the search index: a failure retries the batch, and recording twice changes nothing.
      if (t.finished) await deps.results?.record(gameId, game);
    } catch {
      failed.push(batch.firstSequence);
    }
  }
  return failed;
}
