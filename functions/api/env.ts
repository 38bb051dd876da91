import type { Context } from 'hono';
import type { Access } from '../service/players.js';
import type { PlayerRecord, Scope } from '../domain/player.js';
import type { RequestIdVariables } from './request-id.js';

/**
 * Who calls, as every secured route knows it: the player's id, the credential's scopes and, for
 * an access token, the credential version it carries. A move made with an access token knows no
 * more (its profile is not read); every other route also has `player` and `access`.
 */
export interface Bearer {
  id: string;
  scopes: readonly Scope[];
  accessVersion?: number | undefined;
}

/** What the middleware hands the handlers: the request id, and past authentication the caller and its credential. */
export type AppEnv = { Variables: RequestIdVariables & { player: PlayerRecord; access: Access; bearer: Bearer } };

/** The authenticated caller (request-stack.ts sets it before any secured route but a move made with an access token). */
export const caller = (c: Context<AppEnv>): PlayerRecord => c.get('player');
