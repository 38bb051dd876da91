/**
 * RP-AUTH-1: access tokens, exchanged for a credential, checked by their signature, refused once
 * a credential ends (the version on the profile), once expired, altered, or of a deleted account.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/local.js';
import { dataOf, problemOf, textOf, type Api, type Player } from '../support/client.js';

let clock: number | null = null;
const suite = useTestServer({ now: () => new Date(clock ?? Date.now()) });

async function exchange(client: Api) {
  const answer = await client.POST('/v1/access-tokens', {});
  expect(answer.response.status, textOf(answer)).toBe(201);
  return dataOf(answer);
}

/** A game of tally between two new players, the first to move. */
async function tally(): Promise<{ anna: Player; params: { path: { id: string } } }> {
  const [anna, ben] = [await suite.api.newPlayer('Aa'), await suite.api.newPlayer('Ab')];
  const created = dataOf(
    await anna.POST('/v1/games', { body: { game: 'tally', players: 2, options: { target: 50 } } }),
  );
  const params = { path: { id: created.id } };
  await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
  return { anna, params };
}

const move = (client: Api, params: { path: { id: string } }, version: number) =>
  client.POST('/v1/games/{id}/actions', { params, body: { action: { type: 'add', n: 1 }, expectedVersion: version } });

describe('access tokens (RP-AUTH-1)', () => {
  it("carries the credential's scopes, plays a move and reads the profile", async () => {
    const { anna, params } = await tally();
    const { accessToken, tokenType, scopes, expiresAt } = await exchange(anna);
    expect(tokenType).toBe('Bearer');
    expect(scopes).toEqual(['read', 'play', 'chat', 'settings']);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    const as = suite.api.as(accessToken);
    expect((await move(as, params, 0)).response.status).toBe(200);
    expect(dataOf(await as.GET('/v1/players/me', {})).name).toBe('Aa');
  });

  it('is refused once a credential of the player ended, on a move and on the profile, until exchanged again', async () => {
    const { anna, params } = await tally();
    const made = dataOf(await anna.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['read', 'play'] } }));
    const { accessToken } = await exchange(suite.api.as(made.token));
    const as = suite.api.as(accessToken);
    expect(
      (await anna.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: made.id } } })).response
        .status,
    ).toBe(204);
    const refusedMove = await move(as, params, 0);
    expect(refusedMove.response.status).toBe(401);
    expect(problemOf(refusedMove).code).toBe('access_token_revoked');
    const refusedRead = await as.GET('/v1/players/me', {});
    expect(refusedRead.response.status).toBe(401);
    expect(problemOf(refusedRead).code).toBe('access_token_revoked');
    const again = suite.api.as((await exchange(anna)).accessToken);
    expect((await move(again, params, 0)).response.status).toBe(200);
  });

  it('is refused on a move in a game that started after a credential ended, the version copied onto the seat at the start', async () => {
    const anna = await suite.api.newPlayer('Ae');
    const stale = suite.api.as((await exchange(anna)).accessToken);
    await anna.POST('/v1/players/me/sign-out-everywhere', { body: { tokens: false } });
    const ben = await suite.api.newPlayer('Be');
    const created = dataOf(
      await anna.POST('/v1/games', { body: { game: 'tally', players: 2, options: { target: 50 } } }),
    );
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    expect(problemOf(await move(stale, params, 0)).code).toBe('access_token_revoked');
    expect((await move(suite.api.as((await exchange(anna)).accessToken), params, 0)).response.status).toBe(200);
  });

  it('shows up in no answer but the exchange: views, logs, summaries, moves, profiles and problems', async () => {
    const { anna, params } = await tally();
    const { accessToken } = await exchange(anna);
    const as = suite.api.as(accessToken);
    const mac = accessToken.split('.')[2]!;
    const answers = [
      await move(as, params, 0),
      await move(as, params, 0),
      await as.GET('/v1/games/{id}/view', { params }),
      await as.GET('/v1/games/{id}/log', { params }),
      await as.GET('/v1/games/{id}', { params }),
      await as.GET('/v1/players/me', {}),
      await as.GET('/v1/players/me/sessions', {}),
      await as.POST('/v1/access-tokens', {}),
    ];
    for (const answer of answers) {
      const text = [textOf(answer), ...[...answer.response.headers.values()]].join('\n');
      expect(text.includes(mac), answer.response.url).toBe(false);
    }
  });

  it('is refused expired, altered, exchanged again, or once its account is deleted', async () => {
    const { anna, params } = await tally();
    const { accessToken } = await exchange(anna);
    const [format, body, mac] = accessToken.split('.') as [string, string, string];
    const altered = `${format}.${body}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(problemOf(await suite.api.as(altered).GET('/v1/players/me', {})).code).toBe('unauthorized');
    const reExchange = await suite.api.as(accessToken).POST('/v1/access-tokens', {});
    expect(reExchange.response.status).toBe(403);
    expect(problemOf(reExchange).code).toBe('access_token_not_exchangeable');
    clock = Date.now() + 3_600_000;
    try {
      expect(problemOf(await suite.api.as(accessToken).GET('/v1/players/me', {})).code).toBe('unauthorized');
    } finally {
      clock = null;
    }
    const fresh = (await exchange(anna)).accessToken;
    expect((await anna.DELETE('/v1/players/me', {})).response.status).toBe(204);
    const gone = await suite.api.as(fresh).GET('/v1/players/me', {});
    expect(gone.response.status).toBe(401);
    // A move reads no profile: the seat, which the stand-in holds now, refuses it.
    expect(problemOf(await move(suite.api.as(fresh), params, 0)).code).toBe('not_seated');
  });

  it('cannot create a personal access token with a scope its credential lacks', async () => {
    const anna = await suite.api.newPlayer('Ad');
    const made = dataOf(
      await anna.POST('/v1/players/me/tokens', { body: { name: 'cfg', scopes: ['read', 'settings'] } }),
    );
    const as = suite.api.as((await exchange(suite.api.as(made.token))).accessToken);
    const wider = await as.POST('/v1/players/me/tokens', { body: { name: 'more', scopes: ['read', 'play'] } });
    expect(wider.response.status).toBe(403);
    expect(problemOf(wider).code).toBe('insufficient_scope');
    const same = await as.POST('/v1/players/me/tokens', { body: { name: 'same', scopes: ['read'] } });
    expect(same.response.status, textOf(same)).toBe(201);
  });
});
