/**
 * The API: the request stack (request-stack.ts), then one sub-app per resource, each with its
 * routes, schemas, examples and handlers in its folder, then the reference (/docs) and the web
 * client. Requests are validated by `@hono/zod-openapi` against each route's schemas; what does not
 * match is a problem (request-stack.ts: refuseInvalid).
 */
import type { DocumentedGames } from './documented-games.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { GameRegistry } from '../../engine/core/index.js';
import type { Chat } from '../service/chat.js';
import type { Games } from '../service/games.js';
import type { Services } from '../service/index.js';
import type { Players } from '../service/players.js';
import type { VersionWaits } from '../service/version-waits.js';
import { accessKeysOf } from './access-keys.js';
import { accessTokensApp } from './access-tokens/app.js';
import { catalogApp } from './catalog/app.js';
import { challengesApp } from './challenges/app.js';
import { chatApp } from './chat/app.js';
import { docsRoutes, servedAsyncApi, servedSpec } from './docs.js';
import type { AppEnv } from './env.js';
import { finishingApp } from './finishing/app.js';
import { gamesApp } from './games/app.js';
import { lobbyApp } from './lobby/app.js';
import { notificationsApp } from './notifications/app.js';
import { notifyDepsOf, type NotifySource } from './notify-deps.js';
import { playApp } from './play/app.js';
import { accountsApp, playersApp } from './players/app.js';
import { profilesApp } from './profiles/app.js';
import { botsApp } from './bots/app.js';
import { streamsApp } from './streams/app.js';
import { tokensApp } from './tokens/app.js';
import { MAX_BODY_BYTES, MAX_URL_BYTES } from './request-limits.js';
import { refuseInvalid, useRequestStack, type RequestStackDeps } from './request-stack.js';
import { webRoutes, type WebAssets } from './web.js';

export type { NotifyDeps } from './notify-deps.js';

export interface AppDeps
  extends
    Pick<
      Services,
      | 'signIn'
      | 'credentials'
      | 'emails'
      | 'yourData'
      | 'profiles'
      | 'botAccounts'
      | 'lobby'
      | 'challenges'
      | 'streams'
      | 'webhookDeliveries'
    >,
    RequestStackDeps {
  registry: GameRegistry;
  players: Players;
  games: Games;
  chat: Chat;
  /** Where views asked with waitForVersion are held until the game moves. */
  waits: VersionWaits;
  /** Absent: GET /v1/push/vapid-public-key answers 404 push_not_configured, unsubscribe links 404. */
  notify?: NotifySource;
  /**
   * Where the event stream's sockets open (API Gateway's WebSocket stage in AWS); default `/v1/stream`
   * on the host the ticket was asked of, as the local server serves them on its own port.
   */
  socketUrl?: string;
  /** The service's clock (tests use a fake one). */
  now?: () => Date;
  /** The built web client, or where to read it from when first asked, served at `/`; without it `/` redirects to the API reference. */
  web?: WebAssets | (() => Promise<WebAssets>);
  /**
   * The games whose view and log shapes the routes spell out, for openapi-document.ts only. A
   * serving app needs no shapes: it serves the committed document (docs.ts).
   */
  documentedGames?: DocumentedGames;
}

export { MAX_BODY_BYTES, MAX_URL_BYTES };

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalid });
  const now = () => deps.now?.() ?? new Date();
  const notifyDeps = notifyDepsOf(deps.notify);
  const accessKeys = accessKeysOf(notifyDeps);
  useRequestStack(app, { ...deps, accessTokens: { keys: accessKeys, now } });
  // The order is the document's (openapi-document.ts) and, where paths overlap, the router's.
  app
    .route('/', catalogApp(deps.registry, deps.documentedGames))
    .route('/', playersApp(deps, now))
    .route(
      '/',
      notificationsApp({
        players: deps.players,
        games: deps.games,
        notifyDeps,
        webhookDeliveries: deps.webhookDeliveries,
      }),
    )
    .route('/', gamesApp(deps.games, deps.documentedGames))
    .route('/', playApp({ games: deps.games, waits: deps.waits, notifyDeps, documentedGames: deps.documentedGames }))
    .route('/', chatApp(deps.chat))
    .route('/', finishingApp(deps.games))
    .route('/', accountsApp(deps, now))
    .route('/', profilesApp(deps))
    .route('/', botsApp(deps, now))
    .route('/', lobbyApp(deps.lobby))
    .route('/', challengesApp(deps.challenges))
    .route('/', streamsApp(deps.streams, deps.socketUrl))
    .route('/', accessTokensApp(accessKeys, now))
    .route('/', tokensApp());

  app.get('/openapi.json', servedSpec);
  app.get('/asyncapi.yaml', servedAsyncApi);
  app.get('/docs/', (c) => c.redirect('/docs'));
  app.route('/docs', docsRoutes());
  if (deps.web) app.route('/', webRoutes(deps.web, deps.socketUrl));
  else app.get('/', (c) => c.redirect('/docs'));
  return app;
}
