// A floor for issue 16 #2 with what the API runs for every request: move-path-alone.ts's move
// (store, services, bots, lazy registry, Powertools, middy, one route validated by a zod/mini
// schema) behind the API's own request stack (functions/api/request-stack.ts: request ids and log
// line, URL and body limits, security and CORS headers, entity tags, problem+json, authentication,
// and the rate limits in their DynamoDB table), built at import as functions/api/lambda.ts builds it.
// An API that serves moves, limits every write and answers problems with stable codes loads at
// least this; its other routes can only add to it.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import { handle } from 'hono/aws-lambda';
import * as z from 'zod/mini';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { RateLimits } from '../../functions/api/rate-limits.js';
import { refuseInvalid, useRequestStack } from '../../functions/api/request-stack.js';
import type { AppEnv } from '../../functions/api/env.js';
import { servingApp } from '../../functions/api/serving-app.js';
import { observability } from '../../functions/observability/powertools.js';
import { Digests } from '../../functions/service/digests.js';
import { Games } from '../../functions/service/games.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { Players } from '../../functions/service/players.js';
import { AccountTable } from '../../functions/store/account-table.js';
import { DigestTable } from '../../functions/store/digest-table.js';
import { GameTable } from '../../functions/store/game-table.js';
import { LAMBDA_CLIENT_CONFIG } from '../../functions/store/lambda-client.js';
import { limitsStoreClient } from '../../functions/store/limits-table.js';
import { LobbyTable } from '../../functions/store/lobby-table.js';
import { TimeTable } from '../../functions/store/time-table.js';

const tableName = process.env.TABLE_NAME ?? 'railpost';
const { logger, middlewares } = observability('api');
const db = new DynamoDBClient(LAMBDA_CLIENT_CONFIG);
const now = () => new Date();
const table = new GameTable(db, tableName);
const times = new TimeTable(db, tableName);
const players = new Players(table, times, now, new AccountTable(db, tableName), new Digests(table, new DigestTable(db, tableName), now));
const games = new Games(table, times, createRegistry(catalogSources), now, () => {}, undefined, undefined, undefined, new LobbyTable(db, tableName));

const app = servingApp<AppEnv>(refuseInvalid);
useRequestStack(app, {
  players,
  onRequest: (_c, line) => logger.info('request', { ...line }),
  rateLimits: {
    limits: new RateLimits(DEFAULT_LIMITS.rates, { client: limitsStoreClient(db), tableName: process.env.LIMITS_TABLE_NAME ?? 'railpost-limits' }),
    clientAddress: (c) => (c.env as { requestContext?: { http?: { sourceIp?: string } } } | undefined)?.requestContext?.http?.sourceIp,
  },
});
const Body = z.object({ action: z.looseObject({ type: z.string() }), expectedVersion: z.number() });
app.post('/v1/games/:id/actions', async (c) => {
  const body = Body.parse(await c.req.json());
  const result = await games.act(c.get('player'), c.req.param('id'), { ...body, idempotencyKey: c.req.header('idempotency-key') });
  return c.json(result.body);
});

export const handler = middy(handle(app)).use(middlewares);
