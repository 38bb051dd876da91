/**
 * Webhooks in a player's notification settings: a secret shown once, the SSRF guard on their URLs
 * and a cap per player.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, sendRaw, textOf, watch, type Schemas, type Seen } from '../support/client.js';
import { pushSubscription } from '../support/notifications.js';
import {
  ALL_KINDS,
  addWebhook,
  api,
  deleteWebhook,
  expectProblem,
  patchMe,
  server,
  strictApi,
  subscribe,
  useNotificationServers,
  webhooksOf,
} from './notification-settings.testkit.js';

useNotificationServers();

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
    const body = JSON.stringify({ type: 'yourTurn' });
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(stored[0]!.secret).sign('msg_1', at, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'yourTurn' });
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
