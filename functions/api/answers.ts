/**
 * The OpenAPI declaration of an operation's answers beyond its own success body: every problem
 * it can answer, by status, with the codes that status can carry (an enum), and the headers each
 * answer carries. Each resource's routes.ts states what is particular to an operation; what follows from its shape
 * (authentication, parameters, a body, a write, a rate limit) is added here, so no operation can
 * forget a status the shared middleware answers.
 */
import { STATUS_CODES } from 'node:http';
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_LIMITS, type LimitedOperation, type Rate } from '../service/limits.js';
import type { Bearer } from './env.js';
import { Refusal } from '../service/refusal.js';
import type { Scope } from '../domain/player.js';
import { PROBLEM_CODES, type ProblemCode, type ProblemCodes } from './problem-codes.js';
import { problemJson } from './problem-response.js';
import { documenting } from './openapi-zod.js';
import { MAX_BODY_BYTES, MAX_URL_BYTES } from './request-limits.js';

type HeaderObject = { description: string; required: boolean; schema: Record<string, unknown> };
type Headers = Record<string, HeaderObject>;
type ResponseObject = { description: string; headers?: Headers; content?: Record<string, Record<string, unknown>> };

const header = (description: string, schema: Record<string, unknown>, required = true): HeaderObject => ({
  description,
  required,
  schema,
});

export const HEADERS = {
  requestId: {
    'X-Request-Id': header(
      'Our id of this request (also `requestId` in problem bodies): quote it when reporting a problem',
      { type: 'string', format: 'uuid' },
    ),
  },
  retryAfter: {
    'Retry-After': header('Seconds to wait before retrying', { type: 'integer', minimum: 1 }),
  },
  etag: {
    ETag: header('A strong tag of this answer: send it as If-None-Match to get 304 while the answer is unchanged', {
      type: 'string',
    }),
  },
  location: (description: string) => ({ Location: header(description, { type: 'string', format: 'uri-reference' }) }),
  rateLimit: (required: boolean): Headers => ({
    'RateLimit-Limit': header(
      'Requests allowed in the window of the tightest limit that applies to this request',
      { type: 'integer', minimum: 1 },
      required,
    ),
    'RateLimit-Remaining': header('Requests left in that window', { type: 'integer', minimum: 0 }, required),
    'RateLimit-Reset': header('Seconds until that window ends', { type: 'integer', minimum: 1 }, required),
  }),
} as const;

/** The If-None-Match request header of every GET (see entity-tags.ts). */
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of an earlier answer: 304 Not Modified, without a body, while the answer would be the same',
  schema: { type: 'string', maxLength: 1024 },
} as const;

/** What an operation states about itself; the rest follows from the route's shape. */
export interface Contract {
  /** Codes the operation's own work can answer with (beyond those of its shape), and when. */
  problems: ProblemCodes;
  /** The operation is rate-limited (service/limits.ts). */
  limited?: LimitedOperation;
  /** The limit counts only such requests (its RateLimit headers come only with them). */
  limitedOnlyWhen?: string;
  /** A 201 answer: what its Location header names. */
  location?: string;
  /** Answered from memory, never waiting on the store: no 503 store_unavailable. */
  storeFree?: boolean;
  /**
   * What a token must be allowed to do to call it; a GET needs `read` unless it says otherwise (docs/accounts.md "Scopes").
   * `any`: every credential may call it, whatever its scopes.
   */
  scope?: Scope | 'any';
}

/** When the codes that follow from a route's shape happen, unless the operation says it better. */
const SHARED: ProblemCodes = {
  malformed_body: 'The body is not valid JSON',
  invalid_body: 'The body does not match the schema (see `issues`)',
  invalid_query: 'A query parameter does not match its schema (see `issues`)',
  invalid_path: 'A path parameter does not match its pattern',
  invalid_header: 'A request header does not match its schema (see `issues`)',
  unauthorized: 'No bearer token, or one that is not valid (revoked, expired)',
  insufficient_scope: 'The token is not allowed this operation: it lacks the scope it needs',
  access_token_revoked:
    'An access token (POST /v1/access-tokens) exchanged before one of your credentials ended: exchange a credential again',
  body_too_large: `The body is larger than ${MAX_BODY_BYTES / 1024} KiB`,
  uri_too_long: `Path and query are longer than ${MAX_URL_BYTES / 1024} KiB`,
  unsupported_media_type: 'The body is not sent in the declared media type',
  record_too_large:
    "A stored record would grow past the store's item size; nothing was changed (a safety net: every stored list is bounded)",
  rate_limited: 'A rate limit is used up: wait `Retry-After` seconds (also `retryAfter`); the request changed nothing',
  headers_too_large:
    "Request line and headers are longer than 16 KiB (the local server; in AWS the function URL's front end sets its own limit and answers it itself)",
  internal: 'Something went wrong on our side; the request may be retried (with the same Idempotency-Key)',
  store_unavailable:
    'The store is busy or did not answer in time; retry after `Retry-After` (with the same Idempotency-Key)',
  shutting_down: 'The local server is stopping; retry after `Retry-After`',
};

