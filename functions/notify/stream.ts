/**
 * The table's stream as notifier input (AWS): appended events and game status changes (meta
 * writes) become transitions, one per game and batch, in version order; reminder claims (written
 * once per seat and turn by the sweeper) become reminders, and table talk becomes chat
 * notifications. The store reads the images (readGameImage): the key layout stays its own.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { GameRegistry } from '../../engine/core/index.js';
import { initialState } from '../service/replay.js';
import type { GameTable } from '../store/game-table.js';
import type { ChatRecord, EventRecord } from '../store/records.js';
import { readGameImage } from '../store/stream-image.js';
import { changesFor } from './changes.js';
import type { Notifier } from './core.js';

export interface StreamRecord {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, unknown>; SequenceNumber?: string };
}

interface GameBatch {
  events: EventRecord[];
  reminders: { seat: number; deadline: string }[];
  chats: ChatRecord[];
  /** META images: the game started (status active) or finished. */
  statuses: string[];
  /** The first stream record of the game in this batch: where a retry must start. */
  firstSequence: string;
}

function group(records: readonly StreamRecord[]): Map<string, GameBatch> {
  const games = new Map<string, GameBatch>();
  for (const r of records) {
    const image = r.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (!image || (r.eventName !== 'INSERT' && r.eventName !== 'MODIFY')) continue;
    const item = readGameImage(image, r.eventName === 'INSERT');
    if (!item) continue;
    const { gameId } = item;
    const batch = games.get(gameId) ?? { events: [], reminders: [], chats: [], statuses: [], firstSequence: r.dynamodb?.SequenceNumber ?? '' };
    if (item.kind === 'event') batch.events.push(item.event);
    else if (item.kind === 'chat') batch.chats.push(item.chat);
    else if (item.kind === 'reminder') batch.reminders.push({ seat: item.seat, deadline: item.deadline });
    else batch.statuses.push(item.status);
    games.set(gameId, batch);
  }
  return games;
}

/**
 * Notifies for a batch of stream records. A game whose notification could not be worked out
 * (e.g. the table was unreachable) is reported as failed, so Lambda retries from its first record;
 * a channel that fails to deliver is logged, not retried, so nobody gets the same email twice.
 */
export async function notifyFromStream(records: readonly StreamRecord[], deps: { table: GameTable; registry: GameRegistry; notifier: Notifier }): Promise<string[]> {
  const failed: string[] = [];
  for (const [gameId, batch] of group(records)) {
    try {
      for (const r of batch.reminders) await deps.notifier.remind({ gameId, ...r });
      for (const m of batch.chats) await deps.notifier.chat(m);
      const { meta, head } = await deps.table.getMetaAndHead(gameId);
      const def = meta && deps.registry.get(meta.game);
      if (!meta || !def) continue;
      const started = batch.statuses.includes('active') && meta.seats.every((s) => s.bot || s.playerId);
      const finished = batch.statuses.includes('finished');
      const events = [...batch.events].sort((a, b) => a.version - b.version);
      if (!started && !finished && events.length === 0) continue;
      const first = events[0];
      const before = first === undefined ? [] : first.version === 1 ? def.toAct(initialState(def, meta)) : ((await deps.table.getEvent(gameId, first.version - 1))?.toAct ?? []);
      const last = events.at(-1);
      const names = meta.seats.map((s) => s.name);
      await deps.notifier.deliver(
        { gameId, before: started ? [] : before, after: last?.toAct ?? head?.toAct ?? [], started: started && !finished, finished, version: last?.version ?? head?.version ?? 0 },
        (seat) => changesFor(events, names, seat),
      );
    } catch {
      failed.push(batch.firstSequence);
    }
  }
  return failed;
}
