import type { Context, MiddlewareHandler } from 'hono';
import type { Bearer } from './env.js';

/** What one request's log line says: who, which game, what came of it, how long it took. Never a token. */
export interface RequestLine {
  apiRequestId?: string;
  clientRequestId?: string;
  playerId?: string;
  gameId?: string;
  method: string;
  /** The path, with the signed token of a board-picture link cut out (the link is a credential). */
  path: string;
  status: number;
  ms: number;
}

const GAME_PATH = /^\/v1\/games\/([^/]+)/;
const SECRET_PATHS: [RegExp, string][] = [[/^\/v1\/board-pictures\/[^/]+/, '/v1/board-pictures/{token}']];

/** Calls `write` once per request, after the answer (problem answers included) is made. */
export function requestLog(write: (c: Context, line: RequestLine) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const player = c.get('bearer') as Bearer | undefined;
    const gameId = GAME_PATH.exec(c.req.path)?.[1];
    const requestId = c.get('requestId') as string | undefined;
    const clientRequestId = c.get('clientRequestId') as string | undefined;
    write(c, {
      ...(requestId ? { apiRequestId: requestId } : {}),
      ...(clientRequestId ? { clientRequestId } : {}),
      ...(player ? { playerId: player.id } : {}),
      ...(gameId ? { gameId } : {}),
      method: c.req.method,
      path: SECRET_PATHS.reduce((path, [pattern, shown]) => path.replace(pattern, shown), c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}
