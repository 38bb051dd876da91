/**
 * Authentication and authorisation for every operation of the OpenAPI document (DESIGN.md
 * section 4): bearer tokens, public endpoints, spectators, seats that are not due, joining,
 * and tokens that are never shown again after registration.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { ApiClient, type Player, type Reply } from '../support/client.js';
import { HighCardGame, storedGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';
import { boardPictureToken, pushSubscription, unsubscribeToken } from '../support/notifications.js';

interface Operation {
  key: string;
  method: string;
  path: string;
  isPublic: boolean;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const spec = JSON.parse(readFileSync(new URL('../../api-spec/openapi.json', import.meta.url), 'utf8')) as {
  security?: unknown[];
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};
/** Every operation of the committed document (which test/api-spec.test.ts keeps equal to the routes). */
const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => METHODS.has(method))
    .map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      isPublic: Array.isArray(op.security ?? spec.security) && (op.security ?? spec.security)!.length === 0,
    })),
);
const secured = operations.filter((o) => !o.isPublic);

let server: LocalServer;
let api: ApiClient;
/** owner (seat 0) and mate (seat 1) play `running`; seat 1 is due. */
let owner: Player;
let mate: Player;
let outsider: Player;
let running: HighCardGame;
/** owner's game with two free seats. */
let open: { id: string; inviteCode: string };
/** owner against a bot, played to the end. */
let finished: HighCardGame;
/** Gets the unsubscribe links (their token, not a bearer token, is the authority). */
let reader: Player;
/** owner against a bot in a game that has a board picture. */
let pictured: string;
/** owner's one push subscription endpoint. */
const ownerPush = pushSubscription();

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
  [owner, mate, outsider] = [await api.newPlayer('Owner'), await api.newPlayer('Mate'), await api.newPlayer('Outsider')];
  running = await HighCardGame.create([owner, mate]);
  await running.act(0, (legal) => legal.find((a) => a.type === 'draw')); // a secret draw (HC-2); seat 1 is due now
  const created = await owner.post('/v1/games', { game: 'high-card', players: 3 });
  open = { id: created.body.id, inviteCode: created.body.inviteCode };
  finished = await HighCardGame.create([owner], { bots: 1, options: { rounds: 1, handSize: 2 } });
  await finished.playToEnd();
  reader = await api.newPlayer('Reader');
  pictured = (await owner.post('/v1/games', { game: 'ticket-to-ride-europe', players: 2, bots: 1 })).body.id;
});
afterAll(() => server.close());

/** The id of one of owner's webhooks (or push subscriptions), adding one only when there is none. */
async function ownersItem(kind: 'webhooks' | 'push-subscriptions' | 'vacations'): Promise<string> {
  const listed = await owner.get(`/v1/players/me/${kind}`);
  if (listed.body[0]) return listed.body[0].id;
  const bodies = { webhooks: { url: 'https://hooks.example.org/auth-suite' }, 'push-subscriptions': ownerPush, vacations: futureVacation() };
  const created = await owner.post(`/v1/players/me/${kind}`, bodies[kind]);
  if (created.status !== 201) throw new Error(`cannot add to ${kind}: ${created.text}`);
  return created.body.id;
}

/** Days away, starting tomorrow. */
function futureVacation() {
  const day = 86_400_000;
  return { from: new Date(Date.now() + day).toISOString(), until: new Date(Date.now() + 3 * day).toISOString() };
}

/** Everything the owner has set up for notifications, read under the API. */
async function ownersChannels() {
  const { table } = server.services;
  return { webhooks: await table.listWebhooks(owner.playerId), push: await table.listPushSubscriptions(owner.playerId), me: await table.getPlayer(owner.playerId) };
}