const isGet = (route: RouteConfig) => route.method === 'get';

/** The codes a route can answer with: its own, and those of its shape. */
function codesOf(route: RouteConfig, contract: Contract): ProblemCodes {
  const shared: ProblemCode[] = ['uri_too_long', 'headers_too_large', 'internal', 'shutting_down'];
  const request = route.request ?? {};
  const bodyTypes = Object.keys(request.body?.content ?? {});
  if ((route.security ?? []).length > 0) shared.push('unauthorized', 'access_token_revoked', 'insufficient_scope');
  if (request.params) shared.push('invalid_path');
  if (request.query) shared.push('invalid_query');
  if (request.headers) shared.push('invalid_header');
  if (bodyTypes.length > 0) shared.push('invalid_body', 'body_too_large', 'unsupported_media_type');
  if (bodyTypes.includes('application/json')) shared.push('malformed_body');
  if (!isGet(route)) shared.push('record_too_large');
  if (contract.limited) shared.push('rate_limited');
  if (!contract.storeFree) shared.push('store_unavailable');
  const when = (code: ProblemCode) =>
    code === 'rate_limited' && contract.limitedOnlyWhen
      ? `${SHARED[code]} (counted only when ${contract.limitedOnlyWhen})`
      : SHARED[code];
  // The operation's own codes first: they are what its readers look for.
  return {
    ...contract.problems,
    ...Object.fromEntries(shared.filter((code) => !(code in contract.problems)).map((code) => [code, when(code)])),
  };
}

const EXAMPLE_REQUEST_ID = '0b6f4b8e-3f0a-4c47-9a55-1f2c3d4e5f60';

/** A problem+json document of a code, written as the server writes it. */
function problemExample(code: ProblemCode): unknown {
  const info: { title: string; detail?: string; extras?: Record<string, unknown> } = PROBLEM_CODES[code];
  return JSON.parse(problemJson(new Refusal(code, info.title, info.detail, info.extras), EXAMPLE_REQUEST_ID));
}

/** The codes the document's operations answer with, by status: what each shared problem answer lists. */
const declaredProblems = new Map<number, Map<ProblemCode, string>>();

/** The name of a status's shared problem answer in `components/responses` (409: `Conflict`). */
const answerName = (status: number) => (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z0-9]/g, '');

/**
 * The shared problem answers, one per status some operation declares: the Problem with its `status`
 * fixed and its `code` one of those the operations answer it with, the headers, and an example of
 * each code. Operations refer to them by `$ref` and name their own codes in `x-problem-codes`:
 * written once, the problems were two thirds of the document (openapi-document.ts registers them).
 */
export function problemAnswers(): Record<string, ResponseObject> {
  return Object.fromEntries(
    [...declaredProblems]
      .sort(([a], [b]) => a - b)
      .map(([status, byCode]) => [
        answerName(status),
        problemAnswer(
          status,
          [...byCode].sort(([a], [b]) => a.localeCompare(b)),
        ),
      ]),
  );
}

/** One status's answer: the Problem, its `status` fixed and its `code` one of `codes`. */
function problemAnswer(status: number, codes: [ProblemCode, string][]): ResponseObject {
  return {
    description: codes.map(([code, when]) => `- \`${code}\`: ${when}`).join('\n'),
    headers: {
      ...HEADERS.requestId,
      ...(status === 429 || status === 503 ? HEADERS.retryAfter : {}),
      // Only a rate limit's refusal (`rate_limited`) has a window to tell.
      ...(status === 429 ? HEADERS.rateLimit(false) : {}),
    },
    content: {
      'application/problem+json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Problem' },
            {
              type: 'object',
              properties: { status: { const: status }, code: { type: 'string', enum: codes.map(([code]) => code) } },
              required: ['status', 'code'],
            },
          ],
        },
        examples: Object.fromEntries(
          codes.map(([code, when]) => [
            code,
            { summary: when.split(/[.;:(]/)[0]!.trim(), value: problemExample(code) },
          ]),
        ),
      },
    },
  };
}

/** A code in an operation's words; one that means there what it always means is named only (its answer says when). */
const said = (code: ProblemCode, when: string) => (when === SHARED[code] ? `\`${code}\`` : `\`${code}\` (${when})`);

/**
 * An operation's problem answers: a `$ref` to the shared answer of each status, its codes by status
 * in `x-problem-codes` (what a client or a checker reads), and in words at the end of its description.
 */
