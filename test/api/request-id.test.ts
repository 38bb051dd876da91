/**
 * Request ids are the server's: a client's X-Request-Id is never echoed back into headers or
 * problem bodies, only logged aside as clientRequestId.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { problemOf, testClient, type Api } from '../support/client.js';
import { testRegistry } from '../support/local.js';

let server: LocalServer;
let api: Api;
let failStore = false;

beforeAll(async () => {
  server = await startLocalServer({
    registry: testRegistry(),
    sweepMs: 0,
    injectFault: () => (failStore ? { when: 'before', error: new Error('disk on fire') } : null),
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('a client-chosen X-Request-Id is not echoed; the server generates its own for the header and the problem body', async () => {
    const chosen = 'support-says-refund-granted';
    const r = await api.GET('/v1/games/{id}', {
      params: { path: { id: 'nope' } },
      headers: { 'x-request-id': chosen },
    });
    expect(r.response.status).toBe(401);
    const id = r.response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    const problem = problemOf(r);
    expect(problem.requestId).toBe(id);
    expect(JSON.stringify(problem)).not.toContain(chosen);

    const ok = await api.GET('/v1/catalog', { headers: { 'x-request-id': chosen } });
    expect(ok.response.headers.get('x-request-id')).toMatch(UUID);
  });

  it("a 5xx is logged with the server's request id and the client's as a separate clientRequestId", async () => {
    const anna = await api.newPlayer('Anna');
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
    failStore = true;
    try {
      const r = await anna.GET('/v1/players/me', { headers: { 'x-request-id': 'client-42' } });
      expect(r.response.status).toBe(500);
      const id = r.response.headers.get('x-request-id');
      expect(id).toMatch(UUID);
      const line = logged
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.message === 'unhandled error');
      expect(line).toMatchObject({ requestId: id, clientRequestId: 'client-42' });
    } finally {
      failStore = false;
      spy.mockRestore();
    }
  });
});
