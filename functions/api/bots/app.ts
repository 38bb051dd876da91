/** Bot accounts: the upgrade and the directory. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Services } from '../../service/index.js';
import { profileAnswer } from '../answer-shapes.js';
import { caller, type AppEnv } from '../env.js';
import { decodeCursor, encodeCursor } from '../pagination.js';
import { valueOf } from '../problem-response.js';
import { botRoutes as routes } from './routes.js';

/** Authentication and scopes run before (request-stack.ts, answers.ts). */
export function botsApp(s: Pick<Services, 'botAccounts'>, now: () => Date) {
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.upgrade, async (c) =>
      c.json(profileAnswer(valueOf(await s.botAccounts.upgrade(caller(c))), now()), 200),
    )
    .openapi(routes.directory, async (c) => {
      const { limit, cursor } = c.req.valid('query');
      const page = await s.botAccounts.directory(limit, cursor === undefined ? null : decodeCursor(cursor));
      return c.json({ items: page.items, next: page.next ? encodeCursor(page.next) : null }, 200);
    });
}
