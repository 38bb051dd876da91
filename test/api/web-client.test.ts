/**
 * The web client as the API serves it: one page at `/` with a strict CSP, content-hashed
 * assets cached for good, the service worker at the root, and a JavaScript budget of 150 KB gzipped
 * (with the catalog of one language, loaded on its own).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCsp, type WebAssets } from '../../functions/api/web.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { buildClient } from '../../web/build.js';
import { testClient } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let assets: WebAssets;
let server: LocalServer;

beforeAll(async () => {
  assets = await buildClient();
  server = await startLocalServer({
    store: 'memory',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    web: assets,
  });
}, 60_000);
afterAll(() => server.close());

describe('the web client served at /', () => {
  it('keeps the JavaScript of a page under 150 KB gzipped: the app, the worker and one language catalog (the largest)', () => {
    const scripts = [...assets].filter(([path]) => path.endsWith('.js'));
    const catalogs = scripts.filter(([p]) => /^\/assets\/(en|cs|de|ru)-\w+\.js$/.test(p));
    expect(catalogs).toHaveLength(4);
    const others = scripts.filter((s) => !catalogs.includes(s));
    expect(others.map(([p]) => p).sort()).toEqual([expect.stringMatching(/^\/assets\/app-\w+\.js$/), '/sw.js']);
    const gzip = ([, f]: (typeof scripts)[number]) => gzipSync(f.body).length;
    const gzipped = others.reduce((sum, s) => sum + gzip(s), 0) + Math.max(...catalogs.map(gzip));
    expect(gzipped).toBeLessThan(150 * 1024);
  });

  it("lets the page connect to its own origin, and to the event stream's where that is another (API Gateway's WebSocket API)", () => {
    expect(clientCsp()).toContain("connect-src 'self';");
    expect(clientCsp('wss://abc.execute-api.eu-central-1.amazonaws.com/prod')).toContain(
      "connect-src 'self' wss://abc.execute-api.eu-central-1.amazonaws.com;",
    );
  });

  it('serves the page with a CSP that allows only its own scripts, and its hashed assets for good', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    const html = await page.text();
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const style = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    for (const path of [script, style]) {
      const r = await fetch(`${server.url}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.from(assets.get(path!)!.body))).toBe(true);
    }
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers problem+json 404 for assets it does not have, and leaves the API and /docs where they were', async () => {
    const missing = await fetch(`${server.url}/assets/app-NOPE.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await testClient(server.url).GET('/v1/catalog')).response.status).toBe(200);
    expect((await fetch(`${server.url}/docs`)).status).toBe(200);
  });
});