/** A well-formed request for each operation (so that only authentication can fail it). */
async function requestFor(op: Operation): Promise<{ path: string; body?: unknown; headers?: Record<string, string> }> {
  const version = (await mate.get(running.path)).body.version as number;
  const unsubscribe = `/v1/unsubscribe?token=${encodeURIComponent(unsubscribeToken(server, reader.playerId))}`;
  // Deleting needs something of owner's to delete (added only when there is none).
  if (op.key === 'DELETE /v1/players/me/webhooks/{webhookId}') return { path: `/v1/players/me/webhooks/${await ownersItem('webhooks')}` };
  if (op.key === 'DELETE /v1/players/me/push-subscriptions/{subscriptionId}') return { path: `/v1/players/me/push-subscriptions/${await ownersItem('push-subscriptions')}` };
  if (op.key === 'DELETE /v1/players/me/vacations/{vacationId}') return { path: `/v1/players/me/vacations/${await ownersItem('vacations')}` };
  const requests: Record<string, { path: string; body?: unknown; headers?: Record<string, string> }> = {
    'GET /v1/catalog': { path: '/v1/catalog' },
    'GET /v1/catalog/{game}': { path: '/v1/catalog/ticket-to-ride-europe' },
    'POST /v1/players': { path: '/v1/players', body: { name: 'Newcomer' } },
    'GET /v1/players/me': { path: '/v1/players/me' },
    'PATCH /v1/players/me': { path: '/v1/players/me', body: { name: 'Renamed' } },
    'POST /v1/games': { path: '/v1/games', body: { game: 'high-card', players: 2 } },
    'GET /v1/games': { path: '/v1/games?status=active' },
    'POST /v1/games/{id}/join': { path: `/v1/games/${open.id}/join`, body: { inviteCode: open.inviteCode } },
    'GET /v1/games/{id}': { path: running.path },
    'GET /v1/games/{id}/view': { path: `${running.path}/view` },
    'POST /v1/games/{id}/actions': { path: `${running.path}/actions`, body: { action: { type: 'pass' }, expectedVersion: version } },
    'GET /v1/games/{id}/log': { path: `${running.path}/log?after=0` },
    'GET /v1/games/{id}/export': { path: `${finished.path}/export` },
    'GET /v1/games/{id}/chat': { path: `${running.path}/chat` },
    'GET /v1/games/{id}/board.svg': { path: `/v1/games/${pictured}/board.svg` },
    'GET /v1/board-pictures/{token}': { path: `/v1/board-pictures/${boardPictureToken(server, pictured, 0)}` },
    'POST /v1/games/{id}/chat': { path: `${running.path}/chat`, body: { text: 'Nice draw.' } },
    'GET /v1/players/me/webhooks': { path: '/v1/players/me/webhooks' },
    'POST /v1/players/me/webhooks': { path: '/v1/players/me/webhooks', body: { url: 'https://hooks.example.org/railpost', events: ['yourTurn'] } },
    'GET /v1/players/me/push-subscriptions': { path: '/v1/players/me/push-subscriptions' },
    'POST /v1/players/me/push-subscriptions': { path: '/v1/players/me/push-subscriptions', body: pushSubscription() },
    'GET /v1/players/me/vacations': { path: '/v1/players/me/vacations' },
    'POST /v1/players/me/vacations': { path: '/v1/players/me/vacations', body: futureVacation() },
    'GET /v1/push/vapid-public-key': { path: '/v1/push/vapid-public-key' },
    'GET /v1/unsubscribe': { path: unsubscribe },
    'POST /v1/unsubscribe': { path: unsubscribe, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  };
  const r = requests[op.key];
  if (!r) throw new Error(`no request defined for ${op.key}: add it to this suite`);
  return r;
}

function send(client: ApiClient, op: Operation, req: { path: string; body?: unknown; headers?: Record<string, string> }, headers?: Record<string, string>): Promise<Reply> {
  return client.request(op.method, req.path, req.body, { ...req.headers, ...headers });
}

/** Success statuses other than 200. */
const CREATED: Record<string, number> = {
  'POST /v1/players': 201,
  'POST /v1/games': 201,
  'POST /v1/players/me/webhooks': 201,
  'POST /v1/players/me/push-subscriptions': 201,
  'DELETE /v1/players/me/webhooks/{webhookId}': 204,
  'DELETE /v1/players/me/push-subscriptions/{subscriptionId}': 204,
  'POST /v1/players/me/vacations': 201,
  'POST /v1/games/{id}/chat': 201,
  'DELETE /v1/players/me/vacations/{vacationId}': 204,
};
/** Media types of successful answers other than JSON (none for 204). */
const MEDIA_TYPES: Record<string, RegExp> = {
  'GET /v1/unsubscribe': /^text\/html; charset=utf-8/i,
  'GET /v1/games/{id}/board.svg': /^image\/svg\+xml/,
  'GET /v1/board-pictures/{token}': /^image\/svg\+xml/,
};

function expectSuccess(op: Operation, r: Reply): void {
  expect(r.status, r.text).toBe(CREATED[op.key] ?? 200);
  if (r.status === 204) expect(r.text).toBe('');
  else expect(r.headers.get('content-type')).toMatch(MEDIA_TYPES[op.key] ?? /^application\/json/);
}

function expectProblem(r: Reply, status: number, code: string): void {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.code).toBe(code);
}

