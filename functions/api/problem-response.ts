import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { Refusal, type Result } from '../service/refusal.js';
import { PROBLEM_CODES } from './problem-codes.js';

const PROBLEM_BASE = 'https://railpost.dev/problems/';

/**
 * A refusal the HTTP layer makes with a status of its own: one Hono chose, or a connection's
 * (the local server's), whose codes the table of problem codes does not list.
 */
export class HttpProblem extends Refusal {
  constructor(
    readonly status: number,
    code: string,
    title: string,
    detail?: string,
  ) {
    super(code, title, detail);
  }
}

/** A service's outcome in a handler: its value, or its refusal handed to the app's error handler, which answers it. */
export function valueOf<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw result.refusal;
}

/** The HTTP status of a refusal: the api's table decides it by the code (a code missing there is our bug, so 500). */
export function statusOf(p: Refusal): number {
  if (p instanceof HttpProblem) return p.status;
  const row: { status: number } | undefined = (PROBLEM_CODES as Record<string, { status: number }>)[p.code];
  return row?.status ?? 500;
}

/** The problem+json document of a refusal (also written raw by the local server for unparsable requests). */
export function problemJson(p: Refusal, requestId?: string): string {
  return JSON.stringify({
    type: PROBLEM_BASE + p.code,
    title: p.title,
    status: statusOf(p),
    code: p.code,
    ...(p.detail ? { detail: p.detail } : {}),
    ...(requestId ? { requestId } : {}),
    ...p.extras,
  });
}

export function problemResponse(c: Context, p: Refusal): Response {
  const status = statusOf(p);
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' };
  if (status === 503) headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  if (status === 429) headers['retry-after'] = String(p.extras.retryAfter);
  return c.body(problemJson(p, c.get('requestId') as string | undefined), status as 400, headers);
}

const RETRY_AFTER_SECONDS = 1;

/**
 * DynamoDB failures that say "not now" rather than "never": throttling, timeouts, a service
 * hiccup. The SDK has already retried them; the client may retry too (with its Idempotency-Key).
 */
const TRANSIENT = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

function isTransient(err: unknown): boolean {
  const e = err as { name?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  return Boolean(e && (TRANSIENT.has(e.name ?? '') || e.$retryable || (e.$metadata?.httpStatusCode ?? 0) >= 500));
}

/**
 * DynamoDB refuses an item over 400 KB with a plain ValidationException. Every record's lists are
 * bounded, so this should not happen; if a bound is missed, the client still learns it is the
 * request (what it would store), not the service, and nothing was written.
 */
function isItemTooLarge(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  return (
    e?.name === 'ValidationException' &&
    /item size (to update )?has exceeded the maximum allowed size/i.test(e.message ?? '')
  );
}

const RECORD_TOO_LARGE = 'record_too_large';

/** Any thrown value as a refusal; unknown errors become a 500 that reveals nothing. */
export function toProblem(err: unknown): Refusal {
  if (err instanceof Refusal) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400) return new Refusal('malformed_body', 'Invalid request', 'The body is not valid JSON');
    if (err.status === 413) return new Refusal('body_too_large', 'Body too large', err.message);
    if (err.status === 415)
      return new Refusal('unsupported_media_type', 'Unsupported media type', 'Send the body as application/json');
    if (err.status < 500) return new HttpProblem(err.status, 'bad_request', 'Invalid request', err.message);
  }
  if (isItemTooLarge(err)) {
    return new Refusal(
      RECORD_TOO_LARGE,
      'Record too large',
      'This change would make a stored record larger than the store allows; nothing was changed',
    );
  }
  if (isTransient(err)) {
    return new Refusal(
      'store_unavailable',
      'Try again',
      'The game store is busy or did not answer in time; retry in a moment (with the same Idempotency-Key)',
    );
  }
  return new Refusal('internal', 'Internal error', 'Something went wrong on our side; the request may be retried');
}
