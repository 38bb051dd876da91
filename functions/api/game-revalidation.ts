/**
 * Conditional answers about a game: its summary, view and log are tagged with the game's version,
 * and are the caller's own (private, checked again before each reuse).
 */
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Games } from '../service/games.js';
import { caller, type AppEnv } from './env.js';
import { GameIdParamSchema } from './schemas.js';

/** The headers of an answer about a game. */
export const revalidated = (etag: string) => ({ etag, 'cache-control': 'private, no-cache', vary: 'Authorization' });

/**
 * The route's own checks (its scope), to run before a shortcut that answers ahead of its handler:
 * a token that may not read a game learns neither that it is unchanged nor when it moves.
 */
export const routeChecks = (route: RouteConfig): MiddlewareHandler[] => [route.middleware ?? []].flat();

/**
 * When the client's If-None-Match names the game's current tag (weak comparison, RFC 9110
 * section 13.1.2), 304 after reading only the version, not the state. Runs after authentication,
 * before the handler.
 */
export function unchangedGame(games: Games): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ifNoneMatch = c.req.header('if-none-match');
    const id = c.req.param('id');
    if (!ifNoneMatch || !id || !GameIdParamSchema.shape.id.safeParse(id).success) return next();
    const current = await games.etag(caller(c), id);
    const sent = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (!current || !(sent.includes('*') || sent.includes(current))) return next();
    return c.body(null, 304, revalidated(current));
  };
}
