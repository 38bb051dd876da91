import type { Language } from '../../engine/core/languages.js';
import * as z from './openapi-zod.js';
import type { Context, Hono } from 'hono';
import type { RouteConfig } from '@hono/zod-openapi';
import { BOT_LEVELS, listedGames, type AnyGame, type GameRegistry } from '../../engine/core/index.js';
import { verifyUnsubscribe } from '../notify/unsubscribe.js';
import type { Chat } from '../service/chat.js';
import type { Games } from '../service/games.js';
import type { Players } from '../service/players.js';
import type { Services } from '../service/index.js';
import { Problem, problems } from '../service/problem.js';
import { onVacation } from '../service/vacations.js';
import type { VersionWaits } from '../service/version-waits.js';
import type { ChatRecord } from '../domain/game.js';
import type { PlayerRecord, PushRecord, WebhookRecord } from '../domain/player.js';
import { docsRoutes, servedSpec } from './docs.js';
import { webRoutes, type WebAssets } from './web.js';
import { verifyBoardLink } from '../notify/board-link.js';
import { pageOf } from './pagination.js';
import { MAX_BODY_BYTES, MAX_URL_BYTES } from './request-limits.js';
import { routes, typedPlayRoutes } from './routes.js';
import { finishRoutes } from './finish-routes.js';
import * as S from './schemas.js';
import { confirmPage, donePage } from './unsubscribe-page.js';
import { confirmLink, registerAccountRoutes } from './account-handlers.js';
import { requireEveryScope } from '../service/email-addresses.js';
import { registerProfileRoutes } from './profile-handlers.js';
import { registerLobbyRoutes } from './lobby-routes.js';
import { heldViews } from './held-views.js';
import type { AppEnv } from './env.js';
import { profileAnswer, webhookAnswer } from './answer-shapes.js';
import { servingApp, type RouteApp } from './serving-app.js';
import { refuseInvalid, useRequestStack, type RequestStackDeps } from './request-stack.js';

/** What the API needs to know of the notification channels (the notifier holds the private parts). */
export interface NotifyDeps {
  /** VAPID public key (base64url), handed to browsers as `applicationServerKey`. */
  vapidPublicKey: string;
  /** Verifies the tokens of unsubscribe links; several while a rotation is under way (newest first). */
  unsubscribeSecret: string | readonly string[];
  /** Local development and tests only: http:// webhooks, and webhooks and push endpoints on private or loopback hosts. */
  localDelivery?: boolean;
}

export interface AppDeps extends Pick<Services, 'signIn' | 'credentials' | 'emails' | 'yourData' | 'profiles' | 'lobby'>, RequestStackDeps {
  registry: GameRegistry;
  players: Players;
  games: Games;
  chat: Chat;
  /** Where views asked with waitForVersion are held until the game moves. */
  waits: VersionWaits;
  /** Absent: GET /v1/push/vapid-public-key answers 404 push_not_configured, unsubscribe links 404. */
  notify?: NotifyDeps | (() => Promise<NotifyDeps | undefined>);
  /** The service's clock (tests use a fake one). */
  now?: () => Date;
  /** The built web client, or where to read it from when first asked, served at `/`; without it `/` redirects to the API reference. */
  web?: WebAssets | (() => Promise<WebAssets>);
  /**
   * The games whose view and log shapes the routes spell out, for openapi-document.ts only. A
   * serving app needs no shapes: it serves the committed document (docs.ts).
   */
  documentedGames?: readonly AnyGame[];
  /** What the routes are registered on: openapi-document.ts passes an `OpenAPIHono` to write the document from; by default the serving app. */
  base?: Hono<AppEnv> & RouteApp<AppEnv>;
}

export { MAX_BODY_BYTES, MAX_URL_BYTES };

type Env = AppEnv;

