import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { GameRegistry } from '../../engine/core/index.js';
import { verifyUnsubscribe } from '../notify/unsubscribe.js';
import type { Chat } from '../service/chat.js';
import type { Games } from '../service/games.js';
import type { Players } from '../service/players.js';
import { Problem, problems } from '../service/problem.js';
import { onVacation } from '../service/vacations.js';
import type { ChatRecord, PlayerRecord, PushRecord, WebhookRecord } from '../store/records.js';
import { renderBoard } from '../../web/render/index.js';
import { docsRoutes } from './docs.js';
import { webRoutes, type WebAssets } from './web.js';
import { verifyBoardLink } from '../notify/board-link.js';
import { problemResponse, RECORD_TOO_LARGE, toProblem } from './problem-response.js';
import { requestIds, type RequestIdVariables } from './request-id.js';
import { requestLog, type RequestLine } from './request-log.js';
import * as S from './schemas.js';
import { confirmPage, donePage } from './unsubscribe-page.js';
import { checkPushEndpoint, checkWebhookUrl } from './webhook-url.js';
import { rateLimitMiddleware, type RateLimits } from './rate-limits.js';

/** What the API needs to know of the notification channels (the notifier holds the private parts). */
export interface NotifyDeps {
  /** VAPID public key (base64url), handed to browsers as `applicationServerKey`. */
  vapidPublicKey: string;
  /** Verifies the tokens of unsubscribe links; several while a rotation is under way (newest first). */
  unsubscribeSecret: string | readonly string[];
  /** Local development and tests only: http:// webhooks, and webhooks and push endpoints on private or loopback hosts. */
  localDelivery?: boolean;
}

export interface AppDeps {
  registry: GameRegistry;
  players: Players;
  games: Games;
  chat: Chat;
  /** Absent: GET /v1/push/vapid-public-key answers 404 push_not_configured, unsubscribe links 404. */
  notify?: NotifyDeps;
  /** The service's clock (tests use a fake one). */
  now?: () => Date;
  /** Called with every 5xx; the response itself reveals nothing. */
  onServerError?: (err: unknown, c: Context) => void;
  /** Called once per request with its log line (the Lambda writes it; the local server does not). */
  onRequest?: (c: Context, line: RequestLine) => void;
  /** The built web client, served at `/`; without it `/` redirects to the API reference. */
  web?: WebAssets;
  /** Write limits (429) and where a request's client address comes from; absent, nothing is limited. */
  rateLimits?: { limits: RateLimits; clientAddress: (c: Context) => string | undefined };
}

/** Larger bodies get 413 before they are parsed. Real actions are a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Longer URLs (path and query) get 414. API Gateway refuses a request line plus headers over
 * 10240 bytes itself, with its own body; under that, this keeps the answer problem+json.
 */
export const MAX_URL_BYTES = 8 * 1024;

type Env = { Variables: RequestIdVariables & { player: PlayerRecord } };

/** Validation targets as clients know them (stable parts of problem codes). */
const TARGET_NAMES: Record<string, string> = { json: 'body', form: 'body', query: 'query', param: 'path', header: 'header' };

const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const problem = (description: string) => ({ content: { 'application/problem+json': { schema: S.ProblemSchema } }, description });
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const html = (description: string) => ({ content: { 'text/html': { schema: z.string() } }, description });
const secured = [{ bearer: [] }];
const authErrors = { 401: problem('No token or a bad token') };
const rateLimited = { 429: problem('Too many requests (rate_limited); retry after the Retry-After header\'s seconds') };

