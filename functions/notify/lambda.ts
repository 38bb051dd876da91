import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { requiredEnv as env } from '../observability/env.js';
import { observability } from '../observability/powertools.js';
import { tracing } from '../observability/tracing.js';
import { FinishedTable } from '../store/finished-table.js';
import { RatingsTable } from '../store/ratings-table.js';
import { Results } from '../service/results.js';
import { awsNotifier } from './aws-notifier.js';
import { loadNotifySecretsParameter } from './secrets.js';
import { notifyFromStream, type StreamRecord } from './stream.js';

const { logger, port, middlewares } = observability('notifier');
const { tracer, middleware: traced } = tracing('notifier');
const secrets = await loadNotifySecretsParameter(env('NOTIFY_SECRETS_PARAMETER'));
const db = tracer.captureAWSv3Client(new DynamoDBClient(LAMBDA_CLIENT_CONFIG));
const registry = createRegistry(catalogSources);
const { notifier, table, fanout } = awsNotifier({
  db,
  tableName: env('TABLE_NAME'),
  registry,
  secrets,
  env: process.env,
  capture: (client) => tracer.captureAWSv3Client(client),
  log: (line) => logger.warn(line),
  metrics: port,
});

const results = new Results(
  table,
  new RatingsTable(db, env('TABLE_NAME')),
  new FinishedTable(db, env('TABLE_NAME')),
  registry,
);

/** Stream batches in, partial-batch failures out: Lambda retries from the first failed record. */
export const handler = middy(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed = await notifyFromStream(event.Records as StreamRecord[], {
    table,
    registry,
    notifier,
    results,
    ...(fanout ? { fanout } : {}),
  });
  if (failed.length > 0) logger.warn('notification batch partly failed', { failed });
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}).use([traced, ...middlewares]);
