/**
 * Who a bearer token makes the caller: an access token (access-token.ts) is checked by its
 * signature and expiry, then its credential version against the profile (Players.accessByToken);
 * any other token is looked up as before (Players.access).
 */
import type { Access, Players } from '../service/players.js';
import { problems, refused, type Result } from '../service/refusal.js';
import type { AccessKeys } from './access-keys.js';
import { isAccessToken, readAccessToken } from './access-token.js';

export interface AccessTokenCheck {
  keys: AccessKeys;
  now: () => Date;
}

const BEARER = /^Bearer +(\S+)$/i;

export async function bearerAccess(
  players: Pick<Players, 'access' | 'accessByToken'>,
  tokens: AccessTokenCheck | undefined,
  authorization: string | undefined,
  fresh: boolean,
): Promise<Result<Access>> {
  const bearer = BEARER.exec(authorization ?? '')?.[1];
  if (!bearer || !isAccessToken(bearer)) return players.access(authorization, fresh);
  const claims = tokens ? readAccessToken(await tokens.keys(), bearer, tokens.now()) : null;
  if (!claims) return refused(problems.unauthorized('The token is not valid'));
  return players.accessByToken(claims, fresh);
}
