/** Profiles, ratings, leaderboards and search. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Services } from '../../service/index.js';
import type { FinishedPage } from '../../store/ports/finished.js';
import type { AppEnv as Env } from '../env.js';
import { decodeCursor, encodeCursor } from '../pagination.js';
import { valueOf } from '../problem-response.js';
import { profileRoutes as routes } from './routes.js';

/** Records written before `rated` was kept: every game between people was rated then. */
const ratedOf = (g: FinishedPage['items'][number]) => g.rated ?? g.seats.every((s) => !s.bot);

const page = (p: FinishedPage) => ({
  items: p.items.map((g) => ({
    id: g.gameId,
    game: g.game,
    finishedAt: g.finishedAt,
    seats: g.seats,
    rated: ratedOf(g),
  })),
  next: p.next ? encodeCursor(p.next) : null,
});
const after = (cursor: string | undefined) => (cursor === undefined ? null : decodeCursor(cursor));

/** Profiles, leaderboards and search; authentication and scopes run before (request-stack.ts, answers.ts). */
export function profilesApp(s: Pick<Services, 'profiles'>) {
  return new OpenAPIHono<Env>()
    .openapi(routes.profile, async (c) => c.json(valueOf(await s.profiles.profile(c.req.valid('param').playerId)), 200))
    .openapi(routes.playedBy, async (c) => {
      const { limit, cursor } = c.req.valid('query');
      return c.json(page(valueOf(await s.profiles.playedBy(c.req.valid('param').playerId, limit, after(cursor)))), 200);
    })
    .openapi(routes.leaderboard, async (c) => {
      const { game } = c.req.valid('param');
      return c.json({ game, rows: valueOf(await s.profiles.leaderboard(game, c.req.valid('query').limit)) }, 200);
    })
    .openapi(routes.search, async (c) => {
      const { game, player, limit, cursor } = c.req.valid('query');
      return c.json(page(valueOf(await s.profiles.search(game ?? null, player ?? null, limit, after(cursor)))), 200);
    });
}
