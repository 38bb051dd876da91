/** Finishing games and take-backs: resigning, aborting, taking a move back, rematches. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Games } from '../../service/games.js';
import { caller, type AppEnv } from '../env.js';
import { valueOf } from '../problem-response.js';
import { finishRoutes as routes } from './routes.js';

export function finishingApp(games: Games) {
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.resign, async (c) => c.json(valueOf(await games.resign(caller(c), c.req.valid('param').id)), 200))
    .openapi(routes.abort, async (c) => c.json(valueOf(await games.abort(caller(c), c.req.valid('param').id)), 200))
    .openapi(routes.requestTakeback, async (c) =>
      c.json(
        valueOf(await games.requestTakeback(caller(c), c.req.valid('param').id, c.req.valid('json').expectedVersion)),
        200,
      ),
    )
    .openapi(routes.acceptTakeback, async (c) =>
      c.json(
        valueOf(
          await games.answerTakeback(caller(c), c.req.valid('param').id, c.req.valid('json').expectedVersion, true),
        ),
        200,
      ),
    )
    .openapi(routes.refuseTakeback, async (c) =>
      c.json(
        valueOf(
          await games.answerTakeback(caller(c), c.req.valid('param').id, c.req.valid('json').expectedVersion, false),
        ),
        200,
      ),
    )
    .openapi(routes.proposeRematch, async (c) =>
      c.json(valueOf(await games.proposeRematch(caller(c), c.req.valid('param').id)), 200),
    )
    .openapi(routes.acceptRematch, async (c) =>
      c.json(valueOf(await games.answerRematch(caller(c), c.req.valid('param').id, true)), 200),
    )
    .openapi(routes.declineRematch, async (c) =>
      c.json(valueOf(await games.answerRematch(caller(c), c.req.valid('param').id, false)), 200),
    );
}
