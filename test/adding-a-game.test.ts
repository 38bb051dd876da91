/**
 * docs/adding-a-game.md, followed as written: the repository is copied to a scratch folder (the
 * sources, with node_modules linked), each block of the walkthrough is applied there (a `file=`
 * block written to its file, a `merge=` block merged into its catalog, a `sh` block run), and the
 * API Lambda is bundled from the copy as the stack bundles it. The new game must be in that
 * bundle's catalog: a step the guide leaves out (a registry not written) fails here.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import type { LambdaEvent } from 'hono/aws-lambda';
import { manifests } from '../engine/games/on-demand.js';
import { BUNDLE_OPTIONS } from '../infra/bundle.js';
import type { EmbeddedStore } from '../functions/local/embedded-store.js';
import { apiLambdaStore } from '../scripts/support/api-lambda-env.js';
import { httpApiEvent } from '../scripts/support/lambda-event.js';
import { ROOT } from './support/imports.js';

/** What the walkthrough reads or writes, and what the API Lambda is bundled from. */
const COPIED = [
  'engine',
  'presentation',
  'functions',
  'web',
  'scripts',
  'infra',
  'api-spec',
  'types',
  'package.json',
  'tsconfig.json',
  'README.md',
  'docs/rules.md',
];

type Step = { kind: 'file' | 'merge'; path: string; body: string } | { kind: 'sh'; body: string };

/** The walkthrough's blocks, in order: a fenced block with `file=` or `merge=`, or a `sh` block. */
function stepsOf(markdown: string): Step[] {
  const walkthrough = markdown.slice(markdown.indexOf('## Walkthrough'), markdown.indexOf('## What fails'));
  return [...walkthrough.matchAll(/^```(\w+)( (file|merge)=(\S+))?\n([\s\S]*?)^```$/gm)].map(
    ([, lang, , kind, path, body]): Step => {
      if (kind === 'file' || kind === 'merge') return { kind, path: path!, body: body! };
      if (lang === 'sh') return { kind: 'sh', body: body! };
      throw new Error(`a walkthrough block says neither file=, merge= nor sh: ${body!.slice(0, 60)}`);
    },
  );
}

/** `extra` merged into `base`, objects key by key. */
function merged(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const was = out[key];
    const object = (v: unknown): v is Record<string, unknown> =>
      typeof v === 'object' && v !== null && !Array.isArray(v);
    out[key] = object(was) && object(value) ? merged(was, value) : value;
  }
  return out;
}

function apply(root: string, step: Step): void {
  if (step.kind === 'sh') {
    execFileSync('sh', ['-e', '-c', step.body], { cwd: root, stdio: 'pipe' });
    return;
  }
  const target = join(root, step.path);
  mkdirSync(dirname(target), { recursive: true });
  if (step.kind === 'file') writeFileSync(target, step.body);
  else
    writeFileSync(
      target,
      `${JSON.stringify(merged(JSON.parse(readFileSync(target, 'utf8')), JSON.parse(step.body)), null, 2)}\n`,
    );
}

const steps = stepsOf(readFileSync(join(ROOT, 'docs/adding-a-game.md'), 'utf8'));
const manifest = steps.find((s) => s.kind === 'file' && s.path.endsWith('/manifest.ts'));
const newId = manifest && 'path' in manifest ? /id: '([a-z0-9-]+)'/.exec(manifest.body)?.[1] : undefined;

let scratch: string;
let store: EmbeddedStore;
let handler: (event: LambdaEvent, context: Context) => Promise<{ statusCode: number; body: string }>;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'railpost-guide-'));
  for (const path of COPIED) cpSync(join(ROOT, path), join(scratch, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  for (const step of steps) apply(scratch, step);
  const outdir = join(scratch, 'bundle');
  await build({ ...BUNDLE_OPTIONS, entryPoints: { index: 'functions/api/lambda.ts' }, outdir, absWorkingDir: scratch });
  store = await apiLambdaStore('guide-test');
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  ({ handler } = (await import(pathToFileURL(join(outdir, 'index.mjs')).href)) as { handler: typeof handler });
}, 120_000);
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await store.close();
});

describe('docs/adding-a-game.md, followed as written', () => {
  it('has the walkthrough: a manifest, the other files, the catalogs and the commands', () => {
    expect(newId).toBeDefined();
    expect(steps.filter((s) => s.kind === 'file').length).toBeGreaterThan(3);
    expect(steps.filter((s) => s.kind === 'merge').map((s) => 'path' in s && s.path)).toEqual(
      ['en', 'cs', 'de', 'ru'].map((l) => `presentation/locales/${l}.json`),
    );
    expect(steps.some((s) => s.kind === 'sh')).toBe(true);
  });

  it('puts the new game in the catalog of the bundled API Lambda, beside the games there were', async () => {
    const answer = await handler(httpApiEvent('GET', '/v1/catalog'), {
      awsRequestId: 'guide-1',
      functionName: 'api',
    } as Context);
    expect(answer.statusCode).toBe(200);
    const ids = (JSON.parse(answer.body) as { id: string }[]).map((g) => g.id);
    expect(ids).toEqual([...manifests.map((m) => m.id), newId]);
  });
});
