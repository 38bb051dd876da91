/**
 * The board picture link in turn emails (issue 9: "turn emails embed or link it"): a signed,
 * login-free link to the board as a spectator sees it at the email's version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { signBoardLink } from '../../functions/notify/board-link.js';
import { ApiClient } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let server: LocalServer;
let api: ApiClient;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 0, email: { send: async (m) => void mails.push(m) } });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

describe('GET /v1/board-pictures/{token}', () => {
  it('the turn email links the board at its version as a spectator sees it: no login, no hand, cacheable for good', async () => {
    const anna = await api.post('/v1/players', { name: 'Anna', email: 'anna@example.test' });
    const annaApi = api.as(anna.body.token);
    const created = await annaApi.post('/v1/games', { game: 'vlaky-na-trati', players: 2, bots: 1 });
    await server.notificationsIdle();
    const mail = mails.find((m) => m.to === 'anna@example.test');
    expect(mail).toBeDefined();
    const link = /See the board: (\S+)/.exec(mail!.text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/v1/board-pictures/b1\\.`));
    expect(mail!.html).toContain(`href="${link}"`);

    const picture = await fetch(link!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await picture.text();
    // Anna's own picture shows her hand; the emailed one must not (VNT H-1: hands are secret).
    const own = await annaApi.request('GET', `/v1/games/${created.body.id}/board.svg`);
    expect(own.text).toContain('data-target="hand:');
    expect(svg).not.toContain('hand:');
    const spectator = (await api.newPlayer('Spectator')).request('GET', `/v1/games/${created.body.id}/board.svg`);
    expect(svg).toBe((await spectator).text);
  });

  it('refuses a tampered token with 400 invalid_token, and a link to a game without a picture with 404', async () => {
    const bad = await fetch(`${server.url}/v1/board-pictures/b1.eyJnIjoiZyIsInYiOjF9.AAAA`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await bad.json()) as { code: string }).code).toBe('invalid_token');

    const ben = await api.post('/v1/players', { name: 'Ben', email: 'ben@example.test' });
    await api.as(ben.body.token).post('/v1/games', { game: 'high-card', players: 2, bots: 1 });
    await server.notificationsIdle();
    const mail = mails.find((m) => m.to === 'ben@example.test');
    // The fixture game has no picture, so its emails carry no board link.
    expect(mail?.text).not.toContain('See the board');
  });

  it('audit #10: a pinned version is drawn as a spectator saw it then, so its immutable picture does not change when the game ends', async () => {
    let clock = Date.parse('2026-11-02T08:00:00.000Z');
    const timed = await startLocalServer({ registry: testRegistry(), sweepMs: 0, now: () => new Date(clock) });
    try {
      const timedApi = new ApiClient(timed.url);
      const anna = await timedApi.newPlayer('Anna');
      const created = await anna.post('/v1/games', { game: 'streetcar', players: 2, bots: 1, timeControl: { perMove: 'PT1M', onTimeout: 'forfeit' } });
      expect(created.status, created.text).toBe(201);
      const path = `/v1/games/${created.body.id}`;
      const version = (await anna.get(path)).body.version as number;
      const token = signBoardLink(timed.notifySecrets.unsubscribeSecret, { gameId: created.body.id, version });
      const before = await (await fetch(`${timed.url}/v1/board-pictures/${token}`)).text();
      expect(before).not.toContain('stops ');

      // Anna's clock runs out: she forfeits and the two-seat game ends, which reveals every route card (SC-10.4 no longer applies).
      clock += 2 * 60_000;
      await timed.sweep();
      expect((await anna.get(path)).body.status).toBe('finished');
      const after = await fetch(`${timed.url}/v1/board-pictures/${token}`);
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(before);
      expect((await fetch(`${timed.url}${path}/board.svg`, { headers: { authorization: `Bearer ${anna.token}` } }).then((r) => r.text()))).toContain('stops ');
    } finally {
      await timed.close();
    }
  });

  it("audit #10: every SVG response carries Content-Security-Policy default-src 'none' (no script, no loads)", async () => {
    const anna = await api.newPlayer('Anna');
    const created = await anna.post('/v1/games', { game: 'ticket-to-ride-europe', players: 2, bots: 1 });
    expect(created.status, created.text).toBe(201);
    const own = await fetch(`${server.url}/v1/games/${created.body.id}/board.svg`, { headers: { authorization: `Bearer ${anna.token}` } });
    const token = signBoardLink(server.notifySecrets.unsubscribeSecret, { gameId: created.body.id, version: 0 });
    const pinned = await fetch(`${server.url}/v1/board-pictures/${token}`);
    for (const r of [own, pinned]) {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'");
    }
  });
});
