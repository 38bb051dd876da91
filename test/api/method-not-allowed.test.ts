/**
 * A known path asked with a method it does not have answers 405 `method_not_allowed` with `Allow`
 * (request-stack.ts, read from the router), over every path of the committed document; an unknown
 * path still answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { startTestServer } from '../support/local.js';
import { testClient } from '../support/client.js';
import spec from '../../api-spec/openapi.json' with { type: 'json' };

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
const paths = spec.paths as Record<string, Record<string, unknown>>;
/** A request path of a template, each parameter a plain value. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x1');
const patternOf = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The methods the document gives a request path: those of every template it matches, as the router matches them. */
function declared(path: string): Set<string> {
  const methods = Object.entries(paths)
    .filter(([template]) => patternOf(template).test(path))
    .flatMap(([, ops]) => Object.keys(ops).map((m) => m.toUpperCase()));
  return new Set(methods.includes('GET') ? [...methods, 'HEAD', 'OPTIONS'] : [...methods, 'OPTIONS']);
}

let server: LocalServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await testClient(server.url).newPlayer('Anna')).token;
});
afterAll(() => server.close());

const ask = (method: string, path: string) =>
  fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

describe('405 on a known path', () => {
  it.each(Object.keys(paths).map((template) => [template]))(
    '%s: every method it does not have answers 405 method_not_allowed with Allow',
    async (template) => {
      const path = concrete(template);
      const allowed = declared(path);
      const missing = METHODS.filter((m) => !allowed.has(m));
      for (const method of missing) {
        const answer = await ask(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get('content-type')).toBe('application/problem+json');
        expect(new Set(answer.headers.get('allow')!.split(', ')), `${method} ${path}`).toEqual(allowed);
        expect(await answer.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
      }
    },
  );

  it('HEAD of a path without GET is refused the same way, without a body', async () => {
    const answer = await ask('HEAD', '/v1/access-tokens');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await answer.text()).toBe('');
  });

  it('an unknown path, or a page outside the API, is still 404', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing'],
      ['DELETE', '/v1/games/x1/nothing'],
      ['POST', '/v1/catalog/x1/x2'],
      ['DELETE', '/docs'],
    ] as const) {
      const answer = await ask(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get('allow'), `${method} ${path}`).toBeNull();
    }
  });
});
