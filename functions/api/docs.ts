import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';

/**
 * The API reference page at /docs: Swagger UI with its assets served by the app itself, so it
 * renders with no internet. In Lambda the assets are copied next to the bundle at build time
 * (DOCS_ASSETS_DIR); locally they come straight from the swagger-ui-dist package.
 */
function assetsDir(): string {
  const configured = process.env.DOCS_ASSETS_DIR;
  if (configured) return resolve(dirname(fileURLToPath(import.meta.url)), configured);
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** A committed document of `folder` (api-spec/, docs/): beside the bundle in Lambda, in the repository otherwise. */
function committedPath(file: string, folder: string): string {
  // infra/bundle.ts copies them among the docs assets.
  if (process.env.DOCS_ASSETS_DIR) return join(assetsDir(), file);
  return fileURLToPath(new URL(`../../${folder}/${file}`, import.meta.url));
}

/**
 * A committed document, read at the first request for it and kept. Building it from the routes
 * and schemas needs every game's rules and shapes, which a serving Lambda does not load; the
 * api-spec and asyncapi tests keep the committed files equal to what `npm run spec` writes.
 */
function servedDocument(
  file: string,
  contentType: string,
  {
    folder = 'api-spec',
    served = (b: Buffer) => new Uint8Array(b),
  }: { folder?: string; served?: (text: Buffer) => Uint8Array } = {},
): (c: Context) => Promise<Response> {
  let read: Promise<Uint8Array> | undefined;
  return async (c) => {
    const bytes = (read ??= readFile(committedPath(file, folder)).then(served, (err: unknown) => {
      read = undefined;
      throw err;
    }));
    return c.body((await bytes) as Uint8Array<ArrayBuffer>, 200, { 'content-type': contentType });
  };
}

/** GET /openapi.json: the REST API. */
export const servedSpec = servedDocument('openapi.json', 'application/json', {
  // Committed indented, for its diffs; served without the indentation, half its size (docs/api.md "The document").
  served: (text) => new TextEncoder().encode(JSON.stringify(JSON.parse(text.toString('utf8')))),
});
/** GET /asyncapi.yaml: the event stream's protocol. */
export const servedAsyncApi = servedDocument('asyncapi.yaml', 'application/yaml');
/** GET /docs/bots.md: the guide to writing a bot, linked from the document's description. */
const servedBotGuide = servedDocument('bots.md', 'text/markdown; charset=utf-8', { folder: 'docs' });

const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>railpost API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true });`;

export function docsRoutes(): Hono {
  const dir = assetsDir();
  const cache = new Map<string, Uint8Array>();
  const docs = new Hono();
  docs.get('/', (c) => c.html(PAGE));
  docs.get('/bots.md', servedBotGuide);
  docs.get('/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  docs.get('/:asset', async (c) => {
    const name = c.req.param('asset');
    const type = ASSETS[name];
    if (!type) return c.notFound();
    let bytes = cache.get(name);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(dir, name)));
      cache.set(name, bytes);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
  return docs;
}
