/**
 * Per-player notification settings: choices on the profile, webhooks with a
 * secret shown once and an SSRF guard, Web Push subscriptions, the VAPID public key, and
 * unsubscribe links that work without logging in (GET asks, POST acts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { signUnsubscribe } from '../../functions/notify/unsubscribe.js';
import {
  dataOf,
  problemOf,
  sendRaw,
  testClient,
  textOf,
  watch,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Schemas,
  type Seen,
} from '../support/client.js';
import { RAISED_LIMITS, startTestServer, testRegistry } from '../support/local.js';
import { oneClick, pushSubscription, unsubscribeToken } from '../support/notifications.js';
import { confirmEmail, playerWithEmail } from '../support/accounts.js';

const DEFAULT_EVENTS = { yourTurn: true, reminder: true, gameStarted: true, gameFinished: true, chat: false };
const ALL_KINDS = ['yourTurn', 'reminder', 'gameStarted', 'gameFinished', 'chat'];

/** A local server that opted in to deliveries on this machine (RAILPOST_LOCAL_DELIVERY=1 for `npm start`). */
let server: LocalServer;
let api: Api;
/** The default: the production rules for webhook URLs and push endpoints (https, public hosts only). */
let strict: LocalServer;
let strictApi: Api;

beforeAll(async () => {
  [server, strict] = await Promise.all([
    startLocalServer({ registry: testRegistry(), sweepMs: 0, limits: RAISED_LIMITS, localDelivery: true }),
    startTestServer(),
  ]);
  api = testClient(server.url);
  strictApi = testClient(strict.url);
});
afterAll(async () => {
  await Promise.all([server?.close(), strict?.close()]);
});

function expectProblem(r: Answer<Problem>, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemOf(r).code).toBe(code);
}

/** A player with a confirmed email address (the default player has none). */
function withEmail(client: Api, name: string, on: LocalServer = server): Promise<Player> {
  return playerWithEmail(on, client, name, `${name.toLowerCase()}@example.org`);
}

const me = async (p: Player) => dataOf(await p.GET('/v1/players/me'));
const patchMe = (p: Api, body: Schemas['PlayerPatch']) => p.PATCH('/v1/players/me', { body });
const addWebhook = (p: Api, body: Schemas['WebhookCreate']) => p.POST('/v1/players/me/webhooks', { body });
const webhooksOf = async (p: Player) => dataOf(await p.GET('/v1/players/me/webhooks'));
const deleteWebhook = (p: Player, webhookId: string) =>
  p.DELETE('/v1/players/me/webhooks/{webhookId}', { params: { path: { webhookId } } });
const subscribe = (p: Player, body: Schemas['PushSubscription']) =>
  p.POST('/v1/players/me/push-subscriptions', { body });
