/** The bearer token in hand, described to its holder. */
import { defineRoute } from '../answers.js';
import { json, secured } from '../route-content.js';
import { CurrentTokenSchema } from './schemas.js';

const example = {
  kind: 'token' as const,
  id: 'Qm4xT9vLp2WcZr7K',
  playerId: '8Zq3tWyLkRmH',
  scopes: ['read', 'play'] as const,
  expiresAt: null,
  createdAt: '2026-11-20T18:04:51.204Z',
  exchangedFrom: null,
};

export const tokenRoutes = {
  currentToken: defineRoute(
    {
      operationId: 'getCurrentToken',
      method: 'get',
      path: '/v1/tokens/current',
      tags: ['players'],
      summary: 'The token you call with: its kind, scopes and expiry',
      description:
        'What the bearer of this request is: its kind, its scopes, its expiry and the account it acts for (never its secret). ' +
        'Every valid credential may ask, whatever its scopes, so that a program can check at start that it holds the scopes it needs. ' +
        'The credential is read afresh, as on your profile: a token revoked or a session signed out is refused at once.',
      security: secured,
      responses: { 200: json(CurrentTokenSchema, 'The token', example) },
    },
    { scope: 'any', problems: {} },
  ),
};
