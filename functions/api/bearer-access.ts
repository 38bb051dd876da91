/**
 * Who a bearer token makes the caller. An access token (access-token.ts) is checked by its
 * signature and expiry, then its credential version: on a move against the seat, by the service
 * with the game it reads anyway (no read here), elsewhere against the profile
 * (Players.accessByToken). Any other token is looked up as before (Players.access).
 */
import type { Access, Players } from '../service/players.js';
import { ok, problems, refused, type Result } from '../service/refusal.js';
import type { AccessKeys } from './access-keys.js';
import { isAccessToken, readAccessToken } from './access-token.js';
import type { Bearer } from './env.js';

export interface AccessTokenCheck {
  keys: AccessKeys;
  now: () => Date;
}

const BEARER = /^Bearer +(\S+)$/i;

/** The caller; `access` (with the profile) unless `unread` let an access token through without reading it. */
export async function bearerAccess(
  players: Pick<Players, 'access' | 'accessByToken'>,
  tokens: AccessTokenCheck | undefined,
  authorization: string | undefined,
  read: { fresh: boolean; unread: boolean },
): Promise<Result<{ bearer: Bearer; access?: Access }>> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  if (!token || !isAccessToken(token)) return withBearer(await players.access(authorization, read.fresh));
  const claims = tokens ? readAccessToken(await tokens.keys(), token, tokens.now()) : null;
  if (!claims) return refused(problems.unauthorized('The token is not valid'));
  if (read.unread)
    return ok({ bearer: { id: claims.playerId, scopes: claims.scopes, accessVersion: claims.credentialVersion } });
  return withBearer(await players.accessByToken(claims, read.fresh));
}

function withBearer(access: Result<Access>): Result<{ bearer: Bearer; access: Access }> {
  if (!access.ok) return access;
  const { player, credential } = access.value;
  return ok({
    bearer: { id: player.id, scopes: credential.scopes, accessVersion: credential.version },
    access: access.value,
  });
}
