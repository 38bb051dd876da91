/**
 * Per-player notification settings (issue 4, item 1): choices on the profile, webhooks with a
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
import { ApiClient, type Player, type Reply } from '../support/client.js';
import { RAISED_LIMITS, startTestServer, testRegistry } from '../support/local.js';
import { pushSubscription, unsubscribeToken } from '../support/notifications.js';

const DEFAULT_EVENTS = { yourTurn: true, reminder: true, gameStarted: true, gameFinished: true, chat: false };
const ALL_KINDS = ['yourTurn', 'reminder', 'gameStarted', 'gameFinished', 'chat'];

/** A local server that opted in to deliveries on this machine (RAILPOST_LOCAL_DELIVERY=1 for `npm start`). */
let server: LocalServer;
let api: ApiClient;
/** The default: the production rules for webhook URLs and push endpoints (https, public hosts only). */
let strict: LocalServer;
let strictApi: ApiClient;

beforeAll(async () => {
  [server, strict] = await Promise.all([startLocalServer({ registry: testRegistry(), sweepMs: 0, limits: RAISED_LIMITS, localDelivery: true }), startTestServer()]);
  api = new ApiClient(server.url);
  strictApi = new ApiClient(strict.url);
});
afterAll(async () => {
  await Promise.all([server?.close(), strict?.close()]);
});

function expectProblem(r: Reply, status: number, code: string): void {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.code).toBe(code);
}

/** A player with an email address (the default player has none). */
async function withEmail(client: ApiClient, name: string): Promise<Player> {
  const r = await client.post('/v1/players', { name, email: `${name.toLowerCase()}@example.org` });
  expect(r.status, r.text).toBe(201);
  return Object.assign(client.as(r.body.token), { playerId: r.body.id as string, token: r.body.token as string });
}

