import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { MiddlewareObj } from '@middy/core';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { observability } from '../observability/powertools.js';
import { tracing } from '../observability/tracing.js';
import { createServices } from '../service/index.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import type { SweeperParts } from '../service/sweeper.js';
import { requiredEnv } from '../observability/env.js';
import { BOT_TURNS_QUEUE_URL, sqsBotTurns } from '../bots/sqs-bot-turns.js';

/**
 * What the sweep's two Lambdas (the dispatcher and the worker) share: the services on the table,
 * logging, metrics under the one service name `sweeper` (the dashboard's), and tracing. Only the
 * worker (`playsGames`) expires games, so only it hands bot turns on (RP-BOT-1).
 */
export function sweepParts(playsGames: boolean): {
  parts: Omit<SweeperParts, 'queue'>;
  logger: Logger;
  tracer: Tracer;
  middlewares: MiddlewareObj[];
} {
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
      // The worker's timeouts may leave a searching bot due: its move goes to the bot worker. The
      // dispatcher plays no game, so it has no queue of bot turns to send to.
      ...(playsGames
        ? { botTurns: sqsBotTurns(requiredEnv(BOT_TURNS_QUEUE_URL), (client) => tracer.captureAWSv3Client(client)) }
        : {}),
    },
  );
  return {
    parts: {
      times: services.times,
      timing: services.timing,
      now: services.now,
      log: (message, details) => logger.warn(message, details),
      metrics: port,
      lobby: services.lobby,
      digests: services.digests,
    },
    logger,
    tracer,
    middlewares: [traced, ...middlewares],
  };
}
