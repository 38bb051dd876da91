/**
 * Authentication and authorisation for every operation of the OpenAPI document (docs/api.md and
 * docs/accounts.md): bearer tokens, public endpoints, spectators, seats that are not due, joining,
 * and tokens that are never shown again after registration.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import {
  dataOf,
  problemOf,
  testClient,
  textOf,
  watch,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Seen,
} from '../support/client.js';
import { HighCardGame, highCardAnswer, storedGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';
import { confirmEmail, lastCode } from '../support/accounts.js';
import { boardPictureToken, oneClick, pushSubscription, unsubscribeToken } from '../support/notifications.js';

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
let api: Api;
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
  api = testClient(server.url);
  [owner, mate, outsider] = [
    await api.newPlayer('Owner'),
    await api.newPlayer('Mate'),
    await api.newPlayer('Outsider'),
  ];
  running = await HighCardGame.create([owner, mate]);
  await running.act(0, (legal) => legal.find((a) => a.type === 'draw')); // a secret draw (HC-2); seat 1 is due now
  const created = dataOf(await owner.POST('/v1/games', { body: { game: 'high-card', players: 3 } }));
  open = { id: created.id, inviteCode: created.inviteCode! };
  finished = await HighCardGame.create([owner], { bots: 1, options: { rounds: 1, handSize: 2 } });
  await finished.playToEnd();
  reader = await api.newPlayer('Reader');
  pictured = dataOf(await owner.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 2, bots: 1 } })).id;
  await owner.PATCH('/v1/players/me', { body: { email: ownerEmail } });
  await confirmEmail(server, owner, ownerEmail);
});
const ownerEmail = 'owner@example.test';
let addresses = 0;

/** A session of owner's, signed in by email. */
async function ownersSession(): Promise<{ id: string; token: string }> {
  // The address owner has now (the confirmation's own request moves it on).
  const email = dataOf(await owner.GET('/v1/players/me')).email!;
  dataOf(await api.POST('/v1/sign-in', { body: { email } }));
  const created = dataOf(await api.POST('/v1/sign-in/verify', { body: { email, code: lastCode(server, email) } }));
  return { id: created.id, token: created.token };
}
afterAll(() => server.close());

/** Days away, starting tomorrow. */
function futureVacation() {
  const day = 86_400_000;
  return { from: new Date(Date.now() + day).toISOString(), until: new Date(Date.now() + 3 * day).toISOString() };
}

/** How to list, and add to, each of owner's collections. */
const ownersLists = {
  sessions: {
    list: () => owner.GET('/v1/players/me/sessions'),
    add: async () => ({ response: new Response(null, { status: 201 }), data: await ownersSession() }),
  },
  tokens: {
    list: () => owner.GET('/v1/players/me/tokens'),
    add: () => owner.POST('/v1/players/me/tokens', { body: { name: 'auth suite', scopes: ['read'] } }),
  },
  webhooks: {
    list: () => owner.GET('/v1/players/me/webhooks'),
    add: () => owner.POST('/v1/players/me/webhooks', { body: { url: 'https://hooks.example.org/auth-suite' } }),
  },
  'push-subscriptions': {
    list: () => owner.GET('/v1/players/me/push-subscriptions'),
    add: () => owner.POST('/v1/players/me/push-subscriptions', { body: ownerPush }),
  },
  vacations: {
    list: () => owner.GET('/v1/players/me/vacations'),
    add: () => owner.POST('/v1/players/me/vacations', { body: futureVacation() }),
  },
};

/** The id of one of owner's webhooks (or push subscriptions, or vacations), adding one only when there is none. */
async function ownersItem(kind: keyof typeof ownersLists): Promise<string> {
  const { list, add } = ownersLists[kind];
  const first = dataOf(await list())[0];
  if (first) return first.id;
  const created = await add();
  if (created.response.status !== 201) throw new Error(`cannot add to ${kind}: ${textOf(created)}`);
  return dataOf(created).id;
}

/** Everything the owner has set up for notifications, read under the API. */
async function ownersChannels() {
  const { table } = server.services;
  return {
    webhooks: await table.webhooks.list(owner.playerId),
    push: await table.pushSubscriptions.list(owner.playerId),
    me: await table.getPlayer(owner.playerId),
  };
}

/** Sends one operation's request as `client`, with `headers` added (an Authorization header replaces the client's). */
type Send = (client: Api, headers?: Record<string, string>) => Promise<Answer<Problem>>;

