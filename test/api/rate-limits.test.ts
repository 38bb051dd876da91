import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_LIMITS_TABLE,
  LOCAL_TABLE,
  startLocalServer,
  type LocalServer,
  type StoreCall,
} from '../../functions/local/server.js';
import { DEFAULT_LIMITS, type Limits } from '../../functions/service/limits.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { checkAnswer } from '../support/answer-checks.js';
import {
  dataOf,
  problemOf,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Problem,
  type Schemas,
} from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { highCardAnswer } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

/**
 * Writes are limited per player and per client address (429 rate_limited with
 * Retry-After), and caps bound what one player stores. The server runs with the real limits;
 * each test sends from its own loopback address (127.0.0.x), since the address is part of the key.
 */

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

interface Harness {
  server: LocalServer;
  calls: StoreCall[];
}

async function harness(limits: Limits): Promise<Harness> {
  const calls: StoreCall[] = [];
  const server = await startLocalServer({
    registry: testRegistry(),
    sweepMs: 0,
    limits,
    onDbCall: (c) => calls.push(c),
  });
  return { server, calls };
}

let nextAddress = 2;
let forged = 0;

/**
 * The typed client's requests sent over node:http from `localAddress`: Node's fetch cannot choose
 * the address a connection comes from. Its answers are checked against the document as the
 * suites' fetch checks them.
 */
function fetchFrom(localAddress: string) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    // Never trusted: the limits must key on the connection, not on this.
    const headers = { ...Object.fromEntries(request.headers), 'x-forwarded-for': `198.51.100.${++forged % 250}` };
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: request.method, path, localAddress, headers },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const seenHeaders = Object.fromEntries(
              Object.entries(res.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.join(', ') : String(value),
              ]),
            );
            checkAnswer({
              method: request.method,
              path,
              status,
              contentType: res.headers['content-type'] ?? null,
              headers: seenHeaders,
              body: text,
            });
            const answered = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const v of [value ?? []].flat()) answered.append(name, v);
            resolve(new Response(text === '' ? null : text, { status, headers: answered }));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}

/** A client that connects from its own loopback address (Linux routes all of 127/8 to lo). */
function client(h: Harness) {
  const address = `127.0.0.${nextAddress++}`;
  const api = testClient(h.server.url, { fetch: fetchFrom(address) });
  return { address, api, newPlayer: (name: string) => api.newPlayer(name) };
}

/** A 429 as promised: problem+json, code rate_limited, Retry-After in whole seconds within the window. */
function expectRateLimited(r: Answer<Problem>, windowSeconds: number) {
  expect(r.response.status, textOf(r)).toBe(429);
  expect(r.response.headers.get('content-type')).toContain('application/problem+json');
  expect(problemOf(r).code).toBe('rate_limited');
  const retryAfter = Number(r.response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(problemOf(r).retryAfter).toBe(retryAfter);
  // The exhausted limit, in the RateLimit headers.
  expect(r.response.headers.get('ratelimit-remaining')).toBe('0');
  expect(r.response.headers.get('ratelimit-reset')).toBe(String(retryAfter));
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

const join = (p: Api, id: string, inviteCode: string) =>
  p.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode } });
const summary = async (p: Api, id: string) => dataOf(await p.GET('/v1/games/{id}', { params: { path: { id } } }));
const chat = (p: Api, id: string, text: string) =>
  p.POST('/v1/games/{id}/chat', { params: { path: { id } }, body: { text } });
const messages = async (p: Api, id: string, limit: number) =>
  dataOf(await p.GET('/v1/games/{id}/chat', { params: { path: { id }, query: { limit } } })).messages;