const subscriptionsOf = async (p: Player) => dataOf(await p.GET('/v1/players/me/push-subscriptions'));
const unsubscribe = (p: Player, subscriptionId: string) =>
  p.DELETE('/v1/players/me/push-subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } });

describe('notification settings on /v1/players/me', () => {
  it('default to every kind but chat; email on only when there is a confirmed address, and it follows the address until chosen', async () => {
    const plain = await api.newPlayer('Plain');
    const mailed = await withEmail(api, 'Mailed');
    expect((await me(plain)).notifications).toEqual({ email: false, events: DEFAULT_EVENTS, digest: null });
    expect((await me(mailed)).notifications).toEqual({ email: true, events: DEFAULT_EVENTS, digest: null });
    const added = await patchMe(plain, { email: 'plain@example.org' });
    expect(added.response.status).toBe(200);
    expect(dataOf(added)).toMatchObject({ pendingEmail: 'plain@example.org', notifications: { email: false } });
    await confirmEmail(server, plain, 'plain@example.org');
    expect((await me(plain)).notifications.email).toBe(true);
    expect(dataOf(await patchMe(plain, { email: null })).notifications.email).toBe(false);
  });

  it('PATCH changes only what it names, and GET shows the same afterwards', async () => {
    const p = await withEmail(api, 'Patcher');
    const first = await patchMe(p, { notifications: { events: { chat: true, reminder: false } } });
    expect(first.response.status, textOf(first)).toBe(200);
    expect(dataOf(first).notifications).toEqual({
      email: true,
      events: { ...DEFAULT_EVENTS, chat: true, reminder: false },
      digest: null,
    });
    const second = dataOf(await patchMe(p, { notifications: { email: false } }));
    expect(second.notifications).toEqual({
      email: false,
      events: { ...DEFAULT_EVENTS, chat: true, reminder: false },
      digest: null,
    });
    // A new address waits for its confirmation; the old one stays until then.
    const renamed = dataOf(await patchMe(p, { name: 'Renamed', email: 'new@example.org' }));
    expect(renamed).toMatchObject({
      name: 'Renamed',
      email: 'patcher@example.org',
      pendingEmail: 'new@example.org',
      notifications: second.notifications,
    });
    expect(await me(p)).toEqual(renamed);
    const back = dataOf(
      await patchMe(p, { notifications: { email: true, events: { yourTurn: false, reminder: true } } }),
    );
    expect(back.notifications).toEqual({
      email: true,
      events: { ...DEFAULT_EVENTS, chat: true, yourTurn: false },
      digest: null,
    });
    expect((await me(p)).notifications).toEqual(back.notifications);
  });

  it('a daily digest: an hour and an IANA time zone, kept by other changes, null for an email per turn again', async () => {
    const p = await withEmail(api, 'Digester');
    const digest = { hour: 7, timeZone: 'America/New_York' };
    expect(dataOf(await patchMe(p, { notifications: { digest } })).notifications.digest).toEqual(digest);
    expect(dataOf(await patchMe(p, { notifications: { events: { chat: true } } })).notifications).toEqual({
      email: true,
      events: { ...DEFAULT_EVENTS, chat: true },
      digest,
    });
    expect((await me(p)).notifications.digest).toEqual(digest);
    expectProblem(
      await patchMe(p, { notifications: { digest: { hour: 8, timeZone: 'Europe/Atlantis' } } }),
      400,
      'unknown_time_zone',
    );
    for (const bad of [
      { hour: 24, timeZone: 'UTC' },
      { hour: 7.5, timeZone: 'UTC' },
      { hour: 7 },
      { hour: 7, timeZone: 'UTC', minute: 30 },
    ]) {
      expectProblem(
        await sendRaw(p, 'PATCH', '/v1/players/me', { body: { notifications: { digest: bad } } }),
        400,
        'invalid_body',
      );
    }
    expect((await me(p)).notifications.digest).toEqual(digest);
    expect(dataOf(await patchMe(p, { notifications: { digest: null } })).notifications.digest).toBeNull();
  });

  it('refuses unknown kinds and keys, non-booleans and null (400 invalid_body), and email on without an address (400 email_address_required); nothing changes', async () => {
    const p = await api.newPlayer('Invalid');
    const before = await me(p);
    // Settings the document does not allow: only raw requests can send them.
    for (const notifications of [
      { events: { lunch: true } },
      { events: { chat: 'yes' } },
      { email: 1 },
      { sms: true },
      null,
      { events: null },
      { events: ['chat'] },
      'off',
    ]) {
      expectProblem(await sendRaw(p, 'PATCH', '/v1/players/me', { body: { notifications } }), 400, 'invalid_body');
    }
    expectProblem(await patchMe(p, { notifications: { email: true } }), 400, 'email_address_required');
    expectProblem(await patchMe(p, { email: null, notifications: { email: true } }), 400, 'email_address_required');
    expect(await me(p)).toEqual(before);
    // With an address in the same request it is fine.
    const ok = await patchMe(p, { email: 'inv@example.org', notifications: { email: true } });
    expect(ok.response.status, textOf(ok)).toBe(200);
    // Chosen now, in effect once the address is confirmed.
    expect(dataOf(ok).notifications.email).toBe(false);
    await confirmEmail(server, p, 'inv@example.org');
    expect((await me(p)).notifications.email).toBe(true);
  });
});

describe('webhooks', () => {
  it('POST → 201 with a whsec_ secret (shown only here); GET lists them without it; the stored secret is the shown one', async () => {
    const p = await api.newPlayer('Hooked');
    const seen: Seen[] = [];
    const watched = p.with(watch(seen));
    const created = await addWebhook(watched, { url: 'https://hooks.example.org/railpost?team=1' });
    expect(created.response.status, textOf(created)).toBe(201);
    const hook = dataOf(created);
    expect(Object.keys(hook).sort()).toEqual(['createdAt', 'events', 'id', 'secret', 'url']);
    expect(hook).toMatchObject({ url: 'https://hooks.example.org/railpost?team=1', events: ALL_KINDS });
    const secret: string = hook.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const second = await addWebhook(watched, {
      url: 'https://other.example.org/x',
      events: ['gameFinished', 'yourTurn'],
    });
    expect(second.response.status).toBe(201);
    const other = dataOf(second);
    expect(other.events).toEqual(['yourTurn', 'gameFinished']);
    expect(other.secret).not.toBe(secret);

    const listed = await watched.GET('/v1/players/me/webhooks');
    expect(listed.response.status).toBe(200);
    expect(listed.data).toHaveLength(2);
    expect(listed.data).toEqual(
      expect.arrayContaining([
        { id: hook.id, url: hook.url, events: ALL_KINDS, createdAt: hook.createdAt },
        { id: other.id, url: other.url, events: ['yourTurn', 'gameFinished'], createdAt: other.createdAt },
      ]),
    );
    await watched.GET('/v1/players/me');
    await patchMe(watched, { name: 'Hooked again' });
    // Only the two 201s ever carried a secret (nor any part of its key material).
    const secrets = [secret, other.secret].flatMap((s) => [s, s.slice('whsec_'.length)]);
    for (const reply of seen.filter((r) => r.status !== 201))
      for (const s of secrets) expect(reply.text).not.toContain(s);

    // The notifier signs with what is stored: a signature made with it verifies with the shown secret.
    const stored = (await server.services.table.webhooks.list(p.playerId)).filter((w) => w.id === hook.id);
    expect(stored.map((w) => w.secret)).toEqual([secret]);
    const body = JSON.stringify({ type: 'game.your_turn' });
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(stored[0]!.secret).sign('msg_1', at, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'game.your_turn' });
  });

  it('refuses what is not an absolute http(s) URL without credentials (400 invalid_webhook_url) and bad event lists (400 invalid_body); nothing is stored', async () => {
    const p = await api.newPlayer('BadHook');
    for (const url of [
      'not a url',
      '/relative/path',
      'ftp://files.example.org/x',
      'javascript:alert(1)',
      'https://user:pw@hooks.example.org/',
      'https://:secret@hooks.example.org/',
    ]) {
      expectProblem(await addWebhook(p, { url }), 400, 'invalid_webhook_url');
    }
    for (const body of [
      { url: 'https://hooks.example.org/', events: [] },
      { url: 'https://hooks.example.org/', events: ['chat', 'chat'] },
      { url: `https://hooks.example.org/${'a'.repeat(2048)}` },
    ] satisfies Schemas['WebhookCreate'][]) {
      expectProblem(await addWebhook(p, body), 400, 'invalid_body');
    }
    // Bodies the document does not allow: only raw requests can send them.
    for (const body of [
      { url: 'https://hooks.example.org/', events: ['lunch'] },
      { url: 'https://hooks.example.org/', secret: 'whsec_mine' },
      { url: 42 },
      {},
    ]) {
      expectProblem(await sendRaw(p, 'POST', '/v1/players/me/webhooks', { body }), 400, 'invalid_body');
    }
    expect(await webhooksOf(p)).toEqual([]);
  });

  it('with the production rules: http → 400 insecure_webhook_url; private, loopback and link-local addresses and local names → 400 private_webhook_url', async () => {
    const p = await strictApi.newPlayer('Strict');
    expectProblem(await addWebhook(p, { url: 'http://hooks.example.org/x' }), 400, 'insecure_webhook_url');
    const refused = [
      'https://127.0.0.1/hook',
      'https://127.1.2.3:8443/hook',
      'https://0x7f000001/hook', // 127.0.0.1, as the URL parser reads it
      'https://2130706433/hook', // the same, as one number
      'https://10.0.0.5/',
      'https://172.20.1.1/',
      'https://192.168.1.1:8443/',
      'https://169.254.169.254/latest/meta-data/', // cloud metadata
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://224.0.0.1/',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/', // 169.254.169.254, IPv4-mapped
      'https://[64:ff9b::a00:1]/', // 10.0.0.1 through NAT64
      'https://[fe80::1]/',
      'https://[fd12:3456::1]/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://printer.local/',
      'https://metadata.google.internal/',
      'https://metadata/',
      'https://router.home.arpa/',
    ];
    for (const url of refused) {
      const r = await addWebhook(p, { url });
      expect(r.response.status, `${url}: ${textOf(r)}`).toBe(400);
      expect(problemOf(r).code, url).toBe('private_webhook_url');
    }
    expect(await webhooksOf(p)).toEqual([]);
    for (const url of [
      'https://hooks.example.org/x',
      'https://8.8.8.8/hook',
      'https://[2606:4700:4700::1111]/hook',
      'https://172.32.0.1/',
      'https://hooks.example.org.:8443/y',
    ]) {
      const r = await addWebhook(p, { url });
      expect(r.response.status, `${url}: ${textOf(r)}`).toBe(201);
    }
    expect(await webhooksOf(p)).toHaveLength(5);
  });

  it('literal addresses in every IPv6 form that carries an IPv4 (SIIT, IPv4-compatible, NAT64, Teredo, 6to4) → 400 private_webhook_url', async () => {
    const p = await strictApi.newPlayer('StrictV6');
    for (const url of [
      'https://[::ffff:0:7f00:1]/h', // SIIT 127.0.0.1
      'https://[::ffff:0:a9fe:a9fe]/h', // SIIT 169.254.169.254
      'https://[::7f00:1]/h', // IPv4-compatible 127.0.0.1
      'https://[64:ff9b:1::a00:1]/h', // local-use NAT64 10.0.0.1
      'https://[2001::1]/h', // Teredo
      'https://[2002:7f00:1::1]/h', // 6to4 of 127.0.0.1
      'https://[2002:a9fe:a9fe::1]/h', // 6to4 of 169.254.169.254
      'https://[2001:db8::1]/h',
      'https://[fec0::1]/h',
      'https://192.0.0.170/h',
      'https://255.255.255.255/h',
    ]) {
      const r = await addWebhook(p, { url });
      expect(r.response.status, `${url}: ${textOf(r)}`).toBe(400);
      expect(problemOf(r).code, url).toBe('private_webhook_url');
    }
    expect(await webhooksOf(p)).toEqual([]);
  });

  it('a URL that parsers read differently (backslash, userinfo, control characters, spaces, no //) → 400 invalid_webhook_url on every server; the normalised href is stored', async () => {
    for (const client of [strictApi, api]) {
      const p = await client.newPlayer('Ambiguous');
      for (const url of [
        'https://example.org\\@127.0.0.1/h', // WHATWG: host example.org, path /@127.0.0.1/h; other parsers: userinfo, host 127.0.0.1
        'https://example.org\\.127.0.0.1.nip.io/h',
        'https://@hooks.example.org/h',
        'https://hooks.example.org@127.0.0.1/h',
        ' https://hooks.example.org/h',
        'https://hooks.example.org/h ',
        'https://hooks.exa\tmple.org/h',
        'https://hooks.example.org/h\n',
        'https:hooks.example.org/h',
        'https:/hooks.example.org/h',
      ]) {
        expectProblem(await addWebhook(p, { url }), 400, 'invalid_webhook_url');
      }
      expect(await webhooksOf(p)).toEqual([]);
      const created = await addWebhook(p, { url: 'https://Hooks.EXAMPLE.org:443/a/../b?x=1' });
      expect(created.response.status, textOf(created)).toBe(201);
      expect(dataOf(created).url).toBe('https://hooks.example.org/b?x=1');
    }
  });

  it('strict rules are the default: a server that did not opt in refuses receivers on this machine', async () => {
    const p = await strictApi.newPlayer('DefaultStrict');
    expectProblem(await addWebhook(p, { url: 'http://127.0.0.1:9999/hook' }), 400, 'insecure_webhook_url');
    expectProblem(await addWebhook(p, { url: 'https://127.0.0.1:9999/hook' }), 400, 'private_webhook_url');
    expectProblem(await subscribe(p, pushSubscription('https://127.0.0.1:9999/x')), 400, 'private_push_endpoint');
  });

  it('on the local development server (opted in) http:// receivers on this machine are allowed', async () => {
    const p = await api.newPlayer('LocalDev');
    for (const url of ['http://127.0.0.1:9999/hook', 'http://localhost:8080/', 'https://[::1]/x']) {
      const r = await addWebhook(p, { url });
      expect(r.response.status, `${url}: ${textOf(r)}`).toBe(201);
      expect(dataOf(r).url).toBe(new URL(url).href);
    }
  });

  it('at most 10 per player: the 11th → 409 too_many_webhooks; after a delete there is room again', async () => {
    const p = await api.newPlayer('Many');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await addWebhook(p, { url: `https://hooks.example.org/${i}` });
      expect(r.response.status, textOf(r)).toBe(201);
      ids.push(dataOf(r).id);
    }
    const over = await addWebhook(p, { url: 'https://hooks.example.org/11' });
    expectProblem(over, 409, 'too_many_webhooks');
    expect(problemOf(over).limit).toBe(10);
    expect(await webhooksOf(p)).toHaveLength(10);
    expect((await deleteWebhook(p, ids[4]!)).response.status).toBe(204);
    expect((await addWebhook(p, { url: 'https://hooks.example.org/11' })).response.status).toBe(201);
    // Another player is not affected by this one's cap.
    expect((await addWebhook(await api.newPlayer('Few'), { url: 'https://hooks.example.org/' })).response.status).toBe(
      201,
    );
  });

  it('DELETE: 204 for your own, then 404; 404 for an unknown id and for another player’s webhook (which stays); 400 for a malformed id', async () => {
    const [a, b] = [await api.newPlayer('HookA'), await api.newPlayer('HookB')];
    const mine = dataOf(await addWebhook(a, { url: 'https://a.example.org/' }));
    const theirs = dataOf(await addWebhook(b, { url: 'https://b.example.org/' }));
    expectProblem(await deleteWebhook(a, theirs.id), 404, 'not_found');
    expectProblem(await deleteWebhook(a, 'NoSuchHook0000'), 404, 'not_found');
    expectProblem(await deleteWebhook(a, 'x'.repeat(65)), 400, 'invalid_path');
    expectProblem(await deleteWebhook(a, 'a.b'), 400, 'invalid_path');
    expect((await webhooksOf(b)).map((w) => w.id)).toEqual([theirs.id]);
    const deleted = await deleteWebhook(a, mine.id);
    expect(deleted.response.status).toBe(204);
    expect(textOf(deleted)).toBe('');
    expectProblem(await deleteWebhook(a, mine.id), 404, 'not_found');
    expect(await webhooksOf(a)).toEqual([]);
    expect(await server.services.table.webhooks.list(a.playerId)).toEqual([]);
  });
});

