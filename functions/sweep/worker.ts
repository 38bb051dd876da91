import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { Sweeper } from '../service/sweeper.js';
import { SweepBatchSchema } from '../service/sweep-batch.js';
import { sweepParts } from './parts.js';

const { parts, logger, middlewares } = sweepParts(true);
// The worker's sweeper only works batches (expireBatch); the dispatcher is lambda.ts.
const sweeper = new Sweeper(parts);

/** A message body parsed as a batch; a failure says why it is not one (not JSON, or not the schema). */
function readBatch(body: string) {
  try {
    return SweepBatchSchema.safeParse(JSON.parse(body));
  } catch (err) {
    return { success: false as const, error: { issues: [(err as Error).message] } };
  }
}

/**
 * The deadline queue calls this with up to ten messages, a batch each. A message with a failed
 * game or digest is reported alone (ReportBatchItemFailures): SQS delivers it again, the others not;
 * after repeated failures it goes to the dead-letter queue.
 */
export const handler = middy(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures = await Promise.all(
    event.Records.map(async ({ messageId, body }) => {
      const batch = readBatch(body);
      if (!batch.success) {
        logger.error('unreadable sweep batch', { messageId, issues: batch.error.issues });
        return [{ itemIdentifier: messageId }];
      }
      const tally = await sweeper.expireBatch(batch.data);
      if (tally.timeouts + tally.reminders + tally.digests > 0 || tally.failed.length > 0)
        logger.info('sweep batch', { messageId, ...tally });
      return tally.failed.length > 0 ? [{ itemIdentifier: messageId }] : [];
    }),
  );
  return { batchItemFailures: failures.flat() };
}).use(middlewares);
