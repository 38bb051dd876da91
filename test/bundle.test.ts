/**
 * The API as deployed is a bundle, not these sources: infra/bundle.ts builds it, lazily imported
 * modules become chunks, and it validates with `@hono/zod-openapi` without its document generator
 * (functions/api/served-openapi.ts, with the stand-in `.openapi()` of openapi-zod.ts). This imports that bundle and plays through
 * it, so that a bundling change which drops something the API calls at run time fails here, not
 * in AWS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import type { LambdaEvent } from 'hono/aws-lambda';
import { bundleLambda, DOCS_ASSETS_DIR, WEB_ASSETS_DIR } from '../infra/bundle.js';
import type { EmbeddedStore } from '../functions/local/embedded-store.js';
import { httpApiEvent as event } from '../scripts/support/lambda-event.js';
import { apiLambdaStore } from '../scripts/support/api-lambda-env.js';

type Answer = { statusCode: number; headers?: Record<string, string>; body: string };
let store: EmbeddedStore;
let outdir: string;
let bundled: string[];
let handler: (event: LambdaEvent, context: Context) => Promise<Answer>;
/** The bench's floor of a served move (scripts/bench/move-path-served.ts), bundled the same way. */
let floor: typeof handler;
const context = { awsRequestId: 'bundle-1', functionName: 'api' } as Context;
const json = (a: Answer) => JSON.parse(a.body) as Record<string, unknown>;

beforeAll(async () => {
  store = await apiLambdaStore('bundle-test');
  Object.assign(process.env, {
    POWERTOOLS_LOG_LEVEL: 'WARN',
    // As deployed, relative to the bundle; nothing here asks for the docs or the web client's files.
    DOCS_ASSETS_DIR,
    WEB_ASSETS_DIR,
  });
  outdir = mkdtempSync(join(tmpdir(), 'railpost-bundle-test-'));
  bundled = Object.keys((await bundleLambda('functions/api/lambda.ts', outdir)).inputs);
  ({ handler } = (await import(pathToFileURL(join(outdir, 'index.mjs')).href)) as { handler: typeof handler });
  await bundleLambda('scripts/bench/move-path-served.ts', join(outdir, 'floor'));
  ({ handler: floor } = (await import(pathToFileURL(join(outdir, 'floor', 'index.mjs')).href)) as {
    handler: typeof handler;
  });
}, 120_000);
afterAll(async () => {
  rmSync(outdir, { recursive: true, force: true });
  await store.close();
});

describe('the bundled API handler, as the stack deploys it', () => {
  it('creates a player and a game against a bot, and plays a legal move', async () => {
    const player = await handler(event('POST', '/v1/players', { name: 'Bundle Bea' }), context);
    expect(player.statusCode).toBe(201);
    const auth = { authorization: `Bearer ${json(player).token as string}` };
    const created = await handler(
      event('POST', '/v1/games', { game: 'ticket-to-ride-europe', players: 2, bots: ['medium'] }, auth),
      context,
    );
    expect(created.statusCode).toBe(201);
    const id = json(created).id as string;
    const view = json(await handler(event('GET', `/v1/games/${id}/view`, undefined, auth), context));
    const [action] = view.legalActions as unknown[];
    const moved = await handler(
      event('POST', `/v1/games/${id}/actions`, { action, expectedVersion: view.version }, auth),
      context,
    );
    expect(moved.statusCode).toBe(200);
    expect(json(moved).version).toBeGreaterThan(view.version as number);
    const board = await handler(event('GET', `/v1/games/${id}/board.svg`, undefined, auth), context);
    expect(board.statusCode).toBe(200);
    expect(board.body).toContain('<svg');
    expect(board.body).toMatch(/turn \d+/);
    // Each language's words are a chunk of their own, loaded with the first picture in that language.
    const czech = await handler(event('GET', `/v1/games/${id}/board.svg?lang=cs`, undefined, auth), context);
    expect(czech.statusCode).toBe(200);
    expect(czech.body).toMatch(/tah \d+/);
  });

  it('refuses a write to a token without its scope (403 insufficient_scope): the routes keep their scope checks', async () => {
    const player = json(await handler(event('POST', '/v1/players', { name: 'Scoped Sam' }), context));
    const owner = { authorization: `Bearer ${player.token as string}` };
    const made = await handler(
      event('POST', '/v1/players/me/tokens', { name: 'reader', scopes: ['read'] }, owner),
      context,
    );
    expect(made.statusCode).toBe(201);
    const reader = { authorization: `Bearer ${json(made).token as string}` };
    expect((await handler(event('GET', '/v1/players/me', undefined, reader), context)).statusCode).toBe(200);
    const refused = await handler(event('POST', '/v1/games', { game: 'vlaky-na-trati', players: 2 }, reader), context);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'insufficient_scope' });
  });

  it("validates with the routes' schemas: a body of the wrong shape is a 400 problem naming the field", async () => {
    const refused = await handler(event('POST', '/v1/players', { name: 7 }), context);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers?.['content-type']).toContain('application/problem+json');
    expect(json(refused)).toMatchObject({ code: 'invalid_body' });
    expect(refused.body).toContain('name');
  });

  it('answers a body in a media type the route does not declare with 415 unsupported_media_type, as @hono/zod-openapi did', async () => {
    const refused = await handler(
      event('POST', '/v1/players', { name: 'Plain Pat' }, { 'content-type': 'text/plain' }),
      context,
    );
    expect(refused.statusCode).toBe(415);
    expect(json(refused)).toMatchObject({ code: 'unsupported_media_type' });
  });

  it("the bench's floor of a served move is a working handler: it plays a move with its rate-limit headers, refuses a stale one (409) and an anonymous one (401)", async () => {
    const player = json(await handler(event('POST', '/v1/players', { name: 'Floor Flo' }), context));
    const auth = { authorization: `Bearer ${player.token as string}` };
    const id = json(
      await handler(event('POST', '/v1/games', { game: 'vlaky-na-trati', players: 2, bots: 1 }, auth), context),
    ).id as string;
    const view = json(await handler(event('GET', `/v1/games/${id}/view`, undefined, auth), context));
    const [action] = view.legalActions as unknown[];
    const moved = await floor(
      event('POST', `/v1/games/${id}/actions`, { action, expectedVersion: view.version }, auth),
      context,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.headers?.['ratelimit-remaining']).toBeDefined();
    const stale = await floor(
      event('POST', `/v1/games/${id}/actions`, { action, expectedVersion: view.version }, auth),
      context,
    );
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toMatchObject({ code: 'stale_version' });
    const anonymous = await floor(
      event('POST', `/v1/games/${id}/actions`, { action, expectedVersion: view.version }),
      context,
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('validates with @hono/zod-openapi but carries neither its document generator nor the examples: the document is served as committed', () => {
    expect(bundled.filter((input) => /zod-to-openapi|examples\.ts$/.test(input))).toEqual([]);
    expect(bundled.some((input) => /@hono[\\/]zod-openapi/.test(input))).toBe(true);
    expect(bundled.some((input) => input.includes('served-openapi.ts'))).toBe(true);
  });
});
