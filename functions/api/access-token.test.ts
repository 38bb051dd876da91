import { describe, expect, it } from 'vitest';
import { signToken } from '../notify/signed-token.js';
import type { AccessTokenClaims } from '../service/players.js';
import { ACCESS_TOKEN_MS, isAccessToken, readAccessToken, signAccessToken } from './access-token.js';

const KEY = 'k'.repeat(43);
const NOW = new Date('2026-11-29T05:00:00.000Z');
const claims: AccessTokenClaims = {
  playerId: 'p1',
  kind: 'token',
  credentialId: 'c'.repeat(16),
  scopes: ['read', 'play'],
  credentialVersion: 3,
  expiresAt: NOW.getTime() + ACCESS_TOKEN_MS,
};

describe('access tokens', () => {
  it('round-trips its claims, and is told apart from the other tokens', () => {
    const token = signAccessToken(KEY, claims);
    expect(isAccessToken(token)).toBe(true);
    expect(isAccessToken(`p1.${'c'.repeat(16)}.${'s'.repeat(43)}`)).toBe(false);
    expect(readAccessToken(KEY, token, NOW)).toEqual(claims);
  });

  it('is refused once expired, under another key, or altered anywhere', () => {
    const token = signAccessToken(KEY, claims);
    expect(readAccessToken(KEY, token, new Date(claims.expiresAt))).toBeNull();
    expect(readAccessToken('x'.repeat(43), token, NOW)).toBeNull();
    const [format, body, mac] = token.split('.') as [string, string, string];
    const wider = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), s: ['read', 'play', 'settings'] }),
    ).toString('base64url');
    expect(readAccessToken(KEY, `${format}.${wider}.${mac}`, NOW)).toBeNull();
    expect(readAccessToken(KEY, `${format}.${body}.${mac.slice(1)}A`, NOW)).toBeNull();
    // The same fields under the same key, signed for another purpose (an unsubscribe link's), are no access token.
    const wire = JSON.parse(Buffer.from(body, 'base64url').toString()) as object;
    expect(readAccessToken(KEY, signToken(KEY, 'unsubscribe', format, wire), NOW)).toBeNull();
  });
});
