/** Creating, listing, joining and reading games; schemas in schemas.ts, handlers in app.ts, examples in examples.ts. */
import { DEFAULT_LIMITS } from '../../service/limits.js';
import {
  GAME_PAGE,
  GameCreateSchema,
  gameCreateSchema,
  GameListQuerySchema,
  GamePageSchema,
  GameSchema,
  JoinSchema,
} from './schemas.js';
import { GameIdParamSchema } from '../schemas.js';
import { body, exampleValue, json, secured } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';
import type { DocumentedGames } from '../documented-games.js';

const caps = DEFAULT_LIMITS.caps;

export const gameRoutes = {
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
              schema: GameCreateSchema,
              examples: {
                levels: {
                  summary: 'A hard bot in the last seat, a seat for a friend, medium stand-ins',
                  get value() {
                    return exampleValue((e) => e.createGame.request);
                  },
                },
                count: {
                  summary: 'One bot (easy), the game starts at once',
                  value: { game: 'vlaky-na-trati', players: 2, bots: 1 },
                },
              },
            },
          },
        },
      },
      responses: { 201: json(GameSchema, 'The new game, with its invite code', (e) => e.createGame.response) },
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
        `The games you hold a seat in, newest first: at most \`limit\` (default ${GAME_PAGE.default}, at most ${GAME_PAGE.max}) and \`next\`, the cursor of the next page, null on the last. ` +
        'Pass `next` as `cursor`, with the same filters, to read on; pages neither repeat nor skip a game when games are added meanwhile. `myTurn=true` lists the games waiting for your move.',
      security: secured,
      request: { query: GameListQuerySchema },
      responses: { 200: json(GamePageSchema, 'A page of your games', (e) => e.listGames) },
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
      request: { params: GameIdParamSchema, body: body(JoinSchema, (e) => e.join.request) },
      responses: { 200: json(GameSchema, 'The game, with yourSeat', (e) => e.join.response) },
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
      request: { params: GameIdParamSchema },
      responses: { 200: json(GameSchema, 'The game', (e) => e.getGame) },
    },
    { problems: { not_found: 'No such game' } },
  ),
};

/** The create request typed per catalog game (discriminated by `game`), with one example per game, for the OpenAPI document. */
export function typedGameRoutes({ games, createExamples }: DocumentedGames) {
  const { createGame } = gameRoutes;
  const content = createGame.request.body.content['application/json'];
  const schema = gameCreateSchema(games);
  return {
    createGame: {
      ...createGame,
      request: {
        ...createGame.request,
        body: {
          ...createGame.request.body,
          content: {
            'application/json': { ...content, schema, examples: { ...content.examples, ...createExamples } },
          },
        },
      },
    },
  };
}
