/**
 * The event stream's Lambda behind API Gateway's WebSocket API: `$connect` (the ticket in the
 * query; a refusal's status and problem document become the handshake's answer), `$disconnect`,
 * and the `subscribe` and `unsubscribe` routes, whose answers are posted back on the connection.
 * `ping` never reaches it (a mock integration answers it without a Lambda).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { requiredEnv as env } from '../observability/env.js';
import { observability } from '../observability/powertools.js';
import { createServices } from '../service/index.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import { apiGatewaySender } from '../notify/stream-sender.js';
import { StreamSocket } from './streams/socket.js';

/** The part of API Gateway's WebSocket event this entry reads. */
export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string; eventType?: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
}

type Answer = { statusCode: number; headers?: Record<string, string>; body?: string };

const { logger, middlewares } = observability('stream');
const db = new DynamoDBClient(LAMBDA_CLIENT_CONFIG);
const services = createServices(dynamoStores(db, env('TABLE_NAME')), createRegistry(catalogSources));
const socket = new StreamSocket(services.streams);
const sender = apiGatewaySender(env('STREAM_ENDPOINT'));

async function route(event: WebSocketEvent): Promise<Answer> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect') {
    const opening = await socket.open(event.queryStringParameters?.ticket, connectionId);
    if (opening.ok) return { statusCode: 200 };
    return {
      statusCode: opening.status,
      headers: { 'content-type': 'application/problem+json' },
      body: opening.body,
    };
  }
  if (routeKey === '$disconnect') {
    await socket.close(connectionId);
    return { statusCode: 200 };
  }
  for (const answer of await socket.message(connectionId, event.body ?? '')) await sender.post(connectionId, answer);
  return { statusCode: 200 };
}

export const handler = middy<WebSocketEvent, Answer, Error, Context>(route)
  .use(middlewares)
  .onError((request) => {
    logger.error('stream request failed', { error: request.error as Error });
    request.response = { statusCode: 500 };
  });
