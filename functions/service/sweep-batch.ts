import * as z from 'zod';

/** Game ids one batch carries at most: a message stays far below SQS's 256 KB, and a worker's retry redoes few games. */
export const GAMES_PER_BATCH = 25;

/**
 * One unit of sweep work the dispatcher hands to a worker: due games to expire, or due digests
 * to claim. A queue message carries exactly one, as JSON.
 */
export const SweepBatchSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('games'), gameIds: z.array(z.string().min(1)).min(1).max(GAMES_PER_BATCH) }),
  z.strictObject({
    kind: z.literal('digests'),
    due: z
      .array(z.strictObject({ playerId: z.string().min(1), dueAt: z.iso.datetime() }))
      .min(1)
      .max(GAMES_PER_BATCH),
  }),
]);
export type SweepBatch = z.infer<typeof SweepBatchSchema>;

/** What a worker did with one batch; `failed` names the games or players to try again. */
export interface BatchTally {
  timeouts: number;
  reminders: number;
  digests: number;
  failed: string[];
}

/**
 * Where the dispatcher hands batches to the workers. In AWS an SQS queue (send resolves once they
 * are queued, and nothing is known of their work yet: no tallies); locally an in-process queue that
 * runs them before it resolves, with their tallies.
 */
export interface DeadlineQueue {
  send(batches: readonly SweepBatch[]): Promise<BatchTally[]>;
}

/** `items` cut into batches of at most GAMES_PER_BATCH, in order. */
export function chunked<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += GAMES_PER_BATCH) chunks.push(items.slice(i, i + GAMES_PER_BATCH));
  return chunks;
}
