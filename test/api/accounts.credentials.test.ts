/**
 * Sessions and personal access tokens: their scopes, revocation, expiry and caps, signing out
 * everywhere, and who may call each operation on them.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_TRUST_MS } from '../../functions/service/players.js';
import { MAX_TOKENS } from '../../functions/service/credentials.js';
import { playerWithEmail } from '../support/accounts.js';
import { dataOf, problemOf, textOf, type Answer, type Api, type Problem } from '../support/client.js';
import { START, address, api, expectProblem, server, signIn, useAccountsServer } from './accounts.testkit.js';

let clock = START;
useAccountsServer(() => new Date(clock));

describe('sessions and personal access tokens', () => {
  it('sessions are listed (the current one marked) and signed out one by one: 401 at once', async () => {
    const email = address('Two');
    await playerWithEmail(server, api, 'Two', email);
    const [phone, laptop] = [await signIn(email), await signIn(email)];
    const listed = dataOf(await phone.session.GET('/v1/players/me/sessions'));
    expect(listed.map((s) => [s.id, s.current]).sort()).toEqual(
      [
        [laptop.id, false],
        [phone.id, true],
      ].sort(),
    );
    expect(JSON.stringify(listed)).not.toContain(phone.token.split('.')[2]);
    expect(
      (
        await phone.session.DELETE('/v1/players/me/sessions/{sessionId}', {
          params: { path: { sessionId: laptop.id } },
        })
      ).response.status,
    ).toBe(204);
    expectProblem(await laptop.session.GET('/v1/games'), 401, 'unauthorized');
    expect((await phone.session.GET('/v1/games')).response.status).toBe(200);
  });

  it('a token is shown once, listed without its secret, and does what its scopes allow: 403 insufficient_scope beyond them', async () => {
    const owner = await api.newPlayer('Scoped');
    const created = dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'reader', scopes: ['read'] } }));
    expect(created.token.startsWith(`${owner.playerId}.${created.id}.`)).toBe(true);
    const listed = dataOf(await owner.GET('/v1/players/me/tokens'));
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'reader',
        scopes: ['read'],
        createdAt: created.createdAt,
        lastUsedAt: created.lastUsedAt,
      },
    ]);
    const reader = api.as(created.token);
    expect((await reader.GET('/v1/games')).response.status).toBe(200);
    expectProblem(
      await reader.POST('/v1/games', { body: { game: 'high-card', players: 2 } }),
      403,
      'insufficient_scope',
    );
    expectProblem(await reader.PATCH('/v1/players/me', { body: { name: 'Hijack' } }), 403, 'insufficient_scope');
    expectProblem(await reader.GET('/v1/players/me/tokens'), 403, 'insufficient_scope');
    // A token cannot mint a stronger one.
    const settings = api.as(
      dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'settings', scopes: ['settings'] } })).token,
    );
    expectProblem(
      await settings.POST('/v1/players/me/tokens', { body: { name: 'escalate', scopes: ['play'] } }),
      403,
      'insufficient_scope',
    );
  });

  it('scopes on every existing operation: play for games and moves, chat for chat, read for GETs; the registration token has them all', async () => {
    const host = await api.newPlayer('Host');
    const token = async (scopes: ('read' | 'play' | 'chat' | 'settings')[]) =>
      api.as(dataOf(await host.POST('/v1/players/me/tokens', { body: { name: scopes.join('+'), scopes } })).token);
    const [player, talker] = [await token(['play']), await token(['chat'])];
    const game = dataOf(await player.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const params = { path: { id: game.id } };
    expectProblem(await player.GET('/v1/games/{id}', { params }), 403, 'insufficient_scope');
    expectProblem(
      await player.POST('/v1/games/{id}/chat', { params, body: { text: 'hi' } }),
      403,
      'insufficient_scope',
    );
    expect((await talker.POST('/v1/games/{id}/chat', { params, body: { text: 'hi' } })).response.status).toBe(201);
    expectProblem(
      await talker.POST('/v1/games/{id}/actions', {
        params,
        body: { action: { type: 'draw' }, expectedVersion: game.version },
      }),
      403,
      'insufficient_scope',
    );
    expect((await host.GET('/v1/players/me/tokens')).response.status).toBe(200);
  });

  it(`a token revoked on another instance works on for at most ${TOKEN_TRUST_MS / 1000} s, and at once no more on the profile routes`, async () => {
    const owner = await api.newPlayer('Trusted');
    const created = dataOf(
      await owner.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['read', 'settings'] } }),
    );
    const bot = api.as(created.token);
    expect((await bot.GET('/v1/games')).response.status).toBe(200);
    // What another instance's revocation leaves in the store; this instance still trusts the token.
    await server.services.credentials['accounts'].deleteCredential(owner.playerId, created.id);
    clock += TOKEN_TRUST_MS - 1000;
    expect((await bot.GET('/v1/games')).response.status).toBe(200);
    clock += 2000;
    expectProblem(await bot.GET('/v1/games'), 401, 'unauthorized');
    // The profile's routes read the credential fresh: refused at once there, and then everywhere.
    const second = dataOf(
      await owner.POST('/v1/players/me/tokens', { body: { name: 'bot 2', scopes: ['read', 'settings'] } }),
    );
    const bot2 = api.as(second.token);
    expect((await bot2.GET('/v1/games')).response.status).toBe(200);
    await server.services.credentials['accounts'].deleteCredential(owner.playerId, second.id);
    expectProblem(await bot2.GET('/v1/players/me'), 401, 'unauthorized');
    expectProblem(await bot2.GET('/v1/games'), 401, 'unauthorized');
  });

  it('a token revoked through the API gets 401 at once', async () => {
    const owner = await api.newPlayer('Revoker');
    const created = dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['read'] } }));
    expect((await api.as(created.token).GET('/v1/games')).response.status).toBe(200);
    expect(
      (await owner.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: created.id } } })).response
        .status,
    ).toBe(204);
    expectProblem(await api.as(created.token).GET('/v1/games'), 401, 'unauthorized');
  });

  it(`at most ${MAX_TOKENS} tokens per player, also when creates race (409 too_many_tokens with limit); revoking one frees its place`, async () => {
    const owner = await api.newPlayer('Racer');
    const create = (i: number) => owner.POST('/v1/players/me/tokens', { body: { name: `bot ${i}`, scopes: ['read'] } });
    const burst = await Promise.all(Array.from({ length: MAX_TOKENS + 6 }, (_, i) => create(i)));
    const created = burst.filter((r) => r.response.status === 201);
    expect(created).toHaveLength(MAX_TOKENS);
    for (const r of burst.filter((x) => x.response.status !== 201)) {
      expectProblem(r, 409, 'too_many_tokens');
      expect(problemOf(r).limit).toBe(MAX_TOKENS);
    }
    expect(dataOf(await owner.GET('/v1/players/me/tokens'))).toHaveLength(MAX_TOKENS);
    // A refused token was never usable: only the created ones are listed.
    expect(new Set(dataOf(await owner.GET('/v1/players/me/tokens')).map((t) => t.id))).toEqual(
      new Set(created.map((r) => dataOf(r).id)),
    );
    const first = dataOf(created[0]!);
    expect(
      (await owner.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: first.id } } })).response
        .status,
    ).toBe(204);
    expect((await create(100)).response.status).toBe(201);
    expectProblem(await create(101), 409, 'too_many_tokens');
  });

  it('a token whose revocation was cut short before it was uncounted does not hold a place for good', async () => {
    const owner = await api.newPlayer('Cut short');
    const create = (i: number) => owner.POST('/v1/players/me/tokens', { body: { name: `bot ${i}`, scopes: ['read'] } });
    const ids: string[] = [];
    for (let i = 0; i < MAX_TOKENS; i++) ids.push(dataOf(await create(i)).id);
    // What a revocation that stopped after deleting the credential leaves in the store.
    await server.services.credentials['accounts'].deleteCredential(owner.playerId, ids[0]!);
    expect((await create(MAX_TOKENS)).response.status).toBe(201);
    expectProblem(await create(MAX_TOKENS + 1), 409, 'too_many_tokens');
  });

  it('a session expires 30 days after its last use', async () => {
    const email = address('Idle');
    await playerWithEmail(server, api, 'Idle', email);
    const { session } = await signIn(email);
    clock += 29 * 86_400_000;
    expect((await session.GET('/v1/players/me')).response.status).toBe(200);
    clock += 29 * 86_400_000;
    expect((await session.GET('/v1/players/me')).response.status).toBe(200);
    clock += 31 * 86_400_000;
    expectProblem(await session.GET('/v1/players/me'), 401, 'unauthorized');
  });

  it('signing out everywhere ends every session; with tokens it revokes tokens and the registration token too (only with a confirmed address)', async () => {
    const bare = await api.newPlayer('Bare');
    expectProblem(
      await bare.POST('/v1/players/me/sign-out-everywhere', { body: { tokens: true } }),
      400,
      'email_address_required',
    );
    const email = address('Everywhere');
    const player = await playerWithEmail(server, api, 'Everywhere', email);
    const [a, b] = [await signIn(email), await signIn(email)];
    const pat = api.as(
      dataOf(await player.POST('/v1/players/me/tokens', { body: { name: 'pat', scopes: ['read'] } })).token,
    );
    expect((await a.session.POST('/v1/players/me/sign-out-everywhere', { body: {} })).response.status).toBe(204);
    for (const s of [a, b]) expectProblem(await s.session.GET('/v1/games'), 401, 'unauthorized');
    expect((await pat.GET('/v1/games')).response.status).toBe(200);
    expect((await player.POST('/v1/players/me/sign-out-everywhere', { body: { tokens: true } })).response.status).toBe(
      204,
    );
    for (const c of [pat, player as Api]) expectProblem(await c.GET('/v1/games'), 401, 'unauthorized');
    expect((await (await signIn(email)).session.GET('/v1/players/me')).response.status).toBe(200);
  });
});

describe('the authorization matrix of every new operation', () => {
  type Send = (c: Api) => Promise<Answer<Problem>>;
  /** Each operation of a player `p`, for a second player `other` whose items it names. */
  const operations = (other: { session: string; token: string }): Record<string, Send> => ({
    'GET sessions': (c) => c.GET('/v1/players/me/sessions'),
    'DELETE session': (c) =>
      c.DELETE('/v1/players/me/sessions/{sessionId}', { params: { path: { sessionId: other.session } } }),
    'GET tokens': (c) => c.GET('/v1/players/me/tokens'),
    'POST tokens': (c) => c.POST('/v1/players/me/tokens', { body: { name: 'x', scopes: ['read'] } }),
    'DELETE token': (c) => c.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: other.token } } }),
    'POST sign-out-everywhere': (c) => c.POST('/v1/players/me/sign-out-everywhere', { body: {} }),
    'POST email-confirmation': (c) => c.POST('/v1/players/me/email-confirmation', { body: { code: '000000' } }),
    'GET export': (c) => c.GET('/v1/players/me/export'),
    'DELETE me': (c) => c.DELETE('/v1/players/me'),
  });

  it('no token → 401; a token without the settings scope → 403 insufficient_scope; a revoked token → 401; another player’s session or token → 404', async () => {
    const email = address('Other');
    const other = await playerWithEmail(server, api, 'Other', email);
    const otherSession = await signIn(email);
    const otherToken = dataOf(await other.POST('/v1/players/me/tokens', { body: { name: 'o', scopes: ['read'] } })).id;
    const me = await api.newPlayer('Matrix');
    const readOnly = api.as(
      dataOf(await me.POST('/v1/players/me/tokens', { body: { name: 'r', scopes: ['read', 'play', 'chat'] } })).token,
    );
    const revoked = dataOf(
      await me.POST('/v1/players/me/tokens', { body: { name: 'gone', scopes: ['read', 'settings'] } }),
    );
    expect(
      (await me.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: revoked.id } } })).response
        .status,
    ).toBe(204);
    for (const [name, send] of Object.entries(operations({ session: otherSession.id, token: otherToken }))) {
      expectProblem(await send(api.as(undefined)), 401, 'unauthorized');
      const scoped = await send(readOnly);
      expect(scoped.response.status, `${name}: ${textOf(scoped)}`).toBe(403);
      expect(problemOf(scoped).code).toBe('insufficient_scope');
      expectProblem(await send(api.as(revoked.token)), 401, 'unauthorized');
    }
    expectProblem(
      await me.DELETE('/v1/players/me/sessions/{sessionId}', { params: { path: { sessionId: otherSession.id } } }),
      404,
      'not_found',
    );
    expectProblem(
      await me.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: otherToken } } }),
      404,
      'not_found',
    );
    // A session id is not a token id, nor the other way round.
    expectProblem(
      await other.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: otherSession.id } } }),
      404,
      'not_found',
    );
    expect((await otherSession.session.GET('/v1/games')).response.status).toBe(200);
  });
});