/** The games a request is about: by default the suite's own. */
interface Targets {
  running: { id: string };
  open: { id: string; inviteCode: string };
  /** Of the action posted; by default the running game's version. */
  expectedVersion?: number;
}

/** A well-formed request for each operation (so that only authentication can fail it). */
async function requestFor(op: Operation, targets: Targets = { running, open }): Promise<Send> {
  const version =
    targets.expectedVersion ??
    dataOf(await mate.GET('/v1/games/{id}', { params: { path: { id: running.id } } })).version;
  const game = { path: { id: targets.running.id } };
  const unsubscribe = { query: { token: unsubscribeToken(server, reader.playerId) } };
  const svg = 'text' as const;
  // Deleting needs something of owner's to delete (added only when there is none).
  if (op.key === 'DELETE /v1/players/me/webhooks/{webhookId}') {
    const webhookId = await ownersItem('webhooks');
    return (c, headers) =>
      c.DELETE('/v1/players/me/webhooks/{webhookId}', { params: { path: { webhookId } }, headers });
  }
  if (op.key === 'DELETE /v1/players/me/push-subscriptions/{subscriptionId}') {
    const subscriptionId = await ownersItem('push-subscriptions');
    return (c, headers) =>
      c.DELETE('/v1/players/me/push-subscriptions/{subscriptionId}', { params: { path: { subscriptionId } }, headers });
  }
  const finishing = finishingRequest(
    op.key,
    targets.running === running ? null : { running: targets.running, expectedVersion: version },
  );
  if (finishing) return finishing;
  if (op.key === 'DELETE /v1/players/me/sessions/{sessionId}') {
    const sessionId = await ownersItem('sessions');
    return (c, headers) =>
      c.DELETE('/v1/players/me/sessions/{sessionId}', { params: { path: { sessionId } }, headers });
  }
  if (op.key === 'DELETE /v1/players/me/tokens/{tokenId}') {
    const tokenId = await ownersItem('tokens');
    return (c, headers) => c.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId } }, headers });
  }
  if (op.key === 'POST /v1/sign-in/verify') {
    const email = dataOf(await owner.GET('/v1/players/me')).email!;
    dataOf(await api.POST('/v1/sign-in', { body: { email } }));
    const code = lastCode(server, email);
    return (c, headers) => c.POST('/v1/sign-in/verify', { body: { email, code }, headers });
  }
  if (op.key === 'POST /v1/players/me/email-confirmation') {
    const address = `owner-${++addresses}@example.test`;
    dataOf(await owner.PATCH('/v1/players/me', { body: { email: address } }));
    const code = lastCode(server, address);
    return (c, headers) => c.POST('/v1/players/me/email-confirmation', { body: { code }, headers });
  }
  if (op.key === 'DELETE /v1/players/me/vacations/{vacationId}') {
    const vacationId = await ownersItem('vacations');
    return (c, headers) =>
      c.DELETE('/v1/players/me/vacations/{vacationId}', { params: { path: { vacationId } }, headers });
  }
  const requests: Record<string, Send> = {
    'GET /v1/catalog': (c, headers) => c.GET('/v1/catalog', { headers }),
    'GET /v1/catalog/{game}': (c, headers) =>
      c.GET('/v1/catalog/{game}', { params: { path: { game: 'ticket-to-ride-europe' } }, headers }),
    'POST /v1/players': (c, headers) => c.POST('/v1/players', { body: { name: 'Newcomer' }, headers }),
    'GET /v1/players/me': (c, headers) => c.GET('/v1/players/me', { headers }),
    'PATCH /v1/players/me': (c, headers) => c.PATCH('/v1/players/me', { body: { name: 'Renamed' }, headers }),
    'POST /v1/games': (c, headers) => c.POST('/v1/games', { body: { game: 'high-card', players: 2 }, headers }),
    'GET /v1/games': (c, headers) => c.GET('/v1/games', { params: { query: { status: 'active' } }, headers }),
    'POST /v1/games/{id}/join': (c, headers) =>
      c.POST('/v1/games/{id}/join', {
        params: { path: { id: targets.open.id } },
        body: { inviteCode: targets.open.inviteCode },
        headers,
      }),
    'GET /v1/games/{id}': (c, headers) => c.GET('/v1/games/{id}', { params: game, headers }),
    'GET /v1/games/{id}/view': (c, headers) => c.GET('/v1/games/{id}/view', { params: game, headers }),
    'POST /v1/games/{id}/actions': (c, headers) =>
      c.POST('/v1/games/{id}/actions', {
        params: game,
        body: { action: { type: 'pass' }, expectedVersion: version },
        headers,
      }),
    'GET /v1/games/{id}/log': (c, headers) =>
      c.GET('/v1/games/{id}/log', { params: { ...game, query: { after: 0 } }, headers }),
    'GET /v1/games/{id}/export': (c, headers) =>
      c.GET('/v1/games/{id}/export', { params: { path: { id: finished.id } }, headers }),
    'GET /v1/games/{id}/chat': (c, headers) => c.GET('/v1/games/{id}/chat', { params: game, headers }),
    'GET /v1/games/{id}/board.svg': (c, headers) =>
      c.GET('/v1/games/{id}/board.svg', { params: { path: { id: pictured } }, parseAs: svg, headers }),
    'GET /v1/board-pictures/{token}': (c, headers) =>
      c.GET('/v1/board-pictures/{token}', {
        params: { path: { token: boardPictureToken(server, pictured, 0) } },
        parseAs: svg,
        headers,
      }),
    'POST /v1/games/{id}/chat': (c, headers) =>
      c.POST('/v1/games/{id}/chat', { params: game, body: { text: 'Nice draw.' }, headers }),
    'GET /v1/players/me/webhooks': (c, headers) => c.GET('/v1/players/me/webhooks', { headers }),
    'POST /v1/players/me/webhooks': (c, headers) =>
      c.POST('/v1/players/me/webhooks', {
        body: { url: 'https://hooks.example.org/railpost', events: ['yourTurn'] },
        headers,
      }),
    'GET /v1/players/me/push-subscriptions': (c, headers) => c.GET('/v1/players/me/push-subscriptions', { headers }),
    'POST /v1/players/me/push-subscriptions': (c, headers) =>
      c.POST('/v1/players/me/push-subscriptions', { body: pushSubscription(), headers }),
    'GET /v1/players/me/vacations': (c, headers) => c.GET('/v1/players/me/vacations', { headers }),
    'POST /v1/sign-in': (c, headers) => c.POST('/v1/sign-in', { body: { email: 'nobody@example.test' }, headers }),
    'GET /v1/players/me/sessions': (c, headers) => c.GET('/v1/players/me/sessions', { headers }),
    'GET /v1/players/me/tokens': (c, headers) => c.GET('/v1/players/me/tokens', { headers }),
    'POST /v1/players/me/tokens': (c, headers) =>
      c.POST('/v1/players/me/tokens', { body: { name: 'auth suite', scopes: ['read'] }, headers }),
    'POST /v1/players/me/sign-out-everywhere': (c, headers) =>
      c.POST('/v1/players/me/sign-out-everywhere', { body: {}, headers }),
    'GET /v1/players/me/export': (c, headers) => c.GET('/v1/players/me/export', { headers }),
    'DELETE /v1/players/me': (c, headers) => c.DELETE('/v1/players/me', { headers }),
    'POST /v1/players/me/vacations': (c, headers) =>
      c.POST('/v1/players/me/vacations', { body: futureVacation(), headers }),
    // Public reads about players and finished games (test/api/profiles.test.ts has their scope and revocation checks).
    'GET /v1/profiles/{playerId}': (c, headers) =>
      c.GET('/v1/profiles/{playerId}', { params: { path: { playerId: mate.playerId } }, headers }),
    'GET /v1/profiles/{playerId}/games': (c, headers) =>
      c.GET('/v1/profiles/{playerId}/games', { params: { path: { playerId: mate.playerId } }, headers }),
    'GET /v1/leaderboards/{game}': (c, headers) =>
      c.GET('/v1/leaderboards/{game}', { params: { path: { game: 'high-card' } }, headers }),
    'GET /v1/finished-games': (c, headers) =>
      c.GET('/v1/finished-games', { params: { query: { game: 'high-card' } }, headers }),
    'GET /v1/lobby': (c, headers) => c.GET('/v1/lobby', { params: { query: { game: 'high-card' } }, headers }),
    // Each seek is its caller's own: a seek for four seats, which nobody else in this suite makes, then withdrawn.
    'POST /v1/seeks': async (c, headers) => {
      const answer = await c.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'untimed' }, headers });
      if (answer.response.status === 201) await c.DELETE('/v1/seeks/current', { headers });
      return answer;
    },
    'GET /v1/seeks/current': async (c, headers) => {
      await c.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P7D' }, headers });
      const answer = await c.GET('/v1/seeks/current', { headers });
      await c.DELETE('/v1/seeks/current', { headers });
      return answer;
    },
    'DELETE /v1/seeks/current': async (c, headers) => {
      await c.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P3D' }, headers });
      return c.DELETE('/v1/seeks/current', { headers });
    },
    'GET /v1/push/vapid-public-key': (c, headers) => c.GET('/v1/push/vapid-public-key', { headers }),
    'GET /v1/unsubscribe': (c, headers) => c.GET('/v1/unsubscribe', { params: unsubscribe, parseAs: 'text', headers }),
    'POST /v1/unsubscribe': (c, headers) =>
      c.POST('/v1/unsubscribe', {
        params: unsubscribe,
        body: oneClick.body,
        headers: { ...oneClick.headers, ...headers },
      }),
  };
  const send = requests[op.key];
  if (!send) throw new Error(`no request defined for ${op.key}: add it to this suite`);
  return send;
}

