/**
 * Finishing games and take-backs (docs/playing.md "Finishing games and take-backs"), declared
 * like every other operation (answers.ts: defineRoute). Each is a write counted against the moves' rate limit, but
 * offering and accepting a rematch, which make a game, count with the games created.
 */
import { body, json, secured, type Example } from '../route-content.js';
import { ExpectedVersionSchema } from './schemas.js';
import { GameIdParamSchema } from '../schemas.js';
import { GameSchema } from '../games/schemas.js';
import { defineRoute, rateLimitText } from '../answers.js';

const limit = `\n\n${rateLimitText('action')} (These writes count together with the moves.)`;
const creationLimit = `\n\n${rateLimitText('createGame')} (A rematch makes a game: offering and accepting one count together with \`POST /v1/games\`.)`;

const playing = {
  not_seated: 'You hold no seat in this game',
  forfeited: 'You forfeited or resigned; the bot plays on for your seat',
  not_found: 'No such game',
  game_not_started: 'Seats are still open',
  game_over: 'The game has ended',
} as const;

const finished = {
  not_seated: 'You hold no seat in this game',
  not_found: 'No such game',
  game_not_finished: 'The game has not ended (or ended without a result)',
  busy: 'Too many players answered at once; retry',
} as const;

interface Write {
  operationId: string;
  path: string;
  summary: string;
  description: string;
  example: Example;
  problems: Parameters<typeof defineRoute>[1]['problems'];
  /** What the write counts against: the moves unless told. */
  limited?: 'createGame';
}

/** A write about a game, answered with the game's summary; `request` adds a body to the path's game id. */
function gameWrite<Q extends object>(o: Write, request: Q) {
  return defineRoute(
    {
      operationId: o.operationId,
      method: 'post' as const,
      path: o.path,
      tags: ['games'],
      summary: o.summary,
      description: o.description + (o.limited ? creationLimit : limit),
      security: secured,
      request: { params: GameIdParamSchema, ...request },
      responses: { 200: json(GameSchema, 'The game after it', o.example) },
    },
    { problems: o.problems, limited: o.limited ?? 'action', scope: 'play' },
  );
}

const noBody = {};
const versioned = { body: body(ExpectedVersionSchema, { expectedVersion: 7 }) };

export const finishRoutes = {
  resign: gameWrite(
    {
      operationId: 'resignGame',
      path: '/v1/games/{id}/resign',
      summary: 'Resign: leave a running game, ranked as a forfeit',
      description:
        "Any time while the game runs. Ranked like a forfeit: after every seat still playing (a later forfeit places better). The game's bot plays on for your seat so the others' game goes on, " +
        'and the game ends at once when at most one seat still stands. From now on you see the game as a spectator until it ends.',
      example: (e) => e.finish.resigned,
      problems: playing,
    },
    noBody,
  ),
  abort: gameWrite(
    {
      operationId: 'abortGame',
      path: '/v1/games/{id}/abort',
      summary: 'Abort a game that has barely begun: it ends with no result',
      description:
        'Allowed while no seat has made more than one game action (actions taken back do not count; bots count like people): `abortable` in the summary says so. ' +
        'The game becomes `aborted`: no outcome, no ranking, and its export is published. Later, 409 abort_window_closed: resign instead.',
      example: (e) => e.finish.aborted,
      problems: { ...playing, abort_window_closed: 'A seat has made a second action' },
    },
    noBody,
  ),
  requestTakeback: gameWrite(
    {
      operationId: 'requestTakeback',
      path: '/v1/games/{id}/takeback',
      summary: 'Ask to take back your own last action',
      description:
        'Allowed while nothing hidden or random came into the game since that action (no card or tile drawn, no die rolled, no secret choice), ' +
        "and while no other person's seat has acted since (RP-TB-1: a take-back never removes another person's move; bot seats' replies go with it): `canTakeBack` in the summary says so. " +
        'The other seated people answer (bots accept at once); when all accept, the game returns to the version before that action, as a new version. ' +
        'One request at a time; any move ends it. In timed games clocks run on as usual and no time is given back.',
      example: (e) => e.finish.takebackRequested,
      problems: {
        ...playing,
        stale_version: '`expectedVersion` is not the current version (see `currentVersion`)',
        takeback_pending: 'A request is already waiting',
        takeback_not_allowed: 'No action of yours may be taken back now',
      },
    },
    versioned,
  ),
  acceptTakeback: gameWrite(
    {
      operationId: 'acceptTakeback',
      path: '/v1/games/{id}/takeback/accept',
      summary: "Accept another player's take-back request",
      description:
        'The last acceptance returns the game to the version before the action taken back (a new version; the log keeps everything).',
      example: (e) => e.finish.takenBack,
      problems: {
        ...playing,
        stale_version: '`expectedVersion` is not the current version (see `currentVersion`)',
        no_takeback: 'No request is waiting',
        own_takeback: 'The request is yours',
        already_answered: 'You accepted it already',
      },
    },
    versioned,
  ),
  refuseTakeback: gameWrite(
    {
      operationId: 'refuseTakeback',
      path: '/v1/games/{id}/takeback/refuse',
      summary: "Refuse another player's take-back request",
      description: 'The request ends; the game goes on as it is.',
      example: (e) => e.finish.takebackRefused,
      problems: {
        ...playing,
        stale_version: '`expectedVersion` is not the current version (see `currentVersion`)',
        no_takeback: 'No request is waiting',
        own_takeback: 'The request is yours',
        already_answered: 'You accepted it already',
      },
    },
    versioned,
  ),
  proposeRematch: gameWrite(
    {
      operationId: 'proposeRematch',
      path: '/v1/games/{id}/rematch',
      summary: 'Offer a rematch of a finished game',
      description:
        'The same seats (people and bots), options and time control, seated one place on (seat 1 becomes seat 0), with a new seed. ' +
        'It starts when every other seated person accepts (bots accept); anyone may decline, which cancels it (a new offer may follow). `rematch.gameId` names the new game.',
      example: (e) => e.finish.rematchOffered,
      problems: { ...finished, rematch_exists: 'An offer is waiting, or the rematch has started' },
      limited: 'createGame',
    },
    noBody,
  ),
  acceptRematch: gameWrite(
    {
      operationId: 'acceptRematch',
      path: '/v1/games/{id}/rematch/accept',
      summary: 'Accept the rematch offer; the last acceptance starts the new game',
      description: 'When every seated person has accepted, the rematch starts at once and `rematch.gameId` names it.',
      example: (e) => e.finish.rematchStarted,
      problems: {
        ...finished,
        no_rematch: 'No offer is waiting',
        rematch_started: 'The rematch has started',
        already_answered: 'You accepted already',
      },
      limited: 'createGame',
    },
    noBody,
  ),
  declineRematch: gameWrite(
    {
      operationId: 'declineRematch',
      path: '/v1/games/{id}/rematch/decline',
      summary: 'Decline the rematch offer, which cancels it',
      description: 'Any seated player may decline, the proposer included: the offer is off, and a new one may be made.',
      example: (e) => e.finish.rematchDeclined,
      problems: { ...finished, no_rematch: 'No offer is waiting', rematch_started: 'The rematch has started' },
    },
    noBody,
  ),
};
