import { Duration, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { DEADLINE_INDEX } from '../functions/store/keys.js';
import { PLAY_ACTIONS, type StageFunctions } from './lambda-function.js';

/** A worker's run: ten batches of 25 games, worked side by side, take a second or two. */
const WORKER_TIMEOUT = Duration.seconds(30);
/** Deliveries of a batch before it goes to the dead-letter queue. */
export const SWEEP_MAX_RECEIVES = 5;

export interface SweepFunctions {
  /** The scheduled dispatcher. */
  sweeper: LambdaFn;
  /** The queue-fed worker. */
  worker: LambdaFn;
  /** Batches that failed every delivery. */
  deadLetters: Queue;
}

/**
 * Time controls, fanned out (docs/architecture.md "Sweeper"): every minute the dispatcher reads
 * every due entry of the deadline index and sends them to the deadline queue in batches; workers,
 * as many as the backlog calls for, apply each game's policy through the same conditional commit
 * as a move (the table's stream notifies) and claim due digests.
 */
export function sweeperFunctions(
  functions: StageFunctions,
  table: TableV2,
  entries: { dispatcher: string; worker: string },
): SweepFunctions {
  const deadLetters = new Queue(functions.stack, 'SweepDeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(deadLetters).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: 'This queue is itself the dead-letter destination of the deadline queue: it needs none of its own.',
  });
  const queue = new Queue(functions.stack, 'DeadlineQueue', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // As AWS advises for an SQS event source: six times the function's timeout.
    visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
    // A batch older than this is long overtaken: the next dispatches found its games due again.
    retentionPeriod: Duration.hours(1),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: SWEEP_MAX_RECEIVES },
  });

  const sweeper = functions.create(
    'Sweeper',
    entries.dispatcher,
    { TABLE_NAME: table.tableName, DEADLINE_QUEUE_URL: queue.queueUrl },
    {
      timeout: Duration.seconds(55),
      // One dispatch at a time: it reads and sends, which takes seconds even for 10,000 due, so this
      // bounds nothing but duplicate batches. The work itself scales with the workers below.
      reservedConcurrentExecutions: 1,
    },
  );
  // DeleteItem: lobby entries of the public games it closes (docs/playing.md "Lobby").
  functions.grantTable(sweeper, table, PLAY_ACTIONS);
  sweeper.addToRolePolicy(
    new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${DEADLINE_INDEX}`] }),
  );
  // Only sending: SQS-managed encryption needs no key grant.
  sweeper.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
  new Rule(functions.stack, 'SweepSchedule', {
    description: 'railpost deadline sweeper',
    schedule: Schedule.rate(Duration.minutes(1)),
    // A failed dispatch is simply done again a minute later; no retries pile up behind it.
    targets: [new LambdaFunction(sweeper, { retryAttempts: 0 })],
  });

  // No reserved concurrency and no maximum concurrency on the event source: Lambda adds pollers as
  // the backlog grows, so the sweep keeps up with however many deadlines fall due.
  const worker = functions.create(
    'SweepWorker',
    entries.worker,
    { TABLE_NAME: table.tableName },
    { timeout: WORKER_TIMEOUT },
  );
  functions.grantTable(worker, table, PLAY_ACTIONS);
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
  return { sweeper, worker, deadLetters };
}