describe('Web Push subscriptions', () => {
  it('POST → 201 { id }; GET lists id, the push service origin and createdAt only; the same endpoint again replaces it', async () => {
    const p = await api.newPlayer('Pushy');
    const sub = pushSubscription('https://push.example.net/wpush/v2/gAAAAABk-secret-path');
    const created = await subscribe(p, sub);
    expect(created.response.status, textOf(created)).toBe(201);
    const { id } = dataOf(created);
    expect(Object.keys(dataOf(created))).toEqual(['id']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const listed = await p.GET('/v1/players/me/push-subscriptions');
    expect(listed.data).toEqual([{ id, origin: 'https://push.example.net', createdAt: expect.any(String) }]);
    for (const hidden of ['secret-path', sub.keys.p256dh, sub.keys.auth]) expect(textOf(listed)).not.toContain(hidden);

    const renewed = { ...pushSubscription(sub.endpoint), expirationTime: 1_900_000_000_000 };
    const again = await subscribe(p, renewed);
    expect(again.response.status).toBe(201);
    expect(dataOf(again).id).toBe(id);
    expect(await subscriptionsOf(p)).toHaveLength(1);
    const stored = await server.services.table.pushSubscriptions.list(p.playerId);
    expect(stored.map((s) => s.subscription)).toEqual([renewed]);

    const other = await subscribe(p, pushSubscription('https://updates.push.services.example.com/wpush/v1/abc'));
    expect(dataOf(other).id).not.toBe(id);
    expect((await subscriptionsOf(p)).map((s) => s.origin).sort()).toEqual([
      'https://push.example.net',
      'https://updates.push.services.example.com',
    ]);
  });

  it('refuses what is not a PushSubscription (400 invalid_body); nothing is stored', async () => {
    const p = await api.newPlayer('BadPush');
    const good = pushSubscription();
    const point = Buffer.concat([Buffer.from([4]), randomBytes(64)]);
    for (const body of [
      { ...good, endpoint: 'http://push.example.net/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: point.subarray(0, 33).toString('base64url') } },
      {
        ...good,
        keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1)]).toString('base64url') },
      },
      { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!!!' } },
    ]) {
      expectProblem(await subscribe(p, body), 400, 'invalid_body');
    }
    // Bodies the document does not allow (missing fields, wrong types, broken JSON): only raw requests can send them.
    const raw = (body: unknown) => sendRaw(p, 'POST', '/v1/players/me/push-subscriptions', { body });
    for (const body of [
      { endpoint: good.endpoint },
      { ...good, keys: { auth: good.keys.auth } },
      { ...good, expirationTime: 'tomorrow' },
      [],
    ]) {
      expectProblem(await raw(body), 400, 'invalid_body');
    }
    expect((await raw('{"endpoint":')).response.status).toBe(400);
    expect(await subscriptionsOf(p)).toEqual([]);
  });

  it('with the production rules an endpoint on a private, loopback or special-purpose address → 400 private_push_endpoint; an ambiguous one → 400 invalid_push_endpoint; nothing is stored', async () => {
    const p = await strictApi.newPlayer('PushStrict');
    for (const endpoint of [
      'https://127.0.0.1:8443/x',
      'https://10.0.0.1/x',
      'https://169.254.169.254/x',
      'https://100.64.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:0:7f00:1]/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'https://[2002:7f00:1::1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://push.internal/x',
    ]) {
      const r = await subscribe(p, pushSubscription(endpoint));
      expect(r.response.status, `${endpoint}: ${textOf(r)}`).toBe(400);
      expect(problemOf(r).code, endpoint).toBe('private_push_endpoint');
    }
    for (const endpoint of [
      'https://push.example.net\\@127.0.0.1/x',
      'https://@push.example.net/x',
      'https://push.example.net@127.0.0.1/x',
      'https:push.example.net/x',
    ]) {
      expectProblem(await subscribe(p, pushSubscription(endpoint)), 400, 'invalid_push_endpoint');
    }
    // What z.url() would silently strip is refused by the schema.
    for (const endpoint of [
      'https://pu\tsh.example.net/x',
      ' https://push.example.net/x',
      'https://push.example.net/x\n',
    ]) {
      expectProblem(await subscribe(p, pushSubscription(endpoint)), 400, 'invalid_body');
    }
    expect(await subscriptionsOf(p)).toEqual([]);
    // A name is judged when it is resolved, at delivery (see test/api/notifications.test.ts).
    expect(
      (await subscribe(p, pushSubscription('https://updates.push.example.com/wpush/v2/abc'))).response.status,
    ).toBe(201);
  });

  it('at most 20 per player: one more → 409 too_many_push_subscriptions, but renewing one at the cap works', async () => {
    const p = await api.newPlayer('PushMany');
    const subs = Array.from({ length: 20 }, (_, i) => pushSubscription(`https://push.example.net/wpush/${i}`));
    for (const s of subs) expect((await subscribe(p, s)).response.status).toBe(201);
    const over = await subscribe(p, pushSubscription());
    expectProblem(over, 409, 'too_many_push_subscriptions');
    expect(problemOf(over).limit).toBe(20);
    expect((await subscribe(p, pushSubscription(subs[3]!.endpoint))).response.status).toBe(201);
    expect(await subscriptionsOf(p)).toHaveLength(20);
  });

  it('DELETE: 204 for your own, then 404; 404 for an unknown id and for another player’s subscription (which stays)', async () => {
    const [a, b] = [await api.newPlayer('PushA'), await api.newPlayer('PushB')];
    const mine = dataOf(await subscribe(a, pushSubscription())).id;
    const theirs = dataOf(await subscribe(b, pushSubscription())).id;
    expectProblem(await unsubscribe(a, theirs), 404, 'not_found');
    expectProblem(await unsubscribe(a, '0'.repeat(32)), 404, 'not_found');
    expect((await subscriptionsOf(b)).map((s) => s.id)).toEqual([theirs]);
    expect((await unsubscribe(a, mine)).response.status).toBe(204);
    expectProblem(await unsubscribe(a, mine), 404, 'not_found');
    expect(await subscriptionsOf(a)).toEqual([]);
  });
});

