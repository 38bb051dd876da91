import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_LIMITS_TABLE, LOCAL_TABLE, startLocalServer, type LocalServer, type StoreCall } from '../../functions/local/server.js';
import { DEFAULT_LIMITS, type Limits } from '../../functions/service/limits.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { ApiClient } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

/**
 * audit #7: writes are limited per player and per client address (429 rate_limited with
 * Retry-After), and caps bound what one player stores. The server runs with the real limits;
 * each test sends from its own loopback address (127.0.0.x), since the address is part of the key.
 */

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

interface Harness {
  server: LocalServer;
  calls: StoreCall[];
}

async function harness(limits: Limits): Promise<Harness> {
  const calls: StoreCall[] = [];
  const server = await startLocalServer({ registry: testRegistry(), sweepMs: 0, limits, onDbCall: (c) => calls.push(c) });
  return { server, calls };
}

let nextAddress = 2;
let forged = 0;
/** A client that connects from its own loopback address (Linux routes all of 127/8 to lo). */
function client(h: Harness) {
  const address = `127.0.0.${nextAddress++}`;
  const url = new URL(h.server.url);
  const send = (method: string, path: string, body?: unknown, token?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          localAddress: address,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            // Never trusted: the limits must key on the connection, not on this.
            'x-forwarded-for': `198.51.100.${++forged % 250}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const newPlayer = async (name: string) => {
    const r = await send('POST', '/v1/players', { name });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const token = r.body.token as string;
    return {
      id: r.body.id as string,
      get: (path: string) => send('GET', path, undefined, token),
      post: (path: string, body: unknown) => send('POST', path, body, token),
    };
  };
  return { address, send, newPlayer };
}

/** A 429 as promised: problem+json, code rate_limited, Retry-After in whole seconds within the window. */
function expectRateLimited(r: Reply, windowSeconds: number) {
  expect(r.status, JSON.stringify(r.body)).toBe(429);
  expect(r.headers['content-type']).toContain('application/problem+json');
  expect(r.body.code).toBe('rate_limited');
  const retryAfter = Number(r.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(r.body.retryAfter).toBe(retryAfter);
}

/** Runs `refused` and returns the writes it sent to the game table (after notifications settle). */
async function gameTableWrites(h: Harness, refused: () => Promise<void>): Promise<StoreCall[]> {
  await h.server.notificationsIdle();
  const from = h.calls.length;
  await refused();
  await h.server.notificationsIdle();
  return h.calls.slice(from).filter((c) => WRITES.has(c.command) && c.input.TableName === LOCAL_TABLE);
}

const rates = DEFAULT_LIMITS.rates;
const CHAT_CAP = 30;

describe('audit #7: rate limits on writes, with the real limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(DEFAULT_LIMITS);
  });
  afterAll(() => h.server.close());

  it('audit #7: POST /v1/players is limited per address; the 429 stores no player; other addresses (and X-Forwarded-For) do not matter', async () => {
    const a = client(h);
    const allowed = rates.createPlayer.perAddress!;
    for (let i = 0; i < allowed.points; i++) expect((await a.send('POST', '/v1/players', { name: `P${i}` })).status).toBe(201);
    const writes = await gameTableWrites(h, async () => expectRateLimited(await a.send('POST', '/v1/players', { name: 'One too many' }), allowed.seconds));
    expect(writes).toEqual([]);
    expect((await client(h).send('POST', '/v1/players', { name: 'Elsewhere' })).status).toBe(201);
  });

  it('audit #7: POST /v1/games is limited per player; the 429 stores no game', async () => {
    const anna = await client(h).newPlayer('Anna');
    const allowed = rates.createGame.perPlayer!;
    // Full games (a bot in the other seat) do not count towards the open-games cap.
    const game = { game: 'high-card', players: 2, bots: 1 };
    for (let i = 0; i < allowed.points; i++) expect((await anna.post('/v1/games', game)).status).toBe(201);
    const writes = await gameTableWrites(h, async () => expectRateLimited(await anna.post('/v1/games', game), allowed.seconds));
    expect(writes).toEqual([]);
    expect((await anna.get('/v1/games')).body).toHaveLength(allowed.points);
  });

  it('audit #7: POST /v1/games/{id}/join is limited per player (every attempt counts); the refused join takes no seat', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const mine = (await anna.post('/v1/games', { game: 'high-card', players: 2 })).body;
    const theirs = (await ben.post('/v1/games', { game: 'high-card', players: 2 })).body;
    const allowed = rates.join.perPlayer!;
    for (let i = 0; i < allowed.points; i++) expect((await anna.post(`/v1/games/${mine.id}/join`, { inviteCode: mine.inviteCode })).body.code).toBe('already_seated');
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await anna.post(`/v1/games/${theirs.id}/join`, { inviteCode: theirs.inviteCode }), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await ben.get(`/v1/games/${theirs.id}`)).body.status).toBe('open');
  });

  it('audit #7: wrong invite codes are limited per player: after the allowed misses even the right code is refused (brute force)', async () => {
    const c = client(h);
    const [anna, mallory] = [await c.newPlayer('Anna'), await c.newPlayer('Mallory')];
    const game = (await anna.post('/v1/games', { game: 'high-card', players: 2 })).body;
    const allowed = rates.badInviteCode.perPlayer!;
    for (let i = 0; i < allowed.points; i++) {
      expect((await mallory.post(`/v1/games/${game.id}/join`, { inviteCode: `guess-${i}` })).body.code).toBe('bad_invite_code');
    }
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await mallory.post(`/v1/games/${game.id}/join`, { inviteCode: game.inviteCode }), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await anna.get(`/v1/games/${game.id}`)).body.seats[1].playerId).toBeNull();
  });

  it('audit #7: wrong invite codes are limited per address too, across fresh accounts', async () => {
    const c = client(h);
    const anna = await client(h).newPlayer('Anna');
    const game = (await anna.post('/v1/games', { game: 'high-card', players: 2 })).body;
    const perPlayer = rates.badInviteCode.perPlayer!.points;
    const allowed = rates.badInviteCode.perAddress!;
    let misses = 0;
    while (misses < allowed.points) {
      const sock = await c.newPlayer(`Sock ${misses}`);
      for (let i = 0; i < perPlayer && misses < allowed.points; i++, misses++) {
        expect((await sock.post(`/v1/games/${game.id}/join`, { inviteCode: `guess-${misses}` })).body.code).toBe('bad_invite_code');
      }
    }
    const fresh = await c.newPlayer('Fresh sock');
    expectRateLimited(await fresh.post(`/v1/games/${game.id}/join`, { inviteCode: game.inviteCode }), allowed.seconds);
    expect((await anna.get(`/v1/games/${game.id}`)).body.status).toBe('open');
  });

  it('audit #7: POST /v1/games/{id}/chat is limited per player; the 429 stores no message', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = (await anna.post('/v1/games', { game: 'high-card', players: 2, bots: 1 })).body;
    const allowed = rates.chat.perPlayer!;
    for (let i = 0; i < allowed.points; i++) expect((await anna.post(`/v1/games/${game.id}/chat`, { text: `hello ${i}` })).status).toBe(201);
    const writes = await gameTableWrites(h, async () => expectRateLimited(await anna.post(`/v1/games/${game.id}/chat`, { text: 'one more' }), allowed.seconds));
    expect(writes).toEqual([]);
    expect((await anna.get(`/v1/games/${game.id}/chat?limit=100`)).body.messages).toHaveLength(allowed.points);
  });

  it('audit #7: POST /v1/games/{id}/actions is limited per player in memory: no limits-table call, and the refused move is not played', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = (await anna.post('/v1/games', { game: 'high-card', players: 2, bots: 1 })).body;
    const path = `/v1/games/${game.id}`;
    const view = (await anna.get(`${path}/view`)).body;
    const allowed = rates.action.perPlayer!;
    const from = h.calls.length;
    // Stale versions are refused by the game, yet count: every attempt costs the server work.
    for (let i = 0; i < allowed.points; i++) {
      expect((await anna.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: view.version + 1 })).body.code).toBe('stale_version');
    }
    const writes = await gameTableWrites(h, async () => expectRateLimited(await anna.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: view.version }), allowed.seconds));
    expect(writes).toEqual([]);
    expect(h.calls.slice(from).filter((c) => c.input.TableName === LOCAL_LIMITS_TABLE)).toEqual([]);
    expect((await anna.get(`${path}/view`)).body.version).toBe(view.version);
  });
});

describe('audit #7: caps on what one player stores', () => {
  let h: Harness;
  beforeAll(async () => {
    // Rates out of the way, or reaching the caps would take most of an hour; the real open-games
    // cap, and a chat cap small enough to reach in a second (500 messages take dynalite 30 s).
    h = await harness({ ...DEFAULT_LIMITS, rates: RAISED_LIMITS.rates, caps: { ...DEFAULT_LIMITS.caps, chatMessagesPerGame: CHAT_CAP } });
  });
  afterAll(() => h.server.close());

  it('audit #7: a player may have only so many games waiting for players (409 too_many_open_games); a started game frees its place', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const cap = DEFAULT_LIMITS.caps.openGamesPerPlayer;
    const open = [];
    for (let i = 0; i < cap; i++) open.push((await anna.post('/v1/games', { game: 'high-card', players: 2 })).body);
    const refused = await anna.post('/v1/games', { game: 'high-card', players: 2 });
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body.code).toBe('too_many_open_games');
    expect((await anna.get('/v1/games')).body).toHaveLength(cap);
    // Games that start at once (bots in every other seat) are not waiting for anybody.
    expect((await anna.post('/v1/games', { game: 'high-card', players: 2, bots: 1 })).status).toBe(201);
    expect((await ben.post(`/v1/games/${open[0].id}/join`, { inviteCode: open[0].inviteCode })).status).toBe(200);
    expect((await anna.post('/v1/games', { game: 'high-card', players: 2 })).status).toBe(201);
  });

  it('audit #7: a player may write only so many messages in one game (409 chat_full), others still may', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const game = (await anna.post('/v1/games', { game: 'high-card', players: 2 })).body;
    await ben.post(`/v1/games/${game.id}/join`, { inviteCode: game.inviteCode });
    const cap = CHAT_CAP;
    // Concurrent writers cannot pass the cap together: one atomic counter decides.
    const burst = await Promise.all(Array.from({ length: cap + 10 }, (_, i) => anna.post(`/v1/games/${game.id}/chat`, { text: `m${i}` })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(cap);
    expect(new Set(burst.filter((r) => r.status !== 201).map((r) => r.body.code))).toEqual(new Set(['chat_full']));
    const refused = await anna.post(`/v1/games/${game.id}/chat`, { text: 'one more' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('chat_full');
    expect((await ben.post(`/v1/games/${game.id}/chat`, { text: 'my turn to talk' })).status).toBe(201);
    const all = (await anna.get(`/v1/games/${game.id}/chat?limit=500`)).body.messages as { seat: number }[];
    expect(all.filter((m) => m.seat === 0)).toHaveLength(cap);
  });
});

describe('audit #7: chat notices are debounced per recipient', () => {
  let server: LocalServer;
  let receiver: Server;
  let receiverUrl: string;
  let clock = Date.parse('2026-03-02T10:00:00Z');
  const mails: OutgoingMail[] = [];
  const hooks: { path: string; type: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        hooks.push({ path: req.url ?? '', type: JSON.parse(body).type });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    server = await startLocalServer({
      registry: testRegistry(),
      sweepMs: 0,
      limits: RAISED_LIMITS,
      // The webhook receiver is on this machine: the suite opts in (the default refuses it).
      localDelivery: true,
      email: { send: async (m) => void mails.push(m) },
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((ok) => receiver.close(ok));
  });

  it('audit #7: a burst of chat messages yields one email and one call per webhook per window; the next window notifies again', async () => {
    const api = new ApiClient(server.url);
    const anna = await api.newPlayer('Anna');
    const benReply = await api.post('/v1/players', { name: 'Ben', email: 'ben@example.test' });
    const ben = api.as(benReply.body.token);
    expect((await ben.patch('/v1/players/me', { notifications: { events: { chat: true } } })).status).toBe(200);
    const webhooks = 10;
    for (let i = 0; i < webhooks; i++) expect((await ben.post('/v1/players/me/webhooks', { url: `${receiverUrl}/hook-${i}`, events: ['chat'] })).status).toBe(201);
    const game = (await anna.post('/v1/games', { game: 'high-card', players: 2 })).body;
    await ben.post(`/v1/games/${game.id}/join`, { inviteCode: game.inviteCode });
    await server.notificationsIdle();
    const chatMails = () => mails.filter((m) => m.to === 'ben@example.test' && /wrote in/.test(m.subject));
    const chatHooks = () => hooks.filter((h) => h.type === 'game.chat');

    for (let i = 0; i < 12; i++) {
      expect((await anna.post(`/v1/games/${game.id}/chat`, { text: `message ${i}` })).status).toBe(201);
      clock += 1000;
    }
    await server.notificationsIdle();
    expect(chatMails()).toHaveLength(1);
    expect(chatMails()[0]!.text).toContain('message 0');
    expect(chatHooks()).toHaveLength(webhooks);
    expect(new Set(chatHooks().map((h) => h.path)).size).toBe(webhooks);

    clock += DEFAULT_LIMITS.chatNoticeSeconds * 1000;
    await anna.post(`/v1/games/${game.id}/chat`, { text: 'after a pause' });
    await server.notificationsIdle();
    expect(chatMails()).toHaveLength(2);
    expect(chatHooks()).toHaveLength(2 * webhooks);
  });
});
