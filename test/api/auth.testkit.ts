/**
 * What the authentication suites share: every operation of the OpenAPI document, the players and
 * games the requests are about (one set per suite), and the checks of their answers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import {
  dataOf,
  problemOf,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Player,
  type Problem,
} from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';
import { confirmEmail, lastCode } from '../support/accounts.js';
import { pushSubscription } from '../support/notifications.js';

export interface Operation {
  key: string;
  method: string;
  path: string;
  isPublic: boolean;
}

export const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
export const spec = JSON.parse(readFileSync(new URL('../../api-spec/openapi.json', import.meta.url), 'utf8')) as {
  security?: unknown[];
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};
/** Every operation of the committed document (which test/api-spec.test.ts keeps equal to the routes). */
export const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => METHODS.has(method))
    .map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      isPublic: Array.isArray(op.security ?? spec.security) && (op.security ?? spec.security)!.length === 0,
    })),
);
export const secured = operations.filter((o) => !o.isPublic);

export let server: LocalServer;
export let api: Api;
/** owner (seat 0) and mate (seat 1) play `running`; seat 1 is due. */
export let owner: Player;
export let mate: Player;
export let outsider: Player;
export let running: HighCardGame;
/** owner's game with two free seats. */
export let open: { id: string; inviteCode: string };
/** owner against a bot, played to the end. */
export let finished: HighCardGame;
/** Gets the unsubscribe links (their token, not a bearer token, is the authority). */
export let reader: Player;
/** owner against a bot in a game that has a board picture. */
export let pictured: string;
/** owner's one push subscription endpoint. */
const ownerPush = pushSubscription();
const ownerEmail = 'owner@example.test';

/** Starts the suite's server before the calling file's tests and sets up the players and games above. */
export function useAuthFixtures(): void {
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
    pictured = dataOf(
      await owner.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 2, bots: 1 } }),
    ).id;
    await owner.PATCH('/v1/players/me', { body: { email: ownerEmail } });
    await confirmEmail(server, owner, ownerEmail);
  });
  afterAll(() => server.close());
}

/** A session of owner's, signed in by email. */
async function ownersSession(): Promise<{ id: string; token: string }> {
  // The address owner has now (the confirmation's own request moves it on).
  const email = dataOf(await owner.GET('/v1/players/me')).email!;
  dataOf(await api.POST('/v1/sign-in', { body: { email } }));
  const created = dataOf(await api.POST('/v1/sign-in/verify', { body: { email, code: lastCode(server, email) } }));
  return { id: created.id, token: created.token };
}

/** Days away, starting tomorrow. */
export function futureVacation() {
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
export async function ownersItem(kind: keyof typeof ownersLists): Promise<string> {
  const { list, add } = ownersLists[kind];
  const first = dataOf(await list())[0];
  if (first) return first.id;
  const created = await add();
  if (created.response.status !== 201) throw new Error(`cannot add to ${kind}: ${textOf(created)}`);
  return dataOf(created).id;
}

/** Everything the owner has set up for notifications, read under the API. */
export async function ownersChannels() {
  const { table } = server.services;
  return {
    webhooks: await table.webhooks.list(owner.playerId),
    push: await table.pushSubscriptions.list(owner.playerId),
    me: await table.getPlayer(owner.playerId),
  };
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
  'POST /v1/stream-tickets': 201,
  'POST /v1/access-tokens': 201,
  'DELETE /v1/players/me/sessions/{sessionId}': 204,
  'DELETE /v1/players/me/tokens/{tokenId}': 204,
  'POST /v1/players/me/sign-out-everywhere': 204,
  'DELETE /v1/players/me': 204,
  'POST /v1/seeks': 201,
  'DELETE /v1/seeks/current': 204,
  'POST /v1/challenges': 201,
};
/** Media types of successful answers other than JSON (none for 204). */
const MEDIA_TYPES: Record<string, RegExp> = {
  'GET /v1/unsubscribe': /^text\/html; charset=utf-8/i,
  'GET /v1/games/{id}/board.svg': /^image\/svg\+xml/,
  'GET /v1/board-pictures/{token}': /^image\/svg\+xml/,
};

export function expectSuccess(op: Operation, r: Answer): void {
  expect(r.response.status, textOf(r)).toBe(CREATED[op.key] ?? 200);
  if (r.response.status === 204) expect(textOf(r)).toBe('');
  else expect(r.response.headers.get('content-type')).toMatch(MEDIA_TYPES[op.key] ?? /^application\/json/);
}

export function expectProblem(r: Answer<Problem>, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemOf(r).code).toBe(code);
}

/** Authorization headers that must all be refused. */
export function badAuthorizations(): [string, string][] {
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