/**
 * A game of its own for each finishing or take-back operation, in the state where
 * mate (seat 1) may make it: resigning and aborting need a running game, answering a take-back
 * owner's request, asking one mate's own clean pass (HC-2), the rematch operations a finished game.
 * The game is set up when the request is first sent; with `given` targets, they are used as they are.
 */
function finishingRequest(
  key: string,
  given: { running: { id: string }; expectedVersion: number } | null,
): Send | null {
  if (!key.startsWith('POST /v1/games/{id}/') || !/\/(resign|abort|takeback|rematch)/.test(key)) return null;
  if (given) {
    const g = { params: { path: { id: given.running.id } } };
    return key.includes('takeback')
      ? versioned(g, key.slice('POST '.length) as VersionedPath, given.expectedVersion)
      : plain(g, key.slice('POST '.length) as PlainPath);
  }
  let ready: Promise<Send> | undefined;
  return async (c, headers) => (await (ready ??= finishingSetup(key)))(c, headers);
}

type VersionedPath = '/v1/games/{id}/takeback' | '/v1/games/{id}/takeback/accept' | '/v1/games/{id}/takeback/refuse';
type PlainPath =
  | '/v1/games/{id}/resign'
  | '/v1/games/{id}/abort'
  | '/v1/games/{id}/rematch'
  | '/v1/games/{id}/rematch/accept'
  | '/v1/games/{id}/rematch/decline';
