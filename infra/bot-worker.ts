import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { BOT_TURNS_QUEUE_URL } from '../functions/bots/sqs-bot-turns.js';
import { deadLetterQueue } from './dead-letters.js';
import type { StageFunctions } from './lambda-function.js';

/** Up to the bots' search of one job (12 s by the levels' caps, functions/service/bots.ts) with room for its reads and writes. */
const WORKER_TIMEOUT = Duration.seconds(30);

export interface BotWorker {
  readonly worker: LambdaFn;
  readonly deadLetters: Queue;
  /** Lets a function that writes games queue bot turns: the queue's URL and SendMessage on it alone. */
  queueFrom(fn: LambdaFn): void;
}

/**
 * Bot turns off the request path (RP-BOT-1): a queue of jobs, each a game and the version whose
 * commit left a searching bot due, and the worker that plays them. A job that fails three
 * deliveries waits in the dead-letter queue, which alarms (docs/operations.md "Bot turns").
 */
export function botWorker(functions: StageFunctions, table: TableV2, entry: string): BotWorker {
  const { stack } = functions;
  const deadLetters = deadLetterQueue(stack, 'BotTurnDeadLetters', 'the bot turns');
  const queue = new Queue(stack, 'BotTurns', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // Six times the worker's timeout, as Lambda asks of a queue it polls: a job in a run is never delivered twice for that.
    visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: 3 },
  });
  const worker = functions.create(
    'BotWorker',
    entry,
    { TABLE_NAME: table.tableName, [BOT_TURNS_QUEUE_URL]: queue.queueUrl },
    // A search is one thread of CPU: 1769 MB is Lambda's one full vCPU, so a move keeps to its level's budget.
    { timeout: WORKER_TIMEOUT, memorySize: 1769 },
  );
  // Reads the game and vacations, writes the commit and the deadline entry, and records a game its bots finish.
  functions.grantTable(worker, table, [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
  ]);
  worker.addEventSource(
    new SqsEventSource(queue, {
      // Jobs are CPU: two in one invocation would share its vCPU, so each gets its own.
      batchSize: 1,
      reportBatchItemFailures: true,
      // The bots' share of the account's concurrency; more jobs wait in the queue.
      maxConcurrency: 20,
    }),
  );
  const queueFrom = (fn: LambdaFn) => {
    queue.grantSendMessages(fn);
    fn.addEnvironment(BOT_TURNS_QUEUE_URL, queue.queueUrl);
  };
  // A job whose search is spent queues the next one.
  queueFrom(worker);
  return { worker, deadLetters, queueFrom };
}
