/**
 * The bundle part of `npm run bench`: each Lambda bundled by infra/bundle.ts, exactly as the CDK
 * stack bundles it for prod (no source maps), and `@aws-sdk/client-dynamodb` bundled alone with
 * the same options as the baseline. For each: what a cold start loads (the entry and the chunks it
 * imports statically; the lazily imported chunks apart), gzipped too, and the CPU time a fresh
 * Node process takes to import it. The imports of all bundles are interleaved, so machine load
 * falls on each alike; the figure is the median of BENCH_IMPORTS runs (7 by default), and each
 * ratio is to the baseline of the same run. The API is imported with its docs and web client
 * beside it and the environment naming them, as the stack deploys it. The notifier and mail-in are
 * sized only: importing them reads SSM.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { bundleLambda, DOCS_ASSETS_DIR, WEB_ASSETS_DIR, writeApiAssets } from '../../infra/bundle.js';
import { median } from './stats.js';

// esbuild names outputs relative to the project root (infra/bundle.ts builds from there).
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 7);
/** The targets: the API's cold-start code at most 500 KiB, its import at most 2× the baseline's. */
const TARGET_KIB = 500;
const TARGET_RATIO = 2;

const dir = mkdtempSync(join(tmpdir(), 'railpost-bundle-'));

const entries = [
  { name: 'api', entry: 'functions/api/lambda.ts', importable: true, assets: true },
  { name: 'notifier', entry: 'functions/notify/lambda.ts', importable: false },
  { name: 'sweeper', entry: 'functions/sweep/lambda.ts', importable: true },
  { name: 'stream', entry: 'functions/api/stream-lambda.ts', importable: true },
  { name: 'mailIn', entry: 'functions/mail-in/lambda.ts', importable: false },
  // The floor of a move: what it needs and nothing more (move-path-alone.ts), bundled the same way.
  { name: 'movePath', entry: 'scripts/bench/move-path-alone.ts', importable: true },
  // The same move behind the API's own request stack (move-path-served.ts): the floor of any API serving moves.
  { name: 'movePathServed', entry: 'scripts/bench/move-path-served.ts', importable: true },
  // The design's floor: the API's libraries and no railpost code (libraries-alone.ts).
  { name: 'libraries', entry: 'scripts/bench/libraries-alone.ts', importable: true },
  { name: 'baseline', entry: 'scripts/bench/client-dynamodb-alone.ts', importable: true },
];

interface BundleFigures {
  /** The entry and every chunk it imports statically: what a cold start reads and evaluates. */
  coldBytes: number;
  coldGzipBytes: number;
  /** Every file of the bundle, lazily imported chunks included (source maps not counted). */
  totalBytes: number;
  files: number;
  /** Median CPU ms (user + system, all threads) a fresh process spends in `import` of the entry. */
  importCpuMs: number | null;
  /** importCpuMs over the baseline's of the same run. */
  vsBaseline: number | null;
}

/** The entry's output and the outputs it reaches through static imports. */
function coldFiles(meta: Metafile): string[] {
  const entry = Object.keys(meta.outputs).find((f) => meta.outputs[f]!.entryPoint && f.endsWith('index.mjs'))!;
  const seen = new Set([entry]);
  const queue = [entry];
  for (let f = queue.shift(); f; f = queue.shift()) {
    for (const i of meta.outputs[f]!.imports) {
      if (i.kind === 'import-statement' && !i.external && !seen.has(i.path)) {
        seen.add(i.path);
        queue.push(i.path);
      }
    }
  }
  return [...seen].map((f) => resolve(projectRoot, f));
}