type GameParams = { params: { path: { id: string } } };
const versioned =
  (g: GameParams, path: VersionedPath, expectedVersion: number): Send =>
  (c, headers) =>
    c.POST(path, { params: g.params, body: { expectedVersion }, headers });
const plain =
  (g: GameParams, path: PlainPath): Send =>
  (c, headers) =>
    c.POST(path, { params: g.params, headers });

async function finishingSetup(key: string): Promise<Send> {
  const pass = (legal: { type: string }[]) => legal.find((a) => a.type === 'pass');
  const fresh = () => HighCardGame.create([owner, mate], { options: { rounds: 1, handSize: 2 } });
  switch (key) {
    case 'POST /v1/games/{id}/resign':
      return plain(await fresh(), '/v1/games/{id}/resign');
    case 'POST /v1/games/{id}/abort':
      return plain(await fresh(), '/v1/games/{id}/abort');
    case 'POST /v1/games/{id}/takeback': {
      const g = await fresh();
      await g.act(0, pass);
      return versioned(g, '/v1/games/{id}/takeback', (await g.act(1, pass)).version);
    }
    case 'POST /v1/games/{id}/takeback/accept':
    case 'POST /v1/games/{id}/takeback/refuse': {
      const g = await fresh();
      const { version } = await g.act(0, pass);
      const asked = dataOf(
        await owner.POST('/v1/games/{id}/takeback', { params: g.params, body: { expectedVersion: version } }),
      );
      return versioned(
        g,
        key.endsWith('accept') ? '/v1/games/{id}/takeback/accept' : '/v1/games/{id}/takeback/refuse',
        asked.version,
      );
    }
    case 'POST /v1/games/{id}/rematch':
    case 'POST /v1/games/{id}/rematch/accept':
    case 'POST /v1/games/{id}/rematch/decline': {
      const g = await fresh();
      dataOf(await owner.POST('/v1/games/{id}/resign', { params: g.params }));
      if (key === 'POST /v1/games/{id}/rematch') return plain(g, '/v1/games/{id}/rematch');
      dataOf(await owner.POST('/v1/games/{id}/rematch', { params: g.params }));
      return plain(g, key.endsWith('accept') ? '/v1/games/{id}/rematch/accept' : '/v1/games/{id}/rematch/decline');
    }
    default:
      throw new Error(`no request defined for ${key}: add it to this suite`);
  }
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
  'POST /v1/sign-in': 202,
  'POST /v1/sign-in/verify': 201,
  'POST /v1/players/me/tokens': 201,
  'DELETE /v1/players/me/sessions/{sessionId}': 204,
  'DELETE /v1/players/me/tokens/{tokenId}': 204,
  'POST /v1/players/me/sign-out-everywhere': 204,
  'DELETE /v1/players/me': 204,
  'POST /v1/seeks': 201,
  'DELETE /v1/seeks/current': 204,
};
/** Media types of successful answers other than JSON (none for 204). */
const MEDIA_TYPES: Record<string, RegExp> = {
  'GET /v1/unsubscribe': /^text\/html; charset=utf-8/i,
  'GET /v1/games/{id}/board.svg': /^image\/svg\+xml/,
  'GET /v1/board-pictures/{token}': /^image\/svg\+xml/,
};

