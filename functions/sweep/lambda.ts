import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import middy from '@middy/core';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { observability } from '../observability/powertools.js';
import { tracing } from '../observability/tracing.js';
import { createServices } from '../service/index.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { Sweeper, type SweepReport } from '../service/sweeper.js';
import { requiredEnv } from '../observability/env.js';
import { BOT_TURNS_QUEUE_URL, sqsBotTurns } from '../bots/sqs-bot-turns.js';

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');

const { logger, port, middlewares } = observability('sweeper');
const { tracer, middleware: traced } = tracing('sweeper');
// Timeouts and reminders are written to the table; the stream notifier tells the players.
// Bot moves a timeout sets off are counted as the API counts them.
const services = createServices(
  dynamoStores(tracer.captureAWSv3Client(new DynamoDBClient(LAMBDA_CLIENT_CONFIG)), tableName),
  createRegistry(catalogSources),
  undefined,
  {
    metrics: port,
    botTurns: sqsBotTurns(requiredEnv(BOT_TURNS_QUEUE_URL), (client) => tracer.captureAWSv3Client(client)),
  },
);
const sweeper = new Sweeper(
  services.times,
  services.timing,
  services.now,
  (message, details) => logger.warn(message, details),
  port,
  services.lobby,
  services.digests,
);

/** EventBridge calls this every minute. */
export const handler = middy(async (): Promise<SweepReport> => {
  const report = await sweeper.sweep();
  if (report.games > 0 || report.digests > 0) logger.info('sweep', { ...report });
  return report;
}).use([traced, ...middlewares]);
