/**
 * Source maps are in a function's code only where Node reads them (dev, `--enable-source-maps`);
 * prod's code leaves them out, and a build with maps made afterwards still maps its traces.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLambda } from '../infra/bundle.js';
import { bundleArguments } from '../infra/lambda-function.js';
import { stageSettings } from '../infra/stage.js';

const scratch = mkdtempSync(join(tmpdir(), 'railpost-bundle-maps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const filesOf = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
const withoutMapComment = (code: string) => code.replace(/\n\/\/# sourceMappingURL=\S+\n$/, '\n');

describe('source maps of the bundles', () => {
  it('bundles prod without maps and dev with them', () => {
    const args = (stage: 'dev' | 'prod') =>
      bundleArguments('functions/api/lambda.ts', 'out', true, stageSettings(stage).sourceMapsAtRuntime);
    expect(args('prod')).toContain('--no-maps');
    expect(args('dev')).not.toContain('--no-maps');
  });

  it('leaves the maps out of the code without changing a file name, line or column of it', async () => {
    // A small entry that still splits: the DynamoDB client leaves its credential providers in chunks.
    const entry = 'scripts/bench/client-dynamodb-alone.ts';
    await bundleLambda(entry, join(scratch, 'linked'), 'linked');
    await bundleLambda(entry, join(scratch, 'left-out'), 'left-out');
    const linked = filesOf(join(scratch, 'linked'));
    const leftOut = filesOf(join(scratch, 'left-out'));
    const code = linked.filter((f) => f.endsWith('.mjs'));
    expect(code.length).toBeGreaterThan(1);
    expect(linked.filter((f) => f.endsWith('.mjs.map'))).toEqual(code.map((f) => `${f}.map`));
    expect(leftOut.filter((f) => f.endsWith('.mjs'))).toEqual(code);
    expect(leftOut.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of code) {
      const mapped = readFileSync(join(scratch, 'linked', file), 'utf8');
      expect(mapped).toMatch(/\/\/# sourceMappingURL=\S+\.mjs\.map\n$/);
      expect(readFileSync(join(scratch, 'left-out', file), 'utf8')).toBe(withoutMapComment(mapped));
    }
  }, 60_000);
});