/** Authorization headers that must all be refused. */
function badAuthorizations(): [string, string][] {
  const [ownerId, ownerSecret] = owner.token.split('.') as [string, string];
  const mateId = mate.playerId;
  const wellFormedSecret = randomBytes(32).toString('base64url');
  return [
    ['empty', ''],
    ['scheme only', 'Bearer'],
    ['scheme and space', 'Bearer '],
    ['other scheme', `Basic ${Buffer.from('owner:secret').toString('base64')}`],
    ['token without scheme', owner.token],
    ['garbage', 'Bearer not-a-token'],
    ['truncated secret', `Bearer ${owner.token.slice(0, -1)}`],
    ['extra characters', `Bearer ${owner.token}x`],
    ['unknown player id', `Bearer ${randomBytes(12).toString('base64url')}.${wellFormedSecret}`],
    ['forged: right id, wrong secret', `Bearer ${ownerId}.${wellFormedSecret}`],
    ["another player's secret", `Bearer ${mateId}.${ownerSecret}`],
    ['the secret’s hash instead of the secret', `Bearer ${ownerId}.${Buffer.from(createHash('sha256').update(ownerSecret).digest()).toString('base64url')}`],
  ];
}

describe('the operations under test', () => {
  it('cover every operation of api-spec/openapi.json, and only the catalog, sign-up, the VAPID key and the links in emails are public', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(21);
    for (const op of operations) await expect(requestFor(op)).resolves.toBeDefined();
    expect(operations.filter((o) => o.isPublic).map((o) => o.key).sort()).toEqual([
      'GET /v1/board-pictures/{token}',
      'GET /v1/catalog',
      'GET /v1/catalog/{game}',
      'GET /v1/push/vapid-public-key',
      'GET /v1/unsubscribe',
      'POST /v1/players',
      'POST /v1/unsubscribe',
    ]);
    // The served document has the same operations as the committed one.
    const served = (await api.get('/openapi.json')).body as typeof spec;
    const servedOps = Object.entries(served.paths).flatMap(([p, ops]) => Object.keys(ops).filter((m) => METHODS.has(m)).map((m) => `${m.toUpperCase()} ${p}`));
    expect(servedOps.sort()).toEqual(operations.map((o) => o.key).sort());
  });
});

describe.each(operations)('$key', (op) => {
  it(op.isPublic ? 'is public: works without a token' : 'without a token → 401 unauthorized problem+json', async () => {
    const r = await send(api, op, await requestFor(op));
    if (op.isPublic) expectSuccess(op, r);
    else expectProblem(r, 401, 'unauthorized');
  });

  it('with the right player’s token → success', async () => {
    // The seated player who is due (mate) for play; a newcomer for joining; the owner otherwise.
    const who = op.key === 'POST /v1/games/{id}/join' ? await api.newPlayer(`Joiner ${op.key}`) : op.key.includes('{id}') ? mate : owner;
    expectSuccess(op, await send(who, op, await requestFor(op)));
  });
});

