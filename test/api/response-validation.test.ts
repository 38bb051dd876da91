/**
 * The API suites validate every answer they receive against the declared schemas of
 * api-spec/openapi.json, strictly: unknown properties are an error where the schema is closed.
 * Here: what the validator refuses and accepts, that the suites' fetch really checks answers, and
 * that the API's own answer objects are closed in the document.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, textOf, type Answer } from '../support/client.js';
import { answersChecked, checkingFetch, documentValidator, takeVerdicts } from '../support/answer-checks.js';
import { useTestServer } from '../support/local.js';
import { committedDocument, type OpenApiDocument, type ResponseSample } from '../support/response-validator.js';

const suite = useTestServer();
const document = committedDocument();
/** The validator the suites' fetch uses. */
const validate = (sample: ResponseSample) => documentValidator()(sample);

/** An answer as the validator sees it, its JSON body optionally replaced. */
const sampleOf = (method: string, path: string, answer: Answer, body?: unknown): ResponseSample => ({
  method,
  path,
  status: answer.response.status,
  contentType: answer.response.headers.get('content-type'),
  headers: Object.fromEntries(answer.response.headers),
  body: body === undefined ? textOf(answer) : JSON.stringify(body),
});

/** What every answer of a GET that succeeded carries, for made-up answers. */
const answerHeaders = { 'x-request-id': '0b6f4b8e-3f0a-4c47-9a55-1f2c3d4e5f60', etag: '"made-up"' };

async function startedHighCard() {
  const anna = await suite.api.newPlayer('Anna');
  const created = await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } });
  expect(created.response.status, textOf(created)).toBe(201);
  const { id } = dataOf(created);
  return { anna, path: `/v1/games/${id}`, params: { path: { id } } };
}

describe('the response validator', () => {
  it('accepts real answers: a profile, a problem, a game, a view, a log and a board picture', async () => {
    const { anna, path, params } = await startedHighCard();
    for (const [target, send] of [
      ['/v1/players/me', () => anna.GET('/v1/players/me')],
      ['/v1/games/nope-nope', () => anna.GET('/v1/games/{id}', { params: { path: { id: 'nope-nope' } } })],
      [path, () => anna.GET('/v1/games/{id}', { params })],
      [`${path}/view`, () => anna.GET('/v1/games/{id}/view', { params })],
      [`${path}/log`, () => anna.GET('/v1/games/{id}/log', { params })],
      ['/v1/catalog/streetcar', () => anna.GET('/v1/catalog/{game}', { params: { path: { game: 'streetcar' } } })],
    ] as const) {
      const reply = await send();
      expect(validate(sampleOf('GET', target, reply)).errors, `GET ${target}`).toEqual([]);
    }
  });

  it('refuses a status the operation does not declare, naming the operation', async () => {
    const reply = await suite.api.GET('/v1/catalog');
    const verdict = validate({ ...sampleOf('GET', '/v1/catalog', reply), status: 418 });
    expect(verdict.operation).toBe('getCatalog (GET /v1/catalog)');
    expect(verdict.errors).toEqual([expect.stringContaining('status 418 is not declared')]);
  });

  it('refuses an unknown property in a closed answer, naming where it is', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const reply = await anna.GET('/v1/players/me');
    const me = dataOf(reply);
    const errors = validate(sampleOf('GET', '/v1/players/me', reply, { ...me, token: 'leaked' })).errors;
    expect(errors).toEqual([
      expect.stringMatching(
        /^status 200 application\/json: \(body\): unknown property "token" \(schema #\/components\/schemas\/Player\/additionalProperties\)$/,
      ),
    ]);
    const nested = { ...me, notifications: { ...me.notifications, events: { ...me.notifications.events, sms: true } } };
    expect(validate(sampleOf('GET', '/v1/players/me', reply, nested)).errors).toEqual([
      expect.stringContaining('/notifications/events: unknown property "sms"'),
    ]);
  });

  it('refuses a wrong type, with the path of the value and of the schema', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const reply = await anna.GET('/v1/players/me');
    expect(validate(sampleOf('GET', '/v1/players/me', reply, { ...dataOf(reply), name: 42 })).errors).toEqual([
      'status 200 application/json: /name: must be string (schema #/components/schemas/Player/properties/name/type)',
    ]);
  });

  it('names the schema path in the document for a component ajv compiles apart (CatalogEntry as the items of the catalog)', async () => {
    const reply = await suite.api.GET('/v1/catalog');
    const [entry] = dataOf(reply);
    expect(validate(sampleOf('GET', '/v1/catalog', reply, [{ ...entry, extra: 1, title: 4 }])).errors).toEqual([
      'status 200 application/json: /0: unknown property "extra" (schema #/components/schemas/CatalogEntry/additionalProperties)',
      'status 200 application/json: /0/title: must be string (schema #/components/schemas/CatalogEntry/properties/title/type)',
    ]);
  });

  it('refuses a problem+json error that does not match the problem schema', async () => {
    const reply = await suite.api.GET('/v1/players/me');
    expect(reply.response.status).toBe(401);
    const { code: _code, ...withoutCode } = problemOf(reply);
    expect(validate(sampleOf('GET', '/v1/players/me', reply, withoutCode)).errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining("must have required property 'code' (schema #/components/schemas/Problem/required)"),
      ]),
    );
    expect(validate(sampleOf('GET', '/v1/players/me', reply, { ...problemOf(reply), stack: 'at …' })).errors).toEqual([
      expect.stringContaining('unknown property "stack"'),
    ]);
  });

  it('checks the content type of every answer, and only the content type of non-JSON ones', async () => {
    const reply = await suite.api.GET('/v1/catalog');
    expect(
      validate({ ...sampleOf('GET', '/v1/catalog', reply), contentType: 'text/html; charset=utf-8' }).errors,
    ).toEqual(['status 200 answered text/html; declared: application/json']);
    const svg = { method: 'GET', path: '/v1/games/g1/board.svg', status: 200, headers: answerHeaders, body: '<svg/>' };
    expect(validate({ ...svg, contentType: 'image/svg+xml; charset=utf-8' }).errors).toEqual([]);
    expect(validate({ ...svg, contentType: 'application/json' }).errors).toEqual([
      'status 200 answered application/json; declared: image/svg+xml',
    ]);
    const deleted = {
      method: 'DELETE',
      path: '/v1/players/me/webhooks/w1',
      status: 204,
      contentType: null,
      headers: answerHeaders,
      body: '',
    };
    expect(validate(deleted).errors).toEqual([]);
    expect(validate({ ...deleted, contentType: 'application/json', body: '{}' }).errors).toEqual([
      expect.stringContaining('declares no body'),
    ]);
  });

  it('a path the document does not have must be answered with a problem', () => {
    const unknown = { method: 'GET', path: '/v1/nothing-here', status: 404, headers: {} };
    expect(
      validate({
        ...unknown,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'x', title: 'Not found', status: 404, code: 'not_found' }),
      }).errors,
    ).toEqual([]);
    expect(validate({ ...unknown, contentType: 'text/plain', body: 'Not Found' }).errors).toEqual([
      expect.stringContaining('not application/problem+json'),
    ]);
  });

  it("the unlisted fixture games' views are checked against the shared view envelope, closed", async () => {
    const { anna, path, params } = await startedHighCard();
    const reply = await anna.GET('/v1/games/{id}/view', { params });
    expect(validate(sampleOf('GET', `${path}/view`, reply)).errors).toEqual([]);
    expect(validate(sampleOf('GET', `${path}/view`, reply, { ...dataOf(reply), seed: 'secret' })).errors).toEqual([
      expect.stringContaining('unknown property "seed"'),
    ]);
    expect(
      validate(sampleOf('GET', `${path}/view`, reply, { ...dataOf(reply), game: 'no-such-game' })).errors,
    ).not.toEqual([]);
  });
});

