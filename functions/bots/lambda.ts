import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { requiredEnv as env } from '../observability/env.js';
import { observability } from '../observability/powertools.js';
import { tracing } from '../observability/tracing.js';
import { createServices } from '../service/index.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import { BOT_TURNS_QUEUE_URL, sqsBotTurns } from './sqs-bot-turns.js';
import { runBotTurns } from './worker.js';

const { logger, port, middlewares } = observability('bots');
const { tracer, middleware: traced } = tracing('bots');
// The bots' commits go to the table; the stream notifier tells the players, as for every move.
// A job whose search is spent queues the next one on the same queue.
const services = createServices(
  dynamoStores(tracer.captureAWSv3Client(new DynamoDBClient(LAMBDA_CLIENT_CONFIG)), env('TABLE_NAME')),
  createRegistry(catalogSources),
  undefined,
  {
    metrics: port,
    botTurns: sqsBotTurns(env(BOT_TURNS_QUEUE_URL), (client) => tracer.captureAWSv3Client(client)),
    log: (message, err) => logger.error(message, { error: err as Error }),
  },
);

/** SQS batches in (bot-turn jobs, infra/bot-worker.ts), partial-batch failures out. */
export const handler = middy(async (event: SQSEvent): Promise<SQSBatchResponse> =>
  runBotTurns(event.Records, (turn) => services.botTurnJobs.run(turn), {
    job: (turn, outcome, ms) => {
      port.count('BotTurns', { outcome });
      logger.info('bot turn', { ...turn, outcome, ms: Math.round(ms) });
    },
    failed: (messageId, err) => logger.error('bot turn failed', { messageId, error: err as Error }),
    dropped: (messageId, body) => logger.error('not a bot turn', { messageId, body: body.slice(0, 200) }),
  }),
).use([traced, ...middlewares]);