describe.each(secured)('$key', (op) => {
  it('with a malformed, unknown or forged token → 401, and nothing changes', async () => {
    const req = await requestFor(op);
    const before = await storedGame(server, running.id);
    const openBefore = await storedGame(server, open.id);
    const channelsBefore = await ownersChannels();
    for (const [what, authorization] of badAuthorizations()) {
      const r = await send(api, op, req, { authorization });
      expect(r.status, `${what}: ${r.text}`).toBe(401);
      expect(r.body.code).toBe('unauthorized');
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(await storedGame(server, running.id)).toEqual(before);
    expect(await storedGame(server, open.id)).toEqual(openBefore);
    expect(await ownersChannels()).toEqual(channelsBefore);
  });
});

describe('a spectator (a player without a seat)', () => {
  it('can GET the game, its view (no hand, no legal actions) and its log (redacted), but POST actions → 403 not_seated and export before the end → 409', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'spec' });
    const drawn = await game.act(0, (legal) => legal.find((a) => a.type === 'draw')); // secret draw (HC-2)
    const before = await storedGame(server, game.id);

    const summary = await outsider.get(game.path);
    expect(summary.status).toBe(200);
    expect(summary.body.id).toBe(game.id);
    expect(summary.body).not.toHaveProperty('yourSeat');
    expect(summary.body).not.toHaveProperty('inviteCode');

    const view = await outsider.get(`${game.path}/view`);
    expect(view.status).toBe(200);
    expect(view.body.version).toBe(drawn.version);
    expect(view.body.view).not.toHaveProperty('hand');
    expect(view.body.view).not.toHaveProperty('hands');
    expect(view.body.legalActions).toEqual([]);

    const log = await outsider.get(`${game.path}/log`);
    expect(log.status).toBe(200);
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0]).not.toHaveProperty('action');
    expect(log.body.entries[0].events).toEqual([{ type: 'draw', data: { seat: 0 } }]);
    // The seat that drew sees its card in the same entry.
    const own = await game.seat(0).get(`${game.path}/log`);
    expect(own.body.entries[0].events[0].data.card).toBe(drawn.view.hand!.at(-1));

    expectProblem(await outsider.post(`${game.path}/actions`, { action: { type: 'pass' }, expectedVersion: view.body.version }), 403, 'not_seated');
    expectProblem(await outsider.get(`${game.path}/export`), 409, 'game_not_finished');
    expect(await storedGame(server, game.id)).toEqual(before);
  });

  it('an unknown game is 404 not_found on every game path, seated or not', async () => {
    const missing = '/v1/games/NoSuchGame000';
    expectProblem(await outsider.get(missing), 404, 'not_found');
    expectProblem(await outsider.get(`${missing}/view`), 404, 'not_found');
    expectProblem(await outsider.get(`${missing}/log`), 404, 'not_found');
    expectProblem(await outsider.get(`${missing}/export`), 404, 'not_found');
    expectProblem(await outsider.post(`${missing}/actions`, { action: { type: 'pass' }, expectedVersion: 0 }), 404, 'not_found');
    expectProblem(await outsider.post(`${missing}/join`, { inviteCode: 'whatever' }), 404, 'not_found');
  });
});

describe('seats that are not due', () => {
  it('a seated player whose seat is not due gets 403 not_your_turn (HC-2) and nothing changes; the due seat gets 200', async () => {
    const game = await HighCardGame.start(api, 3, { prefix: 'turn' });
    const v = await game.view(0);
    expect(v.toAct).toEqual([0]);
    const before = await storedGame(server, game.id);
    for (const seat of [1, 2]) {
      expect((await game.view(seat)).legalActions).toEqual([]);
      expectProblem(await game.post(seat, { type: 'pass' }, v.version), 403, 'not_your_turn');
    }
    expect(await storedGame(server, game.id)).toEqual(before);
    const ok = await game.post(0, { type: 'pass' }, v.version);
    expect(ok.status).toBe(200);
    expect(ok.body.toAct).toEqual([1]);
  });

  it('after a seat has committed in the play phase (HC-3) it is no longer due: 403 not_your_turn while the others still are', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'commit' });
    await game.toPlayPhase();
    const after = await game.act(0);
    expect(after.toAct).toEqual([1]);
    expectProblem(await game.post(0, { type: 'play', card: after.view.hand![0] }, after.version), 403, 'not_your_turn');
  });
});

