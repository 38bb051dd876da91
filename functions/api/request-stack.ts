/**
 * What every request to the API goes through before its route: its id and log line, the URL
 * and body limits, security and CORS headers, entity tags, problem+json for whatever is thrown,
 * authentication and the rate limits. app.ts puts the routes behind it; the bench's floor of a
 * served move (scripts/bench/move-path-served.ts) puts one route behind the very same stack.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AccountWrites } from '../service/account-writes.js';
import type { Players } from '../service/players.js';
import { Refusal, problems } from '../service/refusal.js';
import { allowedMethods } from './allowed-methods.js';
import { bearerAccess, type AccessTokenCheck } from './bearer-access.js';
import { bodyLimit } from './body-limit.js';
import { entityTags } from './entity-tags.js';
import type { AppEnv } from './env.js';
import { problemResponse, statusOf, toProblem, valueOf } from './problem-response.js';
import { rateLimitMiddleware, type RateLimits } from './rate-limits.js';
import { requestIds } from './request-id.js';
import { MAX_BODY_BYTES, MAX_URL_BYTES } from './request-limits.js';
import { requestLog, type RequestLine } from './request-log.js';

export interface RequestStackDeps {
  players: Pick<Players, 'access' | 'accessByToken'>;
  /** How access tokens are checked; absent, none is accepted. */
  accessTokens?: AccessTokenCheck;
  /** The accounts' write permits, which a deletion refuses; absent, writes take none (the bench's move path). */
  writes?: Pick<AccountWrites, 'take' | 'give'>;
  /** Called with every 5xx; the response itself reveals nothing. */
  onServerError?: (err: unknown, c: Context) => void;
  /** Called once per request with its log line (the Lambda writes it; the local server does not). */
  onRequest?: (c: Context, line: RequestLine) => void;
  /** Write limits (429) and where a request's client address comes from; absent, nothing is limited. */
  rateLimits?: { limits: RateLimits; clientAddress: (c: Context) => string | undefined };
}

/** Validation targets as clients know them (stable parts of problem codes). */
const TARGET_NAMES: Record<string, string> = {
  json: 'body',
  form: 'body',
  query: 'query',
  param: 'path',
  header: 'header',
};

/** Input that does not match its schema: 400 invalid_body, invalid_query, … with the issues. */
export function refuseInvalid(result: {
  success: boolean;
  target?: string;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}): void {
  if (result.success) return;
  const target = TARGET_NAMES[result.target ?? ''] ?? 'request';
  throw problems.badRequest(`invalid_${target}`, `The ${target} does not match the schema`, {
    issues: (result.error?.issues ?? []).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  });
}

export function useRequestStack(app: Hono<AppEnv>, deps: RequestStackDeps): void {
  app.use('*', requestIds());
  if (deps.onRequest) app.use('*', requestLog(deps.onRequest));
  app.use('*', async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    // Both are percent-encoded ASCII, so characters are bytes.
    if (pathname.length + search.length > MAX_URL_BYTES)
      throw new Refusal('uri_too_long', 'URI too long', `Path and query are limited to ${MAX_URL_BYTES} bytes`);
    await next();
  });
  app.use('*', secureHeaders());
  app.use('/v1/*', entityTags());
  app.use(
    '/v1/*',
    cors({
      origin: '*',
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'],
      // A browser client reads these only when they are exposed.
      exposeHeaders: [
        'ETag',
        'Location',
        'Retry-After',
        'X-Request-Id',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Idempotent-Replayed',
      ],
      maxAge: 86400,
    }),
  );
  app.use('/v1/*', bodyLimit(MAX_BODY_BYTES));

  app.onError((err, c) => {
    const p = toProblem(err);
    if (statusOf(p) >= 500) deps.onServerError?.(err, c);
    return problemResponse(c, p);
  });
  const allowed = allowedMethods(app);
  app.notFound((c) => {
    const allow = allowed(c.req.path);
    if (allow.length === 0) return problemResponse(c, problems.notFound('Resource'));
    const refusal = new Refusal(
      'method_not_allowed',
      'Method not allowed',
      `${c.req.path} answers ${allow.join(', ')}`,
    );
    const answer = problemResponse(c, refusal);
    answer.headers.set('Allow', allow.join(', '));
    return answer;
  });

  // Authentication runs before any validation, so an anonymous caller learns nothing about
  // the shape of bodies (401 first). Public: the catalog, sign-up, signing in by email, the VAPID
  // public key, and unsubscribe links (whose signed token is their authority, since mail clients have no login).
  app.use('/v1/*', async (c, next) => {
    const { method, path } = c.req;
    const isPublic =
      (method === 'GET' && path.startsWith('/v1/catalog')) ||
      (method === 'POST' && path === '/v1/players') ||
      (method === 'POST' && (path === '/v1/sign-in' || path === '/v1/sign-in/verify')) ||
      (method === 'GET' && path === '/v1/push/vapid-public-key') ||
      ((method === 'GET' || method === 'POST') && path === '/v1/unsubscribe') ||
      (method === 'GET' && path.startsWith('/v1/board-pictures/'));
    // The profile's own routes and the exchange read it fresh; elsewhere a token verified lately is trusted (Players.authenticate).
    if (!isPublic && method !== 'OPTIONS') {
      const fresh = path.startsWith('/v1/players/me') || path === '/v1/access-tokens';
      // A move with an access token reads no profile: the service checks its version against the seat.
      const unread = method === 'POST' && MOVE.test(path);
      const { bearer, access } = valueOf(
        await bearerAccess(deps.players, deps.accessTokens, c.req.header('authorization'), { fresh, unread }),
      );
      c.set('bearer', bearer);
      if (access) {
        c.set('access', access);
        c.set('player', access.player);
      }
    }
    await next();
  });
  if (deps.rateLimits) app.use('/v1/*', rateLimitMiddleware(deps.rateLimits.limits, deps.rateLimits.clientAddress));
  if (deps.writes) app.use('/v1/*', writePermits(deps.writes));
}

/** A move only adds to its game's log, which keeps a deleted player's opaque id anyway: the hot path takes no permit. */
const MOVE = /^\/v1\/games\/[^/]+\/actions$/;

/**
 * Every write of an account holds a permit while it runs (service/account-writes.ts): from the
 * moment its deletion begins none is given, on any instance, whatever a token cache still
 * trusts, so the deletion finds everything the account wrote. The deletion itself takes none.
 */
function writePermits(writes: Pick<AccountWrites, 'take' | 'give'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const player = c.get('bearer');
    const { method, path } = c.req;
    const reading = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    if (!player || reading || MOVE.test(path) || (method === 'DELETE' && path === '/v1/players/me')) return next();
    if (!(await writes.take(player.id))) throw problems.unauthorized('The token is not valid');
    try {
      await next();
    } finally {
      await writes.give(player.id);
    }
  };
}
