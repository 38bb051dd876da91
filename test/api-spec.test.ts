import { execFile } from 'node:child_process';
import { STATUS_CODES } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { openApiDocumentText } from '../functions/api/openapi-document.js';
import { gameLogSchema, gameViewSchema } from '../functions/api/play/schemas.js';
import { catalogGames } from '../engine/games/index.js';
import { openApiTypesText } from '../scripts/support/openapi-types.js';
import { CONNECTION_CODES, PROBLEM_CODES } from '../functions/api/problem-codes.js';
import { pascal } from '../functions/api/per-game.js';
import { ProblemSchema } from '../functions/api/schemas.js';
import { DEFAULT_LIMITS, type LimitedOperation } from '../functions/service/limits.js';
import { isTestCode, ROOT, sourcesUnder } from './support/imports.js';
import { committedDocument, createResponseValidator } from './support/response-validator.js';

const committedPath = new URL('../api-spec/openapi.json', import.meta.url);
const typesPath = new URL('../api-spec/openapi.d.ts', import.meta.url);
const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const run = promisify(execFile);
/** docs/api.md: the problem table and the rate limits table live there. */
const apiDoc = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');

/** Every problem code the sources can throw, read from the ways they make problems. */
function thrownCodes(): Set<string> {
  const code = sourcesUnder('functions').filter((f) => !isTestCode(f));
  const found = new Set<string>();
  const patterns = [
    /new Refusal\(\s*'([a-z_]+)'/g,
    /new HttpProblem\(\s*\d{3},\s*'([a-z_]+)'/g,
    /super\(\s*'([a-z_]+)'/g,
    /problems\.(?:badRequest|forbidden|conflict)\(\s*'([a-z_]+)'/g,
    /parseOutboundUrl\(\w+,\s*'([a-z_]+)'/g,
    /const code = [^;]*?'(too_many_[a-z_]+)'/g,
    /: '(too_many_[a-z_]+)';/g,
    /const RECORD_TOO_LARGE = '([a-z_]+)'/g,
  ];
  for (const file of code) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(m[1]!);
    // The validation hook's codes: `invalid_${target}` for each target name (app.ts: TARGET_NAMES).
    if (text.includes('`invalid_${target}`'))
      for (const target of ['body', 'query', 'path', 'header']) found.add(`invalid_${target}`);
  }
  return found;
}

/** The problem table of docs/api.md: status → codes (the problem members it names, such as `limit`, are not codes). */
function documentedCodes(): Map<number, string[]> {
  const members = new Set(Object.keys(ProblemSchema.shape));
  const table = apiDoc.slice(apiDoc.indexOf('| status | codes |'));
  const rows = new Map<number, string[]>();
  for (const line of table.split('\n').slice(2)) {
    const row = /^\| (\d{3}) \| (.*) \|$/.exec(line);
    if (!row) break;
    rows.set(
      Number(row[1]),
      [...row[2]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!).filter((name) => !members.has(name)),
    );
  }
  return rows;
}

describe('api-spec/openapi.json', () => {
  it('is what `npm run spec` generates from the routes (run it after changing the API)', () => {
    expect(readFileSync(committedPath, 'utf8')).toBe(openApiDocumentText());
  });

  it("api-spec/openapi.d.ts, the typed client's types, is what openapi-typescript generates from it (`npm run spec` writes both)", async () => {
    expect(readFileSync(typesPath, 'utf8')).toBe(await openApiTypesText(readFileSync(committedPath, 'utf8')));
  });

  it('documents every path of the core contract (docs/api.md)', () => {
    const doc = JSON.parse(readFileSync(committedPath, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
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

  it('passes the Redocly OpenAPI linter (recommended rules and operation-description, redocly.yaml) with no errors and no warnings', async () => {
    const config = new URL('../redocly.yaml', import.meta.url).pathname;
    const { stdout, stderr } = await run(
      bin('redocly'),
      ['lint', '--format=stylish', `--config=${config}`, committedPath.pathname],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const output = stdout + stderr;
    expect(output).toContain('Your API description is valid');
    expect(output).not.toMatch(/\b(error|warning)\b\s+[a-z0-9-]+/);
    expect(output).not.toMatch(/You have \d+ warnings?/);
  }, 60_000);

  it("passes Spectral's oas ruleset (.spectral.yaml) with no result of any severity", async () => {
    const ruleset = new URL('../.spectral.yaml', import.meta.url).pathname;
    const { stdout } = await run(bin('spectral'), [
      'lint',
      '--format=json',
      `--ruleset=${ruleset}`,
      '--fail-severity=hint',
      '--quiet',
      committedPath.pathname,
    ]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const results = JSON.parse(stdout) as { code: string; message: string; path: string[] }[];
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  }, 120_000);
});

interface Answer {
  description?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { example?: unknown; examples?: Record<string, unknown>; schema?: unknown }>;
}

describe('what the document declares', () => {
  const doc = JSON.parse(readFileSync(committedPath, 'utf8')) as {
    paths: Record<
      string,
      Record<
        string,
        {
          description?: string;
          'x-problem-codes': Record<string, string[]>;
          responses: Record<string, Answer | { $ref: string }>;
        }
      >
    >;
    components: { responses: Record<string, Answer> };
  };
  /** An operation's answers, each shared problem answer read where its `$ref` points. */
  const answersOf = (responses: Record<string, Answer | { $ref: string }>) =>
    Object.fromEntries(
      Object.entries(responses).map(([status, r]) => [
        status,
        '$ref' in r ? doc.components.responses[r.$ref.replace('#/components/responses/', '')]! : r,
      ]),
    );
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      op: { ...op, responses: answersOf(op.responses) },
      declared: op,
    })),
  );

  it('every problem code the sources throw is declared (problem-codes.ts), and every declared one is thrown', () => {
    expect([...thrownCodes()].sort()).toEqual([...Object.keys(PROBLEM_CODES), ...CONNECTION_CODES].sort());
  });

  it("docs/api.md's problem table lists exactly the codes of each status", () => {
    const expected = new Map<number, string[]>();
    for (const [code, { status }] of Object.entries(PROBLEM_CODES))
      expected.set(status, [...(expected.get(status) ?? []), code]);
    expected.get(400)!.push('malformed_request');
    expected.set(408, ['request_timeout']);
    const sorted = (m: Map<number, string[]>) =>
      [...m].map(([status, codes]) => [status, [...codes].sort()]).sort(([a], [b]) => Number(a) - Number(b));
    expect(sorted(documentedCodes())).toEqual(sorted(expected));
  });

  it("docs/api.md's rate limit table gives the limits the server enforces", () => {
    const per = (rate?: { points: number; seconds: number }) =>
      rate ? `${rate.points} / ${rate.seconds === 60 ? 'minute' : 'hour'}` : '—';
    const rows: [string, LimitedOperation][] = [
      ['`POST /v1/players`', 'createPlayer'],
      ['`POST /v1/games`', 'createGame'],
      ['`POST /v1/games/{id}/join`', 'join'],
      ['wrong invite codes (a join answered `bad_invite_code`)', 'badInviteCode'],
      ['`POST /v1/games/{id}/chat`', 'chat'],
      ['`POST /v1/games/{id}/actions`', 'action'],
      ['`POST /v1/stream-tickets`', 'streamTicket'],
      ['`POST /v1/access-tokens`', 'accessToken'],
    ];
    for (const [what, operation] of rows) {
      const { perPlayer, perAddress } = DEFAULT_LIMITS.rates[operation];
      expect(apiDoc, operation).toContain(`| ${what} | ${per(perPlayer)} | ${per(perAddress)} |`);
    }
  });

  it('every operation has a description, declares X-Request-Id on every answer, and has an example of its success body', () => {
    for (const { name, op } of operations) {
      expect(op.description, name).toBeTruthy();
      for (const [status, response] of Object.entries(op.responses))
        expect(response.headers?.['X-Request-Id']?.required, `${name} ${status}`).toBe(true);
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
      const json = success.content?.['application/json'];
      if (json) expect(json.example ?? json.examples, name).toBeDefined();
    }
  });

  it('429 and 503 declare Retry-After, every 201 but a chat message, a stream ticket and an access token Location, every GET 200 an ETag', () => {
    // Neither has a URL of its own: a message is read in the chat, a ticket is spent by opening a socket.
    const placeless = ['POST /v1/games/{id}/chat', 'POST /v1/stream-tickets', 'POST /v1/access-tokens'];
    for (const { name, method, op } of operations) {
      for (const status of ['429', '503'])
        if (op.responses[status])
          expect(op.responses[status]!.headers?.['Retry-After']?.required, `${name} ${status}`).toBe(true);
      if (op.responses['201'] && !placeless.includes(name))
        expect(op.responses['201'].headers?.Location?.required, name).toBe(true);
      if (method === 'get') expect(op.responses['200']!.headers?.ETag?.required, name).toBe(true);
      if (op.responses['429'])
        for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
          expect(op.responses['429'].headers?.[h], `${name} ${h}`).toBeDefined();
    }
  });

  it('no schema is a closed object that can only be empty (an event with nothing to say has no `data`)', () => {
    const empty: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      const props = o.properties as object | undefined;
      if (o.type === 'object' && o.additionalProperties === false && Object.keys(props ?? {}).length === 0)
        empty.push(path);
      for (const [key, value] of Object.entries(o)) walk(value, `${path}/${key}`);
    };
    walk(doc, '#');
    expect(empty).toEqual([]);
  });

  it("every catalog game has an example of its view (the move's answer too) and of its log, each a valid answer of that game", () => {
    const full = doc as unknown as {
      components: { examples: Record<string, { value: { game: string } }> };
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, object> }> }>>;
    };
    const refsOf = (path: string, method: string) =>
      (full.paths[path]![method]!.responses['200']!.content['application/json'] as { examples: object }).examples;
    const ids = catalogGames.map((g) => g.id);
    for (const [path, method, schema] of [
      ['/v1/games/{id}/view', 'get', gameViewSchema(catalogGames)],
      ['/v1/games/{id}/actions', 'post', gameViewSchema(catalogGames)],
      ['/v1/games/{id}/log', 'get', gameLogSchema(catalogGames)],
    ] as const) {
      const refs = refsOf(path, method) as Record<string, { $ref: string }>;
      expect(Object.keys(refs), path).toEqual(ids);
      for (const [id, { $ref }] of Object.entries(refs)) {
        const example = full.components.examples[$ref.replace('#/components/examples/', '')]!.value;
        expect(schema.parse(example), `${path} ${id}`).toMatchObject({ game: id });
      }
    }
  });

  it("Swagger shows a real action, not `additionalProp1`: GameAction is each game's actions, and postAction's body carries examples", () => {
    const full = doc as unknown as {
      components: { schemas: Record<string, { anyOf?: { $ref: string }[] }> };
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { examples?: Record<string, { value: { action?: { type?: unknown } } }> }>;
            };
          }
        >
      >;
    };
    const members = full.components.schemas.GameAction!.anyOf!.map((m) => m.$ref);
    expect(members).toEqual(catalogGames.map((g) => `#/components/schemas/${pascal(g.id)}Action`));
    const examples = Object.values(
      full.paths['/v1/games/{id}/actions']!.post!.requestBody!.content['application/json']!.examples ?? {},
    );
    expect(examples.length).toBeGreaterThanOrEqual(catalogGames.length);
    for (const { value } of examples) expect(value.action?.type).toEqual(expect.any(String));
  });

  it('an export whose outcome is null (an aborted game) is a valid answer', () => {
    const validate = createResponseValidator(committedDocument());
    const headers = { 'x-request-id': '0b6f4b8e-3f0a-4c47-9a55-1f2c3d4e5f60', etag: '"e"' };
    const body = {
      game: 'streetcar',
      rulesRevision: null,
      options: {},
      players: [{ seat: 0, name: 'Anna', bot: false }],
      seed: 'ab',
      seedCommitment: 'cd',
      // Aborted before it started: never dealt.
      setup: null,
      actions: [],
      outcome: null,
    };
    const sample = {
      method: 'GET',
      path: '/v1/games/abc/export',
      status: 200,
      contentType: 'application/json',
      headers,
      body: JSON.stringify(body),
    };
    expect(validate(sample).errors).toEqual([]);
    expect(validate({ ...sample, body: JSON.stringify({ ...body, outcome: 'none' }) }).errors).not.toEqual([]);
  });

  it('the TypeScript a client generates from it (openapi-typescript) has no `X & unknown` type, and problems typed per status', async () => {
    const types = astToString(await openapiTS(new URL(committedPath.href)));
    expect(types).not.toMatch(/& unknown\b/);
    // Problems are typed per status: a 409 of postAction is the shared Conflict, whose code is one of the conflict codes.
    expect(types).toMatch(/postAction: \{[^]*?409: components\["responses"\]\["Conflict"\];/);
    expect(types).toMatch(
      /status: 409;\s*\/\*\* @enum \{string\} \*\/\s*code: "abort_window_closed" \|[^;]* "stale_version" \|/,
    );
  }, 60_000);

  it('every problem answer of an operation is the shared answer of its status, which lists and shows each code the operation names for it', () => {
    for (const { name, op, declared } of operations) {
      const problemStatuses = Object.keys(declared.responses).filter((status) => Number(status) >= 400);
      expect(Object.keys(declared['x-problem-codes']).sort(), name).toEqual(problemStatuses.sort());
      for (const [status, codes] of Object.entries(declared['x-problem-codes'])) {
        expect(declared.responses[status], `${name} ${status}`).toEqual({
          $ref: `#/components/responses/${STATUS_CODES[Number(status)]!.replace(/[^A-Za-z0-9]/g, '')}`,
        });
        const problem = op.responses[status]!.content!['application/problem+json']!;
        const schema = problem.schema as {
          allOf: [unknown, { properties: { status: unknown; code: { enum: string[] } } }];
        };
        expect(schema.allOf[1].properties.status, `${name} ${status}`).toEqual({ const: Number(status) });
        for (const code of codes) {
          expect(PROBLEM_CODES[code as keyof typeof PROBLEM_CODES]?.status, `${name} ${code}`).toBe(Number(status));
          expect(schema.allOf[1].properties.code.enum, `${name} ${status}`).toContain(code);
          expect(Object.keys(problem.examples!), `${name} ${status}`).toContain(code);
          // Named in the operation's description too, where a reader of the reference sees it.
          expect(declared.description, `${name} ${code}`).toContain(`\`${code}\``);
        }
      }
    }
  });
});
