/** POST /v1/access-tokens: a credential, verified as on every route, exchanged for an access token. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Refusal } from '../../service/refusal.js';
import type { AccessKeys } from '../access-keys.js';
import { ACCESS_TOKEN_MS, signAccessToken } from '../access-token.js';
import type { AppEnv } from '../env.js';
import { accessTokenRoutes as routes } from './routes.js';

export function accessTokensApp(keys: AccessKeys, now: () => Date) {
  return new OpenAPIHono<AppEnv>().openapi(routes.createAccessToken, async (c) => {
    const { player, credential } = c.get('access');
    // Refreshing stays tied to a real credential: a leaked access token dies with its expiry.
    if (credential.version !== undefined)
      throw new Refusal(
        'access_token_not_exchangeable',
        'Forbidden',
        'An access token cannot be exchanged: present the credential it came from',
      );
    const expiresAt = now().getTime() + ACCESS_TOKEN_MS;
    const [key] = await keys();
    const accessToken = signAccessToken(key!, {
      playerId: player.id,
      kind: credential.kind,
      credentialId: credential.id,
      scopes: credential.scopes,
      credentialVersion: player.credentialVersion ?? 0,
      expiresAt,
    });
    return c.json(
      {
        accessToken,
        tokenType: 'Bearer' as const,
        expiresAt: new Date(expiresAt).toISOString(),
        scopes: [...credential.scopes],
      },
      201,
    );
  });
}
