/**
 * Signing in by email and confirming addresses: one-time codes, their expiry and attempt limits,
 * and addresses that are never given away.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { startLocalServer } from '../../functions/local/server.js';
import { CODE_MINUTES, MAX_CODE_FAILURES } from '../../functions/service/one-time-codes.js';
import { lastCode, playerWithEmail } from '../support/accounts.js';
import { dataOf, testClient, textOf, type Answer } from '../support/client.js';
import { testRegistry } from '../support/local.js';
import {
  START,
  address,
  api,
  burstOfGuesses,
  expectProblem,
  requestCode,
  server,
  signIn,
  useAccountsServer,
  verify,
  wrong,
} from './accounts.testkit.js';

let clock = START;
useAccountsServer(() => new Date(clock));

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
    const limited = await startLocalServer({ store: 'memory', registry: testRegistry(), sweepMs: 0 });
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
