/** Views, actions, the log, the export and board pictures; schemas in schemas.ts, handlers in app.ts, examples in examples.ts. */
import * as z from '../openapi-zod.js';
import {
  ActionPostSchema,
  BoardLinkQuerySchema,
  BoardPictureTokenParamSchema,
  BoardQuerySchema,
  ExportSchema,
  IdempotencyHeaderSchema,
  LogQuerySchema,
  LogSchema,
  ViewQuerySchema,
  ViewSchema,
  gameActionPostSchema,
  gameExportSchema,
  gameLogSchema,
  gameViewSchema,
} from './schemas.js';
import { GameIdParamSchema } from '../schemas.js';
import { HOLDS_PER_PROCESS, HOLDS_PER_TOKEN } from '../../service/version-waits.js';
import { answeringIn, body, json, jsonExamples, secured } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';
import type { DocumentedGames } from '../documented-games.js';

const svg = {
  content: { 'image/svg+xml': { schema: z.string() } },
  description: 'A standalone SVG document (no scripts, no external resources)',
};

export const playRoutes = {
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
        'Everything that would refuse the view is checked before the hold starts. A token may have ' +
        `${HOLDS_PER_TOKEN} views held at once (the server ${HOLDS_PER_PROCESS}); past that, 429 \`too_many_waits\`.`,
      security: secured,
      request: { params: GameIdParamSchema, query: ViewQuerySchema },
      responses: { 200: jsonExamples(ViewSchema, 'Your view', (e) => e.gameViews) },
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
      request: {
        params: GameIdParamSchema,
        headers: IdempotencyHeaderSchema,
        body: body(ActionPostSchema, (e) => e.act.request),
      },
      responses: {
        200: {
          ...jsonExamples(
            ViewSchema,
            'Accepted; your view after it (and after any bot moves it triggered)',
            (e) => e.gameViews,
          ),
          headers: {
            'Idempotent-Replayed': {
              description: 'true: this is the stored answer of an earlier request with the same Idempotency-Key',
              required: false,
              schema: { type: 'string', enum: ['true'] },
            },
          },
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
        illegal_action: "Illegal by the rules (`rule` is the rule ID, `reason` the game's code)",
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
      request: { params: GameIdParamSchema, query: LogQuerySchema },
      responses: { 200: jsonExamples(LogSchema, 'Log entries', (e) => e.gameLogs) },
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
        'Once the game has ended: the secret seed (its SHA-256 is the `seedCommitment` published from the start), the options, the seats, the setup as dealt and every action in order, ' +
        'so anyone can replay the game with the engine and check the deal, every draw and the outcome. `outcome` is null when the game ended without one (aborted).',
      security: secured,
      request: { params: GameIdParamSchema },
      responses: { 200: json(ExportSchema, 'The whole game', (e) => e.export) },
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
      description:
        'The board drawn from your view (now, or at `version`), by the renderers the web client uses. Private to you: never cached by shared caches.',
      security: secured,
      request: { params: GameIdParamSchema, query: BoardQuerySchema },
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
      description:
        'What a spectator sees of the board at that version (no hand, no secret), so the link may be forwarded. The picture of a version never changes.',
      security: [],
      request: { params: BoardPictureTokenParamSchema, query: BoardLinkQuerySchema },
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
};

/**
 * The play routes answering in each catalog game's published shapes (discriminated by `game`), and
 * taking its actions, for the OpenAPI document. The serving routes check only an action's outline:
 * the game's own schema checks it once the game is loaded (400 invalid_action), as a cold start
 * loads no game's rules before it is needed.
 */
export function typedPlayRoutes({ games, actionExamples }: DocumentedGames) {
  const view = gameViewSchema(games);
  const log = gameLogSchema(games);
  const act = answeringIn(playRoutes.act, view);
  const actionPost = gameActionPostSchema(games);
  return {
    view: answeringIn(playRoutes.view, view),
    act: {
      ...act,
      request: {
        ...act.request,
        body: {
          ...body(actionPost, (e) => e.act.request),
          content: { 'application/json': { schema: actionPost, examples: actionExamples } },
        },
      },
    },
    log: answeringIn(playRoutes.log, log),
    export: answeringIn(playRoutes.export, gameExportSchema(games)),
  };
}
