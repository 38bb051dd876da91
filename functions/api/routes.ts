/**
 * Every operation of the API as the OpenAPI document describes it: what it does, what it takes,
 * what it answers, and which problem codes it can answer with (answers.ts adds those that follow
 * from its shape, and the headers). The handlers are in app.ts.
 */
import * as z from './openapi-zod.js';
import { body, exampleValue, json, media } from './route-content.js';
import type { AnyGame } from '../../engine/core/index.js';
import { MAX_CHAT_LENGTH } from '../service/chat.js';
import { DEFAULT_LIMITS } from '../service/limits.js';
import { MAX_PENDING_VACATIONS, MAX_STORED_VACATIONS, MAX_VACATION_DAYS } from '../service/vacations.js';
import { HOLDS_PER_PROCESS, HOLDS_PER_TOKEN } from '../service/version-waits.js';
import { MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS } from '../store/ports/subscriptions.js';
import { defineRoute, rateLimitText } from './answers.js';
import * as S from './schemas.js';

const html = (description: string) => ({ content: { 'text/html': { schema: z.string() } }, description });
const svg = { content: { 'image/svg+xml': { schema: z.string() } }, description: 'A standalone SVG document (no scripts, no external resources)' };
const secured = [{ bearer: [] }];
const caps = DEFAULT_LIMITS.caps;

