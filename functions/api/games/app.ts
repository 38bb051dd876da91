/** Games: creating, listing, joining and reading one. */
import type { DocumentedGames } from '../documented-games.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import { BOT_LEVELS } from '../../../engine/core/index.js';
import type { Games } from '../../service/games.js';
import { problems } from '../../service/refusal.js';
import { caller, type AppEnv } from '../env.js';
import { revalidated, routeChecks, unchangedGame } from '../game-revalidation.js';
import { pageOf } from '../pagination.js';
import { valueOf } from '../problem-response.js';
import { refuseInvalid } from '../request-stack.js';
import { gameRoutes, typedGameRoutes } from './routes.js';
import { unknownBotLevel } from './schemas.js';

/** `documentedGames`: the games whose create requests the routes spell out, for the document only (app.ts). */
export function gamesApp(games: Games, documentedGames?: DocumentedGames) {
  const routes = documentedGames ? { ...gameRoutes, ...typedGameRoutes(documentedGames) } : gameRoutes;
  const app = new OpenAPIHono<AppEnv>();
  for (const handler of [...routeChecks(routes.getGame), unchangedGame(games)]) app.get('/v1/games/:id', handler);
  return app
    .openapi(
      routes.createGame,
      async (c) => {
        const created = valueOf(await games.create(caller(c), c.req.valid('json')));
        return c.json(created, 201, { Location: `/v1/games/${created.id}` });
      },
      // A level the API does not know gets its own code, whatever else the body gets wrong.
      (result) => {
        const unknown = result.success ? null : unknownBotLevel((result as { data?: unknown }).data);
        if (unknown)
          throw problems.badRequest(
            'invalid_bot_level',
            `${JSON.stringify(unknown.value) ?? 'undefined'} is not a bot level: use ${BOT_LEVELS.join(', ')}`,
          );
        refuseInvalid(result);
        return undefined;
      },
    )
    .openapi(routes.listGames, async (c) => {
      const { status, myTurn, limit, cursor } = c.req.valid('query');
      return c.json(pageOf(await games.list(caller(c), { status, myTurn }), limit, cursor), 200);
    })
    .openapi(routes.join, async (c) =>
      c.json(valueOf(await games.join(caller(c), c.req.valid('param').id, c.req.valid('json').inviteCode)), 200),
    )
    .openapi(routes.getGame, async (c) => {
      const { value, etag } = valueOf(await games.get(caller(c), c.req.valid('param').id));
      return c.json(value, 200, revalidated(etag));
    });
}
