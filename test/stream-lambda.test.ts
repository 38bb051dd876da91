/**
 * The event stream as deployed: the real API and stream Lambda entries, in process, fed HTTP API
 * (payload 2.0) and WebSocket events as API Gateway hands them over, against DynamoDB (dynalite)
 * and a stand-in of API Gateway's management API that records what is posted to each connection
 * (RP-STREAM-1, RP-STREAM-2, RP-STREAM-5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import type { LambdaEvent } from 'hono/aws-lambda';
import type { EmbeddedStore } from '../functions/local/embedded-store.js';
import type { WebSocketEvent } from '../functions/api/stream-lambda.js';
import { CONNECTIONS_PER_PLAYER } from '../functions/service/streams.js';
import { httpApiEvent } from '../scripts/support/lambda-event.js';
import { apiLambdaStore } from '../scripts/support/api-lambda-env.js';
import { startFakeAws, type FakeAws } from './support/fake-aws.js';
import { apiGatewaySender } from '../functions/notify/stream-sender.js';

type HttpAnswer = { statusCode: number; headers?: Record<string, string>; body: string };
let store: EmbeddedStore;
let aws: FakeAws;
let api: (event: LambdaEvent, context: Context) => Promise<HttpAnswer>;
let stream: (event: WebSocketEvent, context: Context) => Promise<{ statusCode: number; body?: string }>;
const context = { awsRequestId: 'req-1', functionName: 'fn' } as Context;
const SOCKETS = 'wss://stream.example.test/test';

beforeAll(async () => {
  store = await apiLambdaStore('stream-lambda-test');
  aws = await startFakeAws();
  Object.assign(process.env, { STREAM_ENDPOINT: `${aws.url}/test`, STREAM_URL: SOCKETS });
  ({ handler: api } = (await import('../functions/api/lambda.js')) as unknown as { handler: typeof api });
  ({ handler: stream } = (await import('../functions/api/stream-lambda.js')) as unknown as {
    handler: typeof stream;
  });
});
afterAll(async () => {
  await aws.close();
  await store.close();
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const answer = await api(
    httpApiEvent(method, path, body, token ? { authorization: `Bearer ${token}` } : {}),
    context,
  );
  return { status: answer.statusCode, json: answer.body ? JSON.parse(answer.body) : null };
}

async function ticketOf(token: string): Promise<string> {
  const minted = await call('POST', '/v1/stream-tickets', {}, token);
  expect(minted.status).toBe(201);
  expect(minted.json.url).toBe(`${SOCKETS}?ticket=${minted.json.ticket}`);
  return minted.json.ticket as string;
}

const connect = (connectionId: string, ticket?: string) =>
  stream(
    {
      requestContext: { routeKey: '$connect', eventType: 'CONNECT', connectionId },
      queryStringParameters: ticket === undefined ? null : { ticket },
    },
    context,
  );

const send = (connectionId: string, routeKey: string, body: string) =>
  stream({ requestContext: { routeKey, eventType: 'MESSAGE', connectionId }, body }, context);

describe('the stream Lambda behind the WebSocket API', () => {
  it('$connect spends a ticket once; without one, or with a spent one, the handshake is answered 401 problem+json', async () => {
    const anna = (await call('POST', '/v1/players', { name: 'Anna' })).json;
    const ticket = await ticketOf(anna.token);
    expect((await connect('conn-a1', ticket)).statusCode).toBe(200);
    for (const refused of [await connect('conn-a2', ticket), await connect('conn-a3')]) {
      expect(refused.statusCode).toBe(401);
      expect(JSON.parse(refused.body!)).toMatchObject({ status: 401, code: 'invalid_ticket' });
    }
    await stream({ requestContext: { routeKey: '$disconnect', connectionId: 'conn-a1' } }, context);
  });

  it('subscribe, a bad message on $default and unsubscribe are answered by posts to the connection', async () => {
    const ben = (await call('POST', '/v1/players', { name: 'Ben' })).json;
    const game = (await call('POST', '/v1/games', { game: 'streetcar', players: 2 }, ben.token)).json;
    expect((await connect('conn-b', await ticketOf(ben.token))).statusCode).toBe(200);
    await send('conn-b', 'subscribe', JSON.stringify({ action: 'subscribe', game: game.id }));
    await send('conn-b', '$default', '{"action":"dance"}');
    await send('conn-b', 'unsubscribe', JSON.stringify({ action: 'unsubscribe', game: game.id }));
    expect(aws.posted.get('conn-b')).toEqual([
      { type: 'subscribed', game: game.id, version: 0 },
      expect.objectContaining({ type: 'error', code: 'invalid_message' }),
      { type: 'unsubscribed', game: game.id },
    ]);
  });

  it(`past ${CONNECTIONS_PER_PLAYER} connections $connect answers 429 too_many_connections`, async () => {
    const cleo = (await call('POST', '/v1/players', { name: 'Cleo' })).json;
    for (let i = 0; i < CONNECTIONS_PER_PLAYER; i++)
      expect((await connect(`conn-c${i}`, await ticketOf(cleo.token))).statusCode).toBe(200);
    const refused = await connect('conn-c-over', await ticketOf(cleo.token));
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body!)).toMatchObject({ code: 'too_many_connections', limit: CONNECTIONS_PER_PLAYER });
  });

  it("revoking a token through the API deletes the connections opened with it through the management API, and no other's", async () => {
    const dan = (await call('POST', '/v1/players', { name: 'Dan' })).json;
    const token = (await call('POST', '/v1/players/me/tokens', { name: 'bot', scopes: ['read'] }, dan.token)).json;
    expect((await connect('conn-d-token', await ticketOf(token.token))).statusCode).toBe(200);
    expect((await connect('conn-d-own', await ticketOf(dan.token))).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/players/me/tokens/${token.id}`, undefined, dan.token)).status).toBe(204);
    expect(aws.deleted).toContain('conn-d-token');
    expect(aws.deleted).not.toContain('conn-d-own');
  });

  it('the management API sender posts to a connection, and reads 410 Gone as a connection that has left', async () => {
    const sender = apiGatewaySender(`${aws.url}/test`);
    aws.gone.add('conn-left');
    expect(await sender.post('conn-here', { type: 'pong' })).toBe('sent');
    expect(aws.posted.get('conn-here')).toEqual([{ type: 'pong' }]);
    expect(await sender.post('conn-left', { type: 'pong' })).toBe('gone');
    await expect(sender.close('conn-left')).resolves.toBeUndefined();
  });
});
