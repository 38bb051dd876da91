/** Exchanging a credential for a short-lived access token, which a move checks without a read. */
import * as z from '../openapi-zod.js';
import { Timestamp } from '../schemas.js';
import { json, secured } from '../route-content.js';
import { defineRoute, rateLimitText } from '../answers.js';
import { ScopeSchema } from '../players/schemas.js';
import { ACCESS_TOKEN_MS } from '../access-token.js';

export const AccessTokenSchema = z
  .strictObject({
    accessToken: z.string().openapi({ description: 'Send it as `Authorization: Bearer <accessToken>`' }),
    tokenType: z.literal('Bearer'),
    expiresAt: Timestamp.openapi({
      description: `When it stops working (${ACCESS_TOKEN_MS / 60_000} minutes after it was made)`,
    }),
    scopes: z.array(ScopeSchema).openapi({ description: 'The scopes of the credential it was exchanged for' }),
  })
  .openapi('AccessToken');

const example = {
  accessToken: 'rpa1.eyJwIjoiOFpxM3RXeUxrUm1IIiwiayI6InNlc3Npb24ifQ.m2QvC0x7Jd1yTqVbN5sE8uKaWfR4hLpZ3oGiYcD6tXw',
  tokenType: 'Bearer' as const,
  expiresAt: '2026-11-24T03:22:22.133Z',
  scopes: ['read', 'play', 'chat', 'settings'] as const,
};

export const accessTokenRoutes = {
  createAccessToken: defineRoute(
    {
      operationId: 'createAccessToken',
      method: 'post',
      path: '/v1/access-tokens',
      tags: ['players'],
      summary: 'Exchange your credential for a short-lived access token',
      description:
        `An access token is valid ${ACCESS_TOKEN_MS / 60_000} minutes, with the scopes of the credential presented here. ` +
        'The server checks it by its signature, so a move made with it costs no read of your account (RP-AUTH-1). ' +
        'Ending any of your credentials (revoking a token, signing a session out, signing out everywhere) refuses every access token made before, ' +
        'with 401 `access_token_revoked`: exchange a credential again. An access token cannot be exchanged itself (403 `access_token_not_exchangeable`). ' +
        'No Location: an access token has no URL of its own.\n\n' +
        rateLimitText('accessToken'),
      security: secured,
      responses: { 201: json(AccessTokenSchema, 'The access token', example) },
    },
    {
      scope: 'any',
      problems: { access_token_not_exchangeable: 'The bearer is itself an access token' },
      limited: 'accessToken',
    },
  ),
};
