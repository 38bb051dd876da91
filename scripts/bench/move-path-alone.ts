// A floor for issue 16 #2, bundled and imported by `npm run bench bundle` like a handler: only
// what a move needs, built at import the way functions/api/lambda.ts builds it — the DynamoDB
// client, the store, the game and player services (authentication, the conditional commit, bots),
// the lazy game registry, Powertools Logger and Metrics (issue 21), middy, and a Hono app with one
// route validated by a zod/mini schema (the lightest validation zod offers, with no OpenAPI
// metadata). No other route, no docs, no problem catalogue: whatever the API does beyond a move
// can only add to this.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LAMBDA_CLIENT_CONFIG } from '../../functions/store/lambda-client.js';
import middy from '@middy/core';
import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import * as z from 'zod/mini';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { observability } from '../../functions/observability/powertools.js';
import { Digests } from '../../functions/service/digests.js';
import { Games } from '../../functions/service/games.js';
import { Players } from '../../functions/service/players.js';
import { AccountTable } from '../../functions/store/account-table.js';
import { DigestTable } from '../../functions/store/digest-table.js';
import { GameTable } from '../../functions/store/game-table.js';
import { LobbyTable } from '../../functions/store/lobby-table.js';
import { TimeTable } from '../../functions/store/time-table.js';

const tableName = process.env.TABLE_NAME ?? 'railpost';
const { middlewares } = observability('api');
const db = new DynamoDBClient(LAMBDA_CLIENT_CONFIG);
const now = () => new Date();
const table = new GameTable(db, tableName);
const times = new TimeTable(db, tableName);
const players = new Players(table, times, now, new AccountTable(db, tableName), new Digests(table, new DigestTable(db, tableName), now));
const games = new Games(table, times, createRegistry(catalogSources), now, () => {}, undefined, undefined, undefined, new LobbyTable(db, tableName));

const Body = z.object({ action: z.looseObject({ type: z.string() }), expectedVersion: z.number() });
const app = new Hono().post('/v1/games/:id/actions', async (c) => {
  const body = Body.parse(await c.req.json());
  const player = await players.authenticate(c.req.header('authorization'));
  const result = await games.act(player, c.req.param('id'), { ...body, idempotencyKey: c.req.header('idempotency-key') });
  return c.json(result.body);
});

export const handler = middy(handle(app)).use(middlewares);
