// A floor for a move's cold import with what the API runs for every request: move-path-alone.ts's move
// (move-floor.ts) behind the API's own request stack (functions/api/request-stack.ts: request ids
// and log line, URL and body limits, security and CORS headers, entity tags, problem+json,
// authentication, and the rate limits in their DynamoDB table), built at import as
// functions/api/lambda.ts builds it. An API that serves moves, limits every write and answers
// problems with stable codes loads at least this; its other routes can only add to it.
import { OpenAPIHono } from '@hono/zod-openapi';
import middy from '@middy/core';
import { handle } from 'hono/aws-lambda';
import type { AppEnv } from '../../functions/api/env.js';
import { RateLimits } from '../../functions/api/rate-limits.js';
import { refuseInvalid, useRequestStack } from '../../functions/api/request-stack.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { limitsStoreClient } from '../../functions/store/limits-table.js';
import { db, logger, middlewares, move, players } from './move-floor.js';

const app = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalid });
useRequestStack(app, {
  players,
  onRequest: (_c, line) => logger.info('request', { ...line }),
  rateLimits: {
    limits: new RateLimits(DEFAULT_LIMITS.rates, {
      client: limitsStoreClient(db),
      tableName: process.env.LIMITS_TABLE_NAME ?? 'railpost-limits',
    }),
    clientAddress: (c) =>
      (c.env as { requestContext?: { http?: { sourceIp?: string } } } | undefined)?.requestContext?.http?.sourceIp,
  },
});
app.post('/v1/games/:id/actions', async (c) =>
  c.json(await move(c.get('player'), c.req.param('id'), await c.req.json(), c.req.header('idempotency-key'))),
);

export const handler = middy(handle(app)).use(middlewares);
