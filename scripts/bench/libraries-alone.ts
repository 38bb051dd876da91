// The floor of the API's design for `npm run bench bundle`: its libraries and no railpost code,
// bundled and imported like a handler. Hono with `@hono/zod-openapi` validating one route's body
// with classic zod, the DynamoDB client reading one item, and middy with Powertools Logger and
// Metrics. An API built on these loads at least this before its first line of its own.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import middy from '@middy/core';
import { handle } from 'hono/aws-lambda';
import * as z from 'zod';

const logger = new Logger({ serviceName: 'floor' });
const metrics = new Metrics({ serviceName: 'floor' });
const db = new DynamoDBClient({});
const act = createRoute({
  method: 'post',
  path: '/v1/games/{id}/actions',
  request: {
    params: z.object({ id: z.string().min(1) }),
    body: {
      content: { 'application/json': { schema: z.object({ action: z.unknown(), expectedVersion: z.number().int() }) } },
      required: true,
    },
  },
  responses: { 200: { description: 'The game' } },
});
const app = new OpenAPIHono().openapi(act, async (c) => {
  const { Item } = await db.send(
    new GetItemCommand({ TableName: 'floor', Key: { pk: { S: c.req.valid('param').id } } }),
  );
  return c.json({ found: Item !== undefined, version: c.req.valid('json').expectedVersion });
});

export const handler = middy(handle(app)).use([injectLambdaContext(logger), logMetrics(metrics)]);
