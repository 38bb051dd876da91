/**
 * The board picture link in turn emails ("turn emails embed or link it"): a signed,
 * login-free link to the board as a spectator sees it at the email's version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { signBoardLink } from '../../functions/notify/board-link.js';
import { dataOf, problemOf, testClient, textOf, type Api } from '../support/client.js';
import { isAccountMail, playerWithEmail } from '../support/accounts.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let server: LocalServer;
let api: Api;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    store: 'memory',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    email: { send: async (m) => void mails.push(m) },
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

/** The login-free picture a link's token names, as any client (no token) fetches it. */
const pictureAt = (client: Api, token: string) =>
  client.as(undefined).GET('/v1/board-pictures/{token}', { params: { path: { token } }, parseAs: 'text' });
/** A player's own picture of a game. */
const boardOf = (client: Api, id: string) =>
  client.GET('/v1/games/{id}/board.svg', { params: { path: { id } }, parseAs: 'text' });

describe('GET /v1/board-pictures/{token}', () => {
  it('the turn email links the board at its version as a spectator sees it: no login, no hand, cacheable for good', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna@example.test');
    const created = dataOf(await anna.POST('/v1/games', { body: { game: 'vlaky-na-trati', players: 2, bots: 1 } }));
    await server.notificationsIdle();
    const mail = mails.find((m) => m.to === 'anna@example.test' && !isAccountMail(m));
    expect(mail).toBeDefined();
    const link = /See the board: (\S+)/.exec(mail!.text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/v1/board-pictures/b1\\.`));
    expect(mail!.html).toContain(`href="${link}"`);

    const picture = await pictureAt(api, decodeURIComponent(link!.slice(`${server.url}/v1/board-pictures/`.length)));
    expect(picture.response.url).toBe(link);
    expect(picture.response.status).toBe(200);
    expect(picture.response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(picture.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = dataOf(picture);
    // Anna's own picture shows her hand; the emailed one must not (VNT H-1: hands are secret).
    const own = await boardOf(anna, created.id);
    expect(dataOf(own)).toContain('data-target="hand:');
    expect(svg).not.toContain('hand:');
    const spectator = boardOf(await api.newPlayer('Spectator'), created.id);
    expect(svg).toBe(dataOf(await spectator));
  });

  it('refuses a tampered token with 400 invalid_token, and a link to a game without a picture with 404', async () => {
    const bad = await pictureAt(api, 'b1.eyJnIjoiZyIsInYiOjF9.AAAA');
    expect(bad.response.status).toBe(400);
    expect(bad.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problemOf(bad).code).toBe('invalid_token');

    const ben = await playerWithEmail(server, api, 'Ben', 'ben@example.test');
    await ben.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } });
    await server.notificationsIdle();
    const mail = mails.find((m) => m.to === 'ben@example.test' && !isAccountMail(m));
    // The fixture game has no picture, so its emails carry no board link.
    expect(mail?.text).not.toContain('See the board');
  });

  it('a pinned version is drawn as a spectator saw it then, so its immutable picture does not change when the game ends', async () => {
    let clock = Date.parse('2026-11-02T08:00:00.000Z');
    const timed = await startLocalServer({
      store: 'memory',
      registry: testRegistry(),
      sweepMs: 0,
      now: () => new Date(clock),
    });
    try {
      const timedApi = testClient(timed.url);
      const anna = await timedApi.newPlayer('Anna');
      const created = await anna.POST('/v1/games', {
        body: { game: 'streetcar', players: 2, bots: 1, timeControl: { perMove: 'PT1M', onTimeout: 'forfeit' } },
      });
      expect(created.response.status, textOf(created)).toBe(201);
      const { id } = dataOf(created);
      const params = { path: { id } };
      const version = dataOf(await anna.GET('/v1/games/{id}', { params })).version;
      const token = signBoardLink(timed.notifySecrets.unsubscribeSecret, { gameId: id, version });
      const before = dataOf(await pictureAt(timedApi, token));
      expect(before).not.toContain('stops ');

      // Anna's clock runs out: she forfeits and the two-seat game ends, which reveals every route card (SC-10.4 no longer applies).
      clock += 2 * 60_000;
      await timed.sweep();
      expect(dataOf(await anna.GET('/v1/games/{id}', { params })).status).toBe('finished');
      const after = await pictureAt(timedApi, token);
      expect(after.response.status).toBe(200);
      expect(after.data).toBe(before);
      expect(dataOf(await boardOf(anna, id))).toContain('stops ');
    } finally {
      await timed.close();
    }
  });

  it("every SVG response carries Content-Security-Policy default-src 'none' (no script, no loads)", async () => {
    const anna = await api.newPlayer('Anna');
    const created = await anna.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 2, bots: 1 } });
    expect(created.response.status, textOf(created)).toBe(201);
    const own = await boardOf(anna, dataOf(created).id);
    const token = signBoardLink(server.notifySecrets.unsubscribeSecret, { gameId: dataOf(created).id, version: 0 });
    const pinned = await pictureAt(api, token);
    for (const r of [own, pinned]) {
      expect(r.response.status).toBe(200);
      expect(r.response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(r.response.headers.get('content-security-policy')).toBe("default-src 'none'");
    }
  });
});