/** CPU ms a fresh Node process spends importing `file`. */
function importCpuMs(file: string): number {
  const code = `const a = process.cpuUsage(); await import(${JSON.stringify(file)}); const b = process.cpuUsage(a); console.log((b.user + b.system) / 1000);`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      env: {
        ...process.env,
        TABLE_NAME: 'bench',
        LIMITS_TABLE_NAME: 'bench-limits',
        DOCS_ASSETS_DIR,
        WEB_ASSETS_DIR,
        NOTIFY_SECRETS_PARAMETER: '/bench/secrets',
        STREAM_ENDPOINT: 'https://stream.bench.example',
        AWS_REGION: 'eu-central-1',
        NODE_NO_WARNINGS: '1',
      },
      encoding: 'utf8',
    }).trim(),
  );
}

const results: Record<string, BundleFigures> & { loadAverage?: number[]; apiVsBaseline?: number; targets?: unknown } =
  {};
const load = loadavg();
try {
  console.log(
    'bundle: each Lambda as infra/bundle.ts builds it for the stack (esbuild, ESM with splitting, minified, node22)',
  );
  const built: { name: string; file: string; importable: boolean }[] = [];
  for (const { name, entry, importable, assets } of entries) {
    const outdir = join(dir, name);
    const meta = await bundleLambda(entry, outdir, 'left-out');
    if (assets) writeApiAssets(outdir);
    const outputs = Object.keys(meta.outputs).filter((f) => f.endsWith('.mjs'));
    const cold = coldFiles(meta).map((f) => readFileSync(f));
    const coldBytes = cold.reduce((n, b) => n + b.length, 0);
    results[name] = {
      coldBytes,
      coldGzipBytes: cold.reduce((n, b) => n + gzipSync(b).length, 0),
      totalBytes: outputs.reduce((n, f) => n + meta.outputs[f]!.bytes, 0),
      files: outputs.length,
      importCpuMs: null,
      vsBaseline: null,
    };
    built.push({ name, file: join(outdir, 'index.mjs'), importable });
  }
  const times = new Map<string, number[]>();
  for (let run = 0; run < IMPORTS; run++) {
    for (const { name, file, importable } of built)
      if (importable) times.set(name, [...(times.get(name) ?? []), importCpuMs(file)]);
  }
  for (const [name, t] of times) results[name]!.importCpuMs = Math.round(median(t) * 10) / 10;
  const baselineMs = results.baseline!.importCpuMs!;
  for (const name of Object.keys(results)) {
    const r = results[name]!;
    if (r.importCpuMs !== null) r.vsBaseline = Math.round((r.importCpuMs / baselineMs) * 100) / 100;
    const imported =
      r.importCpuMs === null
        ? ''
        : `, import ${r.importCpuMs.toFixed(0)} ms CPU (median of ${IMPORTS} fresh processes, ${r.vsBaseline}x the baseline's)`;
    console.log(
      `  ${name.padEnd(14)} cold start loads ${(r.coldBytes / 1024).toFixed(0)} KiB (${(r.coldGzipBytes / 1024).toFixed(0)} KiB gzipped); ${r.files} files, ${(r.totalBytes / 1024).toFixed(0)} KiB in all${imported}`,
    );
  }
  const api = results.api!;
  const ratio = api.vsBaseline!;
  results.apiVsBaseline = ratio;
  results.loadAverage = load.slice(0, 2).map((x) => Math.round(x * 10) / 10);
  results.targets = {
    apiColdKiB: TARGET_KIB,
    apiColdKiBMet: api.coldBytes <= TARGET_KIB * 1024,
    importRatio: TARGET_RATIO,
    importRatioMet: ratio <= TARGET_RATIO,
  };
  console.log(
    `  api import ${ratio}x the baseline's (target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}); api cold start ${(api.coldBytes / 1024).toFixed(0)} KiB (target ≤ ${TARGET_KIB} KiB: ${api.coldBytes <= TARGET_KIB * 1024 ? 'met' : 'NOT met'}); load average ${results.loadAverage.join(' ')}`,
  );
  console.log(
    "  floors: a move alone (move-path-alone.ts), a served move (move-path-served.ts), the API's libraries alone (libraries-alone.ts)",
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

export { results };
