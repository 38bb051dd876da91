/**
 * Signing in by email, confirmed addresses, sessions, personal access tokens
 * and their scopes, signing out everywhere, the data export and deleting an account.
 */
import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureGames } from '../../engine/fixtures/index.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { TOKEN_TRUST_MS } from '../../functions/service/players.js';
import { MAX_TOKENS } from '../../functions/service/credentials.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { CODE_MINUTES, MAX_CODE_FAILURES } from '../../functions/service/one-time-codes.js';
import { isAccountMail, lastCode, playerWithEmail } from '../support/accounts.js';
import {
  dataOf,
  problemOf,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Player,
  type Problem,
} from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let clock = Date.parse('2026-11-02T08:00:00.000Z');
let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startLocalServer({
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    now: () => new Date(clock),
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

let n = 0;
const address = (name: string) => `${name.toLowerCase()}-${++n}@example.test`;

function expectProblem(r: Answer<Problem>, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(problemOf(r).code).toBe(code);
}

const requestCode = (client: Api, email: string) => client.as(undefined).POST('/v1/sign-in', { body: { email } });
const verify = (client: Api, email: string, code: string) =>
  client.as(undefined).POST('/v1/sign-in/verify', { body: { email, code } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Sends 4 × MAX_CODE_FAILURES wrong guesses of `code` at once and then the right one, with the
 * store's calls on one-time codes held until every attempt has reached the store: the burst's
 * attempts all arrive before any is answered, as when the store is slower than the requests.
 */
async function burstOfGuesses(
  code: string,
  attempt: (guess: string) => Promise<Answer<Problem>>,
): Promise<Answer<Problem>[]> {
  const db = server.db;
  const name = `holdCodes${++n}`;
  const held: (() => void)[] = [];
  let holding = true;
  db.middlewareStack.add(
    (next) => async (args) => {
      const sk = (args.input as { Key?: { sk?: { S?: string } } }).Key?.sk?.S;
      if (holding && (sk === 'SIGNIN' || sk === 'EMAILCHANGE')) {
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  const waitFor = (count: number) =>
    vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 5 });
  try {
    const guesses = Array.from({ length: 4 * MAX_CODE_FAILURES }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const wrongOnes = guesses.map(attempt);
    await waitFor(guesses.length);
    const right = attempt(code);
    await waitFor(guesses.length + 1);
    holding = false;
    for (const release of held) release();
    return [...(await Promise.all(wrongOnes)), await right];
  } finally {
    holding = false;
    db.middlewareStack.remove(name);
  }
}

/** Signs in by email: a client acting with the new session. */
async function signIn(email: string): Promise<{ session: Api; id: string; token: string }> {
  dataOf(await requestCode(api, email));
  const created = dataOf(await verify(api, email, lastCode(server, email)));
  return { session: api.as(created.token), id: created.id, token: created.token };
}

describe('signing in by email', () => {
  it('a code mailed to a confirmed address signs in once (a session with every scope); the mail carries a link with it', async () => {
    const email = address('Anna');
    const anna = await playerWithEmail(server, api, 'Anna', email);
    dataOf(await requestCode(api, email));
    const mail = server.sentMail.at(-1)!;
    expect(mail.to).toBe(email);
    const code = lastCode(server, email);
    expect(mail.text).toContain(`${server.url}/#/sign-in/${encodeURIComponent(email)}/${code}`);
    const first = await verify(api, email, code);
    expect(first.response.status, textOf(first)).toBe(201);
    const session = api.as(dataOf(first).token);
    expect(dataOf(await session.GET('/v1/players/me')).id).toBe(anna.playerId);
    expect(dataOf(first)).toMatchObject({ current: true, expiresAt: new Date(clock + 30 * 86_400_000).toISOString() });
    expectProblem(await verify(api, email, code), 400, 'invalid_code');
  });

  it(`a code expires after ${CODE_MINUTES} minutes`, async () => {
    const email = address('Late');
    await playerWithEmail(server, api, 'Late', email);
    dataOf(await requestCode(api, email));
    const code = lastCode(server, email);
    clock += CODE_MINUTES * 60_000 + 1;
    expectProblem(await verify(api, email, code), 400, 'invalid_code');
  });

  it(`a code dies after ${MAX_CODE_FAILURES} wrong attempts, even the right one after them`, async () => {
    const email = address('Guessed');
    await playerWithEmail(server, api, 'Guessed', email);
    dataOf(await requestCode(api, email));
    const code = lastCode(server, email);
    for (let i = 0; i < MAX_CODE_FAILURES; i++)
      expectProblem(await verify(api, email, wrong(code)), 400, 'invalid_code');
    expectProblem(await verify(api, email, code), 400, 'invalid_code');
  });

  it(`of wrong sign-in codes and the right one sent at once, only the first ${MAX_CODE_FAILURES} attempts are judged: the right one after them is refused`, async () => {
    const email = address('Burst');
    await playerWithEmail(server, api, 'Burst', email);
    dataOf(await requestCode(api, email));
    const code = lastCode(server, email);
    const answers = await burstOfGuesses(code, (guess) => verify(api, email, guess));
    for (const r of answers) expectProblem(r, 400, 'invalid_code');
    expectProblem(await verify(api, email, code), 400, 'invalid_code');
  });

  it(`of wrong confirmation codes and the right one sent at once, only the first ${MAX_CODE_FAILURES} attempts are judged: the right one after them is refused`, async () => {
    const email = address('Confirm-burst');
    const player = await api.newPlayer({ name: 'Confirm burst', email });
    const code = lastCode(server, email);
    const confirm = (guess: string) => player.POST('/v1/players/me/email-confirmation', { body: { code: guess } });
    for (const r of await burstOfGuesses(code, confirm)) expectProblem(r, 400, 'invalid_code');
    expectProblem(await confirm(code), 400, 'invalid_code');
    expect(dataOf(await player.GET('/v1/players/me'))).toMatchObject({ pendingEmail: email });
  });

  it(`the right code after ${MAX_CODE_FAILURES - 1} wrong ones still signs in and confirms`, async () => {
    const email = address('Almost');
    const player = await api.newPlayer({ name: 'Almost', email });
    const confirmCode = lastCode(server, email);
    for (let i = 0; i < MAX_CODE_FAILURES - 1; i++)
      expectProblem(
        await player.POST('/v1/players/me/email-confirmation', { body: { code: wrong(confirmCode) } }),
        400,
        'invalid_code',
      );
    expect(dataOf(await player.POST('/v1/players/me/email-confirmation', { body: { code: confirmCode } })).email).toBe(
      email,
    );
    dataOf(await requestCode(api, email));
    const code = lastCode(server, email);
    for (let i = 0; i < MAX_CODE_FAILURES - 1; i++)
      expectProblem(await verify(api, email, wrong(code)), 400, 'invalid_code');
    expect((await verify(api, email, code)).response.status).toBe(201);
  });

  it('an unknown address gets exactly the answer a known one gets, and no mail', async () => {
    const known = address('Known');
    await playerWithEmail(server, api, 'Known', known);
    const unknown = address('Unknown');
    const sent = server.sentMail.length;
    const [a, b] = [await requestCode(api, known), await requestCode(api, unknown)];
    expect(server.sentMail.slice(sent).map((m) => m.to)).toEqual([known]);
    for (const r of [a, b]) expect(r.response.status).toBe(202);
    expect(dataOf(a)).toEqual(dataOf(b));
    const headerNames = (r: Answer) =>
      [...r.response.headers.keys()].filter((h) => h !== 'x-request-id' && h !== 'etag' && h !== 'date').sort();
    expect(headerNames(a)).toEqual(headerNames(b));
    expectProblem(await verify(api, unknown, '123456'), 400, 'invalid_code');
  });

  it('sign-in mails are rate limited per address they go to (known or not) and per client address', async () => {
    const limited = await startLocalServer({ registry: testRegistry(), sweepMs: 0 });
    try {
      const client = testClient(limited.url);
      const perEmail = DEFAULT_LIMITS.rates.signInMail.perPlayer!.points;
      for (const email of ['someone@example.test', 'nobody@example.test']) {
        for (let i = 0; i < perEmail; i++) expect((await requestCode(client, email)).response.status).toBe(202);
        const refused = await requestCode(client, email);
        expectProblem(refused, 429, 'rate_limited');
        expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      const perClient = DEFAULT_LIMITS.rates.signInMail.perAddress!.points;
      for (let i = 2 * perEmail; i < perClient; i++)
        expect((await requestCode(client, `other-${i}@example.test`)).response.status).toBe(202);
      expectProblem(await requestCode(client, 'fresh@example.test'), 429, 'rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('a new address is confirmed by the code sent to it; until then the old one stays, and nothing else goes to the new one', async () => {
    const old = address('Mover');
    const mover = await playerWithEmail(server, api, 'Mover', old);
    const next = address('Moved');
    const patched = dataOf(await mover.PATCH('/v1/players/me', { body: { email: next } }));
    expect(patched).toMatchObject({ email: old, pendingEmail: next });
    // Signing in by the unconfirmed address sends nothing to it.
    const sent = server.sentMail.length;
    dataOf(await requestCode(api, next));
    expect(server.sentMail.length).toBe(sent);
    expectProblem(
      await mover.POST('/v1/players/me/email-confirmation', { body: { code: wrong(lastCode(server, next)) } }),
      400,
      'invalid_code',
    );
    const confirmed = dataOf(
      await mover.POST('/v1/players/me/email-confirmation', { body: { code: lastCode(server, next) } }),
    );
    expect(confirmed.email).toBe(next);
    expect(confirmed).not.toHaveProperty('pendingEmail');
    // The old address no longer signs in; the new one does.
    dataOf(await requestCode(api, old));
    expect(server.sentMail.filter((m) => m.to === old && /sign-in/.test(m.subject))).toEqual([]);
    expect(dataOf(await (await signIn(next)).session.GET('/v1/players/me')).id).toBe(mover.playerId);
  });

  it('an address signs in with every scope, so only a credential with every scope names or confirms one: a settings token gets 403 insufficient_scope and changes nothing', async () => {
    const owner = await api.newPlayer('Narrow');
    const settings = api.as(
      dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'settings', scopes: ['settings'] } })).token,
    );
    const almost = api.as(
      dataOf(
        await owner.POST('/v1/players/me/tokens', { body: { name: 'almost', scopes: ['read', 'play', 'settings'] } }),
      ).token,
    );
    const taken = address('Taken-over');
    const sent = server.sentMail.length;
    for (const narrow of [settings, almost])
      expectProblem(await narrow.PATCH('/v1/players/me', { body: { email: taken } }), 403, 'insufficient_scope');
    expect(server.sentMail.slice(sent)).toEqual([]);
    expect(dataOf(await owner.GET('/v1/players/me'))).not.toHaveProperty('pendingEmail');
    // An address the full-scope credential named is not confirmed by a narrower one either.
    dataOf(await owner.PATCH('/v1/players/me', { body: { email: taken } }));
    expectProblem(
      await settings.POST('/v1/players/me/email-confirmation', { body: { code: lastCode(server, taken) } }),
      403,
      'insufficient_scope',
    );
    dataOf(await requestCode(api, taken));
    expect(server.sentMail.filter((m) => m.to === taken && /sign-in/.test(m.subject))).toEqual([]);
    // Other settings, and removing the address, stay open to a settings token.
    expect(dataOf(await settings.PATCH('/v1/players/me', { body: { name: 'Narrower' } })).name).toBe('Narrower');
    expect(dataOf(await settings.PATCH('/v1/players/me', { body: { email: null } }))).not.toHaveProperty(
      'pendingEmail',
    );
    // A token with every scope may, as a session may: the session it signs in to is no stronger.
    const full = api.as(
      dataOf(
        await owner.POST('/v1/players/me/tokens', {
          body: { name: 'full', scopes: ['read', 'play', 'chat', 'settings'] },
        }),
      ).token,
    );
    dataOf(await full.PATCH('/v1/players/me', { body: { email: taken } }));
    expect(
      dataOf(await full.POST('/v1/players/me/email-confirmation', { body: { code: lastCode(server, taken) } })).email,
    ).toBe(taken);
  });

  it('an address another account has confirmed cannot be confirmed again (409 email_taken)', async () => {
    const email = address('Taken');
    await playerWithEmail(server, api, 'First', email);
    const second = await api.newPlayer({ name: 'Second', email });
    expectProblem(
      await second.POST('/v1/players/me/email-confirmation', { body: { code: lastCode(server, email) } }),
      409,
      'email_taken',
    );
  });
});

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

describe('your data', () => {
  it('the export holds the profile, sessions, tokens, webhooks, push subscriptions, vacations, games and own chat, and no secret', async () => {
    const email = address('Exporter');
    const me = await playerWithEmail(server, api, 'Exporter', email);
    const { token: sessionToken } = await signIn(email);
    const pat = dataOf(await me.POST('/v1/players/me/tokens', { body: { name: 'pat', scopes: ['read'] } }));
    const hook = dataOf(
      await me.POST('/v1/players/me/webhooks', { body: { url: 'https://hooks.example.org/export' } }),
    );
    const mate = await api.newPlayer('Mate');
    const game = await HighCardGame.create([me, mate]);
    dataOf(await me.POST('/v1/games/{id}/chat', { params: game.params, body: { text: 'mine' } }));
    dataOf(await mate.POST('/v1/games/{id}/chat', { params: game.params, body: { text: 'theirs' } }));
    const exported = await me.GET('/v1/players/me/export');
    const data = dataOf(exported);
    expect(data.profile).toMatchObject({ id: me.playerId, name: 'Exporter', email });
    expect(data.sessions).toHaveLength(1);
    expect(data.tokens.map((t) => t.name)).toEqual(['pat']);
    expect(data.webhooks).toEqual([{ id: hook.id, url: hook.url, events: hook.events, createdAt: hook.createdAt }]);
    expect(data.games).toEqual([expect.objectContaining({ id: game.id, seat: 0, status: 'active' })]);
    expect(data.chat.map((m) => m.text)).toEqual(['mine']);
    const text = textOf(exported);
    const stored = await server.services.credentials['accounts'].listCredentials(me.playerId);
    for (const secret of [
      hook.secret,
      pat.token,
      sessionToken,
      me.token,
      ...stored.map((c) => c.hash),
      createHash('sha256').update(me.token.split('.')[1]!).digest('hex'),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('deleting the account: credentials die at once, finished games show a deleted seat and still export and replay, a running game plays on with the bot', async () => {
    const email = address('Leaver');
    const leaver = await playerWithEmail(server, api, 'Leaver', email);
    const { session } = await signIn(email);
    const pat = api.as(
      dataOf(await leaver.POST('/v1/players/me/tokens', { body: { name: 'pat', scopes: ['read'] } })).token,
    );
    const stayer = await api.newPlayer('Stayer');
    const finished = await HighCardGame.create([leaver, stayer], { options: { rounds: 1, handSize: 2 } });
    await finished.playToEnd();
    const running = await HighCardGame.create([stayer, leaver]);
    dataOf(await leaver.POST('/v1/games/{id}/chat', { params: running.params, body: { text: 'bye' } }));
    const before = dataOf(await stayer.GET('/v1/games/{id}/export', { params: finished.params }));

    expect((await session.DELETE('/v1/players/me')).response.status).toBe(204);
    for (const c of [session, pat, leaver as Api]) expectProblem(await c.GET('/v1/games'), 401, 'unauthorized');
    dataOf(await requestCode(api, email));
    expect(server.sentMail.filter((m) => m.to === email && isAccountMail(m) && /sign-in/.test(m.subject))).toHaveLength(
      1,
    );

    const after = dataOf(await stayer.GET('/v1/games/{id}/export', { params: finished.params }));
    expect(after.players[0]).toEqual({ seat: 0, name: null, bot: false, playerId: null, deleted: true });
    expect(JSON.stringify(after)).not.toContain(leaver.playerId);
    expect(JSON.stringify(after)).not.toContain('Leaver');
    expect({ ...after, players: before.players }).toEqual(before);
    // The export still replays to its outcome with the engine.
    const def = fixtureGames.find((g) => g.id === after.game)!;
    let state = def.setup({
      seed: after.seed,
      players: after.players.length,
      options: def.options.parse(after.options),
    });
    for (const a of after.actions) if (!a.forfeit) state = def.apply(state, a.seat, a.action).state;
    expect(def.outcome(state)?.scores).toEqual(after.outcome?.scores);

    const summary = dataOf(await stayer.GET('/v1/games/{id}', { params: running.params }));
    expect(summary.seats[1]).toMatchObject({ name: null, bot: true, deleted: true, playerId: null });
    expect(dataOf(await stayer.GET('/v1/games/{id}/chat', { params: running.params })).messages).toEqual([]);
    // The bot answers for the deleted seat: after the stayer's move it is the stayer's turn again (or the end).
    const next = await running.act(0);
    expect(next.toAct.includes(1)).toBe(false);
  });
});
