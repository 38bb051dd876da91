/**
 * Builds the web client (web/client) with esbuild into memory: content-hashed JS and CSS under
 * /assets/ (the app, and one chunk per language's catalog), the service worker at /sw.js (its scope
 * must be the whole site) and index.html.
 * `npm start` and the browser tests serve the result directly; the CDK stack writes it next to
 * the API Lambda's bundle (`tsx web/build.ts <dir>`), which serves it from there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** The built client's files by URL path: the shape the API serves (WebAssets in functions/api/web.ts), kept without importing the service. */
export type BuiltClient = Map<string, { body: Uint8Array; type: string }>;

const COMMON: BuildOptions = {
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  // Czech and Russian catalogs stay as written: as \u escapes the Russian one would be twice the size.
  charset: 'utf8',
  logLevel: 'silent',
};

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export async function buildClient(): Promise<BuiltClient> {
  const [app, worker] = await Promise.all([
    // Splitting makes each language's catalog (a dynamic import) a chunk of its own: a page loads only the one it shows.
    build({
      ...COMMON,
      entryPoints: { app: join(here, 'client/main.tsx') },
      outdir: '/assets',
      entryNames: '[name]-[hash]',
      splitting: true,
      chunkNames: '[name]-[hash]',
    }),
    build({ ...COMMON, entryPoints: { sw: join(here, 'client/sw.ts') }, outdir: '/' }),
  ]);
  const files: BuiltClient = new Map();
  for (const out of [...(app.outputFiles ?? []), ...(worker.outputFiles ?? [])]) {
    const ext = out.path.slice(out.path.lastIndexOf('.'));
    files.set(out.path, { body: out.contents, type: TYPES[ext] ?? 'application/octet-stream' });
  }
  const script = [...files.keys()].find((p) => p.startsWith('/assets/app-') && p.endsWith('.js'));
  const style = [...files.keys()].find((p) => p.startsWith('/assets/app-') && p.endsWith('.css'));
  if (!script || !style) throw new Error('the client build gave no app script or stylesheet');
  files.set('/index.html', {
    body: new TextEncoder().encode(indexHtml(script, style)),
    type: 'text/html; charset=utf-8',
  });
  return files;
}

/** The client's only page: no inline script or style, as the API's clientCsp (functions/api/web.ts) allows none. */
function indexHtml(script: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>railpost</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${style}">
<script type="module" src="${script}"></script>
</head>
<body>
<noscript>railpost needs JavaScript in the browser; the REST API is described at <a href="/docs">/docs</a>.</noscript>
<div id="app"></div>
</body>
</html>
`;
}

/** Writes the built client into `dir` (the API Lambda's asset folder). */
export async function writeClient(dir: string): Promise<void> {
  for (const [path, file] of await buildClient()) {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.body);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx web/build.ts <output folder>');
  await writeClient(dir);
}