describe('the validator checks the declared headers and problem codes', () => {
  const without = (headers: Record<string, string>, name: string) =>
    Object.fromEntries(Object.entries(headers).filter(([n]) => n !== name));

  it('refuses an answer without a header the document requires (X-Request-Id on every answer, Location on a 201, ETag on a GET)', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const me = sampleOf('GET', '/v1/players/me', await anna.GET('/v1/players/me'));
    expect(validate(me).errors).toEqual([]);
    expect(validate({ ...me, headers: without(me.headers, 'x-request-id') }).errors).toEqual([
      'status 200: header X-Request-Id is required but absent',
    ]);
    expect(validate({ ...me, headers: without(me.headers, 'etag') }).errors).toEqual([
      'status 200: header ETag is required but absent',
    ]);
    const created = sampleOf(
      'POST',
      '/v1/games',
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }),
    );
    expect(validate(created).errors).toEqual([]);
    expect(validate({ ...created, headers: without(created.headers, 'location') }).errors).toEqual([
      'status 201: header Location is required but absent',
    ]);
    expect(validate({ ...created, headers: without(created.headers, 'ratelimit-remaining') }).errors).toEqual([
      'status 201: header RateLimit-Remaining is required but absent',
    ]);
  });

  it('refuses a header that does not match its schema', async () => {
    const reply = await suite.api.GET('/v1/players/me');
    const unavailable = {
      ...sampleOf('GET', '/v1/players/me', reply, {
        ...problemOf(reply),
        status: 503,
        code: 'store_unavailable',
        title: 'Try again',
      }),
      status: 503,
    };
    expect(validate({ ...unavailable, headers: { ...unavailable.headers, 'retry-after': '1' } }).errors).toEqual([]);
    expect(validate(unavailable).errors).toEqual(['status 503: header Retry-After is required but absent']);
    expect(validate({ ...unavailable, headers: { ...unavailable.headers, 'retry-after': 'soon' } }).errors).toEqual([
      'status 503: header Retry-After: "soon" must be integer',
    ]);
    expect(
      validate({ ...unavailable, headers: { ...unavailable.headers, 'retry-after': '1', 'x-request-id': 'mine' } })
        .errors,
    ).toEqual(['status 503: header X-Request-Id: "mine" must match format "uuid"']);
  });

  it('refuses a problem code that the status does not declare for the operation, and a status that is not the one answered', async () => {
    const reply = await (
      await suite.api.newPlayer('Anna')
    ).GET('/v1/games/{id}', { params: { path: { id: 'nope-nope' } } });
    expect(problemOf(reply).code).toBe('not_found');
    const sample = sampleOf('GET', '/v1/games/nope-nope', reply);
    expect(validate(sample).errors).toEqual([]);
    expect(
      validate(sampleOf('GET', '/v1/games/nope-nope', reply, { ...problemOf(reply), code: 'stale_version' })).errors,
    ).toEqual([
      expect.stringMatching(
        /^status 404 application\/problem\+json: \/code: must be equal to one of the allowed values \(schema #\/components\/responses\/NotFound\/.*\/code\/enum\)$/,
      ),
    ]);
    // A 404 code of another operation: the shared answer lists it, the operation does not (x-problem-codes).
    expect(
      validate(sampleOf('GET', '/v1/games/nope-nope', reply, { ...problemOf(reply), code: 'push_not_configured' }))
        .errors,
    ).toEqual(['status 404: code "push_not_configured" is not one the operation declares (not_found)']);
    expect(
      validate(sampleOf('GET', '/v1/games/nope-nope', reply, { ...problemOf(reply), status: 400 })).errors,
    ).toEqual([expect.stringContaining('/status: must be equal to constant')]);
  });
});

