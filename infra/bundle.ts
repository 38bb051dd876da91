/**
 * How each Lambda is bundled. The stack runs this file at synth (`tsx infra/bundle.ts <entry>
 * <outdir> [--api] [--no-maps]`, infra/lambda-function.ts) and `npm run bench bundle` calls `bundleLambda`, so the bench
 * measures what is deployed.
 *
 * ESM with code splitting: what a handler imports lazily (the board renderers, the SSM client)
 * becomes a chunk next to `index.mjs` that a cold start does not load. CDK's NodejsFunction cannot
 * split (it bundles to one `--outfile`), hence this script.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the API's /docs assets and web client are written, next to its bundle (the names are in its environment). */
export const DOCS_ASSETS_DIR = 'docs-assets';
export const WEB_ASSETS_DIR = 'web-assets';

/**
 * The API validates requests with `@hono/zod-openapi` but never writes the document there: what
 * that package imports only for the document loads functions/api/served-openapi.ts instead.
 */
const servedOpenApi: Plugin = {
  name: 'served-openapi',
  setup(b) {
    const standIn = join(projectRoot, 'functions/api/served-openapi.ts');
    b.onResolve({ filter: /^(@asteasolutions\/zod-to-openapi|zod)$/ }, ({ importer }) =>
      /[\\/]@hono[\\/]zod-openapi[\\/]/.test(importer) ? { path: standIn } : undefined,
    );
  },
};

export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: 'linked',
  splitting: true,
  // Prefer ESM builds: smaller bundles than the CJS `main` entries (STACK-NOTES §6).
  mainFields: ['module', 'main'],
  // CJS dependencies bundled into ESM still call require() for Node built-ins.
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'error',
  plugins: [servedOpenApi],
} satisfies BuildOptions;

/**
 * Where a bundle's source maps go. `linked`: beside each file, which names its map, for Node's
 * `--enable-source-maps` (infra/stage.ts `sourceMapsAtRuntime`). `left-out`: nowhere, so the
 * function's code holds no map that nothing reads; its files are those of a `linked` build of the
 * same commit but for the closing map comment (same names, same lines and columns), so a prod
 * trace is mapped with a `linked` build made afterwards (docs/operations.md).
 */
export type SourceMaps = 'linked' | 'left-out';

/** Bundles `entry` into `outdir` as `index.mjs` and its chunks; the metafile says what went where. */
export async function bundleLambda(entry: string, outdir: string, maps: SourceMaps = 'linked'): Promise<Metafile> {
  const options = { ...BUNDLE_OPTIONS, entryPoints: { index: entry }, outdir, absWorkingDir: projectRoot };
  if (maps === 'linked') return (await build(options)).metafile;
  // `external` names and writes the code as `linked` does, only without the comment naming the map.
  const { metafile, outputFiles } = await build({ ...options, sourcemap: 'external', write: false });
  for (const file of outputFiles.filter((f) => !f.path.endsWith('.map'))) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  return metafile;
}

/** The API's files beside its bundle: Swagger UI, the OpenAPI and AsyncAPI documents and the bot guide for /docs (never from a CDN), and the built web client for `/`. */
export function writeApiAssets(outdir: string): void {
  const swagger = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  mkdirSync(join(outdir, DOCS_ASSETS_DIR), { recursive: true });
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css'])
    copyFileSync(join(swagger, file), join(outdir, DOCS_ASSETS_DIR, file));
  // Served at /openapi.json, /asyncapi.yaml and /docs/bots.md as committed, never built at a cold start (functions/api/docs.ts).
  for (const file of ['openapi.json', 'asyncapi.yaml'])
    copyFileSync(join(projectRoot, 'api-spec', file), join(outdir, DOCS_ASSETS_DIR, file));
  copyFileSync(join(projectRoot, 'docs/bots.md'), join(outdir, DOCS_ASSETS_DIR, 'bots.md'));
  execFileSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'web/build.ts'), join(outdir, WEB_ASSETS_DIR)], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [entry, outdir, ...flags] = process.argv.slice(2);
  if (!entry || !outdir) throw new Error('usage: tsx infra/bundle.ts <entry> <outdir> [--api] [--no-maps]');
  await bundleLambda(entry, outdir, flags.includes('--no-maps') ? 'left-out' : 'linked');
  if (flags.includes('--api')) writeApiAssets(outdir);
}