describe('joining', () => {
  it('a wrong invite code → 403 bad_invite_code; joining twice → 409 already_seated; joining a full game → 409 game_not_open; nothing changes', async () => {
    const [host, guest, late] = [await api.newPlayer('Host'), await api.newPlayer('Guest'), await api.newPlayer('Late')];
    const created = await host.post('/v1/games', { game: 'high-card', players: 2 });
    expect(created.body.status).toBe('open');
    const path = `/v1/games/${created.body.id}`;
    const pristine = await storedGame(server, created.body.id);

    expectProblem(await guest.post(`${path}/join`, { inviteCode: `${created.body.inviteCode}x` }), 403, 'bad_invite_code');
    expectProblem(await guest.post(`${path}/join`, { inviteCode: 'A' }), 403, 'bad_invite_code');
    expectProblem(await host.post(`${path}/join`, { inviteCode: created.body.inviteCode }), 409, 'already_seated');
    expect(await storedGame(server, created.body.id)).toEqual(pristine);

    const joined = await guest.post(`${path}/join`, { inviteCode: created.body.inviteCode });
    expect(joined.status).toBe(200);
    expect(joined.body.yourSeat).toBe(1);
    expect(joined.body.status).toBe('active');
    const full = await storedGame(server, created.body.id);

    expectProblem(await guest.post(`${path}/join`, { inviteCode: created.body.inviteCode }), 409, 'already_seated');
    expectProblem(await late.post(`${path}/join`, { inviteCode: created.body.inviteCode }), 409, 'game_not_open');
    expect(await storedGame(server, created.body.id)).toEqual(full);
    expect((await late.get('/v1/games')).body).toEqual([]);
  });

  it('eight players racing for the three free seats: each seat is taken exactly once, the other five get 409 game_not_open', async () => {
    const host = await api.newPlayer('RaceHost');
    const created = await host.post('/v1/games', { game: 'high-card', players: 4 });
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.newPlayer(`Racer${i}`)));
    const answers = await Promise.all(racers.map((p) => p.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(3);
    expect(won.map((a) => a.body.yourSeat).sort()).toEqual([1, 2, 3]);
    for (const a of answers.filter((x) => x.status !== 200)) expectProblem(a, 409, 'game_not_open');
    const game = (await host.get(`/v1/games/${created.body.id}`)).body;
    expect(game.status).toBe('active');
    const winners = racers.filter((_, i) => answers[i]!.status === 200).map((p) => p.playerId);
    expect(new Set(game.seats.map((s: { playerId: string }) => s.playerId))).toEqual(new Set([host.playerId, ...winners]));
    for (const [i, a] of answers.entries()) {
      if (a.status === 200) expect(game.seats[a.body.yourSeat].playerId).toBe(racers[i]!.playerId);
    }
    for (const [i, p] of racers.entries()) {
      const listed = (await p.get('/v1/games')).body as { id: string; seat: number }[];
      if (answers[i]!.status === 200) expect(listed).toEqual([expect.objectContaining({ id: created.body.id, seat: answers[i]!.body.yourSeat })]);
      else expect(listed).toEqual([]);
    }
  });

  it('the invite code is shown to seated players of an open game only', async () => {
    const [host, other] = [await api.newPlayer('Host2'), await api.newPlayer('Other2')];
    const created = await host.post('/v1/games', { game: 'high-card', players: 3 });
    expect(created.body.inviteCode).toEqual(expect.any(String));
    expect((await host.get(`/v1/games/${created.body.id}`)).body.inviteCode).toBe(created.body.inviteCode);
    const seen = await other.get(`/v1/games/${created.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('inviteCode');
    expect(seen.text).not.toContain(created.body.inviteCode);
  });
});

describe('tokens', () => {
  it('are shown only in the 201 of POST /v1/players: no other answer (success or error, body or header) contains a token, its secret or its hash', async () => {
    const seen: { method: string; path: string; reply: Reply }[] = [];
    const watched = api.observed((method, path, reply) => seen.push({ method, path, reply }));
    const [a, b] = [await watched.newPlayer('TokA'), await watched.newPlayer('TokB')];
    const game = await HighCardGame.create([a, b]);
    const waiting = (await b.post('/v1/games', { game: 'high-card', players: 4 })).body;
    // Every operation as each player (seated or not, due or not), then with a forged token.
    for (const op of operations) {
      const req = await requestFor(op);
      const path = req.path.replace(running.id, game.id).replace(open.id, waiting.id);
      const body =
        op.key === 'POST /v1/games/{id}/actions'
          ? { action: { type: 'pass' }, expectedVersion: 0 }
          : op.key === 'POST /v1/games/{id}/join'
            ? { inviteCode: waiting.inviteCode }
            : req.body;
      await a.request(op.method, path, body);
      await b.request(op.method, path, body);
      await watched.request(op.method, path, body, { authorization: `Bearer ${a.playerId}.${b.token.split('.')[1]}` });
    }
    await a.patch('/v1/players/me', { email: 'a@example.test' });
    const me = await a.get('/v1/players/me');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'notifications', 'onVacation', 'vacations']);
    expect(me.body).not.toHaveProperty('token');
    expect(me.body).not.toHaveProperty('tokenHash');

    const secrets = [a, b].flatMap((p) => {
      const secret = p.token.split('.')[1]!;
      return [p.token, secret, createHash('sha256').update(secret).digest('hex')];
    });
    const registrations = seen.filter(({ method, path, reply }) => method === 'POST' && path === '/v1/players' && reply.status === 201);
    expect(registrations.length).toBeGreaterThanOrEqual(2);
    for (const { method, path, reply } of seen) {
      const text = [reply.text, ...[...reply.headers.entries()].map(([k, v]) => `${k}: ${v}`)].join('\n');
      const allowed = registrations.some((r) => r.reply === reply) ? [reply.body.token] : [];
      for (const secret of secrets) {
        if (allowed.some((token: string) => token.includes(secret))) continue;
        expect(text.includes(secret), `${method} ${path} (${reply.status}) shows a token`).toBe(false);
      }
    }
  });
});
