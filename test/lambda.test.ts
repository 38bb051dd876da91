import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import type { LambdaEvent } from 'hono/aws-lambda';
import type { EmbeddedStore } from '../functions/local/embedded-store.js';
import { DEFAULT_LIMITS } from '../functions/service/limits.js';
import { writeClient } from '../web/build.js';
import { httpApiEvent } from '../scripts/support/lambda-event.js';
import { apiLambdaStore } from '../scripts/support/api-lambda-env.js';

let store: EmbeddedStore;
let webDir: string;
let handler: (
  event: LambdaEvent,
  context: Context,
) => Promise<{ statusCode: number; headers?: Record<string, string>; body: string }>;

const context = { awsRequestId: 'req-1', functionName: 'api' } as Context;

const event = httpApiEvent;

/** The JSON lines the handler wrote while `run` ran (Powertools writes to stdout, not through console.log). */
async function logged<T>(run: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    const result = await run();
    return {
      result,
      lines: chunks
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    };
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  store = await apiLambdaStore('lambda-test');
  // As the stack's bundling step does: the built client in a folder beside the handler.
  webDir = mkdtempSync(join(tmpdir(), 'railpost-web-'));
  await writeClient(webDir);
  process.env.WEB_ASSETS_DIR = webDir;
  ({ handler } = await import('../functions/api/lambda.js'));
});
afterAll(async () => {
  rmSync(webDir, { recursive: true, force: true });
  await store.close();
});

describe('the Lambda entry (HTTP API events, payload format 2.0, through middy and hono/aws-lambda)', () => {
  it('serves the API against DynamoDB: a player is created and reads its profile', async () => {
    const created = await handler(event('POST', '/v1/players', { name: 'Lambda Lou' }), context);
    expect(created.statusCode).toBe(201);
    const { token, id } = JSON.parse(created.body);
    const me = await handler(event('GET', '/v1/players/me', undefined, { authorization: `Bearer ${token}` }), context);
    expect(me.statusCode).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ id, name: 'Lambda Lou' });
  });

  it("limits player creation per the HTTP API event's requestContext.http.sourceIp, whatever X-Forwarded-For says", async () => {
    // As the catch-all route of the stage sends it.
    expect(event('GET', '/').requestContext).toMatchObject({
      apiId: 'abc123',
      routeKey: '$default',
      stage: '$default',
    });
    const from = (sourceIp: string, forwardedFor: string) =>
      handler(event('POST', '/v1/players', { name: 'Sock' }, { 'x-forwarded-for': forwardedFor }, sourceIp), context);
    const allowed = DEFAULT_LIMITS.rates.createPlayer.perAddress!.points;
    for (let i = 0; i < allowed; i++) expect((await from('203.0.113.7', `198.51.100.${i}`)).statusCode).toBe(201);
    const refused = await from('203.0.113.7', '198.51.100.250');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('rate_limited');
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8', '198.51.100.250')).statusCode).toBe(201);
  });

  it('answers bad input with problem+json, never a 500', async () => {
    const malformed = await handler({ ...event('POST', '/v1/players', {}), body: '{"name":' } as LambdaEvent, context);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers?.['content-type']).toContain('application/problem+json');
    expect(JSON.parse(malformed.body).code).toBe('malformed_body');
    const anonymous = await handler(event('GET', '/v1/games'), context);
    expect(anonymous.statusCode).toBe(401);
  });

  it('an over-long URL that reaches the function → 414 uri_too_long as problem+json', async () => {
    const query = `pad=${'x'.repeat(9_000)}`;
    const r = await handler(
      {
        ...event('GET', '/v1/catalog'),
        rawQueryString: query,
        queryStringParameters: { pad: 'x'.repeat(9_000) },
      } as LambdaEvent,
      context,
    );
    expect(r.statusCode).toBe(414);
    expect(r.headers?.['content-type']).toContain('application/problem+json');
    expect(JSON.parse(r.body).code).toBe('uri_too_long');
  });

  it("a client's X-Request-Id is not echoed; the request log line carries the app's id and the client's apart", async () => {
    const { result: r, lines } = await logged(() =>
      handler(event('GET', '/v1/nope', undefined, { 'x-request-id': 'client-7' }), context),
    );
    expect(r.statusCode).toBe(401);
    const id = r.headers?.['x-request-id'];
    expect(id).not.toBe('client-7');
    expect(JSON.parse(r.body).requestId).toBe(id);
    expect(lines.find((l) => l.message === 'request')).toMatchObject({
      requestId: 'req-1',
      apiRequestId: id,
      clientRequestId: 'client-7',
      status: 401,
    });
  });

  it("serves the API reference, its self-hosted assets and the event stream's AsyncAPI document", async () => {
    const page = await handler(event('GET', '/docs'), context);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/docs/swagger-ui-bundle.js');
    const spec = await handler(event('GET', '/openapi.json'), context);
    expect(JSON.parse(spec.body).openapi).toBe('3.1.0');
    // hono/aws-lambda sends a type it does not know as text (YAML) base64-encoded; the function URL decodes it.
    const stream = (await handler(event('GET', '/asyncapi.yaml'), context)) as {
      body: string;
      isBase64Encoded?: boolean;
    };
    expect(stream.isBase64Encoded).toBe(true);
    expect(Buffer.from(stream.body, 'base64').toString('utf8')).toBe(
      readFileSync(new URL('../api-spec/asyncapi.yaml', import.meta.url), 'utf8'),
    );
  });

  it('serves the web client from WEB_ASSETS_DIR at / with its CSP, and its hashed script', async () => {
    const page = await handler(event('GET', '/'), context);
    expect(page.statusCode).toBe(200);
    expect(page.headers?.['content-security-policy']).toContain("script-src 'self'");
    const script = /src="(\/assets\/app-\w+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const js = await handler(event('GET', script!), context);
    expect(js.statusCode).toBe(200);
    expect(js.headers?.['cache-control']).toContain('immutable');
  });
});

