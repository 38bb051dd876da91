/** Challenges (docs/challenges.md): the handlers; authentication and scopes run before (app.ts, answers.ts). */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { DeclineReason } from '../../domain/challenge.js';
import type { Challenges } from '../../service/challenges.js';
import { caller, type AppEnv } from '../env.js';
import { pageOf } from '../pagination.js';
import { valueOf } from '../problem-response.js';
import { challengeRoutes as routes } from './routes.js';

export function challengesApp(challenges: Challenges) {
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.createChallenge, async (c) => {
      const made = valueOf(await challenges.create(caller(c), c.req.valid('json')));
      return c.json(made, 201, { Location: `/v1/challenges/${made.id}` });
    })
    .openapi(routes.listChallenges, async (c) => {
      const { limit, cursor } = c.req.valid('query');
      return c.json(pageOf(await challenges.list(caller(c)), limit, cursor), 200);
    })
    .openapi(routes.getChallenge, async (c) =>
      c.json(valueOf(await challenges.get(caller(c), c.req.valid('param').id)), 200),
    )
    .openapi(routes.acceptChallenge, async (c) =>
      c.json(valueOf(await challenges.accept(caller(c), c.req.valid('param').id)), 200),
    )
    .openapi(routes.declineChallenge, async (c) => {
      const reason = (c.req.valid('json') as { reason?: DeclineReason } | undefined)?.reason;
      return c.json(valueOf(await challenges.decline(caller(c), c.req.valid('param').id, reason)), 200);
    })
    .openapi(routes.cancelChallenge, async (c) =>
      c.json(valueOf(await challenges.cancel(caller(c), c.req.valid('param').id)), 200),
    );
}
