import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { observability } from '../observability/powertools.js';
import { createServices } from '../service/index.js';
import { MAX_WAIT_SECONDS } from '../service/version-waits.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { sesAccountMailer } from './account-mailer.js';
import { DEFAULT_LIMITS } from '../service/limits.js';
import { limitsStoreClient } from '../store/limits-table.js';
import { createApp } from './app.js';
import { RateLimits } from './rate-limits.js';
import { requestLogFields } from './request-id.js';
import { loadWebAssets } from './web.js';
import type { EventFanout } from '../notify/event-fanout.js';
import { requiredEnv } from '../observability/env.js';
import { BOT_TURNS_QUEUE_URL, sqsBotTurns } from '../bots/sqs-bot-turns.js';

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
const limitsTable = process.env.LIMITS_TABLE_NAME;
if (!limitsTable) throw new Error('LIMITS_TABLE_NAME is not set');

const { logger, port, middlewares } = observability('api');
const db = new DynamoDBClient(LAMBDA_CLIENT_CONFIG);
const emailFrom = process.env.EMAIL_FROM;
const mailer = emailFrom ? sesAccountMailer(emailFrom, process.env.SES_CONFIGURATION_SET) : undefined;
const stores = dynamoStores(db, tableName, { limitsTable, longestMs: MAX_WAIT_SECONDS * 1000 });
const streamEndpoint = process.env.STREAM_ENDPOINT;
const services = createServices(stores, createRegistry(catalogSources), undefined, {
  metrics: port,
  botTurns: sqsBotTurns(requiredEnv(BOT_TURNS_QUEUE_URL)),
  ...(mailer ? { mailer } : {}),
  // The table's stream tells the sockets what happens in games; only a credential's end is the API's own to tell.
  // A challenge too: no game item carries it to the notifier.
  ...(streamEndpoint
    ? {
        onCredentialsEnded: async (playerId, ended) => (await sockets()).closeEnded(playerId, ended),
        onChallenge: async (notice) => (await sockets()).challenge(notice),
      }
    : {}),
});
let fanout: Promise<EventFanout> | undefined;
// Loaded by the first revocation or challenge, never at a cold start: most requests need no socket.
const sockets = () =>
  (fanout ??= Promise.all([import('../notify/event-fanout.js'), import('../notify/stream-sender.js')]).then(
    ([{ EventFanout }, { apiGatewaySender }]) =>
      new EventFanout({
        connections: stores.connections,
        sender: apiGatewaySender(streamEndpoint!),
        readGame: (gameId) => services.table.readGame(gameId),
        now: services.now,
        log: (line) => logger.warn(line),
      }),
  ));
const secretsParameter = process.env.NOTIFY_SECRETS_PARAMETER;
// Read from SSM by the first request that needs them (push key, unsubscribe and board links), never at a cold start.
const notify = secretsParameter
  ? async () => {
      const { loadNotifySecretsParameter } = await import('../notify/secrets.js');
      const { vapidPublicKey, unsubscribeSecret } = await loadNotifySecretsParameter(secretsParameter);
      return { vapidPublicKey, unsubscribeSecret };
    }
  : undefined;
// The web client's files, written next to the bundle by the CDK bundling step, read when first asked for.
const webDir = process.env.WEB_ASSETS_DIR;
const web = webDir ? () => loadWebAssets(resolve(dirname(fileURLToPath(import.meta.url)), webDir)) : undefined;
const app = createApp({
  ...services,
  ...(process.env.STREAM_URL ? { socketUrl: process.env.STREAM_URL } : {}),
  ...(web ? { web } : {}),
  ...(notify ? { notify } : {}),
  onServerError: (err, c) => logger.error('unhandled error', { ...requestLogFields(c), error: err as Error }),
  // One line per request, under the Lambda request id (hono/aws-lambda hands over the context).
  onRequest: (c, line) =>
    logger.info('request', {
      requestId: (c.env as { lambdaContext?: Context } | undefined)?.lambdaContext?.awsRequestId,
      ...line,
    }),
  rateLimits: {
    limits: new RateLimits(DEFAULT_LIMITS.rates, { client: limitsStoreClient(db), tableName: limitsTable }),
    clientAddress: sourceIp,
  },
});

/**
 * The address the HTTP API saw the request come from. X-Forwarded-For is never read: a client
 * can write anything there (hono's own getConnInfo falls back to it).
 */
function sourceIp(c: { env: unknown }): string | undefined {
  const context = (
    c.env as { requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } } } | undefined
  )?.requestContext;
  return context?.http?.sourceIp ?? context?.identity?.sourceIp;
}

type Result = { statusCode: number; headers?: Record<string, string>; body: string };

/**
 * Hono does the HTTP work (routing, validation, problem+json, the request log line); middy adds
 * only the Lambda-wide concerns: Powertools context and metrics, and a problem+json 500
 * if anything escapes the app. (middy's HTTP body parsers would fight Hono's, so none are used.)
 */
export const handler = middy<LambdaEvent, Result, Error, Context>(
  handle(app) as unknown as (e: LambdaEvent, c: Context) => Promise<Result>,
)
  .use(middlewares)
  .onError((request) => {
    logger.error('request failed', { error: request.error as Error });
    request.response = {
      statusCode: 500,
      headers: { 'content-type': 'application/problem+json', 'x-request-id': request.context.awsRequestId },
      body: JSON.stringify({
        type: 'https://railpost.dev/problems/internal',
        title: 'Internal error',
        status: 500,
        code: 'internal',
        requestId: request.context.awsRequestId,
      }),
    };
  });