describe('the API suites check what they receive', () => {
  it("the suites' fetch is the checking one: an answer received through the test client is counted", async () => {
    const before = answersChecked();
    await suite.api.GET('/v1/catalog');
    expect(answersChecked()).toBe(before + 1);
  });

  it('a mismatch received through a checking fetch is kept for the test that received it, with operation, status and schema path', async () => {
    const lying = checkingFetch(async () =>
      Response.json({ id: 'x', game: 'streetcar', players: '2', extra: 1 }, { headers: answerHeaders }),
    );
    await lying('http://127.0.0.1:9/v1/games/x');
    const { mismatches } = takeVerdicts();
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toContain('getGame (GET /v1/games/{id}): GET /v1/games/x → 200');
    expect(mismatches[0]).toContain(
      '(body): unknown property "extra" (schema #/components/schemas/Game/additionalProperties)',
    );
    expect(mismatches[0]).toContain(
      '/players: must be integer (schema #/components/schemas/Game/properties/players/type)',
    );
  });
});

describe('the document closes the answers', () => {
  /** The component each JSON answer (or item of a list answer, or member of a union) names. */
  const answerComponents = (doc: OpenApiDocument): string[] => {
    const names = new Set<string>();
    const visit = (
      schema: { $ref?: string; items?: unknown; oneOf?: unknown[]; allOf?: unknown[] } | undefined,
    ): void => {
      if (!schema) return;
      if (schema.$ref) {
        const name = schema.$ref.split('/').at(-1)!;
        const target = doc.components!.schemas![name] as { oneOf?: unknown[] };
        if (target.oneOf) target.oneOf.forEach((m) => visit(m as typeof schema));
        else names.add(name);
      }
      visit(schema.items as typeof schema);
      schema.allOf?.forEach((m) => visit(m as typeof schema));
    };
    type Answer = { content?: Record<string, { schema?: object }> };
    // The operations' own answers, and the problem answers they share (components/responses).
    const answers = [
      ...Object.values(doc.paths).flatMap((ops) =>
        (Object.values(ops) as { responses?: Record<string, Answer> }[]).flatMap((op) =>
          Object.values(op.responses ?? {}),
        ),
      ),
      ...Object.values((doc.components as { responses?: Record<string, Answer> }).responses ?? {}),
    ];
    for (const response of answers)
      for (const [type, media] of Object.entries(response.content ?? {}))
        if (type.endsWith('json')) visit(media.schema);
    return [...names].sort();
  };

  it('every answer object of the API (problems included) is closed: additionalProperties false', () => {
    const names = answerComponents(document);
    expect(names).toEqual(
      expect.arrayContaining([
        'CatalogEntry',
        'StreetcarCatalogGame',
        'Chat',
        'StreetcarExport',
        'Game',
        'GamePage',
        'Player',
        'Problem',
        'StreetcarViewAnswer',
        'Webhook',
        'WebhookCreated',
      ]),
    );
    // With the outcome that Game, Export and the games' views carry.
    const open = [...names, 'Outcome', 'GameListItem'].filter(
      (name) =>
        (document.components!.schemas![name] as { additionalProperties?: unknown }).additionalProperties !== false,
    );
    expect(open).toEqual([]);
  });
});
