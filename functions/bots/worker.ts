/**
 * The bot worker's batch (RP-BOT-1): each message is one bot-turn job, run in order; a job that
 * throws (the table failing) is reported back for the queue to deliver again, and after its last
 * delivery the queue keeps it in its dead-letter queue. A message that is no job is a bug: logged
 * and dropped, never retried.
 */
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { BotTurnSchema, type BotTurn } from '../service/bot-turns.js';
import type { BotTurnOutcome } from '../service/bot-turn-jobs.js';

export interface BotTurnReport {
  job(turn: BotTurn, outcome: BotTurnOutcome, ms: number): void;
  failed(messageId: string, err: unknown): void;
  dropped(messageId: string, body: string): void;
}

export async function runBotTurns(
  records: readonly Pick<SQSRecord, 'messageId' | 'body'>[],
  run: (turn: BotTurn) => Promise<BotTurnOutcome>,
  report: BotTurnReport,
  clock: () => number = () => performance.now(),
): Promise<SQSBatchResponse> {
  const failed: string[] = [];
  for (const { messageId, body } of records) {
    const turn = parseTurn(body);
    if (!turn) {
      report.dropped(messageId, body);
      continue;
    }
    const started = clock();
    try {
      report.job(turn, await run(turn), clock() - started);
    } catch (err) {
      report.failed(messageId, err);
      failed.push(messageId);
    }
  }
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}

function parseTurn(body: string): BotTurn | null {
  try {
    const parsed = BotTurnSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
