/**
 * Codes confirming a new address are limited like sign-in mails, caps bound what one player
 * stores, and chat notices are debounced per recipient.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { dataOf, problemOf, testClient, textOf, type Api, type Schemas } from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import {
  CHAT_CAP,
  type Harness,
  chat,
  client,
  expectRateLimited,
  harness,
  join,
  messages,
  rates,
} from './rate-limits.testkit.js';

describe('codes confirming a new address are limited like sign-in mails', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(DEFAULT_LIMITS);
  });
  afterAll(() => h.server.close());

  const setEmail = (p: Api, email: string) => p.PATCH('/v1/players/me', { body: { email } });
  const mailsTo = (address: string) => h.server.sentMail.filter((m) => m.to === address).length;

  it('PATCH /v1/players/me naming an address is limited per address the code goes to, whoever asks; the 429 mails nothing', async () => {
    const c = client(h);
    const [anna, mallory] = [await c.newPlayer('Anna'), await client(h).newPlayer('Mallory')];
    const allowed = rates.confirmationMail.perPlayer!;
    const target = 'flooded@example.test';
    for (let i = 0; i < allowed.points; i++) {
      const r = await setEmail(anna, target);
      expect(r.response.status, textOf(r)).toBe(200);
      expect(r.response.headers.get('ratelimit-remaining')).toBe(String(allowed.points - 1 - i));
    }
    expect(mailsTo(target)).toBe(allowed.points);
    expectRateLimited(await setEmail(anna, target), allowed.seconds);
    // Another player from another client address floods the same mailbox no further.
    expectRateLimited(await setEmail(mallory, target), allowed.seconds);
    expect(mailsTo(target)).toBe(allowed.points);
    expect((await setEmail(anna, 'elsewhere@example.test')).response.status).toBe(200);
  });

  it('… and per client address, across addresses', async () => {
    const c = client(h);
    const anna = await c.newPlayer('Anna');
    const allowed = rates.confirmationMail.perAddress!;
    for (let i = 0; i < allowed.points; i++)
      expect((await setEmail(anna, `spread-${i}@example.test`)).response.status).toBe(200);
    expectRateLimited(await setEmail(anna, 'one-more@example.test'), allowed.seconds);
    expect(mailsTo('one-more@example.test')).toBe(0);
  });

  it('changes naming no address (notifications, name, removing the address) are not counted and carry no RateLimit headers', async () => {
    const c = client(h);
    const anna = await c.newPlayer('Anna');
    const times = rates.confirmationMail.perAddress!.points + 5;
    for (let i = 0; i < times; i++) {
      const r = await anna.PATCH('/v1/players/me', {
        body: i % 2 ? { notifications: { events: { chat: i % 4 === 1 } } } : { name: `Anna ${i}` },
      });
      expect(r.response.status, textOf(r)).toBe(200);
      expect(r.response.headers.get('ratelimit-limit')).toBeNull();
    }
    expect((await anna.PATCH('/v1/players/me', { body: { email: null } })).response.status).toBe(200);
    expect((await setEmail(anna, 'still-allowed@example.test')).response.status).toBe(200);
  });
});

describe('caps on what one player stores', () => {
  let h: Harness;
  beforeAll(async () => {
    // Rates out of the way, or reaching the caps would take most of an hour; the real open-games
    // cap, and a chat cap small enough to reach in a second (500 messages take dynalite 30 s).
    h = await harness({
      ...DEFAULT_LIMITS,
      rates: RAISED_LIMITS.rates,
      caps: { ...DEFAULT_LIMITS.caps, chatMessagesPerGame: CHAT_CAP },
    });
  });
  afterAll(() => h.server.close());

  it('a player may have only so many games waiting for players (409 too_many_open_games); a started game frees its place', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const cap = DEFAULT_LIMITS.caps.openGamesPerPlayer;
    const create = (body: Schemas['GameCreate']) => anna.POST('/v1/games', { body });
    const open = [];
    for (let i = 0; i < cap; i++) open.push(dataOf(await create({ game: 'high-card', players: 2 })));
    const refused = await create({ game: 'high-card', players: 2 });
    expect(refused.response.status).toBe(409);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(problemOf(refused).code).toBe('too_many_open_games');
    expect(dataOf(await anna.GET('/v1/games')).items).toHaveLength(cap);
    // Games that start at once (bots in every other seat) are not waiting for anybody.
    expect((await create({ game: 'high-card', players: 2, bots: 1 })).response.status).toBe(201);
    expect((await join(ben, open[0]!.id, open[0]!.inviteCode!)).response.status).toBe(200);
    expect((await create({ game: 'high-card', players: 2 })).response.status).toBe(201);
  });

  it('a player may write only so many messages in one game (409 chat_full), others still may', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    await join(ben, game.id, game.inviteCode!);
    const cap = CHAT_CAP;
    // Concurrent writers cannot pass the cap together: one atomic counter decides.
    const burst = await Promise.all(Array.from({ length: cap + 10 }, (_, i) => chat(anna, game.id, `m${i}`)));
    expect(burst.filter((r) => r.response.status === 201)).toHaveLength(cap);
    expect(new Set(burst.filter((r) => r.response.status !== 201).map((r) => r.error?.code))).toEqual(
      new Set(['chat_full']),
    );
    const refused = await chat(anna, game.id, 'one more');
    expect(refused.response.status).toBe(409);
    expect(problemOf(refused).code).toBe('chat_full');
    expect((await chat(ben, game.id, 'my turn to talk')).response.status).toBe(201);
    const all = await messages(anna, game.id, 500);
    expect(all.filter((m) => m.seat === 0)).toHaveLength(cap);
  });
});

describe('chat notices are debounced per recipient', () => {
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
      store: 'memory',
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

  it('a burst of chat messages yields one email and one call per webhook per window; the next window notifies again', async () => {
    const api = testClient(server.url);
    const anna = await api.newPlayer('Anna');
    const ben = await playerWithEmail(server, api, 'Ben', 'ben@example.test');
    expect(
      (await ben.PATCH('/v1/players/me', { body: { notifications: { events: { chat: true } } } })).response.status,
    ).toBe(200);
    const webhooks = 10;
    for (let i = 0; i < webhooks; i++)
      expect(
        (await ben.POST('/v1/players/me/webhooks', { body: { url: `${receiverUrl}/hook-${i}`, events: ['chat'] } }))
          .response.status,
      ).toBe(201);
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    await join(ben, game.id, game.inviteCode!);
    await server.notificationsIdle();
    const chatMails = () => mails.filter((m) => m.to === 'ben@example.test' && /wrote in/.test(m.subject));
    const chatHooks = () => hooks.filter((h) => h.type === 'chat');

    for (let i = 0; i < 12; i++) {
      expect((await chat(anna, game.id, `message ${i}`)).response.status).toBe(201);
      clock += 1000;
    }
    await server.notificationsIdle();
    expect(chatMails()).toHaveLength(1);
    expect(chatMails()[0]!.text).toContain('message 0');
    expect(chatHooks()).toHaveLength(webhooks);
    expect(new Set(chatHooks().map((h) => h.path)).size).toBe(webhooks);

    clock += DEFAULT_LIMITS.chatNoticeSeconds * 1000;
    await chat(anna, game.id, 'after a pause');
    await server.notificationsIdle();
    expect(chatMails()).toHaveLength(2);
    expect(chatHooks()).toHaveLength(2 * webhooks);
  });
});