function expectSuccess(op: Operation, r: Answer): void {
  expect(r.response.status, textOf(r)).toBe(CREATED[op.key] ?? 200);
  if (r.response.status === 204) expect(textOf(r)).toBe('');
  else expect(r.response.headers.get('content-type')).toMatch(MEDIA_TYPES[op.key] ?? /^application\/json/);
}

function expectProblem(r: Answer<Problem>, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemOf(r).code).toBe(code);
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
    [
      'the secret’s hash instead of the secret',
      `Bearer ${ownerId}.${Buffer.from(createHash('sha256').update(ownerSecret).digest()).toString('base64url')}`,
    ],
  ];
}

describe('the operations under test', () => {
  it('cover every operation of api-spec/openapi.json, and only the catalog, sign-up, the VAPID key and the links in emails are public', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(21);
    for (const op of operations) await expect(requestFor(op)).resolves.toBeDefined();
    expect(
      operations
        .filter((o) => o.isPublic)
        .map((o) => o.key)
        .sort(),
    ).toEqual([
      'GET /v1/board-pictures/{token}',
      'GET /v1/catalog',
      'GET /v1/catalog/{game}',
      'GET /v1/push/vapid-public-key',
      'GET /v1/unsubscribe',
      'POST /v1/players',
      'POST /v1/sign-in',
      'POST /v1/sign-in/verify',
      'POST /v1/unsubscribe',
    ]);
    // The served document (not an operation of itself) has the same operations as the committed one.
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as typeof spec;
    const servedOps = Object.entries(served.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(servedOps.sort()).toEqual(operations.map((o) => o.key).sort());
  });
});

describe.each(operations)('$key', (op) => {
  it(op.isPublic ? 'is public: works without a token' : 'without a token → 401 unauthorized problem+json', async () => {
    const r = await (await requestFor(op))(api);
    if (op.isPublic) expectSuccess(op, r);
    else expectProblem(r, 401, 'unauthorized');
  });

  it('with the right player’s token → success', async () => {
    // The seated player who is due (mate) for play; a newcomer for joining; the owner otherwise.
    // Deleting an account needs one of its own.
    const newcomer = op.key === 'POST /v1/games/{id}/join' || op.key === 'DELETE /v1/players/me';
    const who = newcomer ? await api.newPlayer(`Joiner ${op.key}`) : op.key.includes('{id}') ? mate : owner;
    expectSuccess(op, await (await requestFor(op))(who));
  });
});