describe('GET /v1/push/vapid-public-key', () => {
  it("is public and gives the server's VAPID public key (an uncompressed P-256 point); each in-memory server has its own", async () => {
    const r = await api.GET('/v1/push/vapid-public-key');
    expect(r.response.status).toBe(200);
    expect(r.data).toEqual({ publicKey: server.notifySecrets.vapid.publicKey });
    const point = Buffer.from(dataOf(r).publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(dataOf(await strictApi.GET('/v1/push/vapid-public-key')).publicKey).not.toBe(dataOf(r).publicKey);
  });

  it('without notification settings in the app: 404 push_not_configured (and unsubscribe links 404 unsubscribe_not_configured)', async () => {
    const app = createApp({ ...server.services });
    const vapid = await app.request('/v1/push/vapid-public-key');
    expect(vapid.status).toBe(404);
    expect(((await vapid.json()) as { code: string }).code).toBe('push_not_configured');
    const token = unsubscribeToken(server, 'someone');
    for (const method of ['GET', 'POST']) {
      const r = await app.request(`/v1/unsubscribe?token=${token}`, { method });
      expect(r.status).toBe(404);
      expect(((await r.json()) as { code: string }).code).toBe('unsubscribe_not_configured');
    }
  });
});

describe('unsubscribe links (no login)', () => {
  const link = (token: string) => `/v1/unsubscribe?token=${encodeURIComponent(token)}`;
  const params = (token: string) => ({ query: { token } });
  /** The confirmation page a link opens. */
  const page = (client: Api, token: string) =>
    client.GET('/v1/unsubscribe', { params: params(token), parseAs: 'text' });
  /** The one-click POST a mail client sends to a link. */
  const unsubscribe = (client: Api, token: string) =>
    client.POST('/v1/unsubscribe', { params: params(token), ...oneClick });

  it('GET shows a confirmation page with a form and changes nothing (mail scanners prefetch links)', async () => {
    const p = await withEmail(api, 'Scanned');
    const before = await server.services.table.getPlayer(p.playerId);
    const token = unsubscribeToken(server, p.playerId);
    for (let i = 0; i < 3; i++) {
      const shown = await page(api, token);
      expect(shown.response.status).toBe(200);
      expect(shown.response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
      expect(shown.response.headers.get('cache-control')).toBe('no-store');
      const html = dataOf(shown);
      expect(html).toContain('<form method="post"');
      expect(html).toContain(`action="?token=${encodeURIComponent(token)}"`);
      expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(html).toContain('all railpost emails');
    }
    expect(await server.services.table.getPlayer(p.playerId)).toEqual(before);
    expect((await me(p)).notifications.email).toBe(true);
  });

  it('POST with the RFC 8058 one-click body turns email off (nothing else), answers JSON, and is idempotent', async () => {
    const p = await withEmail(api, 'OneClick');
    await patchMe(p, { notifications: { events: { chat: true } } });
    const token = unsubscribeToken(server, p.playerId);
    for (let i = 0; i < 2; i++) {
      const r = await unsubscribe(api, token);
      expect(r.response.status, textOf(r)).toBe(200);
      expect(r.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.data).toEqual({ unsubscribed: true, channel: 'email', kind: 'all' });
    }
    const profile = await me(p);
    expect(profile.email).toBe('oneclick@example.org');
    expect(profile.notifications).toEqual({ email: false, events: { ...DEFAULT_EVENTS, chat: true }, digest: null });
  });

  it('POST with an empty body works too; the form of the GET page, posted as a browser does, shows an HTML answer', async () => {
    const empty = await withEmail(api, 'EmptyBody');
    expect(
      (await api.POST('/v1/unsubscribe', { params: params(unsubscribeToken(server, empty.playerId)) })).response.status,
    ).toBe(200);
    expect((await me(empty)).notifications.email).toBe(false);

    const browser = await withEmail(api, 'Browser');
    // As a browser does: the form's own action, resolved against the page, posted as a form.
    const pageUrl = `${server.url}${link(unsubscribeToken(server, browser.playerId))}`;
    const shown = await fetch(pageUrl);
    const action = /<form method="post" action="([^"]+)"/.exec(await shown.text())?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBeDefined();
    const field = new URLSearchParams({ 'List-Unsubscribe': 'One-Click' });
    const done = await fetch(new URL(action!, pageUrl), {
      method: 'POST',
      body: field,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await done.text()).toContain('no more all railpost emails');
    expect((await me(browser)).notifications.email).toBe(false);
  });

  it('a token naming a kind turns off only that kind; email stays on', async () => {
    const p = await withEmail(api, 'Reminded');
    const token = unsubscribeToken(server, p.playerId, 'reminder');
    expect(dataOf(await page(api, token))).toContain('reminder notifications');
    const r = await unsubscribe(api, token);
    expect(r.data).toEqual({ unsubscribed: true, channel: 'email', kind: 'reminder' });
    expect((await me(p)).notifications).toEqual({
      email: true,
      events: { ...DEFAULT_EVENTS, reminder: false },
      digest: null,
    });
  });

  it('a tampered, forged or malformed token → 400 invalid_token on GET and POST, and nothing changes', async () => {
    const victim = await withEmail(api, 'Victim');
    const other = await withEmail(api, 'Other');
    const good = unsubscribeToken(server, other.playerId);
    const [version, body, mac] = good.split('.') as [string, string, string];
    const victimBody = Buffer.from(JSON.stringify({ p: victim.playerId, c: 'email' })).toString('base64url');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      `${version}.${body}.${flipped}`, // MAC altered
      `${version}.${victimBody}.${mac}`, // another player's id under a valid MAC
      signUnsubscribe('not-the-server-secret', { playerId: victim.playerId, channel: 'email' }), // signed with another key
      unsubscribeToken(strict, victim.playerId), // another server's key
      `u2.${body}.${mac}`,
      `${good}.extra`,
      'garbage',
    ];
    const before = [
      await server.services.table.getPlayer(victim.playerId),
      await server.services.table.getPlayer(other.playerId),
    ];
    for (const token of bad) {
      expectProblem(await page(api, token), 400, 'invalid_token');
      expectProblem(await unsubscribe(api, token), 400, 'invalid_token');
    }
    // Without the token the document requires: only raw requests can leave it out.
    expectProblem(await sendRaw(api, 'GET', '/v1/unsubscribe'), 400, 'invalid_query');
    expectProblem(
      await sendRaw(api, 'POST', '/v1/unsubscribe', { body: 'List-Unsubscribe=One-Click', headers: oneClick.headers }),
      400,
      'invalid_query',
    );
    expect([
      await server.services.table.getPlayer(victim.playerId),
      await server.services.table.getPlayer(other.playerId),
    ]).toEqual(before);
    // The genuine token still works.
    expect((await unsubscribe(api, good)).response.status).toBe(200);
  });

  it('a one-click body other than List-Unsubscribe=One-Click → 400 invalid_body, nothing changes', async () => {
    const p = await withEmail(api, 'OddBody');
    // A value the document's form does not allow: only a raw request can send it.
    expectProblem(
      await sendRaw(api, 'POST', link(unsubscribeToken(server, p.playerId)), {
        body: 'List-Unsubscribe=Yes',
        headers: oneClick.headers,
      }),
      400,
      'invalid_body',
    );
    expect((await me(p)).notifications.email).toBe(true);
  });
});

