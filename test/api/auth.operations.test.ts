/**
 * Authentication for every operation of the OpenAPI document (docs/api.md and docs/accounts.md):
 * public endpoints, bearer tokens refused when malformed, unknown or forged, and tokens that are
 * never shown again after registration.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, textOf, watch, type Seen } from '../support/client.js';
import { HighCardGame, storedGame } from '../support/high-card-game.js';
import { confirmEmail } from '../support/accounts.js';
import {
  METHODS,
  api,
  badAuthorizations,
  expectProblem,
  expectSuccess,
  mate,
  open,
  operations,
  owner,
  ownersChannels,
  running,
  secured,
  server,
  spec,
  useAuthFixtures,
  type Operation,
} from './auth.testkit.js';
import { requestFor } from './auth.requests.testkit.js';

useAuthFixtures();

describe('the operations under test', () => {
  it('cover every operation of api-spec/openapi.json, and only the catalog, sign-up, the VAPID key and the links in emails are public', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(21);
    for (const op of operations) await expect(requestFor(op)).resolves.toBeDefined();
    expect(
      operations
        .filter((o) => o.isPublic)
        .map((o) => o.key)
        .sort(),
    ).toEqual([
      'GET /v1/board-pictures/{token}',
      'GET /v1/catalog',
      'GET /v1/catalog/{game}',
      'GET /v1/push/vapid-public-key',
      'GET /v1/unsubscribe',
      'POST /v1/players',
      'POST /v1/sign-in',
      'POST /v1/sign-in/verify',
      'POST /v1/unsubscribe',
    ]);
    // The served document (not an operation of itself) has the same operations as the committed one.
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as typeof spec;
    const servedOps = Object.entries(served.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(servedOps.sort()).toEqual(operations.map((o) => o.key).sort());
  });
});

describe.each(operations)('$key', (op) => {
  it(op.isPublic ? 'is public: works without a token' : 'without a token → 401 unauthorized problem+json', async () => {
    const r = await (await requestFor(op))(api);
    if (op.isPublic) expectSuccess(op, r);
    else expectProblem(r, 401, 'unauthorized');
  });

  it('with the right player’s token → success', async () => {
    // The seated player who is due (mate) for play; a newcomer for joining; the owner otherwise.
    // Deleting an account needs one of its own; only one without games in play becomes a bot account (RP-BOT-3).
    const newcomer = ['POST /v1/games/{id}/join', 'DELETE /v1/players/me', 'POST /v1/players/me/bot-account'].includes(
      op.key,
    );
    const who = newcomer ? await api.newPlayer(`Joiner ${op.key}`) : op.key.includes('{id}') ? mate : owner;
    expectSuccess(op, await (await requestFor(op))(who));
  });
});

describe.each(secured)('$key', (op) => {
  it('with a malformed, unknown or forged token → 401, and nothing changes', async () => {
    const send = await requestFor(op);
    const before = await storedGame(server, running.id);
    const openBefore = await storedGame(server, open.id);
    const channelsBefore = await ownersChannels();
    for (const [what, authorization] of badAuthorizations()) {
      const r = await send(api, { authorization });
      expect(r.response.status, `${what}: ${textOf(r)}`).toBe(401);
      expect(problemOf(r).code).toBe('unauthorized');
      expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(await storedGame(server, running.id)).toEqual(before);
    expect(await storedGame(server, open.id)).toEqual(openBefore);
    expect(await ownersChannels()).toEqual(channelsBefore);
  });
});

describe('tokens', () => {
  it('are shown only in the 201 of POST /v1/players: no other answer (success or error, body or header) contains a token, its secret or its hash', async () => {
    const seen: Seen[] = [];
    const watched = api.with(watch(seen));
    const [a, b] = [await watched.newPlayer('TokA'), await watched.newPlayer('TokB')];
    const game = await HighCardGame.create([a, b]);
    const waiting = dataOf(await b.POST('/v1/games', { body: { game: 'high-card', players: 4 } }));
    await a.PATCH('/v1/players/me', { body: { email: 'a@example.test' } });
    await confirmEmail(server, a, 'a@example.test');
    const me = await a.GET('/v1/players/me');
    expect(me.response.status).toBe(200);
    expect(Object.keys(dataOf(me)).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'language',
      'name',
      'notifications',
      'onVacation',
      'vacations',
    ]);
    expect(me.data).not.toHaveProperty('token');
    expect(me.data).not.toHaveProperty('tokenHash');
    // Every operation as each player (seated or not, due or not), then with a forged token; deleting the account last.
    const last = (op: Operation) => Number(op.key === 'DELETE /v1/players/me');
    for (const op of [...operations].sort((x, y) => last(x) - last(y))) {
      const send = await requestFor(op, {
        running: game,
        open: { id: waiting.id, inviteCode: waiting.inviteCode! },
        expectedVersion: 0,
      });
      await send(a);
      await send(b);
      await send(watched, { authorization: `Bearer ${a.playerId}.${b.token.split('.')[1]}` });
    }

    const secrets = [a, b].flatMap((p) => {
      const secret = p.token.split('.')[1]!;
      return [p.token, secret, createHash('sha256').update(secret).digest('hex')];
    });
    const registrations = seen.filter(
      ({ method, path, status }) => method === 'POST' && path === '/v1/players' && status === 201,
    );
    expect(registrations.length).toBeGreaterThanOrEqual(2);
    for (const answer of seen) {
      const { method, path, status } = answer;
      const text = [answer.text, ...[...answer.headers.entries()].map(([k, v]) => `${k}: ${v}`)].join('\n');
      const allowed: string[] = registrations.includes(answer)
        ? [(JSON.parse(answer.text) as { token: string }).token]
        : [];
      for (const secret of secrets) {
        if (allowed.some((token) => token.includes(secret))) continue;
        expect(text.includes(secret), `${method} ${path} (${status}) shows a token`).toBe(false);
      }
    }
  });
});