describe('Powertools logs and metrics from the API Lambda', () => {
  const authed = (token: string) => ({ authorization: `Bearer ${token}` });

  it('writes one request line per request with the request id, game id, player id, status and duration, never the token', async () => {
    const { token, id: playerId } = JSON.parse(
      (await handler(event('POST', '/v1/players', { name: 'Logan' }), context)).body,
    );
    const game = JSON.parse(
      (
        await handler(
          event('POST', '/v1/games', { game: 'vlaky-na-trati', players: 2, bots: 1 }, authed(token)),
          context,
        )
      ).body,
    );
    const { result, lines } = await logged(() =>
      handler(event('GET', `/v1/games/${game.id}/view`, undefined, authed(token)), context),
    );
    expect(result.statusCode).toBe(200);
    const requests = lines.filter((l) => l.message === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'INFO',
      service: 'api',
      requestId: 'req-1',
      gameId: game.id,
      playerId,
      method: 'GET',
      status: 200,
      ms: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('cuts the signed token out of a board-picture link before logging its path', async () => {
    const secret = 'c2lnbmVkLWxpbmstdG9rZW4';
    const { lines } = await logged(() => handler(event('GET', `/v1/board-pictures/${secret}`), context));
    expect(lines.find((l) => l.message === 'request')).toMatchObject({ path: '/v1/board-pictures/{token}' });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('counts a move, the bot moves it sets off and a rejected move by code as CloudWatch EMF', async () => {
    const { token } = JSON.parse((await handler(event('POST', '/v1/players', { name: 'Emma' }), context)).body);
    const game = JSON.parse(
      (
        await handler(
          event('POST', '/v1/games', { game: 'vlaky-na-trati', players: 2, bots: 1 }, authed(token)),
          context,
        )
      ).body,
    );
    const view = JSON.parse(
      (await handler(event('GET', `/v1/games/${game.id}/view`, undefined, authed(token)), context)).body,
    );
    const emf = (lines: Record<string, unknown>[]) =>
      lines.filter((l) => l._aws) as {
        _aws: {
          CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
        } & Record<string, unknown>;
      }[];
    const moved = await logged(() =>
      handler(
        event(
          'POST',
          `/v1/games/${game.id}/actions`,
          { action: view.legalActions[0], expectedVersion: view.version },
          authed(token),
        ),
        context,
      ),
    );
    expect(moved.result.statusCode).toBe(200);
    const counted = emf(moved.lines).find((l) => 'Moves' in l)!;
    expect(counted._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Railpost/test', Dimensions: [['service']] });
    expect(counted).toMatchObject({ service: 'api', Moves: 1 });
    // A move that hands the turn to the bot seat sets off its moves in the same request.
    let botMoves: unknown;
    let current = JSON.parse(moved.result.body) as { version: number; legalActions: unknown[] };
    for (let i = 0; i < 20 && botMoves === undefined; i++) {
      const next = await logged(() =>
        handler(
          event(
            'POST',
            `/v1/games/${game.id}/actions`,
            { action: current.legalActions[0], expectedVersion: current.version },
            authed(token),
          ),
          context,
        ),
      );
      current = JSON.parse(next.result.body);
      botMoves = emf(next.lines).find((l) => 'BotMoves' in l)?.BotMoves;
    }
    // Repeated values in one flush are one array (EMF sums them).
    expect([botMoves].flat().every((v) => v === 1)).toBe(true);
    expect(botMoves).toBeDefined();

    const stale = await logged(() =>
      handler(
        event(
          'POST',
          `/v1/games/${game.id}/actions`,
          { action: view.legalActions[0], expectedVersion: 0 },
          authed(token),
        ),
        context,
      ),
    );
    expect(stale.result.statusCode).toBe(409);
    const rejected = emf(stale.lines).find((l) => 'RejectedMoves' in l)!;
    expect(rejected).toMatchObject({ service: 'api', code: 'stale_version', RejectedMoves: 1 });
    expect(rejected._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'code']]);
  });
});
