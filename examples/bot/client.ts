/**
 * The bot's HTTP client: openapi-fetch over the types openapi-typescript generated from the API's
 * OpenAPI document (here the committed api-spec/openapi.d.ts; a bot of your own generates them from
 * `/openapi.json`). A path, parameter or body the document does not declare does not compile.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../api-spec/openapi.js';

export type Api = Client<paths>;

export const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Renew the access token this long before its hour ends. */
const RENEW_EARLY_MS = 5 * 60_000;

/**
 * A client acting as the owner of the personal `token`. It does not send that token with each
 * request: it exchanges it for an access token (`POST /v1/access-tokens`), which the server checks
 * without reading the account, so a move costs less (docs/api.md, "Access tokens"). The access
 * token is renewed before its hour ends, and at once when the server says it was revoked (the
 * player ended a credential). A 429 is waited out for as long as its Retry-After says, then sent again.
 */
export function connect(server: string, token: string): Api {
  const personal = createClient<paths>({ baseUrl: server, headers: { authorization: `Bearer ${token}` } });
  let access = { token: '', renewAt: 0 };
  async function exchange() {
    const { data, error } = await personal.POST('/v1/access-tokens');
    if (!data) throw new Error(`the token was not exchanged: ${JSON.stringify(error)}`);
    access = { token: data.accessToken, renewAt: Date.parse(data.expiresAt) - RENEW_EARLY_MS };
  }
  async function send(request: Request): Promise<Response> {
    if (Date.now() >= access.renewAt) await exchange();
    // A clone each time, so that the original body is still there to send again.
    const attempt = request.clone();
    attempt.headers.set('authorization', `Bearer ${access.token}`);
    const response = await fetch(attempt);
    if (response.status === 429) {
      await sleep(Math.max(1, Number(response.headers.get('retry-after'))) * 1000);
      return send(request);
    }
    if (response.status === 401 && (await response.clone().json()).code === 'access_token_revoked') {
      access.renewAt = 0;
      return send(request);
    }
    return response;
  }
  return createClient<paths>({ baseUrl: server, fetch: send });
}
