/**
 * Email notification settings on the profile (kinds, the daily digest) and the unsubscribe links
 * in emails, which work without logging in (GET asks, POST acts).
 */
import { describe, expect, it } from 'vitest';
import { signUnsubscribe } from '../../functions/notify/unsubscribe.js';
import { dataOf, sendRaw, textOf, type Api } from '../support/client.js';
import { oneClick, unsubscribeToken } from '../support/notifications.js';
import { confirmEmail } from '../support/accounts.js';
import {
  DEFAULT_EVENTS,
  api,
  expectProblem,
  me,
  patchMe,
  server,
  strict,
  useNotificationServers,
  withEmail,
} from './notification-settings.testkit.js';

useNotificationServers();

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