describe.each(secured)('$key', (op) => {
  it('with a malformed, unknown or forged token → 401, and nothing changes', async () => {
    const send = await requestFor(op);
    const before = await storedGame(server, running.id);
    const openBefore = await storedGame(server, open.id);
    const channelsBefore = await ownersChannels();
    for (const [what, authorization] of badAuthorizations()) {
      const r = await send(api, { authorization });
      expect(r.response.status, `${what}: ${textOf(r)}`).toBe(401);
      expect(problemOf(r).code).toBe('unauthorized');
      expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
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
    const { params } = game;

    const summary = await outsider.GET('/v1/games/{id}', { params });
    expect(summary.response.status).toBe(200);
    expect(dataOf(summary).id).toBe(game.id);
    expect(summary.data).not.toHaveProperty('yourSeat');
    expect(summary.data).not.toHaveProperty('inviteCode');

    const view = highCardAnswer(await outsider.GET('/v1/games/{id}/view', { params }));
    expect(view.response.status).toBe(200);
    expect(dataOf(view).version).toBe(drawn.version);
    expect(dataOf(view).view).not.toHaveProperty('hand');
    expect(dataOf(view).view).not.toHaveProperty('hands');
    expect(dataOf(view).legalActions).toEqual([]);

    const log = await outsider.GET('/v1/games/{id}/log', { params });
    expect(log.response.status).toBe(200);
    const entries = dataOf(log).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toHaveProperty('action');
    expect(entries[0]!.events).toEqual([{ type: 'draw', data: { seat: 0 } }]);
    // The seat that drew sees its card in the same entry.
    // The fixture's events are not in the document (it describes the catalog): read as high-card logs them.
    const own = dataOf(await game.seat(0).GET('/v1/games/{id}/log', { params })).entries as unknown as {
      events: { data: { card?: number } }[];
    }[];
    expect(own[0]!.events[0]!.data.card).toBe(drawn.view.hand!.at(-1));

    expectProblem(
      await outsider.POST('/v1/games/{id}/actions', {
        params,
        body: { action: { type: 'pass' }, expectedVersion: dataOf(view).version },
      }),
      403,
      'not_seated',
    );
    expectProblem(await outsider.GET('/v1/games/{id}/export', { params }), 409, 'game_not_finished');
    expect(await storedGame(server, game.id)).toEqual(before);
  });

  it('an unknown game is 404 not_found on every game path, seated or not', async () => {
    const params = { path: { id: 'NoSuchGame000' } };
    expectProblem(await outsider.GET('/v1/games/{id}', { params }), 404, 'not_found');
    expectProblem(await outsider.GET('/v1/games/{id}/view', { params }), 404, 'not_found');
    expectProblem(await outsider.GET('/v1/games/{id}/log', { params }), 404, 'not_found');
    expectProblem(await outsider.GET('/v1/games/{id}/export', { params }), 404, 'not_found');
    expectProblem(
      await outsider.POST('/v1/games/{id}/actions', { params, body: { action: { type: 'pass' }, expectedVersion: 0 } }),
      404,
      'not_found',
    );
    expectProblem(
      await outsider.POST('/v1/games/{id}/join', { params, body: { inviteCode: 'whatever' } }),
      404,
      'not_found',
    );
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
    expect(ok.response.status).toBe(200);
    expect(dataOf(ok).toAct).toEqual([1]);
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
  const join = (p: Player, id: string, inviteCode: string) =>
    p.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode } });

  it('a wrong invite code → 403 bad_invite_code; joining twice → 409 already_seated; joining a full game → 409 game_not_open; nothing changes', async () => {
    const [host, guest, late] = [
      await api.newPlayer('Host'),
      await api.newPlayer('Guest'),
      await api.newPlayer('Late'),
    ];
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    expect(created.status).toBe('open');
    const { id } = created;
    const inviteCode = created.inviteCode!;
    const pristine = await storedGame(server, id);

    expectProblem(await join(guest, id, `${inviteCode}x`), 403, 'bad_invite_code');
    expectProblem(await join(guest, id, 'A'), 403, 'bad_invite_code');
    expectProblem(await join(host, id, inviteCode), 409, 'already_seated');
    expect(await storedGame(server, id)).toEqual(pristine);

    const joined = await join(guest, id, inviteCode);
    expect(joined.response.status).toBe(200);
    expect(dataOf(joined).yourSeat).toBe(1);
    expect(dataOf(joined).status).toBe('active');
    const full = await storedGame(server, id);

    expectProblem(await join(guest, id, inviteCode), 409, 'already_seated');
    expectProblem(await join(late, id, inviteCode), 409, 'game_not_open');
    expect(await storedGame(server, id)).toEqual(full);
    expect(dataOf(await late.GET('/v1/games')).items).toEqual([]);
  });

  it('eight players racing for the three free seats: each seat is taken exactly once, the other five get 409 game_not_open', async () => {
    const host = await api.newPlayer('RaceHost');
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 4 } }));
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.newPlayer(`Racer${i}`)));
    const answers = await Promise.all(racers.map((p) => join(p, created.id, created.inviteCode!)));
    const won = answers.filter((a) => a.response.status === 200);
    expect(won).toHaveLength(3);
    expect(won.map((a) => dataOf(a).yourSeat).sort()).toEqual([1, 2, 3]);
    for (const a of answers.filter((x) => x.response.status !== 200)) expectProblem(a, 409, 'game_not_open');
    const game = dataOf(await host.GET('/v1/games/{id}', { params: { path: { id: created.id } } }));
    expect(game.status).toBe('active');
    const winners = racers.filter((_, i) => answers[i]!.response.status === 200).map((p) => p.playerId);
    expect(new Set(game.seats.map((s) => s.playerId))).toEqual(new Set([host.playerId, ...winners]));
    for (const [i, a] of answers.entries()) {
      if (a.response.status === 200) expect(game.seats[dataOf(a).yourSeat!]!.playerId).toBe(racers[i]!.playerId);
    }
    for (const [i, p] of racers.entries()) {
      const listed = dataOf(await p.GET('/v1/games')).items;
      if (answers[i]!.response.status === 200)
        expect(listed).toEqual([expect.objectContaining({ id: created.id, seat: dataOf(answers[i]!).yourSeat })]);
      else expect(listed).toEqual([]);
    }
  });

  it('the invite code is shown to seated players of an open game only', async () => {
    const [host, other] = [await api.newPlayer('Host2'), await api.newPlayer('Other2')];
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 3 } }));
    const params = { path: { id: created.id } };
    expect(created.inviteCode).toEqual(expect.any(String));
    expect(dataOf(await host.GET('/v1/games/{id}', { params })).inviteCode).toBe(created.inviteCode);
    const seen = await other.GET('/v1/games/{id}', { params });
    expect(seen.response.status).toBe(200);
    expect(seen.data).not.toHaveProperty('inviteCode');
    expect(textOf(seen)).not.toContain(created.inviteCode);
  });
});

