import { SQSClient } from '@aws-sdk/client-sqs';
import middy from '@middy/core';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import { Sweeper, type SweepReport } from '../service/sweeper.js';
import { SqsDeadlineQueue } from './sqs-queue.js';
import { sweepParts } from './parts.js';

const queueUrl = process.env.DEADLINE_QUEUE_URL;
if (!queueUrl) throw new Error('DEADLINE_QUEUE_URL is not set');

const { parts, logger, tracer, middlewares } = sweepParts(false);
const sweeper = new Sweeper({
  ...parts,
  queue: new SqsDeadlineQueue(tracer.captureAWSv3Client(new SQSClient(LAMBDA_CLIENT_CONFIG)), queueUrl),
});

/** EventBridge calls this every minute: the due work goes to the deadline queue (worker.ts works it). */
export const handler = middy(async (): Promise<SweepReport> => {
  const report = await sweeper.dispatch();
  if (report.games > 0 || report.digestsDue > 0 || report.failed > 0) logger.info('sweep', { ...report });
  return report;
}).use(middlewares);
