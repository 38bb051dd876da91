import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openApiDocumentText } from '../functions/api/openapi-document.js';

const committedPath = new URL('../api-spec/openapi.json', import.meta.url);

describe('api-spec/openapi.json', () => {
  it('is what `npm run spec` generates from the routes (run it after changing the API)', () => {
    expect(readFileSync(committedPath, 'utf8')).toBe(openApiDocumentText());
  });

  it('documents every path of the core contract in DESIGN.md section 4', () => {
    const doc = JSON.parse(readFileSync(committedPath, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /v1/catalog',
        'POST /v1/players',
        'GET /v1/players/me',
        'PATCH /v1/players/me',
        'POST /v1/games',
        'GET /v1/games',
        'POST /v1/games/{id}/join',
        'GET /v1/games/{id}',
        'GET /v1/games/{id}/view',
        'POST /v1/games/{id}/actions',
        'GET /v1/games/{id}/log',
        'GET /v1/games/{id}/export',
      ]),
    );
  });

  it('passes the Redocly OpenAPI linter with no errors and no warnings', async () => {
    const bin = new URL('../node_modules/.bin/redocly', import.meta.url).pathname;
    const { stdout, stderr } = await promisify(execFile)(bin, ['lint', '--format=stylish', committedPath.pathname], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const output = stdout + stderr;
    expect(output).toContain('Your API description is valid');
    expect(output).not.toMatch(/\b(error|warning)\b\s+[a-z0-9-]+/);
  }, 60_000);
});
