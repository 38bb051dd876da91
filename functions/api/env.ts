import type { Context } from 'hono';
import type { Access } from '../service/players.js';
import type { PlayerRecord } from '../domain/player.js';
import type { RequestIdVariables } from './request-id.js';

/** What the middleware hands the handlers: the request id, and past authentication the caller and its credential. */
export type AppEnv = { Variables: RequestIdVariables & { player: PlayerRecord; access: Access } };

/** The authenticated caller (request-stack.ts sets it before any secured route). */
export const caller = (c: Context<AppEnv>): PlayerRecord => c.get('player');