describe('rate limits on writes, with the real limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(DEFAULT_LIMITS);
  });
  afterAll(() => h.server.close());

  it('POST /v1/players is limited per address; the 429 stores no player; other addresses (and X-Forwarded-For) do not matter', async () => {
    const register = (from: ReturnType<typeof client>, name: string) =>
      from.api.POST('/v1/players', { body: { name } });
    const a = client(h);
    const allowed = rates.createPlayer.perAddress!;
    for (let i = 0; i < allowed.points; i++) expect((await register(a, `P${i}`)).response.status).toBe(201);
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await register(a, 'One too many'), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await register(client(h), 'Elsewhere')).response.status).toBe(201);
  });

  it('POST /v1/games is limited per player; the 429 stores no game', async () => {
    const anna = await client(h).newPlayer('Anna');
    const allowed = rates.createGame.perPlayer!;
    // Full games (a bot in the other seat) do not count towards the open-games cap.
    const game: Schemas['GameCreate'] = { game: 'high-card', players: 2, bots: 1 };
    for (let i = 0; i < allowed.points; i++)
      expect((await anna.POST('/v1/games', { body: game })).response.status).toBe(201);
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await anna.POST('/v1/games', { body: game }), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect(dataOf(await anna.GET('/v1/games')).items).toHaveLength(allowed.points);
  });

  it('a rematch counts as a game created: once POST /v1/games is used up, proposing or accepting one is refused with the same 429, and no game starts', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const resign = (p: Api, id: string) => p.POST('/v1/games/{id}/resign', { params: { path: { id } } });
    const duel = dataOf(await ben.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    expect((await join(anna, duel.id, duel.inviteCode!)).response.status).toBe(200);
    dataOf(await resign(anna, duel.id));
    expect((await ben.POST('/v1/games/{id}/rematch', { params: { path: { id: duel.id } } })).response.status).toBe(200);

    const allowed = rates.createGame.perPlayer!;
    const game: Schemas['GameCreate'] = { game: 'high-card', players: 2, bots: 1 };
    const solo = dataOf(await anna.POST('/v1/games', { body: game }));
    dataOf(await resign(anna, solo.id));
    for (let i = 1; i < allowed.points; i++)
      expect((await anna.POST('/v1/games', { body: game })).response.status).toBe(201);

    const writes = await gameTableWrites(h, async () => {
      expectRateLimited(
        await anna.POST('/v1/games/{id}/rematch/accept', { params: { path: { id: duel.id } } }),
        allowed.seconds,
      );
      expectRateLimited(
        await anna.POST('/v1/games/{id}/rematch', { params: { path: { id: solo.id } } }),
        allowed.seconds,
      );
    });
    expect(writes).toEqual([]);
    expect((await summary(ben, duel.id)).rematch).toMatchObject({ status: 'pending' });
    expect((await summary(anna, solo.id)).rematch).toBeUndefined();
  });

  it('POST /v1/games/{id}/join is limited per player (every attempt counts); the refused join takes no seat', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const mine = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const theirs = dataOf(await ben.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const allowed = rates.join.perPlayer!;
    for (let i = 0; i < allowed.points; i++)
      expect((await join(anna, mine.id, mine.inviteCode!)).error?.code).toBe('already_seated');
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await join(anna, theirs.id, theirs.inviteCode!), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await summary(ben, theirs.id)).status).toBe('open');
  });

  it('wrong invite codes are limited per player: after the allowed misses even the right code is refused (brute force)', async () => {
    const c = client(h);
    const [anna, mallory] = [await c.newPlayer('Anna'), await c.newPlayer('Mallory')];
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const allowed = rates.badInviteCode.perPlayer!;
    for (let i = 0; i < allowed.points; i++) {
      expect((await join(mallory, game.id, `guess-${i}`)).error?.code).toBe('bad_invite_code');
    }
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await join(mallory, game.id, game.inviteCode!), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await summary(anna, game.id)).seats[1]!.playerId).toBeNull();
  });

  it('wrong invite codes sent at once are counted before they are judged: of 40, only the allowed ones get bad_invite_code, the rest 429', async () => {
    const c = client(h);
    const [anna, mallory] = [await c.newPlayer('Anna'), await c.newPlayer('Mallory')];
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const allowed = rates.badInviteCode.perPlayer!;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => join(mallory, game.id, `guess-${i}`)));
    const judged = answers.filter((r) => r.error?.code === 'bad_invite_code');
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(allowed.points);
    for (const r of answers.filter((x) => x.error?.code !== 'bad_invite_code')) expectRateLimited(r, allowed.seconds);
    expectRateLimited(await join(mallory, game.id, game.inviteCode!), allowed.seconds);
  });

  it('a right invite code does not count as a wrong one, nor does a join refused for another reason', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const allowed = rates.badInviteCode.perPlayer!.points;
    const [first, second] = [
      dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 3 } })),
      dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 3 } })),
    ];
    expect((await join(ben, first.id, first.inviteCode!)).response.status).toBe(200);
    for (let i = 0; i < allowed; i++)
      expect((await join(ben, first.id, first.inviteCode!)).error?.code).toBe('already_seated');
    for (let i = 0; i < allowed - 1; i++)
      expect((await join(ben, first.id, `guess-${i}`)).error?.code).toBe('bad_invite_code');
    const joined = await join(ben, second.id, second.inviteCode!);
    expect(joined.response.status).toBe(200);
    expect(joined.response.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('wrong invite codes are limited per address too, across fresh accounts', async () => {
    const c = client(h);
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const perPlayer = rates.badInviteCode.perPlayer!.points;
    const allowed = rates.badInviteCode.perAddress!;
    let misses = 0;
    while (misses < allowed.points) {
      const sock = await c.newPlayer(`Sock ${misses}`);
      for (let i = 0; i < perPlayer && misses < allowed.points; i++, misses++) {
        expect((await join(sock, game.id, `guess-${misses}`)).error?.code).toBe('bad_invite_code');
      }
    }
    const fresh = await c.newPlayer('Fresh sock');
    expectRateLimited(await join(fresh, game.id, game.inviteCode!), allowed.seconds);
    expect((await summary(anna, game.id)).status).toBe('open');
  });

  it('every answer of a limited operation gives its tightest limit: RateLimit-Limit, RateLimit-Remaining counting down, RateLimit-Reset', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const perPlayer = rates.chat.perPlayer!;
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await chat(anna, game.id, `hello ${i}`);
      expect(r.response.status).toBe(201);
      expect(r.response.headers.get('ratelimit-limit')).toBe(String(perPlayer.points));
      const reset = Number(r.response.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(perPlayer.seconds);
      remaining.push(r.response.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual([perPlayer.points - 1, perPlayer.points - 2, perPlayer.points - 3].map(String));
    // A refused body past authentication counts too, and says so.
    const refused = await chat(anna, game.id, '');
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('ratelimit-remaining')).toBe(String(perPlayer.points - 4));
    // Operations without a limit carry none.
    expect(
      (await anna.GET('/v1/games/{id}', { params: { path: { id: game.id } } })).response.headers.get('ratelimit-limit'),
    ).toBeNull();
  });

  it('POST /v1/games/{id}/chat is limited per player; the 429 stores no message', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const allowed = rates.chat.perPlayer!;
    for (let i = 0; i < allowed.points; i++)
      expect((await chat(anna, game.id, `hello ${i}`)).response.status).toBe(201);
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await chat(anna, game.id, 'one more'), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect(await messages(anna, game.id, 100)).toHaveLength(allowed.points);
  });

  it('POST /v1/games/{id}/actions is limited per player in memory: no limits-table call, and the refused move is not played', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const params = { path: { id: game.id } };
    const view = dataOf(highCardAnswer(await anna.GET('/v1/games/{id}/view', { params })));
    const move = (expectedVersion: number) =>
      anna.POST('/v1/games/{id}/actions', { params, body: { action: view.legalActions[0]!, expectedVersion } });
    const allowed = rates.action.perPlayer!;
    const from = h.calls.length;
    // Stale versions are refused by the game, yet count: every attempt costs the server work.
    for (let i = 0; i < allowed.points; i++) {
      expect((await move(view.version + 1)).error?.code).toBe('stale_version');
    }
    const writes = await gameTableWrites(h, async () => expectRateLimited(await move(view.version), allowed.seconds));
    expect(writes).toEqual([]);
    expect(h.calls.slice(from).filter((c) => c.input.TableName === LOCAL_LIMITS_TABLE)).toEqual([]);
    expect(dataOf(await anna.GET('/v1/games/{id}/view', { params })).version).toBe(view.version);
  });
});

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
    const chatHooks = () => hooks.filter((h) => h.type === 'game.chat');

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
