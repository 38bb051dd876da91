import createClient from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { paths } from '../../api-spec/openapi.js';
import { accessTokens } from './access-token.js';

const SESSION = 'p1.cccccccccccccccc.sssssssssssssssssssssssssssssssssssssssssss';
const MOVE = '/v1/games/{id}/actions' as const;
const move = { params: { path: { id: 'g1' } }, body: { action: { type: 'draw_blind' as const }, expectedVersion: 0 } };

/** A server that refuses `refused` access tokens with 401 access_token_revoked, and records who sent what. */
function server(refused: Set<string>) {
  const seen: string[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const bearer = request.headers.get('authorization')?.slice('Bearer '.length) ?? '';
    seen.push(`${new URL(request.url).pathname} ${bearer}`);
    if (refused.has(bearer))
      return Response.json(
        { code: 'access_token_revoked' },
        { status: 401, headers: { 'content-type': 'application/problem+json' } },
      );
    return Response.json(
      { accessToken: `rpa1.${seen.length}`, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      { status: 201 },
    );
  });
  vi.stubGlobal('fetch', fetch);
  const api = createClient<paths>({ baseUrl: 'https://railpost.test', fetch: (r) => fetch(r) });
  api.use({ onRequest: ({ request }) => (request.headers.set('authorization', `Bearer ${SESSION}`), request) });
  api.use(
    accessTokens({
      session: () => SESSION,
      exchange: async () => (await api.POST('/v1/access-tokens', {})).data ?? null,
    }),
  );
  return { api, seen };
}

afterEach(() => vi.unstubAllGlobals());

describe('the web client’s access tokens (RP-AUTH-1)', () => {
  it('exchanges the session once and sends moves with the access token, everything else with the session', async () => {
    const { api, seen } = server(new Set());
    await api.POST(MOVE, move);
    await api.POST(MOVE, move);
    await api.GET('/v1/players/me', {});
    expect(seen).toEqual([
      `/v1/access-tokens ${SESSION}`,
      '/v1/games/g1/actions rpa1.1',
      '/v1/games/g1/actions rpa1.1',
      `/v1/players/me ${SESSION}`,
    ]);
  });

  it('sends a move refused for its access token again with the session, and exchanges anew for the next', async () => {
    const { api, seen } = server(new Set(['rpa1.1']));
    expect((await api.POST(MOVE, move)).response.status).toBe(201);
    await api.POST(MOVE, move);
    expect(seen).toEqual([
      `/v1/access-tokens ${SESSION}`,
      '/v1/games/g1/actions rpa1.1',
      `/v1/games/g1/actions ${SESSION}`,
      `/v1/access-tokens ${SESSION}`,
      '/v1/games/g1/actions rpa1.4',
    ]);
  });
});