const routes = {
  catalog: createRoute({
    operationId: 'getCatalog',
    method: 'get',
    path: '/v1/catalog',
    tags: ['catalog'],
    summary: 'The games railpost offers',
    security: [],
    responses: { 200: json(z.array(S.CatalogEntrySchema), 'Playable games'), 404: problem('Unknown path') },
  }),
  catalogGame: createRoute({
    operationId: 'getCatalogGame',
    method: 'get',
    path: '/v1/catalog/{game}',
    tags: ['catalog'],
    summary: "One game of the catalog with its static components (board, routes, cards)",
    security: [],
    request: { params: S.CatalogIdParamSchema },
    responses: { 200: json(S.CatalogGameSchema, 'The game'), 400: problem('Invalid game id'), 404: problem('No such game') },
  }),
  createPlayer: createRoute({
    operationId: 'createPlayer',
    method: 'post',
    path: '/v1/players',
    tags: ['players'],
    summary: 'Register a player and get its bearer token (shown once)',
    security: [],
    request: { body: body(S.PlayerCreateSchema) },
    responses: { 201: json(S.PlayerCreatedSchema, 'The new player'), 400: problem('Invalid body'), ...rateLimited },
  }),
  me: createRoute({
    operationId: 'getMe',
    method: 'get',
    path: '/v1/players/me',
    tags: ['players'],
    summary: 'Your profile',
    security: secured,
    responses: { 200: json(S.PlayerSchema, 'Your profile'), ...authErrors },
  }),
  patchMe: createRoute({
    operationId: 'updateMe',
    method: 'patch',
    path: '/v1/players/me',
    tags: ['players'],
    summary: 'Change your name, email or notification settings',
    security: secured,
    request: { body: body(S.PlayerPatchSchema) },
    responses: { 200: json(S.PlayerSchema, 'Your profile'), 400: problem('Invalid body, or email notifications without an address'), ...authErrors },
  }),
  listWebhooks: createRoute({
    operationId: 'listWebhooks',
    method: 'get',
    path: '/v1/players/me/webhooks',
    tags: ['notifications'],
    summary: 'Your webhook endpoints (without their secrets)',
    security: secured,
    responses: { 200: json(z.array(S.WebhookSchema), 'Your webhooks, oldest first'), ...authErrors },
  }),
  createWebhook: createRoute({
    operationId: 'createWebhook',
    method: 'post',
    path: '/v1/players/me/webhooks',
    tags: ['notifications'],
    summary: 'Add a webhook endpoint; its signing secret is shown only in this answer',
    description:
      'Notifications are POSTed as JSON signed per the Standard Webhooks spec (webhook-id, webhook-timestamp, webhook-signature). ' +
      'The URL must use https and name a public host: literal private, loopback and link-local addresses and local names are refused ' +
      '(host names are not resolved here, so a public name that resolves to a private address is not caught at registration).',
    security: secured,
    request: { body: body(S.WebhookCreateSchema) },
    responses: {
      201: json(S.WebhookCreatedSchema, 'The webhook, with its secret (shown once)'),
      400: problem('Invalid body (invalid_body), a URL that is not absolute, ambiguous or carries credentials (invalid_webhook_url), not https (insecure_webhook_url) or not public (private_webhook_url)'),
      ...authErrors,
      409: problem('Too many webhooks (too_many_webhooks)'),
    },
  }),
  listVacations: createRoute({
    operationId: 'listVacations',
    method: 'get',
    path: '/v1/players/me/vacations',
    tags: ['players'],
    summary: 'Your vacations',
    security: secured,
    responses: { 200: json(z.array(S.VacationSchema), 'Your vacations, oldest first'), ...authErrors },
  }),
  createVacation: createRoute({
    operationId: 'createVacation',
    method: 'post',
    path: '/v1/players/me/vacations',
    tags: ['players'],
    summary: 'Mark days away: your clocks in every timed game pause',
    security: secured,
    request: { body: body(S.VacationCreateSchema) },
    responses: {
      201: json(S.VacationSchema, 'The vacation; deadlines of your running turns have moved'),
      400: problem('Invalid body, a start in the past, or longer than 30 days'),
      ...authErrors,
      409: problem('Too many vacations not yet over'),
    },
  }),
  deleteVacation: createRoute({
    operationId: 'deleteVacation',
    method: 'delete',
    path: '/v1/players/me/vacations/{vacationId}',
    tags: ['players'],
    summary: 'Cancel a vacation that has not begun, or end one under way now',
    security: secured,
    request: { params: S.VacationIdParamSchema },
    responses: { 204: { description: 'Cancelled or ended' }, 400: problem('Invalid id'), ...authErrors, 404: problem('No such vacation of yours'), 409: problem('The vacation is over') },
  }),
  deleteWebhook: createRoute({
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/v1/players/me/webhooks/{webhookId}',
    tags: ['notifications'],
    summary: 'Remove a webhook endpoint',
    security: secured,
    request: { params: S.WebhookIdParamSchema },
    responses: { 204: { description: 'Removed' }, 400: problem('Invalid id'), ...authErrors, 404: problem('No such webhook of yours') },
  }),
  listPushSubscriptions: createRoute({
    operationId: 'listPushSubscriptions',
    method: 'get',
    path: '/v1/players/me/push-subscriptions',
    tags: ['notifications'],
    summary: 'Your Web Push subscriptions (push service origin only)',
    security: secured,
    responses: { 200: json(z.array(S.PushSubscriptionItemSchema), 'Your subscriptions, oldest first'), ...authErrors },
  }),
  createPushSubscription: createRoute({
    operationId: 'createPushSubscription',
    method: 'post',
    path: '/v1/players/me/push-subscriptions',
    tags: ['notifications'],
    summary: 'Add a Web Push subscription (the same endpoint again replaces it)',
    security: secured,
    request: { body: body(S.PushSubscriptionSchema) },
    responses: {
      201: json(S.PushSubscriptionCreatedSchema, 'Subscribed'),
      400: problem('Not a PushSubscription (https endpoint, p256dh and auth keys: invalid_body), an ambiguous endpoint URL (invalid_push_endpoint), or one on a private, loopback or link-local host (private_push_endpoint)'),
      ...authErrors,
      409: problem('Too many subscriptions (too_many_push_subscriptions)'),
    },
  }),
  deletePushSubscription: createRoute({
    operationId: 'deletePushSubscription',
    method: 'delete',
    path: '/v1/players/me/push-subscriptions/{subscriptionId}',
    tags: ['notifications'],
    summary: 'Remove a Web Push subscription',
    security: secured,
    request: { params: S.PushSubscriptionIdParamSchema },
    responses: { 204: { description: 'Removed' }, 400: problem('Invalid id'), ...authErrors, 404: problem('No such subscription of yours') },
  }),
  vapidPublicKey: createRoute({
    operationId: 'getVapidPublicKey',
    method: 'get',
    path: '/v1/push/vapid-public-key',
    tags: ['notifications'],
    summary: "The server's VAPID public key, for pushManager.subscribe()",
    security: [],
    responses: { 200: json(S.VapidPublicKeySchema, 'The key'), 404: problem('Web Push is not configured (push_not_configured)') },
  }),
  unsubscribePage: createRoute({
    operationId: 'getUnsubscribe',
    method: 'get',
    path: '/v1/unsubscribe',
    tags: ['notifications'],
    summary: 'The page behind the unsubscribe link of an email: asks to confirm, changes nothing',
    description: 'Mail scanners prefetch links, so a GET never unsubscribes; the page posts a form to the same URL.',
    security: [],
    request: { query: S.UnsubscribeQuerySchema },
    responses: { 200: html('A confirmation page with a form'), 400: problem('Missing, malformed or tampered token (invalid_token)'), 404: problem('Unsubscribe links are not configured') },
  }),
  unsubscribe: createRoute({
    operationId: 'postUnsubscribe',
    method: 'post',
    path: '/v1/unsubscribe',
    tags: ['notifications'],
    summary: 'One-click unsubscribe (RFC 8058), no login: the signed token is the authority',
    description:
      'Turns email notifications off, or one kind of notification when the token names it. ' +
      'The body is `List-Unsubscribe=One-Click` (form-encoded) or empty. Answers HTML to browsers (Accept: text/html), JSON otherwise.',
    security: [],
    request: { query: S.UnsubscribeQuerySchema, body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: S.UnsubscribeFormSchema } } } },
    responses: {
      200: { content: { 'application/json': { schema: S.UnsubscribedSchema }, 'text/html': { schema: z.string() } }, description: 'Unsubscribed' },
      400: problem('Missing, malformed or tampered token (invalid_token)'),
      404: problem('Unsubscribe links are not configured, or no such player'),
    },
  }),
  createGame: createRoute({
    operationId: 'createGame',
    method: 'post',
    path: '/v1/games',
    tags: ['games'],
    summary: 'Create a game; you take seat 0 and bots fill the last seats',
    security: secured,
    request: { body: body(S.GameCreateSchema) },
    responses: {
      201: json(S.GameSchema, 'The new game, with its invite code'),
      400: problem('Invalid body, game, seat count or options'),
      ...authErrors,
      409: problem('Too many of your games wait for players (too_many_open_games)'),
      ...rateLimited,
    },
  }),
  listGames: createRoute({
    operationId: 'listGames',
    method: 'get',
    path: '/v1/games',
    tags: ['games'],
    summary: 'Your games, newest first',
    security: secured,
    request: { query: S.GameListQuerySchema },
    responses: { 200: json(z.array(S.GameListItemSchema), 'Your games'), 400: problem('Invalid query'), ...authErrors },
  }),
  join: createRoute({
    operationId: 'joinGame',
    method: 'post',
    path: '/v1/games/{id}/join',
    tags: ['games'],
    summary: 'Take a free seat with the invite code; the game starts when every seat is taken',
    security: secured,
    request: { params: S.GameIdParamSchema, body: body(S.JoinSchema) },
    responses: {
      200: json(S.GameSchema, 'The game, with yourSeat'),
      400: problem('Invalid body'),
      ...authErrors,
      403: problem('Wrong invite code'),
      404: problem('No such game'),
      409: problem('Already seated, or no free seat'),
      ...rateLimited,
    },
  }),
  getGame: createRoute({
    operationId: 'getGame',
    method: 'get',
    path: '/v1/games/{id}',
    tags: ['games'],
    summary: 'A game: status, seats, who is to act, version, seed commitment',
    security: secured,
    request: { params: S.GameIdParamSchema },
    responses: { 200: json(S.GameSchema, 'The game'), ...authErrors, 404: problem('No such game') },
  }),
  view: createRoute({
    operationId: 'getView',
    method: 'get',
    path: '/v1/games/{id}/view',
    tags: ['play'],
    summary: 'What you may see, and the actions you may post now (or what you saw at a past version)',
    security: secured,
    request: { params: S.GameIdParamSchema, query: S.VersionQuerySchema },
    responses: {
      200: json(S.ViewSchema, 'Your view'),
      400: problem('Invalid query'),
      ...authErrors,
      404: problem('No such game, or a version not reached yet'),
      409: problem('The game has not started'),
    },
  }),
  act: createRoute({
    operationId: 'postAction',
    method: 'post',
    path: '/v1/games/{id}/actions',
    tags: ['play'],
    summary: 'Post one of your legalActions with the version you read',
    security: secured,
    request: { params: S.GameIdParamSchema, headers: S.IdempotencyHeaderSchema, body: body(S.ActionPostSchema) },
    responses: {
      200: json(S.ViewSchema, 'Accepted; your view after it (and after any bot moves it triggered)'),
      400: problem('Malformed body or an action shape the game does not know'),
      ...authErrors,
      403: problem('Not your seat, or not your turn'),
      404: problem('No such game'),
      409: problem('Stale expectedVersion (see currentVersion), or the game is not running'),
      413: problem('Body too large'),
      422: problem('Illegal by the rules (see rule), or an Idempotency-Key reused for another request'),
      ...rateLimited,
    },
  }),
  log: createRoute({
    operationId: 'getLog',
    method: 'get',
    path: '/v1/games/{id}/log',
    tags: ['play'],
    summary: 'Log entries after version N, as you may see them',
    security: secured,
    request: { params: S.GameIdParamSchema, query: S.LogQuerySchema },
    responses: { 200: json(S.LogSchema, 'Log entries'), 400: problem('Invalid query'), ...authErrors, 404: problem('No such game') },
  }),
  export: createRoute({
    operationId: 'exportGame',
    method: 'get',
    path: '/v1/games/{id}/export',
    tags: ['play'],
    summary: 'After the end: seed, options and every action, to replay and verify the game',
    security: secured,
    request: { params: S.GameIdParamSchema },
    responses: { 200: json(S.ExportSchema, 'The whole game'), ...authErrors, 404: problem('No such game'), 409: problem('The game has not ended') },
  }),
  board: createRoute({
    operationId: 'getBoardPicture',
    method: 'get',
    path: '/v1/games/{id}/board.svg',
    tags: ['play'],
    summary: 'The board as you may see it (now or at a past version), as an SVG picture',
    security: secured,
    request: { params: S.GameIdParamSchema, query: S.VersionQuerySchema },
    responses: {
      200: { content: { 'image/svg+xml': { schema: z.string() } }, description: 'A standalone SVG document (no scripts, no external resources)' },
      400: problem('Invalid query'),
      ...authErrors,
      404: problem('No such game, a version not reached yet, or no picture for this game yet'),
      409: problem('The game has not started'),
    },
  }),
  boardPicture: createRoute({
    operationId: 'getBoardPictureLink',
    method: 'get',
    path: '/v1/board-pictures/{token}',
    tags: ['play'],
    summary: "The board picture behind an email's link, no login: the signed token names the game and version",
    description: 'What a spectator sees of the board at that version (no hand, no secret), so the link may be forwarded. The picture of a version never changes.',
    security: [],
    request: { params: S.BoardPictureTokenParamSchema },
    responses: {
      200: { content: { 'image/svg+xml': { schema: z.string() } }, description: 'A standalone SVG document (no scripts, no external resources)' },
      400: problem('Malformed or tampered token (invalid_token)'),
      404: problem('No such game or version, no picture for this game, or links not configured'),
    },
  }),
  chat: createRoute({
    operationId: 'readChat',
    method: 'get',
    path: '/v1/games/{id}/chat',
    tags: ['play'],
    summary: "The game's table talk, oldest first (seats and spectators read it)",
    security: secured,
    request: { params: S.GameIdParamSchema, query: S.ChatQuerySchema },
    responses: { 200: json(S.ChatSchema, 'Messages'), 400: problem('Invalid id or query'), ...authErrors, 404: problem('No such game') },
  }),
  postChat: createRoute({
    operationId: 'writeChat',
    method: 'post',
    path: '/v1/games/{id}/chat',
    tags: ['play'],
    summary: 'Say something to the table (open and non-binding; seated players only)',
    security: secured,
    request: { params: S.GameIdParamSchema, body: body(S.ChatPostSchema) },
    responses: {
      201: json(S.ChatMessageSchema, 'The message as stored'),
      400: problem('Invalid body, or nothing left once control characters are dropped'),
      ...authErrors,
      403: problem('Not seated in this game (not_seated), or forfeited while it runs (forfeited)'),
      404: problem('No such game'),
      409: problem('You have written as many messages in this game as one player may (chat_full)'),
      ...rateLimited,
    },
  }),
};

