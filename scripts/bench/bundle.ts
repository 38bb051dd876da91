/**
 * The bundle part of `npm run bench`: each Lambda bundled as the CDK stack bundles it (esbuild,
 * ESM, minified, node22), its size, and how long a fresh Node process takes to import it (the
 * cold-start cost our code adds; the notifier is sized only, since importing it reads SSM).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { median } from './stats.js';

const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 5);
const entries = [
  { name: 'api', entry: 'functions/api/lambda.ts', importable: true },
  { name: 'notifier', entry: 'functions/notify/lambda.ts', importable: false },
  { name: 'sweeper', entry: 'functions/sweep/lambda.ts', importable: true },
];

const dir = mkdtempSync(join(tmpdir(), 'railpost-bundle-'));
const results: Record<string, { bytes: number; gzipBytes: number; importMs: number | null }> = {};
try {
  console.log('bundle: Lambda bundles as the stack builds them (esbuild, ESM, minified, node22)');
  for (const { name, entry, importable } of entries) {
    const outfile = join(dir, `${name}.mjs`);
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      mainFields: ['module', 'main'],
      banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
      logLevel: 'error',
    });
    const code = readFileSync(outfile);
    const times = importable
      ? Array.from({ length: IMPORTS }, () =>
          Number(
            execFileSync(process.execPath, ['--input-type=module', '-e', `const t = performance.now(); await import(${JSON.stringify(outfile)}); console.log(performance.now() - t);`], {
              env: { ...process.env, TABLE_NAME: 'bench', LIMITS_TABLE_NAME: 'bench-limits', DOCS_ASSETS_DIR: 'docs-assets', AWS_REGION: 'eu-central-1', NODE_NO_WARNINGS: '1' },
              encoding: 'utf8',
            }).trim(),
          ),
        )
      : [];
    results[name] = { bytes: code.length, gzipBytes: gzipSync(code).length, importMs: times.length ? median(times) : null };
    const imported = times.length ? `, import ${median(times).toFixed(0)} ms (median of ${IMPORTS} fresh processes)` : '';
    console.log(`  ${name.padEnd(9)} ${(code.length / 1024).toFixed(0)} KiB (${(gzipSync(code).length / 1024).toFixed(0)} KiB gzipped)${imported}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

export { results };