export function createApp(deps: AppDeps) {
  const { registry, players, games, chat } = deps;
  const play = deps.documentedGames ? typedPlayRoutes(deps.documentedGames) : routes;
  const app = deps.base ?? servingApp<Env>(refuseInvalid);

  useRequestStack(app, deps);
  const auth = (c: Context<Env>): PlayerRecord => c.get('player');
  // The shortcuts below answer before their route's handler, so its own checks (its scope) run
  // first: a token that may not read a game learns neither that it is unchanged nor when it moves.
  for (const [path, route] of [
    ['/v1/games/:id', routes.getGame],
    ['/v1/games/:id/view', play.view],
    ['/v1/games/:id/log', play.log],
  ] as const) {
    for (const check of [(route as RouteConfig).middleware ?? []].flat()) app.get(path, check);
  }
  /** Answers about a game are the caller's own: private, and checked again before each reuse. */
  const revalidated = (etag: string) => ({ etag, 'cache-control': 'private, no-cache', vary: 'Authorization' });
  /**
   * A game's summary, view and log are tagged with the game's version: when the client's
   * If-None-Match names the current tag (weak comparison, RFC 9110 section 13.1.2), 304 after
   * reading only the version, not the state. Runs after authentication, before the handler.
   */
  // A view asked with waitForVersion is held first; the conditional answer below then applies to what it found.
  app.get('/v1/games/:id/view', heldViews(deps.waits));
  for (const path of ['/v1/games/:id', '/v1/games/:id/view', '/v1/games/:id/log']) {
    app.get(path, async (c, next) => {
      const ifNoneMatch = c.req.header('if-none-match');
      const id = c.req.param('id');
      if (!ifNoneMatch || !id || !S.GameIdParamSchema.shape.id.safeParse(id).success) return next();
      const current = await games.etag(auth(c), id);
      const sent = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (!current || !(sent.includes('*') || sent.includes(current))) return next();
      return c.body(null, 304, revalidated(current));
    });
  }
  const now = () => deps.now?.() ?? new Date();
  const profile = (p: PlayerRecord) => profileAnswer(p, now());
  const webhook = webhookAnswer;
  const pushItem = (p: PushRecord) => ({ id: p.id, origin: new URL(p.subscription.endpoint).origin, createdAt: p.createdAt });
  // Given as a function (the Lambda's, whose secrets sit in SSM), it is called once, on the first request that needs it.
  let notifying: Promise<NotifyDeps | undefined> | undefined;
  const notifyDeps = () =>
    (notifying ??= (typeof deps.notify === 'function' ? deps.notify() : Promise.resolve(deps.notify)).catch((err: unknown) => {
      // A failed read is tried again by the next request rather than remembered.
      notifying = undefined;
      throw err;
    }));
  /** The unsubscribe token of a request, verified; 400 invalid_token otherwise. */
  const unsubscribeToken = async (token: string) => {
    const notify = await notifyDeps();
    if (!notify) throw new Problem(404, 'unsubscribe_not_configured', 'Not found', 'Unsubscribe links are not configured on this server');
    const payload = verifyUnsubscribe(notify.unsubscribeSecret, token);
    if (!payload) throw problems.badRequest('invalid_token', 'The unsubscribe link is not valid; use the link from the latest email, or change your settings');
    return { ...payload, kind: payload.kind ?? ('all' as const) };
  };
  const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

  // Its options need every game's rules loaded: the first request for it loads them all.
  let catalog: Promise<ReturnType<typeof catalogEntry>[]> | undefined;
  const catalogEntries = () =>
    (catalog ??= listedGames(registry).then(
      (games) => games.map(catalogEntry),
      (err: unknown) => {
        catalog = undefined;
        throw err;
      },
    ));

  app
    .openapi(routes.catalog, async (c) => c.json(await catalogEntries(), 200))
    .openapi(routes.catalogGame, async (c) => {
      const entry = (await catalogEntries()).find((g) => g.id === c.req.valid('param').game);
      if (!entry) throw problems.notFound('Game');
      return c.json({ ...entry, components: (await registry.get(entry.id))?.components ?? null }, 200);
    })
    .openapi(routes.createPlayer, async (c) => {
      const { name, email, language } = c.req.valid('json');
      const { player, token } = await players.create({ name, language });
      if (email) await deps.emails.change(player, email, (code) => confirmLink(new URL(c.req.url).origin, code));
      return c.json({ id: player.id, name: player.name, token }, 201, { Location: '/v1/players/me' });
    })
    .openapi(routes.me, async (c) => c.json(profile(auth(c)), 200))
    .openapi(routes.patchMe, async (c) => {
      const me = auth(c);
      const { email, ...changes } = c.req.valid('json');
      if (email) requireEveryScope(c.get('access'));
      const address = email === undefined ? (me.email ?? me.pendingEmail) : (email ?? undefined);
      const updated = await players.update(me, changes, address);
      if (email === undefined) return c.json(profile(updated), 200);
      return c.json(profile(await deps.emails.change(updated, email, (code) => confirmLink(new URL(c.req.url).origin, code))), 200);
    })
    .openapi(routes.listVacations, async (c) => c.json(auth(c).vacations, 200))
    .openapi(routes.createVacation, async (c) => {
      const me = auth(c);
      const created = await players.addVacation(me, c.req.valid('json'));
      await games.refreshDeadlines(me.id);
      return c.json(created, 201, { Location: `/v1/players/me/vacations/${created.id}` });
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
      const url = (await outboundUrls()).checkWebhookUrl(input.url, { localDelivery: (await notifyDeps())?.localDelivery === true });
      const created = await players.addWebhook(me, { url, events: input.events });
      return c.json({ ...webhook(created), secret: created.secret }, 201, { Location: `/v1/players/me/webhooks/${created.id}` });
    })
    .openapi(routes.deleteWebhook, async (c) => {
      await players.deleteWebhook(auth(c), c.req.valid('param').webhookId);
      return c.body(null, 204);
    })
    .openapi(routes.listPushSubscriptions, async (c) => c.json((await players.listPushSubscriptions(auth(c))).map(pushItem), 200))
    .openapi(routes.createPushSubscription, async (c) => {
      const subscription = c.req.valid('json');
      const endpoint = (await outboundUrls()).checkPushEndpoint(subscription.endpoint, { localDelivery: (await notifyDeps())?.localDelivery === true });
      const created = await players.addPushSubscription(auth(c), { ...subscription, endpoint });
      return c.json({ id: created.id }, 201, { Location: `/v1/players/me/push-subscriptions/${created.id}` });
    })
    .openapi(routes.deletePushSubscription, async (c) => {
      await players.deletePushSubscription(auth(c), c.req.valid('param').subscriptionId);
      return c.body(null, 204);
    })
    .openapi(routes.vapidPublicKey, async (c) => {
      const notify = await notifyDeps();
      if (!notify) throw new Problem(404, 'push_not_configured', 'Not found', 'Web Push is not configured on this server');
      return c.json({ publicKey: notify.vapidPublicKey }, 200);
    })
    .openapi(routes.unsubscribePage, async (c) => {
      const { token } = c.req.valid('query');
      const { kind } = await unsubscribeToken(token);
      return c.html(confirmPage(token, kind), 200, noStore);
    })
    .openapi(routes.unsubscribe, async (c) => {
      const { playerId, kind, channel } = await unsubscribeToken(c.req.valid('query').token);
      await players.unsubscribe(playerId, kind);
      if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(donePage(kind), 200, noStore);
      return c.json({ unsubscribed: true as const, channel, kind }, 200, noStore);
    })
    .openapi(
      routes.createGame,
      async (c) => {
        const created = await games.create(auth(c), c.req.valid('json'));
        return c.json(created, 201, { Location: `/v1/games/${created.id}` });
      },
      // A level the API does not know gets its own code, whatever else the body gets wrong.
      (result) => {
        const unknown = result.success ? null : S.unknownBotLevel((result as { data?: unknown }).data);
        if (unknown) throw problems.badRequest('invalid_bot_level', `${JSON.stringify(unknown.value) ?? 'undefined'} is not a bot level: use ${BOT_LEVELS.join(', ')}`);
        refuseInvalid(result);
        return undefined;
      },
    )
    .openapi(routes.listGames, async (c) => {
      const { status, myTurn, limit, cursor } = c.req.valid('query');
      return c.json(pageOf(await games.list(auth(c), { status, myTurn }), limit, cursor), 200);
    })
    .openapi(routes.join, async (c) => {
      const me = auth(c);
      return c.json(await games.join(me, c.req.valid('param').id, c.req.valid('json').inviteCode), 200);
    })
    .openapi(routes.getGame, async (c) => {
      const id = c.req.valid('param').id;
      const { value, etag } = await games.get(auth(c), id);
      return c.json(value, 200, revalidated(etag));
    })
    .openapi(play.view, async (c) => {
      const id = c.req.valid('param').id;
      const { value, etag } = await games.view(auth(c), id, c.req.valid('query').version);
      return c.json(value, 200, revalidated(etag));
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
      const id = c.req.valid('param').id;
      const { value, etag } = await games.log(me, id, after, limit);
      return c.json(value, 200, revalidated(etag));
    })
    .openapi(routes.export, async (c) => {
      return c.json(await games.export(auth(c), c.req.valid('param').id), 200);
    })
    .openapi(routes.board, async (c) => {
      const { version, lang } = c.req.valid('query');
      const svg = await drawPicture(await games.pictureOf(auth(c), c.req.valid('param').id, version), lang);
      // The picture is the caller's own view: not for shared caches.
      return c.body(svg, 200, svgHeaders('private, no-store'));
    })
    .openapi(routes.boardPicture, async (c) => {
      const notify = await notifyDeps();
      if (!notify) throw new Problem(404, 'board_links_not_configured', 'Not found', 'Board picture links are not configured on this server');
      const link = verifyBoardLink(notify.unsubscribeSecret, c.req.valid('param').token);
      if (!link) throw problems.badRequest('invalid_token', 'The board picture link is not valid; open the game instead');
      const svg = await drawPicture(await games.pictureOf(null, link.gameId, link.version), c.req.valid('query').lang);
      return c.body(svg, 200, svgHeaders('public, max-age=31536000, immutable'));
    })
    .openapi(routes.chat, async (c) => {
      const { after, limit } = c.req.valid('query');
      // One more than asked for tells whether more follow.
      const messages = await chat.list(c.req.valid('param').id, after, limit + 1);
      const shown = messages.slice(0, limit);
      return c.json({ messages: shown.map(chatMessage), next: messages.length > limit ? shown.at(-1)!.id : null }, 200);
    })
    .openapi(routes.postChat, async (c) => {
      const me = auth(c);
      return c.json(chatMessage(await chat.post(me, c.req.valid('param').id, c.req.valid('json').text)), 201);
    })
    // ---- finishing games and take-backs
    .openapi(finishRoutes.resign, async (c) => c.json(await games.resign(auth(c), c.req.valid('param').id), 200))
    .openapi(finishRoutes.abort, async (c) => c.json(await games.abort(auth(c), c.req.valid('param').id), 200))
    .openapi(finishRoutes.requestTakeback, async (c) => c.json(await games.requestTakeback(auth(c), c.req.valid('param').id, c.req.valid('json').expectedVersion), 200))
    .openapi(finishRoutes.acceptTakeback, async (c) => c.json(await games.answerTakeback(auth(c), c.req.valid('param').id, c.req.valid('json').expectedVersion, true), 200))
    .openapi(finishRoutes.refuseTakeback, async (c) => c.json(await games.answerTakeback(auth(c), c.req.valid('param').id, c.req.valid('json').expectedVersion, false), 200))
    .openapi(finishRoutes.proposeRematch, async (c) => c.json(await games.proposeRematch(auth(c), c.req.valid('param').id), 200))
    .openapi(finishRoutes.acceptRematch, async (c) => c.json(await games.answerRematch(auth(c), c.req.valid('param').id, true), 200))
    .openapi(finishRoutes.declineRematch, async (c) => c.json(await games.answerRematch(auth(c), c.req.valid('param').id, false), 200));

  registerAccountRoutes(app, deps, now);
  registerProfileRoutes(app, deps);
  registerLobbyRoutes(app, deps.lobby);

  app.get('/openapi.json', servedSpec);
  app.get('/docs/', (c) => c.redirect('/docs'));
  app.route('/docs', docsRoutes());
  if (deps.web) app.route('/', webRoutes(deps.web));
  else app.get('/', (c) => c.redirect('/docs'));
  return app;
}

function catalogEntry(g: AnyGame) {
  return {
    id: g.id,
    title: g.title,
    minPlayers: g.minPlayers,
    maxPlayers: g.maxPlayers,
    options: z.toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  };
}

/** The SSRF checks (ipaddr.js and request-filtering-agent) load with the first webhook or push subscription registered. */
const outboundUrls = () => import('./webhook-url.js');

/** The renderers load with the first picture asked for: a move never needs them. */
async function drawPicture(picture: { game: string; components: unknown; view: unknown; seatNames: (string | null)[] }, language: Language = 'en'): Promise<string> {
  const [{ renderBoard }, t] = await Promise.all([import('../../web/render/index.js'), import('../notify/wording.js').then(({ wordsFor }) => wordsFor(language))]);
  const svg = renderBoard(picture.game, picture.components, picture.view, { t, seatNames: picture.seatNames });
  if (svg === null) throw new Problem(404, 'no_board_picture', 'Not found', `${picture.game} has no board picture`);
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