describe('notification settings on /v1/players/me', () => {
  it('default to every kind but chat; email on only when there is an address, and it follows the address until chosen', async () => {
    const plain = await api.newPlayer('Plain');
    const mailed = await withEmail(api, 'Mailed');
    expect((await plain.get('/v1/players/me')).body.notifications).toEqual({ email: false, events: DEFAULT_EVENTS });
    expect((await mailed.get('/v1/players/me')).body.notifications).toEqual({ email: true, events: DEFAULT_EVENTS });
    const added = await plain.patch('/v1/players/me', { email: 'plain@example.org' });
    expect(added.status).toBe(200);
    expect(added.body.notifications.email).toBe(true);
    expect((await plain.patch('/v1/players/me', { email: null })).body.notifications.email).toBe(false);
  });

  it('PATCH changes only what it names, and GET shows the same afterwards', async () => {
    const p = await withEmail(api, 'Patcher');
    const first = await p.patch('/v1/players/me', { notifications: { events: { chat: true, reminder: false } } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.notifications).toEqual({ email: true, events: { ...DEFAULT_EVENTS, chat: true, reminder: false } });
    const second = await p.patch('/v1/players/me', { notifications: { email: false } });
    expect(second.body.notifications).toEqual({ email: false, events: { ...DEFAULT_EVENTS, chat: true, reminder: false } });
    const renamed = await p.patch('/v1/players/me', { name: 'Renamed', email: 'new@example.org' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', email: 'new@example.org', notifications: second.body.notifications });
    const me = await p.get('/v1/players/me');
    expect(me.body).toEqual(renamed.body);
    const back = await p.patch('/v1/players/me', { notifications: { email: true, events: { yourTurn: false, reminder: true } } });
    expect(back.body.notifications).toEqual({ email: true, events: { ...DEFAULT_EVENTS, chat: true, yourTurn: false } });
    expect((await p.get('/v1/players/me')).body.notifications).toEqual(back.body.notifications);
  });

  it('refuses unknown kinds and keys, non-booleans and null (400 invalid_body), and email on without an address (400 email_address_required); nothing changes', async () => {
    const p = await api.newPlayer('Invalid');
    const before = (await p.get('/v1/players/me')).body;
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
      expectProblem(await p.patch('/v1/players/me', { notifications }), 400, 'invalid_body');
    }
    expectProblem(await p.patch('/v1/players/me', { notifications: { email: true } }), 400, 'email_address_required');
    expectProblem(await p.patch('/v1/players/me', { email: null, notifications: { email: true } }), 400, 'email_address_required');
    expect((await p.get('/v1/players/me')).body).toEqual(before);
    // With an address in the same request it is fine.
    const ok = await p.patch('/v1/players/me', { email: 'inv@example.org', notifications: { email: true } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.notifications.email).toBe(true);
  });
});

describe('webhooks', () => {
  it('POST → 201 with a whsec_ secret (shown only here); GET lists them without it; the stored secret is the shown one', async () => {
    const p = await api.newPlayer('Hooked');
    const seen: Reply[] = [];
    const watched = Object.assign(p.observed((_m, _p, reply) => seen.push(reply)), { playerId: p.playerId, token: p.token });
    const created = await watched.post('/v1/players/me/webhooks', { url: 'https://hooks.example.org/railpost?team=1' });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'events', 'id', 'secret', 'url']);
    expect(created.body).toMatchObject({ url: 'https://hooks.example.org/railpost?team=1', events: ALL_KINDS });
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const second = await watched.post('/v1/players/me/webhooks', { url: 'https://other.example.org/x', events: ['gameFinished', 'yourTurn'] });
    expect(second.status).toBe(201);
    expect(second.body.events).toEqual(['yourTurn', 'gameFinished']);
    expect(second.body.secret).not.toBe(secret);

    const listed = await watched.get('/v1/players/me/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        { id: created.body.id, url: created.body.url, events: ALL_KINDS, createdAt: created.body.createdAt },
        { id: second.body.id, url: second.body.url, events: ['yourTurn', 'gameFinished'], createdAt: second.body.createdAt },
      ]),
    );
    await watched.get('/v1/players/me');
    await watched.patch('/v1/players/me', { name: 'Hooked again' });
    // Only the two 201s ever carried a secret (nor any part of its key material).
    const secrets = [secret, second.body.secret as string].flatMap((s) => [s, s.slice('whsec_'.length)]);
    for (const reply of seen.filter((r) => r.status !== 201)) for (const s of secrets) expect(reply.text).not.toContain(s);

    // The notifier signs with what is stored: a signature made with it verifies with the shown secret.
    const stored = (await server.services.table.listWebhooks(p.playerId)).filter((w) => w.id === created.body.id);
    expect(stored.map((w) => w.secret)).toEqual([secret]);
    const body = JSON.stringify({ type: 'game.your_turn' });
    const at = new Date();
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(stored[0]!.secret).sign('msg_1', at, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'game.your_turn' });
  });

  it('refuses what is not an absolute http(s) URL without credentials (400 invalid_webhook_url) and bad event lists (400 invalid_body); nothing is stored', async () => {
    const p = await api.newPlayer('BadHook');
    for (const url of ['not a url', '/relative/path', 'ftp://files.example.org/x', 'javascript:alert(1)', 'https://user:pw@hooks.example.org/', 'https://:secret@hooks.example.org/']) {
      expectProblem(await p.post('/v1/players/me/webhooks', { url }), 400, 'invalid_webhook_url');
    }
    for (const body of [
      { url: 'https://hooks.example.org/', events: [] },
      { url: 'https://hooks.example.org/', events: ['lunch'] },
      { url: 'https://hooks.example.org/', events: ['chat', 'chat'] },
      { url: 'https://hooks.example.org/', secret: 'whsec_mine' },
      { url: `https://hooks.example.org/${'a'.repeat(2048)}` },
      { url: 42 },
      {},
    ]) {
      expectProblem(await p.post('/v1/players/me/webhooks', body), 400, 'invalid_body');
    }
    expect((await p.get('/v1/players/me/webhooks')).body).toEqual([]);
  });

  it('with the production rules: http → 400 insecure_webhook_url; private, loopback and link-local addresses and local names → 400 private_webhook_url', async () => {
    const p = await strictApi.newPlayer('Strict');
    expectProblem(await p.post('/v1/players/me/webhooks', { url: 'http://hooks.example.org/x' }), 400, 'insecure_webhook_url');
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
      const r = await p.post('/v1/players/me/webhooks', { url });
      expect(r.status, `${url}: ${r.text}`).toBe(400);
      expect(r.body.code, url).toBe('private_webhook_url');
    }
    expect((await p.get('/v1/players/me/webhooks')).body).toEqual([]);
    for (const url of ['https://hooks.example.org/x', 'https://8.8.8.8/hook', 'https://[2606:4700:4700::1111]/hook', 'https://172.32.0.1/', 'https://hooks.example.org.:8443/y']) {
      const r = await p.post('/v1/players/me/webhooks', { url });
      expect(r.status, `${url}: ${r.text}`).toBe(201);
    }
    expect((await p.get('/v1/players/me/webhooks')).body).toHaveLength(5);
  });

  it('audit #6: literal addresses in every IPv6 form that carries an IPv4 (SIIT, IPv4-compatible, NAT64, Teredo, 6to4) → 400 private_webhook_url', async () => {
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
      const r = await p.post('/v1/players/me/webhooks', { url });
      expect(r.status, `${url}: ${r.text}`).toBe(400);
      expect(r.body.code, url).toBe('private_webhook_url');
    }
    expect((await p.get('/v1/players/me/webhooks')).body).toEqual([]);
  });

  it('audit #6: a URL that parsers read differently (backslash, userinfo, control characters, spaces, no //) → 400 invalid_webhook_url on every server; the normalised href is stored', async () => {
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
        expectProblem(await p.post('/v1/players/me/webhooks', { url }), 400, 'invalid_webhook_url');
      }
      expect((await p.get('/v1/players/me/webhooks')).body).toEqual([]);
      const created = await p.post('/v1/players/me/webhooks', { url: 'https://Hooks.EXAMPLE.org:443/a/../b?x=1' });
      expect(created.status, created.text).toBe(201);
      expect(created.body.url).toBe('https://hooks.example.org/b?x=1');
    }
  });

  it('audit #6: strict rules are the default: a server that did not opt in refuses receivers on this machine', async () => {
    const p = await strictApi.newPlayer('DefaultStrict');
    expectProblem(await p.post('/v1/players/me/webhooks', { url: 'http://127.0.0.1:9999/hook' }), 400, 'insecure_webhook_url');
    expectProblem(await p.post('/v1/players/me/webhooks', { url: 'https://127.0.0.1:9999/hook' }), 400, 'private_webhook_url');
    expectProblem(await p.post('/v1/players/me/push-subscriptions', pushSubscription('https://127.0.0.1:9999/x')), 400, 'private_push_endpoint');
  });

  it('on the local development server (opted in) http:// receivers on this machine are allowed', async () => {
    const p = await api.newPlayer('LocalDev');
    for (const url of ['http://127.0.0.1:9999/hook', 'http://localhost:8080/', 'https://[::1]/x']) {
      const r = await p.post('/v1/players/me/webhooks', { url });
      expect(r.status, `${url}: ${r.text}`).toBe(201);
      expect(r.body.url).toBe(new URL(url).href);
    }
  });

  it('at most 10 per player: the 11th → 409 too_many_webhooks; after a delete there is room again', async () => {
    const p = await api.newPlayer('Many');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await p.post('/v1/players/me/webhooks', { url: `https://hooks.example.org/${i}` });
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.id);
    }
    const over = await p.post('/v1/players/me/webhooks', { url: 'https://hooks.example.org/11' });
    expectProblem(over, 409, 'too_many_webhooks');
    expect(over.body.limit).toBe(10);
    expect((await p.get('/v1/players/me/webhooks')).body).toHaveLength(10);
    expect((await p.request('DELETE', `/v1/players/me/webhooks/${ids[4]}`)).status).toBe(204);
    expect((await p.post('/v1/players/me/webhooks', { url: 'https://hooks.example.org/11' })).status).toBe(201);
    // Another player is not affected by this one's cap.
    expect((await (await api.newPlayer('Few')).post('/v1/players/me/webhooks', { url: 'https://hooks.example.org/' })).status).toBe(201);
  });

  it('DELETE: 204 for your own, then 404; 404 for an unknown id and for another player’s webhook (which stays); 400 for a malformed id', async () => {
    const [a, b] = [await api.newPlayer('HookA'), await api.newPlayer('HookB')];
    const mine = (await a.post('/v1/players/me/webhooks', { url: 'https://a.example.org/' })).body;
    const theirs = (await b.post('/v1/players/me/webhooks', { url: 'https://b.example.org/' })).body;
    expectProblem(await a.request('DELETE', `/v1/players/me/webhooks/${theirs.id}`), 404, 'not_found');
    expectProblem(await a.request('DELETE', '/v1/players/me/webhooks/NoSuchHook0000'), 404, 'not_found');
    expectProblem(await a.request('DELETE', `/v1/players/me/webhooks/${'x'.repeat(65)}`), 400, 'invalid_path');
    expectProblem(await a.request('DELETE', '/v1/players/me/webhooks/a.b'), 400, 'invalid_path');
    expect((await b.get('/v1/players/me/webhooks')).body.map((w: { id: string }) => w.id)).toEqual([theirs.id]);
    const deleted = await a.request('DELETE', `/v1/players/me/webhooks/${mine.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectProblem(await a.request('DELETE', `/v1/players/me/webhooks/${mine.id}`), 404, 'not_found');
    expect((await a.get('/v1/players/me/webhooks')).body).toEqual([]);
    expect(await server.services.table.listWebhooks(a.playerId)).toEqual([]);
  });
});

describe('Web Push subscriptions', () => {
  it('POST → 201 { id }; GET lists id, the push service origin and createdAt only; the same endpoint again replaces it', async () => {
    const p = await api.newPlayer('Pushy');
    const sub = pushSubscription('https://push.example.net/wpush/v2/gAAAAABk-secret-path');
    const created = await p.post('/v1/players/me/push-subscriptions', sub);
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    expect(created.body.id).toMatch(/^[0-9a-f]{32}$/);
    const listed = await p.get('/v1/players/me/push-subscriptions');
    expect(listed.body).toEqual([{ id: created.body.id, origin: 'https://push.example.net', createdAt: expect.any(String) }]);
    for (const hidden of ['secret-path', sub.keys.p256dh, sub.keys.auth]) expect(listed.text).not.toContain(hidden);

    const renewed = { ...pushSubscription(sub.endpoint), expirationTime: 1_900_000_000_000 };
    const again = await p.post('/v1/players/me/push-subscriptions', renewed);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created.body.id);
    expect((await p.get('/v1/players/me/push-subscriptions')).body).toHaveLength(1);
    const stored = await server.services.table.listPushSubscriptions(p.playerId);
    expect(stored.map((s) => s.subscription)).toEqual([renewed]);

    const other = await p.post('/v1/players/me/push-subscriptions', pushSubscription('https://updates.push.services.example.com/wpush/v1/abc'));
    expect(other.body.id).not.toBe(created.body.id);
    expect((await p.get('/v1/players/me/push-subscriptions')).body.map((s: { origin: string }) => s.origin).sort()).toEqual([
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
      { endpoint: good.endpoint },
      { ...good, keys: { auth: good.keys.auth } },
      { ...good, keys: { ...good.keys, p256dh: point.subarray(0, 33).toString('base64url') } },
      { ...good, keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1)]).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!!!' } },
      { ...good, expirationTime: 'tomorrow' },
      [],
    ]) {
      expectProblem(await p.post('/v1/players/me/push-subscriptions', body), 400, 'invalid_body');
    }
    expect((await p.post('/v1/players/me/push-subscriptions', '{"endpoint":')).status).toBe(400);
    expect((await p.get('/v1/players/me/push-subscriptions')).body).toEqual([]);
  });

  it('audit #6: with the production rules an endpoint on a private, loopback or special-purpose address → 400 private_push_endpoint; an ambiguous one → 400 invalid_push_endpoint; nothing is stored', async () => {
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
      const r = await p.post('/v1/players/me/push-subscriptions', pushSubscription(endpoint));
      expect(r.status, `${endpoint}: ${r.text}`).toBe(400);
      expect(r.body.code, endpoint).toBe('private_push_endpoint');
    }
    for (const endpoint of ['https://push.example.net\\@127.0.0.1/x', 'https://@push.example.net/x', 'https://push.example.net@127.0.0.1/x', 'https:push.example.net/x']) {
      expectProblem(await p.post('/v1/players/me/push-subscriptions', pushSubscription(endpoint)), 400, 'invalid_push_endpoint');
    }
    // What z.url() would silently strip is refused by the schema.
    for (const endpoint of ['https://pu\tsh.example.net/x', ' https://push.example.net/x', 'https://push.example.net/x\n']) {
      expectProblem(await p.post('/v1/players/me/push-subscriptions', pushSubscription(endpoint)), 400, 'invalid_body');
    }
    expect((await p.get('/v1/players/me/push-subscriptions')).body).toEqual([]);
    // A name is judged when it is resolved, at delivery (see test/api/notifications.test.ts).
    expect((await p.post('/v1/players/me/push-subscriptions', pushSubscription('https://updates.push.example.com/wpush/v2/abc'))).status).toBe(201);
  });

  it('at most 20 per player: one more → 409 too_many_push_subscriptions, but renewing one at the cap works', async () => {
    const p = await api.newPlayer('PushMany');
    const subs = Array.from({ length: 20 }, (_, i) => pushSubscription(`https://push.example.net/wpush/${i}`));
    for (const s of subs) expect((await p.post('/v1/players/me/push-subscriptions', s)).status).toBe(201);
    const over = await p.post('/v1/players/me/push-subscriptions', pushSubscription());
    expectProblem(over, 409, 'too_many_push_subscriptions');
    expect(over.body.limit).toBe(20);
    expect((await p.post('/v1/players/me/push-subscriptions', pushSubscription(subs[3]!.endpoint))).status).toBe(201);
    expect((await p.get('/v1/players/me/push-subscriptions')).body).toHaveLength(20);
  });

  it('DELETE: 204 for your own, then 404; 404 for an unknown id and for another player’s subscription (which stays)', async () => {
    const [a, b] = [await api.newPlayer('PushA'), await api.newPlayer('PushB')];
    const mine = (await a.post('/v1/players/me/push-subscriptions', pushSubscription())).body.id as string;
    const theirs = (await b.post('/v1/players/me/push-subscriptions', pushSubscription())).body.id as string;
    expectProblem(await a.request('DELETE', `/v1/players/me/push-subscriptions/${theirs}`), 404, 'not_found');
    expectProblem(await a.request('DELETE', `/v1/players/me/push-subscriptions/${'0'.repeat(32)}`), 404, 'not_found');
    expect((await b.get('/v1/players/me/push-subscriptions')).body.map((s: { id: string }) => s.id)).toEqual([theirs]);
    expect((await a.request('DELETE', `/v1/players/me/push-subscriptions/${mine}`)).status).toBe(204);
    expectProblem(await a.request('DELETE', `/v1/players/me/push-subscriptions/${mine}`), 404, 'not_found');
    expect((await a.get('/v1/players/me/push-subscriptions')).body).toEqual([]);
  });
});

