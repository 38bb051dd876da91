import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { createRegistry } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { loadNotifySecretsParameter } from '../notify/secrets.js';
import { createServices } from '../service/index.js';
import { DEFAULT_LIMITS } from '../service/limits.js';
import { limitsStoreClient } from '../store/limits-table.js';
import { createApp } from './app.js';
import { jsonLogger } from './json-logger.js';
import { RateLimits } from './rate-limits.js';
import { requestLogFields } from './request-id.js';
import { loadWebAssets } from './web.js';

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
const limitsTable = process.env.LIMITS_TABLE_NAME;
if (!limitsTable) throw new Error('LIMITS_TABLE_NAME is not set');

const db = new DynamoDBClient({});
const services = createServices(db, tableName, createRegistry(catalogGames));
const secretsParameter = process.env.NOTIFY_SECRETS_PARAMETER;
const secrets = secretsParameter ? await loadNotifySecretsParameter(secretsParameter) : null;
// The web client's files, written next to the bundle by the CDK bundling step.
const webDir = process.env.WEB_ASSETS_DIR;
const web = webDir ? await loadWebAssets(resolve(dirname(fileURLToPath(import.meta.url)), webDir)) : undefined;
const app = createApp({
  ...services,
  ...(web ? { web } : {}),
  ...(secrets ? { notify: { vapidPublicKey: secrets.vapidPublicKey, unsubscribeSecret: secrets.unsubscribeSecret } } : {}),
  onServerError: (err, c) => jsonLogger.error('unhandled error', err, requestLogFields(c)),
  rateLimits: { limits: new RateLimits(DEFAULT_LIMITS.rates, { client: limitsStoreClient(db), tableName: limitsTable }), clientAddress: sourceIp },
});

/**
 * The address API Gateway saw the request come from. X-Forwarded-For is never read: a client
 * can write anything there (hono's own getConnInfo falls back to it).
 */
function sourceIp(c: { env: unknown }): string | undefined {
  const context = (c.env as { requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } } } | undefined)?.requestContext;
  return context?.http?.sourceIp ?? context?.identity?.sourceIp;
}

type Result = { statusCode: number; headers?: Record<string, string>; body: string };

/**
 * Hono does the HTTP work (routing, validation, problem+json); middy adds only the Lambda-wide
 * concerns: one JSON log line per request with its request id, and a problem+json 500 if
 * anything escapes the app. (middy's HTTP body parsers would fight Hono's, so none are used.)
 */
export const handler = middy<LambdaEvent, Result, Error, Context>(handle(app) as unknown as (e: LambdaEvent, c: Context) => Promise<Result>)
  .before((request) => {
    (request.internal as Record<string, unknown>).startedAt = Date.now();
  })
  .after((request) => {
    const event = request.event as { rawPath?: string; headers?: Record<string, string | undefined>; requestContext?: { http?: { method?: string } } };
    const clientRequestId = event.headers?.['x-request-id'];
    jsonLogger.info('request', {
      requestId: request.context.awsRequestId,
      // The id the app answered with (X-Request-Id, problem bodies), and the caller's own, never echoed.
      apiRequestId: request.response?.headers?.['x-request-id'],
      ...(clientRequestId ? { clientRequestId: clientRequestId.slice(0, 200) } : {}),
      method: event.requestContext?.http?.method,
      path: event.rawPath,
      status: request.response?.statusCode,
      ms: Date.now() - ((request.internal as Record<string, number>).startedAt ?? Date.now()),
    });
  })
  .onError((request) => {
    jsonLogger.error('request failed', request.error, { requestId: request.context.awsRequestId });
    request.response = {
      statusCode: 500,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({
        type: 'https://railpost.dev/problems/internal',
        title: 'Internal error',
        status: 500,
        code: 'internal',
        requestId: request.context.awsRequestId,
      }),
    };
  });
