import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, type SQSClient } from '@aws-sdk/client-sqs';
import type { BatchTally, DeadlineQueue, SweepBatch } from '../service/sweep-batch.js';

/** SendMessageBatch takes ten messages at most. */
const MESSAGES_PER_CALL = 10;
const MAX_ATTEMPTS = 5;

/**
 * The deadline queue in AWS: each batch one SQS message (JSON), ten to a SendMessageBatch call.
 * Entries SQS refuses are sent again (with a short back-off); still refused after MAX_ATTEMPTS,
 * the send throws, and the next minute's dispatch finds those deadlines due again.
 */
export class SqsDeadlineQueue implements DeadlineQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(batches: readonly SweepBatch[]): Promise<BatchTally[]> {
    for (let i = 0; i < batches.length; i += MESSAGES_PER_CALL) {
      let entries: SendMessageBatchRequestEntry[] = batches
        .slice(i, i + MESSAGES_PER_CALL)
        .map((batch, n) => ({ Id: String(n), MessageBody: JSON.stringify(batch) }));
      for (let attempt = 0; entries.length > 0; attempt++) {
        if (attempt === MAX_ATTEMPTS) throw new Error(`SQS refused ${entries.length} sweep batches`);
        if (attempt > 0) await new Promise((ok) => setTimeout(ok, 50 * 2 ** attempt));
        const out = await this.sqs.send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl, Entries: entries }));
        const refused = new Set((out.Failed ?? []).map((f) => f.Id));
        entries = entries.filter((e) => refused.has(e.Id));
      }
    }
    // The workers report on their own (their logs and metrics); nothing is done yet here.
    return [];
  }
}
