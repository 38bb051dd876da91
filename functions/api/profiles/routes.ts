/**
 * Profiles, leaderboards and the search of finished public games (docs/playing.md "Ratings",
 * "Profiles and search"), declared like every other operation (answers.ts: defineRoute); handlers in app.ts.
 * Every one is a read, open to any signed-in caller with the `read` scope: what they show is public.
 */
import {
  BOARD_PAGE,
  BoardParamSchema,
  BoardQuerySchema,
  FinishedPageSchema,
  LeaderboardSchema,
  PageQuerySchema,
  PlayerIdParamSchema,
  ProfileSchema,
  SearchQuerySchema,
} from './schemas.js';
import { defineRoute } from '../answers.js';
import { json, secured } from '../route-content.js';

/** Real answers of a local server, cut short (as in each resource's examples.ts). */
const anna = { id: '67yeJhdN_7Vz1Q6p', name: 'Anna' };
const finishedGame = {
  id: 'Ztr5Hn1kPq8wLm3x',
  game: 'ticket-to-ride-europe',
  finishedAt: '2026-11-24T02:25:31.880Z',
  seats: [
    { seat: 0, name: 'Anna', playerId: anna.id, bot: false, place: 1, score: 96, forfeited: false },
    { seat: 1, name: 'Ben', playerId: 'Hq0tW2nXc7YpL4ds', bot: false, place: 2, score: 81, forfeited: false },
  ],
  rated: true,
};
const EX = {
  profile: {
    ...anna,
    ratings: [
      {
        game: 'ticket-to-ride-europe',
        rating: 1662.31,
        rd: 290.32,
        games: 1,
        lastChange: 162.31,
        lastPlayedAt: finishedGame.finishedAt,
      },
    ],
  },
  page: { items: [finishedGame], next: null },
  board: {
    game: 'ticket-to-ride-europe',
    rows: [
      { place: 1, playerId: anna.id, name: 'Anna', rating: 1662.31, rd: 290.32, games: 1 },
      { place: 2, playerId: 'Hq0tW2nXc7YpL4ds', name: 'Ben', rating: 1337.69, rd: 290.32, games: 1 },
    ],
  },
};

const pageText =
  'Newest first, at most `limit`, and `next`, the cursor of the next page (null on the last): pass it as `cursor` with the same filters to read on.';

export const profileRoutes = {
  profile: defineRoute(
    {
      operationId: 'getPlayerProfile',
      method: 'get',
      path: '/v1/profiles/{playerId}',
      tags: ['players'],
      summary: "A player's public profile: name and ratings",
      description:
        'Name and a Glicko-2 rating per game the player was rated in (only finished games whose every seat is a person count; aborted games and games with bots do not). ' +
        'Never an address, a token or a setting. Ratings change shortly after a game ends.',
      security: secured,
      request: { params: PlayerIdParamSchema },
      responses: { 200: json(ProfileSchema, 'The profile', EX.profile) },
    },
    { problems: { not_found: 'No such player' } },
  ),
  playedBy: defineRoute(
    {
      operationId: 'listPlayerFinishedGames',
      method: 'get',
      path: '/v1/profiles/{playerId}/games',
      tags: ['players'],
      summary: "A player's finished public games with their results",
      description: `Public games only (private games are nobody else's business). ${pageText} Each opens as a replay at GET /v1/games/{id}/view?version=….`,
      security: secured,
      request: { params: PlayerIdParamSchema, query: PageQuerySchema },
      responses: { 200: json(FinishedPageSchema, 'A page of finished games', EX.page) },
    },
    { problems: { not_found: 'No such player', invalid_query: '`limit` or `cursor` is not valid' } },
  ),
  leaderboard: defineRoute(
    {
      operationId: 'getLeaderboard',
      method: 'get',
      path: '/v1/leaderboards/{game}',
      tags: ['players'],
      summary: "A game's leaderboard: the best ratings",
      description: `The highest ratings of the game, best first (at most ${BOARD_PAGE.max} rows are kept). Names are as they were at each player's last rated game.`,
      security: secured,
      request: { params: BoardParamSchema, query: BoardQuerySchema },
      responses: { 200: json(LeaderboardSchema, 'The leaderboard', EX.board) },
    },
    {
      problems: {
        not_found: 'No such game',
        invalid_path: '`game` is not a game id',
        invalid_query: '`limit` is not valid',
      },
    },
  ),
  search: defineRoute(
    {
      operationId: 'searchFinishedGames',
      method: 'get',
      path: '/v1/finished-games',
      tags: ['games'],
      summary: 'Search finished public games by game and player name',
      description:
        `Finished public games, optionally of one \`game\` and with a seat whose name contains \`player\` (any case). ${pageText} ` +
        'A page filtered by name may come back short (even empty) with a `next` when many games had to be passed over: keep reading while `next` is not null.',
      security: secured,
      request: { query: SearchQuerySchema },
      responses: { 200: json(FinishedPageSchema, 'A page of finished games', EX.page) },
    },
    {
      problems: {
        unknown_game: 'No such game in the catalog',
        invalid_query: 'A filter, `limit` or `cursor` is not valid',
      },
    },
  ),
};