// Any request can be too long: the app refuses path and query past its limit before routing.
for (const route of Object.values(routes)) {
  (route.responses as Record<number, unknown>)[414] = problem('Path and query are longer than 8 KiB (uri_too_long)');
}

// Any write could meet the store's item size limit if some bound were missed (problem-response.ts).
for (const route of Object.values(routes)) {
  if (route.method === 'get') continue;
  const responses = route.responses as Record<number, { description: string }>;
  const earlier = responses[422];
  responses[422] = earlier
    ? { ...earlier, description: `${earlier.description}, or a stored record would grow too large (${RECORD_TOO_LARGE})` }
    : problem(`A stored record would grow too large (${RECORD_TOO_LARGE}); nothing was changed`);
}

/** The play routes answering in each catalog game's published shapes (discriminated by `game`). */
function typedPlayRoutes(registry: GameRegistry) {
  const view = S.gameViewSchema(registry);
  const log = S.gameLogSchema(registry);
  const answer = <R extends { responses: { 200: { description: string } } }>(route: R, schema: z.ZodType): R => ({
    ...route,
    responses: { ...route.responses, 200: json(schema, route.responses[200].description) },
  });
  return { view: answer(routes.view, view), act: answer(routes.act, view), log: answer(routes.log, log) };
}

export function createApp(deps: AppDeps) {
  const { registry, players, games, chat } = deps;
  const play = typedPlayRoutes(registry);
  const app = new OpenAPIHono<Env>({
    defaultHook: (result) => {
      if (!result.success) {
        const target = TARGET_NAMES[(result as { target?: string }).target ?? ''] ?? 'request';
        throw problems.badRequest(`invalid_${target}`, `The ${target} does not match the schema`, {
          issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
        });
      }
    },
  });

  app.use('*', requestIds());
  if (deps.onRequest) app.use('*', requestLog(deps.onRequest));
  app.use('*', async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    // Both are percent-encoded ASCII, so characters are bytes.
    if (pathname.length + search.length > MAX_URL_BYTES) throw new Problem(414, 'uri_too_long', 'URI too long', `Path and query are limited to ${MAX_URL_BYTES} bytes`);
    await next();
  });
  app.use('*', secureHeaders());
  app.use('/v1/*', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'], maxAge: 86400 }));
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new Problem(413, 'body_too_large', 'Body too large', `Bodies are limited to ${MAX_BODY_BYTES} bytes`);
      },
    }),
  );

  app.onError((err, c) => {
    const p = toProblem(err);
    if (p.status >= 500) deps.onServerError?.(err, c);
    return problemResponse(c, p);
  });
  app.notFound((c) => problemResponse(c, problems.notFound('Resource')));

  // Authentication runs before any validation, so an anonymous caller learns nothing about
  // the shape of bodies (401 first). Public: the catalog, sign-up, the VAPID public key, and
  // unsubscribe links (whose signed token is their authority, since mail clients have no login).
  app.use('/v1/*', async (c, next) => {
    const { method, path } = c.req;
    const isPublic =
      (method === 'GET' && path.startsWith('/v1/catalog')) ||
      (method === 'POST' && path === '/v1/players') ||
      (method === 'GET' && path === '/v1/push/vapid-public-key') ||
      ((method === 'GET' || method === 'POST') && path === '/v1/unsubscribe') ||
      (method === 'GET' && path.startsWith('/v1/board-pictures/'));
    if (!isPublic && method !== 'OPTIONS') c.set('player', await players.authenticate(c.req.header('authorization')));
    await next();
  });
  if (deps.rateLimits) app.use('/v1/*', rateLimitMiddleware(deps.rateLimits.limits, deps.rateLimits.clientAddress));
  const auth = (c: Context<Env>): PlayerRecord => c.get('player');
  const profile = (p: PlayerRecord) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt,
    ...(p.email ? { email: p.email } : {}),
    notifications: { email: p.notifications.email, events: { ...p.notifications.events } },
    vacations: p.vacations,
    onVacation: onVacation(p.vacations, deps.now?.() ?? new Date()),
  });
  const webhook = (w: WebhookRecord) => ({ id: w.id, url: w.url, events: w.events, createdAt: w.createdAt });
  const pushItem = (p: PushRecord) => ({ id: p.id, origin: new URL(p.subscription.endpoint).origin, createdAt: p.createdAt });
  const notify = deps.notify;
  /** The unsubscribe token of a request, verified; 400 invalid_token otherwise. */
  const unsubscribeToken = (token: string) => {
    if (!notify) throw new Problem(404, 'unsubscribe_not_configured', 'Not found', 'Unsubscribe links are not configured on this server');
    const payload = verifyUnsubscribe(notify.unsubscribeSecret, token);
    if (!payload) throw problems.badRequest('invalid_token', 'The unsubscribe link is not valid; use the link from the latest email, or change your settings');
    return { ...payload, kind: payload.kind ?? ('all' as const) };
  };
  const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token from POST /v1/players',
  });

  const catalog = registry.listed().map((g) => ({
    id: g.id,
    title: g.title,
    minPlayers: g.minPlayers,
    maxPlayers: g.maxPlayers,
    options: z.toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  }));

  const v1 = app
    .openapi(routes.catalog, (c) => c.json(catalog, 200))
    .openapi(routes.catalogGame, (c) => {
      const entry = catalog.find((g) => g.id === c.req.valid('param').game);
      if (!entry) throw problems.notFound('Game');
      return c.json({ ...entry, components: registry.get(entry.id)?.components ?? null }, 200);
    })
    .openapi(routes.createPlayer, async (c) => {
      const { player, token } = await players.create(c.req.valid('json'));
      return c.json({ id: player.id, name: player.name, token }, 201);
    })
    .openapi(routes.me, async (c) => c.json(profile(auth(c)), 200))
    .openapi(routes.patchMe, async (c) => {
      const me = auth(c);
      return c.json(profile(await players.update(me, c.req.valid('json'))), 200);
    })
    .openapi(routes.listVacations, async (c) => c.json(auth(c).vacations, 200))
    .openapi(routes.createVacation, async (c) => {
      const me = auth(c);
      const created = await players.addVacation(me, c.req.valid('json'));
      await games.refreshDeadlines(me.id);
      return c.json(created, 201);
    })
    .openapi(routes.deleteVacation, async (c) => {
      const me = auth(c);
      await players.endVacation(me, c.req.valid('param').vacationId);
      await games.refreshDeadlines(me.id);
      return c.body(null, 204);
    })
    .openapi(routes.listWebhooks, async (c) => c.json((await players.listWebhooks(auth(c))).map(webhook), 200))
    .openapi(routes.createWebhook, async (c) => {
      const me = auth(c);
      const input = c.req.valid('json');
      const url = checkWebhookUrl(input.url, { localDelivery: notify?.localDelivery === true });
      const created = await players.addWebhook(me, { url, events: input.events });
      return c.json({ ...webhook(created), secret: created.secret }, 201);
    })
    .openapi(routes.deleteWebhook, async (c) => {
      await players.deleteWebhook(auth(c), c.req.valid('param').webhookId);
      return c.body(null, 204);
    })
    .openapi(routes.listPushSubscriptions, async (c) => c.json((await players.listPushSubscriptions(auth(c))).map(pushItem), 200))
    .openapi(routes.createPushSubscription, async (c) => {
      const subscription = c.req.valid('json');
      const endpoint = checkPushEndpoint(subscription.endpoint, { localDelivery: notify?.localDelivery === true });
      const created = await players.addPushSubscription(auth(c), { ...subscription, endpoint });
      return c.json({ id: created.id }, 201);
    })
    .openapi(routes.deletePushSubscription, async (c) => {
      await players.deletePushSubscription(auth(c), c.req.valid('param').subscriptionId);
      return c.body(null, 204);
    })
    .openapi(routes.vapidPublicKey, (c) => {
      if (!notify) throw new Problem(404, 'push_not_configured', 'Not found', 'Web Push is not configured on this server');
      return c.json({ publicKey: notify.vapidPublicKey }, 200);
    })
    .openapi(routes.unsubscribePage, (c) => {
      const { token } = c.req.valid('query');
      const { kind } = unsubscribeToken(token);
      return c.html(confirmPage(token, kind), 200, noStore);
    })
    .openapi(routes.unsubscribe, async (c) => {
      const { playerId, kind, channel } = unsubscribeToken(c.req.valid('query').token);
      await players.unsubscribe(playerId, kind);
      if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(donePage(kind), 200, noStore);
      return c.json({ unsubscribed: true as const, channel, kind }, 200, noStore);
    })
    .openapi(routes.createGame, async (c) => {
      const me = auth(c);
      return c.json(await games.create(me, c.req.valid('json')), 201);
    })
    .openapi(routes.listGames, async (c) => {
      const me = auth(c);
      return c.json(await games.list(me, c.req.valid('query')), 200);
    })
    .openapi(routes.join, async (c) => {
      const me = auth(c);
      return c.json(await games.join(me, c.req.valid('param').id, c.req.valid('json').inviteCode), 200);
    })
    .openapi(routes.getGame, async (c) => {
      const me = auth(c);
      return c.json(await games.get(me, c.req.valid('param').id), 200);
    })
    .openapi(play.view, async (c) => {
      const me = auth(c);
      return c.json(await games.view(me, c.req.valid('param').id, c.req.valid('query').version), 200);
    })
    .openapi(play.act, async (c) => {
      const me = auth(c);
      const { action, expectedVersion } = c.req.valid('json');
      const result = await games.act(me, c.req.valid('param').id, {
        action,
        expectedVersion,
        idempotencyKey: c.req.valid('header')['idempotency-key'],
      });
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(result.body, 200);
    })
    .openapi(play.log, async (c) => {
      const me = auth(c);
      const { after, limit } = c.req.valid('query');
      return c.json(await games.log(me, c.req.valid('param').id, after, limit), 200);
    })
    .openapi(routes.export, async (c) => {
      return c.json(await games.export(auth(c), c.req.valid('param').id), 200);
    })
    .openapi(routes.board, async (c) => {
      const svg = drawPicture(await games.pictureOf(auth(c), c.req.valid('param').id, c.req.valid('query').version));
      // The picture is the caller's own view: not for shared caches.
      return c.body(svg, 200, svgHeaders('private, no-store'));
    })
    .openapi(routes.boardPicture, async (c) => {
      if (!notify) throw new Problem(404, 'board_links_not_configured', 'Not found', 'Board picture links are not configured on this server');
      const link = verifyBoardLink(notify.unsubscribeSecret, c.req.valid('param').token);
      if (!link) throw problems.badRequest('invalid_token', 'The board picture link is not valid; open the game instead');
      const svg = drawPicture(await games.pictureOf(null, link.gameId, link.version));
      return c.body(svg, 200, svgHeaders('public, max-age=31536000, immutable'));
    })
    .openapi(routes.chat, async (c) => {
      const { after, limit } = c.req.valid('query');
      const messages = await chat.list(c.req.valid('param').id, after, limit);
      return c.json({ messages: messages.map(chatMessage) }, 200);
    })
    .openapi(routes.postChat, async (c) => {
      const me = auth(c);
      return c.json(chatMessage(await chat.post(me, c.req.valid('param').id, c.req.valid('json').text)), 201);
    });

  v1.doc31('/openapi.json', openApiInfo);
  app.get('/docs/', (c) => c.redirect('/docs'));
  app.route('/docs', docsRoutes());
  if (deps.web) app.route('/', webRoutes(deps.web));
  else app.get('/', (c) => c.redirect('/docs'));
  return app;
}

