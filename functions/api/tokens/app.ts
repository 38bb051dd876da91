/** GET /v1/tokens/current: the caller's credential, as the request stack verified it. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Access } from '../../service/players.js';
import type { AppEnv } from '../env.js';
import { tokenRoutes as routes } from './routes.js';

export function tokensApp() {
  return new OpenAPIHono<AppEnv>().openapi(routes.currentToken, (c) => {
    const { player, credential } = c.get('access');
    return c.json(describe(player.id, credential), 200);
  });
}

/** An access token says what it was exchanged for; the credential's own id is then not the bearer's. */
function describe(playerId: string, credential: Access['credential']) {
  const exchanged = credential.version !== undefined;
  return {
    kind: exchanged ? ('access' as const) : credential.kind,
    id: exchanged ? null : credential.id,
    playerId,
    scopes: [...credential.scopes],
    expiresAt: credential.expiresAt,
    createdAt: credential.createdAt,
    exchangedFrom: exchanged ? { kind: credential.kind, id: credential.id } : null,
  };
}