export const routes = {
  catalog: defineRoute(
    {
      operationId: 'getCatalog',
      method: 'get',
      path: '/v1/catalog',
      tags: ['catalog'],
      summary: 'The games railpost offers',
      description:
        "Every listed game with its seat range and the JSON Schema of its options (all optional, with defaults): enough to offer a choice and build the options form. The same for everyone until the next release, so cache it (it has an ETag).",
      security: [],
      responses: { 200: json(z.array(S.CatalogEntrySchema), 'Playable games', (e) => e.catalog) },
    },
    { problems: {}, storeFree: true },
  ),
  catalogGame: defineRoute(
    {
      operationId: 'getCatalogGame',
      method: 'get',
      path: '/v1/catalog/{game}',
      tags: ['catalog'],
      summary: 'One game of the catalog with its static components (board, routes, cards)',
      description:
        "The catalog entry and the game's static components, which views refer to by id: Ticket to Ride's cities, routes and tickets, Streetcar's tiles, and so on. Views never repeat them, so read them once per game.",
      security: [],
      request: { params: S.CatalogIdParamSchema },
      responses: { 200: json(S.CatalogGameSchema, 'The game', (e) => e.catalogGame) },
    },
    { problems: { not_found: 'No such game in the catalog' }, storeFree: true },
  ),
  createPlayer: defineRoute(
    {
      operationId: 'createPlayer',
      method: 'post',
      path: '/v1/players',
      tags: ['players'],
      summary: 'Register a player and get its bearer token (shown once)',
      description:
        'Registers a player. The answer holds the bearer token, shown only here (only its hash is stored): send it as `Authorization: Bearer <token>` from now on. ' +
        'With an email address, notices are emailed too (change that with PATCH /v1/players/me).\n\n' +
        rateLimitText('createPlayer'),
      security: [],
      request: { body: body(S.PlayerCreateSchema, (e) => e.createPlayer.request) },
      responses: { 201: json(S.PlayerCreatedSchema, 'The new player', (e) => e.createPlayer.response) },
    },
    { problems: { invalid_name: 'The name is empty, or too long, once cleaned' }, limited: 'createPlayer', location: 'Your profile, /v1/players/me (with the new token)' },
  ),
  me: defineRoute(
    {
      operationId: 'getMe',
      method: 'get',
      path: '/v1/players/me',
      tags: ['players'],
      summary: 'Your profile',
      description: 'Your name, email address, notification settings and vacations, and whether your clocks are paused now.',
      security: secured,
      responses: { 200: json(S.PlayerSchema, 'Your profile', (e) => e.me) },
    },
    { problems: {} },
  ),
  patchMe: defineRoute(
    {
      operationId: 'updateMe',
      method: 'patch',
      path: '/v1/players/me',
      tags: ['players'],
      summary: 'Change your name, email or notification settings',
      description:
        'Changes only what the body names. `email: null` removes the address (and email notices with it); turning email notices on needs an address. ' +
        '`notifications.events` changes the kinds it names, on every channel. `notifications.digest` chooses one email a day, at an hour of your time zone, listing every game where it is your turn (null: one email per turn). Your name is shown to the other seats from now on (games keep the name you joined with). ' +
        'A new `email` waits as `pendingEmail` until the code mailed to it comes back (POST /v1/players/me/email-confirmation). ' +
        'Naming an address needs a session or a token with all four scopes, since a confirmed address signs in with every scope; removing it needs only `settings`.\n\n' +
        `Only a request naming an email address counts against the limit of confirmation mails. ${rateLimitText('confirmationMail')}`,
      security: secured,
      request: { body: body(S.PlayerPatchSchema, (e) => e.patchMe.request) },
      responses: { 200: json(S.PlayerSchema, 'Your profile', (e) => e.patchMe.response) },
    },
    {
      scope: 'settings',
      limited: 'confirmationMail',
      limitedOnlyWhen: 'the body names an email address',
      problems: {
        invalid_name: 'The name is empty, or too long, once cleaned',
        email_address_required: 'Email notices turned on without an email address',
        insufficient_scope: 'The token lacks the settings scope, or names an email address without having every scope (an address signs in with every scope)',
        unknown_time_zone: '`notifications.digest.timeZone` is not an IANA time zone',
        not_found: 'Your player is gone',
        concurrent_update: 'Another change to your profile got in the way; retry',
      },
    },
  ),
  listVacations: defineRoute(
    {
      operationId: 'listVacations',
      method: 'get',
      path: '/v1/players/me/vacations',
      tags: ['players'],
      summary: 'Your vacations',
      description: `Every vacation still on record, oldest first: those to come, the one under way, and past ones a clock may still count (at most ${MAX_STORED_VACATIONS} in all).`,
      security: secured,
      responses: { 200: json(z.array(S.VacationSchema), 'Your vacations, oldest first', (e) => e.listVacations) },
    },
    { problems: {} },
  ),
  createVacation: defineRoute(
    {
      operationId: 'createVacation',
      method: 'post',
      path: '/v1/players/me/vacations',
      tags: ['players'],
      summary: 'Mark days away: your clocks in every timed game pause',
      description:
        'Pauses your clocks in every timed game from `from` until `until`; the deadlines of your running turns move at once. ' +
        `A vacation starts now or later, ends in the future and lasts at most ${MAX_VACATION_DAYS} days. **Cap**: ${MAX_PENDING_VACATIONS} vacations not yet over ` +
        `(409 too_many_vacations); ${MAX_STORED_VACATIONS} kept in all (beyond that the oldest past ones go).`,
      security: secured,
      request: { body: body(S.VacationCreateSchema, (e) => e.createVacation.request) },
      responses: { 201: json(S.VacationSchema, 'The vacation; deadlines of your running turns have moved', (e) => e.createVacation.response) },
    },
    {
      scope: 'settings',
      problems: {
        vacation_in_past: 'It starts in the past, or is over already',
        invalid_vacation: '`until` is not after `from`',
        vacation_too_long: `It lasts more than ${MAX_VACATION_DAYS} days`,
        too_many_vacations: `${MAX_PENDING_VACATIONS} vacations are not over yet (see \`limit\`)`,
        concurrent_update: 'Another change to your vacations got in the way; retry',
      },
      location: 'The new vacation, /v1/players/me/vacations/{vacationId}',
    },
  ),
  deleteVacation: defineRoute(
    {
      operationId: 'deleteVacation',
      method: 'delete',
      path: '/v1/players/me/vacations/{vacationId}',
      tags: ['players'],
      summary: 'Cancel a vacation that has not begun, or end one under way now',
      description: 'A vacation to come is removed; one under way ends now (and stays on record for the clocks it paused). A past one cannot change (409 vacation_over).',
      security: secured,
      request: { params: S.VacationIdParamSchema },
      responses: { 204: { description: 'Cancelled or ended' } },
    },
    {
      scope: 'settings',
      problems: {
        not_found: 'No such vacation of yours',
        vacation_over: 'The vacation is over',
        concurrent_update: 'Another change to your vacations got in the way; retry',
      },
    },
  ),
  listWebhooks: defineRoute(
    {
      operationId: 'listWebhooks',
      method: 'get',
      path: '/v1/players/me/webhooks',
      tags: ['notifications'],
      summary: 'Your webhook endpoints (without their secrets)',
      description: `Your webhook endpoints, oldest first (at most ${MAX_WEBHOOKS}). Their secrets were shown once, when each was added.`,
      security: secured,
      responses: { 200: json(z.array(S.WebhookSchema), 'Your webhooks, oldest first', (e) => e.listWebhooks) },
    },
    { problems: {} },
  ),
  createWebhook: defineRoute(
    {
      operationId: 'createWebhook',
      method: 'post',
      path: '/v1/players/me/webhooks',
      tags: ['notifications'],
      summary: 'Add a webhook endpoint; its signing secret is shown only in this answer',
      description:
        'Notifications are POSTed as JSON signed per the Standard Webhooks spec (webhook-id, webhook-timestamp, webhook-signature); the `webhooks` section of this document describes every payload. ' +
        'The URL must use https and name a public host: literal private, loopback and link-local addresses and local names are refused ' +
        '(host names are not resolved here, so a public name that resolves to a private address is not caught at registration, but at delivery). ' +
        `**Cap**: ${MAX_WEBHOOKS} webhooks per player (409 too_many_webhooks).`,
      security: secured,
      request: { body: body(S.WebhookCreateSchema, (e) => e.createWebhook.request) },
      responses: { 201: json(S.WebhookCreatedSchema, 'The webhook, with its secret (shown once)', (e) => e.createWebhook.response) },
    },
    {
      scope: 'settings',
      problems: {
        invalid_webhook_url: 'The URL is not absolute, may be read two ways, or carries credentials',
        insecure_webhook_url: 'The URL does not use https',
        private_webhook_url: 'The URL names a private, loopback or link-local address, or a local name',
        too_many_webhooks: `You have ${MAX_WEBHOOKS} webhooks (see \`limit\`); delete one first`,
        concurrent_update: 'Another change got in the way; retry',
      },
      location: 'The new webhook, /v1/players/me/webhooks/{webhookId}',
    },
  ),
  deleteWebhook: defineRoute(
    {
      operationId: 'deleteWebhook',
      method: 'delete',
      path: '/v1/players/me/webhooks/{webhookId}',
      tags: ['notifications'],
      summary: 'Remove a webhook endpoint',
      description: 'Removes a webhook endpoint of yours. (An endpoint that answers a delivery with 404 or 410 is removed by the notifier itself.)',
      security: secured,
      request: { params: S.WebhookIdParamSchema },
      responses: { 204: { description: 'Removed' } },
    },
    { scope: 'settings', problems: { not_found: 'No such webhook of yours' } },
  ),
  listPushSubscriptions: defineRoute(
    {
      operationId: 'listPushSubscriptions',
      method: 'get',
      path: '/v1/players/me/push-subscriptions',
      tags: ['notifications'],
      summary: 'Your Web Push subscriptions (push service origin only)',
      description: `Your Web Push subscriptions, oldest first (at most ${MAX_PUSH_SUBSCRIPTIONS}), each shown by its push service's origin: endpoints are capabilities and are not shown again.`,
      security: secured,
      responses: { 200: json(z.array(S.PushSubscriptionItemSchema), 'Your subscriptions, oldest first', (e) => e.listPushSubscriptions) },
    },
    { problems: {} },
  ),
  createPushSubscription: defineRoute(
    {
      operationId: 'createPushSubscription',
      method: 'post',
      path: '/v1/players/me/push-subscriptions',
      tags: ['notifications'],
      summary: 'Add a Web Push subscription (the same endpoint again replaces it)',
      description:
        "Send the browser's `PushSubscription.toJSON()` (subscribed with the key from GET /v1/push/vapid-public-key). Messages are encrypted per RFC 8291 and signed with VAPID. " +
        `The same endpoint again replaces the subscription (same id). **Cap**: ${MAX_PUSH_SUBSCRIPTIONS} subscriptions per player (409 too_many_push_subscriptions).`,
      security: secured,
      request: { body: body(S.PushSubscriptionSchema, (e) => e.createPushSubscription.request) },
      responses: { 201: json(S.PushSubscriptionCreatedSchema, 'Subscribed', (e) => e.createPushSubscription.response) },
    },
    {
      scope: 'settings',
      problems: {
        invalid_body: 'Not a PushSubscription (an https endpoint, p256dh and auth keys of their sizes)',
        invalid_push_endpoint: 'The endpoint may be read two ways (backslashes, credentials, control characters)',
        private_push_endpoint: 'The endpoint names a private, loopback or link-local host',
        too_many_push_subscriptions: `You have ${MAX_PUSH_SUBSCRIPTIONS} subscriptions (see \`limit\`); delete one first`,
        concurrent_update: 'Another change got in the way; retry',
      },
      location: 'The subscription, /v1/players/me/push-subscriptions/{subscriptionId}',
    },
  ),
  deletePushSubscription: defineRoute(
    {
      operationId: 'deletePushSubscription',
      method: 'delete',
      path: '/v1/players/me/push-subscriptions/{subscriptionId}',
      tags: ['notifications'],
      summary: 'Remove a Web Push subscription',
      description: 'Removes a subscription of yours (call it when the browser unsubscribes). One the push service answers 404 or 410 for is removed by the notifier itself.',
      security: secured,
      request: { params: S.PushSubscriptionIdParamSchema },
      responses: { 204: { description: 'Removed' } },
    },
    { scope: 'settings', problems: { not_found: 'No such subscription of yours' } },
  ),
  vapidPublicKey: defineRoute(
    {
      operationId: 'getVapidPublicKey',
      method: 'get',
      path: '/v1/push/vapid-public-key',
      tags: ['notifications'],
      summary: "The server's VAPID public key, for pushManager.subscribe()",
      description: "Pass it as `applicationServerKey` to the browser's `pushManager.subscribe()`, then send the subscription to POST /v1/players/me/push-subscriptions.",
      security: [],
      responses: { 200: json(S.VapidPublicKeySchema, 'The key', (e) => e.vapidPublicKey) },
    },
    { problems: { push_not_configured: 'Web Push is not configured on this server' }, storeFree: true },
  ),
  unsubscribePage: defineRoute(
    {
      operationId: 'getUnsubscribe',
      method: 'get',
      path: '/v1/unsubscribe',
      tags: ['notifications'],
      summary: 'The page behind the unsubscribe link of an email: asks to confirm, changes nothing',
      description: 'Mail scanners prefetch links, so a GET never unsubscribes; the page posts a form to the same URL.',
      security: [],
      request: { query: S.UnsubscribeQuerySchema },
      responses: { 200: html('A confirmation page with a form') },
    },
    {
      problems: { invalid_token: 'Missing, malformed or tampered token', unsubscribe_not_configured: 'Unsubscribe links are not configured on this server' },
      storeFree: true,
    },
  ),
  unsubscribe: defineRoute(
    {
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
        200: { content: { 'application/json': media(S.UnsubscribedSchema, (e) => e.unsubscribe), 'text/html': { schema: z.string() } }, description: 'Unsubscribed' },
      },
    },
    {
      problems: {
        invalid_token: 'Missing, malformed or tampered token',
        unsubscribe_not_configured: 'Unsubscribe links are not configured on this server',
        not_found: 'The player is gone',
      },
    },
  ),
  createGame: defineRoute(
    {
      operationId: 'createGame',
      method: 'post',
      path: '/v1/games',
      tags: ['games'],
      summary: 'Create a game; you take seat 0 and bots fill the last seats',
      description:
        "Creates a game of a catalog game with `players` seats: you take seat 0, the last `bots` seats are played by the game's bot, and the others wait for people with the `inviteCode` " +
        "(share it; the web client makes an invite link of it), or, with `visibility: 'public'`, for anyone who finds it in the lobby (GET /v1/lobby; closed if not full after a week). A game whose other seats are all bots starts at once. `options` follow the JSON Schema in the catalog; `timeControl` adds deadlines.\n\n" +
        "**Bot levels**: `bots` is a count of easy bots, or one level per bot seat: `['hard', 'medium']` makes the second-to-last seat hard and the last one medium. Easy is the game's greedy bot; medium and hard search (at most 200 ms and 1 s a move). " +
        '`standInLevel` (default medium) is the level the bot plays at for a person: after a timeout, a forfeit, or when their account is deleted. An unknown level is 400 invalid_bot_level. The log tells the level of each bot move.\n\n' +
        `**Cap**: ${caps.openGamesPerPlayer} of your games may wait for players at once (409 too_many_open_games; games that start at once do not count).\n\n` +
        rateLimitText('createGame'),
      security: secured,
      request: {
        body: {
          required: true,
          content: {
            'application/json': {
              schema: S.GameCreateSchema,
              examples: {
                levels: { summary: 'A hard bot in the last seat, a seat for a friend, medium stand-ins', get value() {
                    return exampleValue((e) => e.createGame.request);
                  },
                },
                count: { summary: 'One bot (easy), the game starts at once', value: { game: 'vlaky-na-trati', players: 2, bots: 1 } },
              },
            },
          },
        },
      },
      responses: { 201: json(S.GameSchema, 'The new game, with its invite code', (e) => e.createGame.response) },
    },
    {
      scope: 'play',
      problems: {
        unknown_game: 'No such game in the catalog',
        invalid_players: 'The game does not take that many players',
        invalid_bots: 'More bots than seats besides yours',
        invalid_bot_level: 'A level in `bots` or `standInLevel` is not easy, medium or hard',
        invalid_options: "The options do not fit the game's schema, or not with that many players",
        too_many_open_games: `${caps.openGamesPerPlayer} of your games wait for players (see \`limit\`)`,
      },
      limited: 'createGame',
      location: 'The new game, /v1/games/{id}',
    },
  ),
  listGames: defineRoute(
    {
      operationId: 'listGames',
      method: 'get',
      path: '/v1/games',
      tags: ['games'],
      summary: 'Your games, newest first, a page at a time',
      description:
        `The games you hold a seat in, newest first: at most \`limit\` (default ${S.GAME_PAGE.default}, at most ${S.GAME_PAGE.max}) and \`next\`, the cursor of the next page, null on the last. ` +
        'Pass `next` as `cursor`, with the same filters, to read on; pages neither repeat nor skip a game when games are added meanwhile. `myTurn=true` lists the games waiting for your move.',
      security: secured,
      request: { query: S.GameListQuerySchema },
      responses: { 200: json(S.GamePageSchema, 'A page of your games', (e) => e.listGames) },
    },
    { problems: { invalid_query: 'A filter, `limit` or `cursor` is not valid' } },
  ),
  join: defineRoute(
    {
      operationId: 'joinGame',
      method: 'post',
      path: '/v1/games/{id}/join',
      tags: ['games'],
      summary: 'Take a free seat (with the invite code of a private game); the game starts when every seat is taken',
      description:
        'Takes the first free seat: a private game needs its invite code, a public one (listed in the lobby) is open to anyone. The game starts when the last seat is taken, and the bots due then move at once.\n\n' +
        `${rateLimitText('join')} Wrong invite codes count apart: ${DEFAULT_LIMITS.rates.badInviteCode.perPlayer?.points} per player and ${DEFAULT_LIMITS.rates.badInviteCode.perAddress?.points} per client address in an hour; past that, joins are refused with 429 until the hour ends.`,
      security: secured,
      request: { params: S.GameIdParamSchema, body: body(S.JoinSchema, (e) => e.join.request) },
      responses: { 200: json(S.GameSchema, 'The game, with yourSeat', (e) => e.join.response) },
    },
    {
      scope: 'play',
      problems: {
        bad_invite_code: 'Wrong invite code',
        not_found: 'No such game',
        already_seated: 'You already hold a seat in this game',
        game_not_open: 'Every seat is taken',
        busy: 'Too many players joined at once; retry',
      },
      limited: 'join',
    },
  ),
  getGame: defineRoute(
    {
      operationId: 'getGame',
      method: 'get',
      path: '/v1/games/{id}',
      tags: ['games'],
      summary: 'A game: status, seats, who is to act, version, seed commitment',
      description:
        "Any signed-in player may read a game's summary: its status, seats (the seats' player ids only to seated players), who is to act, the `version`, the seed commitment, " +
        'the time control with deadlines and clocks, the outcome once it has ended, and for seated players `yourSeat` and, while seats are open, the invite code.',
      security: secured,
      request: { params: S.GameIdParamSchema },
      responses: { 200: json(S.GameSchema, 'The game', (e) => e.getGame) },
    },
    { problems: { not_found: 'No such game' } },
  ),
  view: defineRoute(
    {
      operationId: 'getView',
      method: 'get',
      path: '/v1/games/{id}/view',
      tags: ['play'],
      summary: 'What you may see, and the actions you may post now (or what you saw at a past version)',
      description:
        "Your view: what your seat may see (your hand and the public board; other seats' secrets are never in it), `toAct`, your `legalActions` while you are to act, " +
        'the `version` to post them with, and deadlines. `game` names the catalog game, which decides the shape of `view` and of the actions (GameView has one schema per game). ' +
        'Spectators see what a stranger may. With `version`, what you saw at that past version (a replay; nothing to post there).\n\n' +
        'To wait for a move without polling, send `waitForVersion` (the version you have plus one): the answer is held until the game reaches it, ' +
        'or for `wait` seconds (at most 25), and is then the view as it is, so a client that is still waiting asks again. With the ETag of the view you have in If-None-Match, ' +
        'a hold that ends with nothing new answers 304. The server checks only the version while it holds (at most once a second, one read for all holds on a game), so a hold costs at most one small read a second. ' +
        'Everything that would refuse the view is checked before the hold starts. A token may have ' + `${HOLDS_PER_TOKEN} views held at once (the server ${HOLDS_PER_PROCESS}); past that, 429 \`too_many_waits\`.`,
      security: secured,
      request: { params: S.GameIdParamSchema, query: S.ViewQuerySchema },
      responses: { 200: json(S.ViewSchema, 'Your view', (e) => e.view) },
    },
    {
      problems: {
        not_found: 'No such game',
        version_not_found: 'The game has not reached that version',
        game_not_started: 'Seats are still open',
        too_many_waits: `With waitForVersion: the token already has ${HOLDS_PER_TOKEN} views held, or the server ${HOLDS_PER_PROCESS}; retry after \`Retry-After\` seconds (also \`retryAfter\`), or ask without waiting`,
      },
    },
  ),
  act: defineRoute(
    {
      operationId: 'postAction',
      method: 'post',
      path: '/v1/games/{id}/actions',
      tags: ['play'],
      summary: 'Post one of your legalActions with the version you read',
      description:
        'Posts one of your `legalActions`, unchanged, with the `version` you read as `expectedVersion`. Accepted, the game moves on, the bots due after it move at once, ' +
        'and the answer is your view after all that. Another move came first: 409 stale_version with `currentVersion`; read the view again. Illegal by the rules: 422 illegal_action with the rule ID.\n\n' +
        'Send an `Idempotency-Key` to retry safely: the same key with the same body answers the first answer again (with `Idempotent-Replayed: true`) and appends nothing; keys are kept 24 hours.\n\n' +
        rateLimitText('action'),
      security: secured,
      request: { params: S.GameIdParamSchema, headers: S.IdempotencyHeaderSchema, body: body(S.ActionPostSchema, (e) => e.act.request) },
      responses: {
        200: {
          ...json(S.ViewSchema, 'Accepted; your view after it (and after any bot moves it triggered)', (e) => e.act.response),
          headers: { 'Idempotent-Replayed': { description: 'true: this is the stored answer of an earlier request with the same Idempotency-Key', required: false, schema: { type: 'string', enum: ['true'] } } },
        },
      },
    },
    {
      scope: 'play',
      problems: {
        invalid_action: 'The action has the shape of no action of this game (see `issues`)',
        not_seated: 'You hold no seat in this game',
        forfeited: 'You forfeited; the bot plays on for your seat',
        not_your_turn: 'Your seat is not to act now',
        not_found: 'No such game',
        stale_version: '`expectedVersion` is not the current version (see `currentVersion`)',
        game_not_started: 'Seats are still open',
        game_over: 'The game has ended',
        illegal_action: 'Illegal by the rules (`rule` is the rule ID, `reason` the game\'s code)',
        idempotency_key_reused: 'The Idempotency-Key was used for another request',
      },
      limited: 'action',
    },
  ),
  log: defineRoute(
    {
      operationId: 'getLog',
      method: 'get',
      path: '/v1/games/{id}/log',
      tags: ['play'],
      summary: 'Log entries after version N, as you may see them',
      description:
        'The entries after version `after`, oldest first, at most `limit`: each is one action and the events it caused, redacted as your seat may see them (everything, once the game has ended). ' +
        "`version` is the game's version now: more entries follow while the last one's version is below it, so read on with `after` set to that version. " +
        'Forfeits are platform entries (`forfeit: true`), not game actions.',
      security: secured,
      request: { params: S.GameIdParamSchema, query: S.LogQuerySchema },
      responses: { 200: json(S.LogSchema, 'Log entries', (e) => e.log) },
    },
    { problems: { not_found: 'No such game' } },
  ),
  export: defineRoute(
    {
      operationId: 'exportGame',
      method: 'get',
      path: '/v1/games/{id}/export',
      tags: ['play'],
      summary: 'After the end: seed, options and every action, to replay and verify the game',
      description:
        'Once the game has ended: the secret seed (its SHA-256 is the `seedCommitment` published from the start), the options, the seats and every action in order, ' +
        'so anyone can replay the game with the engine and check the outcome. `outcome` is null when the game ended without one (aborted).',
      security: secured,
      request: { params: S.GameIdParamSchema },
      responses: { 200: json(S.ExportSchema, 'The whole game', (e) => e.export) },
    },
    { problems: { not_found: 'No such game', game_not_finished: 'The game has not ended' } },
  ),
  board: defineRoute(
    {
      operationId: 'getBoardPicture',
      method: 'get',
      path: '/v1/games/{id}/board.svg',
      tags: ['play'],
      summary: 'The board as you may see it (now or at a past version), as an SVG picture',
      description: 'The board drawn from your view (now, or at `version`), by the renderers the web client uses. Private to you: never cached by shared caches.',
      security: secured,
      request: { params: S.GameIdParamSchema, query: S.BoardQuerySchema },
      responses: { 200: svg },
    },
    {
      problems: {
        not_found: 'No such game',
        version_not_found: 'The game has not reached that version',
        no_board_picture: 'This game has no board picture',
        game_not_started: 'Seats are still open',
      },
    },
  ),
  boardPicture: defineRoute(
    {
      operationId: 'getBoardPictureLink',
      method: 'get',
      path: '/v1/board-pictures/{token}',
      tags: ['play'],
      summary: "The board picture behind an email's link, no login: the signed token names the game and version",
      description: 'What a spectator sees of the board at that version (no hand, no secret), so the link may be forwarded. The picture of a version never changes.',
      security: [],
      request: { params: S.BoardPictureTokenParamSchema, query: S.BoardLinkQuerySchema },
      responses: { 200: svg },
    },
    {
      problems: {
        invalid_token: 'Malformed or tampered token',
        not_found: 'No such game',
        version_not_found: 'No such version',
        no_board_picture: 'This game has no board picture',
        board_links_not_configured: 'Board picture links are not configured on this server',
      },
    },
  ),
  chat: defineRoute(
    {
      operationId: 'readChat',
      method: 'get',
      path: '/v1/games/{id}/chat',
      tags: ['play'],
      summary: "The game's table talk, oldest first (seats and spectators read it)",
      description:
        'Messages oldest first, at most `limit`, after the message `after`. `next` is the id to pass as `after` for the messages that follow, null when none follow yet; ' +
        "each message carries the game's `version` it was written at, so a client shows it after that log entry.",
      security: secured,
      request: { params: S.GameIdParamSchema, query: S.ChatQuerySchema },
      responses: { 200: json(S.ChatSchema, 'Messages', (e) => e.chat) },
    },
    { problems: { not_found: 'No such game' } },
  ),
  postChat: defineRoute(
    {
      operationId: 'writeChat',
      method: 'post',
      path: '/v1/games/{id}/chat',
      tags: ['play'],
      summary: 'Say something to the table (open and non-binding; seated players only)',
      description:
        `Writes one message of up to ${MAX_CHAT_LENGTH} characters (control, zero-width and bidi-override characters are dropped, line breaks kept). ` +
        'Seated players only; a seat that forfeited writes again once the game has ended. Seated people who chose chat notices hear of the first message of each 10-minute window. ' +
        'No Location: a message has no URL of its own (read it in the chat).\n\n' +
        `**Cap**: ${caps.chatMessagesPerGame} messages per player and game (409 chat_full).\n\n` +
        rateLimitText('chat'),
      security: secured,
      request: { params: S.GameIdParamSchema, body: body(S.ChatPostSchema, (e) => e.postChat.request) },
      responses: { 201: json(S.ChatMessageSchema, 'The message as stored', (e) => e.postChat.response) },
    },
    {
      scope: 'chat',
      problems: {
        empty_message: 'Nothing is left once control characters are dropped',
        not_seated: 'You hold no seat in this game',
        forfeited: 'You forfeited, and the game still runs',
        not_found: 'No such game',
        chat_full: `You have written ${caps.chatMessagesPerGame} messages in this game (see \`limit\`)`,
      },
      limited: 'chat',
    },
  ),
};

/** The play routes answering in each catalog game's published shapes (discriminated by `game`), for the OpenAPI document. */
export function typedPlayRoutes(games: readonly AnyGame[]) {
  const view = S.gameViewSchema(games);
  const log = S.gameLogSchema(games);
  const answer = <R extends { responses: { 200: { description: string; content: { 'application/json': object } } } }>(route: R, schema: z.ZodType): R => ({
    ...route,
    responses: { ...route.responses, 200: { ...route.responses[200], content: { 'application/json': { ...route.responses[200].content['application/json'], schema } } } },
  });
  return { view: answer(routes.view, view), act: answer(routes.act, view), log: answer(routes.log, log) };
}