function problemsOf(route: RouteConfig, contract: Contract) {
  const byStatus = new Map<number, [ProblemCode, string][]>();
  for (const [code, when] of Object.entries(codesOf(route, contract)) as [ProblemCode, string][]) {
    const status = PROBLEM_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), [code, when]]);
    const declared = declaredProblems.get(status) ?? new Map<ProblemCode, string>();
    // The shared answer tells when in general words: the shared ones, or the code's own.
    const info: { title: string; detail?: string } = PROBLEM_CODES[code];
    declared.set(code, SHARED[code] ?? info.detail ?? info.title);
    declaredProblems.set(status, declared);
  }
  const statuses = [...byStatus].sort(([a], [b]) => a - b);
  return {
    responses: Object.fromEntries(
      statuses.map(([status]) => [status, { $ref: `#/components/responses/${answerName(status)}` }]),
    ),
    codes: Object.fromEntries(statuses.map(([status, codes]) => [status, codes.map(([code]) => code)])),
    text: statuses
      .map(([status, codes]) => `- ${status}: ${codes.map(([code, when]) => said(code, when)).join('; ')}`)
      .join('\n'),
  };
}

/** The headers of one of a route's own answers (its problems' are the shared answers'). */
function headersOf(route: RouteConfig, contract: Contract, status: number): Headers {
  const ok = status >= 200 && status < 300;
  return {
    ...HEADERS.requestId,
    ...(contract.limited && ok ? HEADERS.rateLimit(!contract.limitedOnlyWhen) : {}),
    ...(isGet(route) && (status === 200 || status === 304) ? HEADERS.etag : {}),
    ...(status === 201 && contract.location ? HEADERS.location(contract.location) : {}),
  };
}

/**
 * A route with all it can answer declared: its own answers with their headers, 304 for a GET,
 * and one problem answer per status its codes have. The handlers' types come from `config`.
 */
export function defineRoute<R extends RouteConfig>(config: R, contract: Contract): R {
  const scope = scopeOf(config, contract);
  // A serving app reads only a route's request and middleware: its answers are the document's,
  // and declaring them for every route was a tenth of the API's cold import.
  if (!documenting()) return scope ? { ...config, middleware: [requireScope(scope)] } : config;
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(config.responses) as [string, ResponseObject][]) {
    responses[status] = {
      ...response,
      headers: { ...headersOf(config, contract, Number(status)), ...response.headers },
    };
  }
  if (isGet(config))
    responses[304] = {
      description: 'Not modified: the If-None-Match tag still matches (no body)',
      headers: headersOf(config, contract, 304),
    };
  const problems = problemsOf(config, contract);
  const parameters = [...(config.parameters ?? []), ...(isGet(config) ? [IF_NONE_MATCH] : [])];
  const description = [
    config.description ?? '',
    scope ? `**Scope**: \`${scope}\`.` : '',
    `**Problems** (by status; each answer in \`components/responses\`):\n${problems.text}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    ...config,
    responses: { ...responses, ...problems.responses },
    description,
    'x-problem-codes': problems.codes,
    ...(scope ? { middleware: [requireScope(scope)] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
  } as R;
}

/** The scope a secured route needs; a write must name its own. */
function scopeOf(route: RouteConfig, contract: Contract): Scope | null {
  if ((route.security ?? []).length === 0) return null;
  if (contract.scope === 'any') return null;
  if (contract.scope) return contract.scope;
  if (isGet(route)) return 'read';
  throw new Error(`${route.method.toUpperCase()} ${route.path} must declare the scope it needs`);
}

/** Runs after authentication (app.ts) and before validation: a token learns nothing of a body it may not send. */
function requireScope(scope: Scope): MiddlewareHandler {
  return async (c, next) => {
    demandScope((c.var as { bearer?: Bearer }).bearer, scope);
    await next();
  };
}

/** 403 insufficient_scope unless the caller's credential has `scope` (for what must check before its route does). */
export function demandScope(caller: Pick<Bearer, 'scopes'> | undefined, scope: Scope): void {
  if (caller && !caller.scopes.includes(scope)) {
    throw new Refusal('insufficient_scope', 'Forbidden', `This token lacks the ${scope} scope; create one that has it`);
  }
}

const per = (rate: Rate) =>
  rate.seconds === 3600
    ? `${rate.points} per hour`
    : rate.seconds === 60
      ? `${rate.points} per minute`
      : `${rate.points} per ${rate.seconds} s`;

/** The rate limits of an operation in words, for its description (docs/api.md "Rate limits" has the table). */
export function rateLimitText(operation: LimitedOperation): string {
  const { perPlayer, perAddress, perPlayerIs } = DEFAULT_LIMITS.rates[operation];
  const limits = [
    perPlayer && `${per(perPlayer)} per ${perPlayerIs ?? 'player'}`,
    perAddress && `${per(perAddress)} per client address`,
  ]
    .filter(Boolean)
    .join(' and ');
  return `**Rate limit**: ${limits}; past it, 429 \`rate_limited\` with Retry-After. Answers past authentication carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset for the tightest limit.`;
}