describe('GET /v1/push/vapid-public-key', () => {
  it("is public and gives the server's VAPID public key (an uncompressed P-256 point); each in-memory server has its own", async () => {
    const r = await api.get('/v1/push/vapid-public-key');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ publicKey: server.notifySecrets.vapid.publicKey });
    const point = Buffer.from(r.body.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect((await strictApi.get('/v1/push/vapid-public-key')).body.publicKey).not.toBe(r.body.publicKey);
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
  const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };

  it('GET shows a confirmation page with a form and changes nothing (mail scanners prefetch links)', async () => {
    const p = await withEmail(api, 'Scanned');
    const before = await server.services.table.getPlayer(p.playerId);
    const token = unsubscribeToken(server, p.playerId);
    for (let i = 0; i < 3; i++) {
      const page = await api.get(link(token));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.text).toContain('<form method="post"');
      expect(page.text).toContain(`action="?token=${encodeURIComponent(token)}"`);
      expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(page.text).toContain('all railpost emails');
    }
    expect(await server.services.table.getPlayer(p.playerId)).toEqual(before);
    expect((await p.get('/v1/players/me')).body.notifications.email).toBe(true);
  });

  it('POST with the RFC 8058 one-click body turns email off (nothing else), answers JSON, and is idempotent', async () => {
    const p = await withEmail(api, 'OneClick');
    await p.patch('/v1/players/me', { notifications: { events: { chat: true } } });
    const token = unsubscribeToken(server, p.playerId);
    for (let i = 0; i < 2; i++) {
      const r = await api.post(link(token), 'List-Unsubscribe=One-Click', oneClick);
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.body).toEqual({ unsubscribed: true, channel: 'email', kind: 'all' });
    }
    const me = (await p.get('/v1/players/me')).body;
    expect(me.email).toBe('oneclick@example.org');
    expect(me.notifications).toEqual({ email: false, events: { ...DEFAULT_EVENTS, chat: true } });
  });

  it('POST with an empty body works too; the form of the GET page, posted as a browser does, shows an HTML answer', async () => {
    const empty = await withEmail(api, 'EmptyBody');
    expect((await api.request('POST', link(unsubscribeToken(server, empty.playerId)))).status).toBe(200);
    expect((await empty.get('/v1/players/me')).body.notifications.email).toBe(false);

    const browser = await withEmail(api, 'Browser');
    const pageUrl = `${server.url}${link(unsubscribeToken(server, browser.playerId))}`;
    const page = await fetch(pageUrl);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBeDefined();
    const field = new URLSearchParams({ 'List-Unsubscribe': 'One-Click' });
    const done = await fetch(new URL(action!, pageUrl), { method: 'POST', body: field, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await done.text()).toContain('no more all railpost emails');
    expect((await browser.get('/v1/players/me')).body.notifications.email).toBe(false);
  });

  it('a token naming a kind turns off only that kind; email stays on', async () => {
    const p = await withEmail(api, 'Reminded');
    const token = unsubscribeToken(server, p.playerId, 'reminder');
    expect((await api.get(link(token))).text).toContain('reminder notifications');
    const r = await api.post(link(token), 'List-Unsubscribe=One-Click', oneClick);
    expect(r.body).toEqual({ unsubscribed: true, channel: 'email', kind: 'reminder' });
    expect((await p.get('/v1/players/me')).body.notifications).toEqual({ email: true, events: { ...DEFAULT_EVENTS, reminder: false } });
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
    const before = [await server.services.table.getPlayer(victim.playerId), await server.services.table.getPlayer(other.playerId)];
    for (const token of bad) {
      expectProblem(await api.get(link(token)), 400, 'invalid_token');
      expectProblem(await api.post(link(token), 'List-Unsubscribe=One-Click', oneClick), 400, 'invalid_token');
    }
    expectProblem(await api.get('/v1/unsubscribe'), 400, 'invalid_query');
    expectProblem(await api.post('/v1/unsubscribe', 'List-Unsubscribe=One-Click', oneClick), 400, 'invalid_query');
    expect([await server.services.table.getPlayer(victim.playerId), await server.services.table.getPlayer(other.playerId)]).toEqual(before);
    // The genuine token still works.
    expect((await api.post(link(good), 'List-Unsubscribe=One-Click', oneClick)).status).toBe(200);
  });

  it('a one-click body other than List-Unsubscribe=One-Click → 400 invalid_body, nothing changes', async () => {
    const p = await withEmail(api, 'OddBody');
    expectProblem(await api.post(link(unsubscribeToken(server, p.playerId)), 'List-Unsubscribe=Yes', oneClick), 400, 'invalid_body');
    expect((await p.get('/v1/players/me')).body.notifications.email).toBe(true);
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
      publicKey = (await new ApiClient(first.url).get('/v1/push/vapid-public-key')).body.publicKey;
      const p = await withEmail(new ApiClient(first.url), 'Durable');
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
      const client = new ApiClient(second.url);
      expect((await client.get('/v1/push/vapid-public-key')).body.publicKey).toBe(publicKey);
      const r = await client.post(`/v1/unsubscribe?token=${encodeURIComponent(token)}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(r.status, r.text).toBe(200);
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
