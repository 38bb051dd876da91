/**
 * What the rate-limit suites share: servers with chosen limits that record their store calls,
 * clients that each connect from their own loopback address, and the check of a 429.
 */
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { LOCAL_TABLE, startLocalServer, type LocalServer, type StoreCall } from '../../functions/local/server.js';
import { DEFAULT_LIMITS, type Limits } from '../../functions/service/limits.js';
import { checkAnswer } from '../support/answer-checks.js';
import { dataOf, problemOf, testClient, textOf, type Answer, type Api, type Problem } from '../support/client.js';
import { testRegistry } from '../support/local.js';

export const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

export interface Harness {
  server: LocalServer;
  calls: StoreCall[];
}

export async function harness(limits: Limits): Promise<Harness> {
  const calls: StoreCall[] = [];
  const server = await startLocalServer({
    registry: testRegistry(),
    sweepMs: 0,
    limits,
    onDbCall: (c) => calls.push(c),
  });
  return { server, calls };
}

let nextAddress = 2;
let forged = 0;

/**
 * The typed client's requests sent over node:http from `localAddress`: Node's fetch cannot choose
 * the address a connection comes from. Its answers are checked against the document as the
 * suites' fetch checks them.
 */
export function fetchFrom(localAddress: string) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    // Never trusted: the limits must key on the connection, not on this.
    const headers = { ...Object.fromEntries(request.headers), 'x-forwarded-for': `198.51.100.${++forged % 250}` };
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: request.method, path, localAddress, headers },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const seenHeaders = Object.fromEntries(
              Object.entries(res.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.join(', ') : String(value),
              ]),
            );
            checkAnswer({
              method: request.method,
              path,
              status,
              contentType: res.headers['content-type'] ?? null,
              headers: seenHeaders,
              body: text,
            });
            const answered = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const v of [value ?? []].flat()) answered.append(name, v);
            resolve(new Response(text === '' ? null : text, { status, headers: answered }));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}

/** A client that connects from its own loopback address (Linux routes all of 127/8 to lo). */
export function client(h: Harness) {
  const address = `127.0.0.${nextAddress++}`;
  const api = testClient(h.server.url, { fetch: fetchFrom(address) });
  return { address, api, newPlayer: (name: string) => api.newPlayer(name) };
}

/** A 429 as promised: problem+json, code rate_limited, Retry-After in whole seconds within the window. */
export function expectRateLimited(r: Answer<Problem>, windowSeconds: number) {
  expect(r.response.status, textOf(r)).toBe(429);
  expect(r.response.headers.get('content-type')).toContain('application/problem+json');
  expect(problemOf(r).code).toBe('rate_limited');
  const retryAfter = Number(r.response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(problemOf(r).retryAfter).toBe(retryAfter);
  // The exhausted limit, in the RateLimit headers.
  expect(r.response.headers.get('ratelimit-remaining')).toBe('0');
  expect(r.response.headers.get('ratelimit-reset')).toBe(String(retryAfter));
}

/** Runs `refused` and returns the writes it sent to the game table (after notifications settle). */
export async function gameTableWrites(h: Harness, refused: () => Promise<void>): Promise<StoreCall[]> {
  await h.server.notificationsIdle();
  const from = h.calls.length;
  await refused();
  await h.server.notificationsIdle();
  return h.calls.slice(from).filter((c) => WRITES.has(c.command) && c.input.TableName === LOCAL_TABLE);
}

export const rates = DEFAULT_LIMITS.rates;
export const CHAT_CAP = 30;

export const join = (p: Api, id: string, inviteCode: string) =>
  p.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode } });
export const summary = async (p: Api, id: string) =>
  dataOf(await p.GET('/v1/games/{id}', { params: { path: { id } } }));
export const chat = (p: Api, id: string, text: string) =>
  p.POST('/v1/games/{id}/chat', { params: { path: { id } }, body: { text } });
export const messages = async (p: Api, id: string, limit: number) =>
  dataOf(await p.GET('/v1/games/{id}/chat', { params: { path: { id }, query: { limit } } })).messages;