describe('tokens', () => {
  it('are shown only in the 201 of POST /v1/players: no other answer (success or error, body or header) contains a token, its secret or its hash', async () => {
    const seen: Seen[] = [];
    const watched = api.with(watch(seen));
    const [a, b] = [await watched.newPlayer('TokA'), await watched.newPlayer('TokB')];
    const game = await HighCardGame.create([a, b]);
    const waiting = dataOf(await b.POST('/v1/games', { body: { game: 'high-card', players: 4 } }));
    await a.PATCH('/v1/players/me', { body: { email: 'a@example.test' } });
    await confirmEmail(server, a, 'a@example.test');
    const me = await a.GET('/v1/players/me');
    expect(me.response.status).toBe(200);
    expect(Object.keys(dataOf(me)).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'language',
      'name',
      'notifications',
      'onVacation',
      'vacations',
    ]);
    expect(me.data).not.toHaveProperty('token');
    expect(me.data).not.toHaveProperty('tokenHash');
    // Every operation as each player (seated or not, due or not), then with a forged token; deleting the account last.
    const last = (op: Operation) => Number(op.key === 'DELETE /v1/players/me');
    for (const op of [...operations].sort((x, y) => last(x) - last(y))) {
      const send = await requestFor(op, {
        running: game,
        open: { id: waiting.id, inviteCode: waiting.inviteCode! },
        expectedVersion: 0,
      });
      await send(a);
      await send(b);
      await send(watched, { authorization: `Bearer ${a.playerId}.${b.token.split('.')[1]}` });
    }

    const secrets = [a, b].flatMap((p) => {
      const secret = p.token.split('.')[1]!;
      return [p.token, secret, createHash('sha256').update(secret).digest('hex')];
    });
    const registrations = seen.filter(
      ({ method, path, status }) => method === 'POST' && path === '/v1/players' && status === 201,
    );
    expect(registrations.length).toBeGreaterThanOrEqual(2);
    for (const answer of seen) {
      const { method, path, status } = answer;
      const text = [answer.text, ...[...answer.headers.entries()].map(([k, v]) => `${k}: ${v}`)].join('\n');
      const allowed: string[] = registrations.includes(answer)
        ? [(JSON.parse(answer.text) as { token: string }).token]
        : [];
      for (const secret of secrets) {
        if (allowed.some((token) => token.includes(secret))) continue;
        expect(text.includes(secret), `${method} ${path} (${status}) shows a token`).toBe(false);
      }
    }
  });
});
