import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { Hono } from 'hono';

/**
 * The web client, served by the API itself at `/` (one origin: no CORS, no second deployment).
 * Built files live in memory: `npm start` builds them at start (web/build.ts); in Lambda they are
 * read from WEB_ASSETS_DIR, where the CDK bundling step wrote them, by the first request for one
 * (never at a cold start: a move does not need them).
 */
export type WebAssets = ReadonlyMap<string, { body: Uint8Array; type: string }>;

/**
 * Scripts and styles only from this origin; the board SVG is inline markup without scripts. The
 * page connects to this origin, and to the event stream's where it is another (API Gateway's
 * WebSocket API in AWS).
 */
export const clientCsp = (socketUrl?: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${socketUrl ? ` ${new URL(socketUrl).origin}` : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Every file under `dir`, keyed by its URL path (`/assets/app-XYZ.js`). */
export async function loadWebAssets(dir: string): Promise<WebAssets> {
  const files = new Map<string, { body: Uint8Array; type: string }>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = `/${relative(dir, full).split(sep).join('/')}`;
    files.set(path, { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream' });
  }
  return files;
}

export function webRoutes(source: WebAssets | (() => Promise<WebAssets>), socketUrl?: string): Hono {
  const csp = clientCsp(socketUrl);
  let loading: Promise<WebAssets> | undefined;
  const files = () =>
    (loading ??= (typeof source === 'function' ? source() : Promise.resolve(source)).catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const web = new Hono();
  web.get('/', async (c) => {
    const page = (await files()).get('/index.html');
    if (!page) return c.notFound();
    return c.body(page.body as Uint8Array<ArrayBuffer>, 200, {
      'content-type': page.type,
      'content-security-policy': csp,
      'cache-control': 'no-cache',
    });
  });
  // The service worker must be served from the root to control the whole site; never cached long.
  web.get('/sw.js', async (c) => {
    const sw = (await files()).get('/sw.js');
    if (!sw) return c.notFound();
    return c.body(sw.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': sw.type, 'cache-control': 'no-cache' });
  });
  web.get('/assets/:name', async (c) => {
    const file = (await files()).get(`/assets/${c.req.param('name')}`);
    if (!file) return c.notFound();
    // Names carry a content hash: a new build has new names.
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      'content-type': file.type,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
  return web;
}
