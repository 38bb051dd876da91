/**
 * Access tokens: short-lived bearer tokens that are their own authority, so that a move checks
 * them with no read (docs/accounts.md). `rpa1.<payload>.<mac>` (notify/signed-token.ts, purpose
 * "access"): the player, the credential it was exchanged for, that credential's scopes, the
 * player's credential version at the exchange, and the expiry. Revocation bumps the version; the
 * game read (seats) or the profile read of other routes then refuses older tokens (bearer-access.ts).
 */
import * as z from 'zod';
import { SCOPES, type Scope } from '../domain/player.js';
import { signToken, verifyToken } from '../notify/signed-token.js';
import type { AccessTokenClaims } from '../service/players.js';

const FORMAT = 'rpa1';
const PURPOSE = 'access';
/** Long enough for a sitting, short enough that a leaked token is soon worthless. */
export const ACCESS_TOKEN_MS = 3_600_000;

const Wire = z.strictObject({
  p: z.string().min(1),
  k: z.enum(['registration', 'session', 'token']),
  c: z.string().min(1).nullable(),
  s: z.array(z.enum(SCOPES as [Scope, ...Scope[]])),
  v: z.number().int().min(0),
  e: z.number().int(),
});

/** True for a bearer of this format (it is never a registration, session or API token). */
export const isAccessToken = (bearer: string) => bearer.startsWith(`${FORMAT}.`);

export function signAccessToken(secret: string, claims: AccessTokenClaims): string {
  const wire: z.infer<typeof Wire> = {
    p: claims.playerId,
    k: claims.kind,
    c: claims.credentialId,
    s: [...claims.scopes],
    v: claims.credentialVersion,
    e: claims.expiresAt,
  };
  return signToken(secret, PURPOSE, FORMAT, wire);
}

/** The claims of a token signed with one of `secrets` and not expired at `now`; null otherwise. */
export function readAccessToken(
  secrets: string | readonly string[],
  token: string,
  now: Date,
): AccessTokenClaims | null {
  const wire = Wire.safeParse(verifyToken(secrets, PURPOSE, FORMAT, token));
  if (!wire.success || wire.data.e <= now.getTime()) return null;
  const { p, k, c, s, v, e } = wire.data;
  return { playerId: p, kind: k, credentialId: c, scopes: s, credentialVersion: v, expiresAt: e };
}
