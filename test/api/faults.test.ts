/**
 * Fault injection: the store's DynamoDB client fails on purpose (throttling, timeouts before or
 * after a write took effect, a crash between the meta write of the join that starts a game and
 * the game's first commit). Each time the client sees success or a retryable 503, never a
 * half-applied move; the next read is consistent; notifications go out once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalServer,
  type FaultInjector,
  type LocalServer,
  type StoreCall,
} from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { dataOf, idempotencyKey, problemOf, testClient, textOf, type Api, type Player } from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { highCardAnswer, storedGame } from '../support/high-card-game.js';
import { keys } from '../../functions/store/keys.js';

let server: LocalServer;
let api: Api;
let fault: FaultInjector | null = null;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    email: { send: async (m) => void mails.push(m) },
    injectFault: (call) => fault?.(call) ?? null,
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

const named = (name: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { name, ...extra });
const throttling = () =>
  named('ThrottlingException', 'Rate of requests exceeds the allowed throughput', { $retryable: { throttling: true } });
const timeout = () => named('TimeoutError', 'Connection timed out after 1000 ms');
const commitKey = (c: StoreCall) =>
  c.command === 'PutItemCommand' && String(c.input.Item?.sk?.S).startsWith(keys.commitPrefix)
    ? String(c.input.Item.sk.S)
    : null;
const isMoveCommit = (c: StoreCall) => commitKey(c) !== null && commitKey(c) !== keys.commit(0);
const isStartCommit = (c: StoreCall) => commitKey(c) === keys.commit(0);

/** Fails the first call that matches, then lets everything through. */
function once(match: (c: StoreCall) => boolean, when: 'before' | 'after', error: () => Error): FaultInjector {
  let fired = false;
  return (call) => {
    if (fired || !match(call)) return null;
    fired = true;
    return { when, error: error() };
  };
}

async function duel(): Promise<{
  anna: Player;
  ben: Player;
  params: { path: { id: string } };
  id: string;
  benMail: string;
}> {
  const tag = Math.random().toString(36).slice(2);
  const benMail = `ben-${tag}@example.test`;
  const anna = await api.newPlayer('Anna');
  const ben = await playerWithEmail(server, api, 'Ben', benMail);
  const created = dataOf(
    await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, options: { rounds: 1 } } }),
  );
  const params = { path: { id: created.id } };
  await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
  await server.notificationsIdle();
  return { anna, ben, params, id: created.id, benMail };
}

const turnMailsTo = (address: string) => mails.filter((m) => m.to === address && m.subject.startsWith('Your turn'));

describe('fault injection on the store', () => {
  it('a throttled commit: 503 store_unavailable with Retry-After, nothing stored; the retry succeeds', async () => {
    const { anna, params, id } = await duel();
    const before = await storedGame(server, id);
    fault = once(isMoveCommit, 'before', throttling);
    const r = await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: { type: 'pass' }, expectedVersion: 0 },
    });
    fault = null;
    expect(r.response.status).toBe(503);
    expect(problemOf(r).code).toBe('store_unavailable');
    expect(r.response.headers.get('retry-after')).toBe('1');
    expect(await storedGame(server, id)).toEqual(before);
    expect(
      (await anna.POST('/v1/games/{id}/actions', { params, body: { action: { type: 'pass' }, expectedVersion: 0 } }))
        .response.status,
    ).toBe(200);
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toHaveLength(1);
  });

  it('the commit took effect but its answer was lost: 503, the next read shows the move, the keyed retry replays it, one entry, one notification', async () => {
    const { anna, params, benMail } = await duel();
    const keyed = {
      params: { ...params, header: idempotencyKey('move-1') },
      body: { action: { type: 'pass' }, expectedVersion: 0 },
    };
    fault = once(isMoveCommit, 'after', timeout);
    const first = await anna.POST('/v1/games/{id}/actions', keyed);
    fault = null;
    expect(first.response.status).toBe(503);
    expect(dataOf(await anna.GET('/v1/games/{id}/view', { params })).version).toBe(1);
    const retry = await anna.POST('/v1/games/{id}/actions', keyed);
    expect(retry.response.status, textOf(retry)).toBe(200);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf(retry).version).toBe(1);
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toHaveLength(1);
    // A second retry replays again and sends nothing new.
    await anna.POST('/v1/games/{id}/actions', keyed);
    await server.notificationsIdle();
    expect(turnMailsTo(benMail)).toHaveLength(1);
  });

  it('a crash between the join that fills the game and its first commit: 503, and the game runs all the same, worked out from its meta', async () => {
    const anna = await api.newPlayer('Anna');
    const ben = await api.newPlayer('Ben');
    const created = dataOf(
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, options: { rounds: 1 } } }),
    );
    const params = { path: { id: created.id } };
    const inviteCode = created.inviteCode!;
    fault = once(isStartCommit, 'before', timeout);
    const joined = await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode } });
    fault = null;
    expect(joined.response.status).toBe(503);
    const view = dataOf(highCardAnswer(await anna.GET('/v1/games/{id}/view', { params })));
    expect(view).toMatchObject({ version: 0, toAct: [0] });
    expect(dataOf(await ben.GET('/v1/games/{id}', { params }))).toMatchObject({
      status: 'active',
      version: 0,
      yourSeat: 1,
    });
    expect(problemOf(await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode } })).code).toBe(
      'already_seated',
    );
    expect(
      (
        await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: view.legalActions[0]!, expectedVersion: 0 },
        })
      ).response.status,
    ).toBe(200);
    expect(dataOf(await ben.GET('/v1/games/{id}/log', { params })).entries.map((e) => e.version)).toEqual([1]);
  });

  it('throttled reads: 503 for reads and writes alike, and nothing changes', async () => {
    const { anna, params, id } = await duel();
    const before = await storedGame(server, id);
    fault = (call) => (call.command === 'QueryCommand' ? { when: 'before', error: throttling() } : null);
    const view = await anna.GET('/v1/games/{id}/view', { params });
    const move = await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: { type: 'pass' }, expectedVersion: 0 },
    });
    fault = null;
    expect([view.response.status, move.response.status]).toEqual([503, 503]);
    expect(problemOf(view).code).toBe('store_unavailable');
    expect(await storedGame(server, id)).toEqual(before);
  });
});
