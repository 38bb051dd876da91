/**
 * GET /v1/games/{id}/view?waitForVersion=N, held until the game reaches version N (docs/api.md "Waiting
 * for a move"). It runs before the conditional answer (entity tags), which then applies to what
 * the hold found; so it makes the route's own checks itself before anything is held: the read
 * scope, the query, the game (exists, has started), and the caps on holds (RP-WAIT-1).
 */
import type { AppEnv } from '../env.js';
import { GameIdParamSchema } from '../schemas.js';
import type { HoldRefused, VersionWaits } from '../../service/version-waits.js';
import type { MiddlewareHandler } from 'hono';
import { Refusal, problems } from '../../service/refusal.js';
import { valueOf } from '../problem-response.js';
import { ViewQuerySchema } from './schemas.js';
import { demandScope } from '../answers.js';

export function heldViews(waits: VersionWaits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = ViewQuerySchema.safeParse(c.req.query());
    const id = c.req.param('id');
    if (
      !query.success ||
      query.data.waitForVersion === undefined ||
      !id ||
      !GameIdParamSchema.shape.id.safeParse(id).success
    )
      return next();
    const access = c.get('access');
    demandScope(access.credential, 'read');
    if (query.data.version !== undefined)
      throw problems.badRequest('invalid_query', 'A past version never changes: send either version or waitForVersion');
    const token = `${access.player.id}:${access.credential.id ?? access.credential.kind}`;
    const refused = valueOf(
      await waits.hold(token, id, query.data.waitForVersion, query.data.wait * 1000, c.req.raw.signal),
    );
    if (refused) {
      // Where the client stands, as every 429 tells it; set before the throw, as the problem answer is made from this context.
      c.header('RateLimit-Limit', String(refused.limit));
      c.header('RateLimit-Remaining', '0');
      c.header('RateLimit-Reset', String(refused.retryAfterSeconds));
      throw tooManyWaits(refused);
    }
    return next();
  };
}

function tooManyWaits({ over, limit, retryAfterSeconds }: HoldRefused): Refusal {
  const who = over === 'token' ? 'per token' : 'on this server';
  return new Refusal(
    'too_many_waits',
    'Too many requests',
    `At most ${limit} views held at once ${who}; retry after ${retryAfterSeconds} s, or ask without waitForVersion`,
    {
      retryAfter: retryAfterSeconds,
      limit,
    },
  );
}
