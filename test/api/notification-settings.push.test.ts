/**
 * Web Push in a player's notification settings: subscriptions, the VAPID public key, and the local
 * server's notification secrets (VAPID key and unsubscribe key) that outlive a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app.js';
import { dataOf, problemOf, sendRaw, testClient, textOf } from '../support/client.js';
import { startTestServer } from '../support/local.js';
import { oneClick, pushSubscription, unsubscribeToken } from '../support/notifications.js';
import {
  api,
  expectProblem,
  server,
  strictApi,
  subscribe,
  subscriptionsOf,
  unsubscribe,
  useNotificationServers,
  withEmail,
} from './notification-settings.testkit.js';

useNotificationServers();

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

describe('the local server’s notification secrets', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'railpost-secrets-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are generated once into <dataDir>/secrets.json (mode 0600) and survive a restart: same VAPID key, old unsubscribe links work', async () => {
    const first = await startTestServer({ dataDir });
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

    const second = await startTestServer({ dataDir });
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
      await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/secrets\.json is not a railpost secrets file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