function drawPicture(picture: { game: string; components: unknown; view: unknown; seatNames: (string | null)[] }): string {
  const svg = renderBoard(picture.game, picture.components, picture.view, { seatNames: picture.seatNames });
  if (svg === null) throw new Problem(404, 'no_board_picture', 'Not found', `There is no board picture for ${picture.game} yet`);
  return svg;
}

/**
 * An SVG opened on its own is a document that could run script or load things; ours need neither
 * (presentation attributes and same-document `url(#…)` patterns only), so the policy forbids all.
 */
const SVG_CSP = "default-src 'none'";

function svgHeaders(cacheControl: string): Record<string, string> {
  return { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': cacheControl, 'content-security-policy': SVG_CSP };
}

/** Player ids stay out of the chat: seat and name say who wrote. */
function chatMessage(m: ChatRecord) {
  return { id: m.id, seat: m.seat, name: m.name, text: m.text, at: m.at, version: m.version };
}

export const openApiInfo = {
  openapi: '3.1.0',
  info: {
    title: 'railpost API',
    version: '1.0.0',
    description:
      'Play train board games asynchronously. Read `legalActions` from the view, post one back unchanged with the `version` you read. ' +
      'Errors are RFC 9457 problem+json with a stable `code`.',
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [{ url: '/' }],
  tags: [
    { name: 'catalog', description: 'Games on offer' },
    { name: 'players', description: 'Accounts and tokens' },
    { name: 'games', description: 'Creating, joining and listing games' },
    { name: 'play', description: 'Views, actions and the log' },
    { name: 'notifications', description: 'Webhooks, Web Push subscriptions and unsubscribe links' },
  ],
};
