/**
 * GET /v1/tokens/current describes the bearer in hand, whatever its scopes: a session, a personal
 * token, an access token (RP-AUTH-1: its expiry is its claims') and the registration token; an
 * ended credential is refused. Every answer is checked against the document by the suites' fetch.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_MS } from '../../functions/service/players.js';
import { ACCESS_TOKEN_MS } from '../../functions/api/access-token.js';
import { playerWithEmail } from '../support/accounts.js';
import { dataOf, textOf, type Api } from '../support/client.js';
import { address, api, expectProblem, server, signIn, START, useAccountsServer } from './accounts.testkit.js';

let clock = START;
useAccountsServer(() => new Date(clock));

async function current(client: Api) {
  const answer = await client.GET('/v1/tokens/current', {});
  expect(answer.response.status, textOf(answer)).toBe(200);
  return dataOf(answer);
}

describe('GET /v1/tokens/current', () => {
  it('describes the registration token: every scope, made with the player, no expiry', async () => {
    const anna = await api.newPlayer('Anna');
    expect(await current(anna)).toEqual({
      kind: 'registration',
      id: null,
      playerId: anna.playerId,
      scopes: ['read', 'play', 'chat', 'settings'],
      expiresAt: null,
      createdAt: new Date(clock).toISOString(),
      exchangedFrom: null,
    });
  });

  it('describes a personal token with its own scopes, even without read, and no expiry', async () => {
    const anna = await api.newPlayer('Anna');
    const made = dataOf(await anna.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['chat'] } }));
    expect(await current(api.as(made.token))).toEqual({
      kind: 'token',
      id: made.id,
      playerId: anna.playerId,
      scopes: ['chat'],
      expiresAt: null,
      createdAt: made.createdAt,
      exchangedFrom: null,
    });
  });

  it("describes a session, whose expiry moves on with use, and an access token, whose expiry is its claims'", async () => {
    const email = address('Ben');
    const ben = await playerWithEmail(server, api, 'Ben', email);
    const { session, id } = await signIn(email);
    const signedIn = new Date(clock);
    const described = await current(session);
    expect(described).toMatchObject({ kind: 'session', id, playerId: ben.playerId, exchangedFrom: null });
    expect(described).toMatchObject({
      createdAt: signedIn.toISOString(),
      expiresAt: new Date(signedIn.getTime() + SESSION_MS).toISOString(),
    });
    expect(described.scopes).toEqual(['read', 'play', 'chat', 'settings']);

    clock += 2 * 3_600_000;
    const later = await current(session);
    expect(later.expiresAt).toBe(new Date(clock + SESSION_MS).toISOString());
    expect(later.createdAt).toBe(signedIn.toISOString());

    const exchanged = dataOf(await session.POST('/v1/access-tokens', {}));
    expect(await current(api.as(exchanged.accessToken))).toEqual({
      kind: 'access',
      id: null,
      playerId: ben.playerId,
      scopes: ['read', 'play', 'chat', 'settings'],
      expiresAt: new Date(clock + ACCESS_TOKEN_MS).toISOString(),
      createdAt: null,
      exchangedFrom: { kind: 'session', id },
    });
  });

  it('refuses a revoked token and the access tokens made with it, and a caller without a token', async () => {
    const anna = await api.newPlayer('Anna');
    const made = dataOf(await anna.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['read', 'play'] } }));
    const asToken = api.as(made.token);
    const exchanged = dataOf(await asToken.POST('/v1/access-tokens', {}));
    expect((await current(api.as(exchanged.accessToken))).exchangedFrom).toEqual({ kind: 'token', id: made.id });
    const revoked = await anna.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: made.id } } });
    expect(revoked.response.status).toBe(204);
    expectProblem(await asToken.GET('/v1/tokens/current', {}), 401, 'unauthorized');
    expectProblem(await api.as(exchanged.accessToken).GET('/v1/tokens/current', {}), 401, 'access_token_revoked');
    expectProblem(await api.as(undefined).GET('/v1/tokens/current', {}), 401, 'unauthorized');
  });
});