describe('the local server’s notification secrets', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'railpost-secrets-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are generated once into <dataDir>/secrets.json (mode 0600) and survive a restart: same VAPID key, old unsubscribe links work', async () => {
    const first = await startTestServer(dataDir);
    let token: string;
    let publicKey: string;
    let playerId: string;
    try {
      publicKey = dataOf(await testClient(first.url).GET('/v1/push/vapid-public-key')).publicKey;
      const p = await withEmail(testClient(first.url), 'Durable', first);
      playerId = p.playerId;
      token = unsubscribeToken(first, p.playerId);
    } finally {
      await first.close();
    }
    const file = join(dataDir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.vapid.publicKey).toBe(publicKey);
    expect(saved.vapid.privateKey).toBe(first.notifySecrets.vapid.privateKey);
    expect(saved.unsubscribeSecret).toBe(first.notifySecrets.unsubscribeSecret);

    const second = await startTestServer(dataDir);
    try {
      expect(second.notifySecrets).toEqual(first.notifySecrets);
      const client = testClient(second.url);
      expect(dataOf(await client.GET('/v1/push/vapid-public-key')).publicKey).toBe(publicKey);
      const r = await client.POST('/v1/unsubscribe', { params: { query: { token } }, ...oneClick });
      expect(r.response.status, textOf(r)).toBe(200);
      expect((await second.services.table.getPlayer(playerId))?.notifications.email).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('a damaged secrets file stops the start with a message saying so (instead of silently replacing the keys)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'railpost-badsecrets-'));
    try {
      await writeFile(join(dir, 'secrets.json'), '{"version":1,"vapid":{}}');
      await expect(startTestServer(dir)).rejects.toThrow(/secrets\.json is not a railpost secrets file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
