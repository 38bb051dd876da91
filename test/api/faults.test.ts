/**
 * Fault injection: the store's DynamoDB client fails on purpose (throttling, timeouts before or
 * after a write took effect, a crash between the event append and the head update). Each time the
 * client sees success or a retryable 503, never a half-applied move; the next read is consistent;
 * notifications go out once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type FaultInjector, type LocalServer, type StoreCall } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { ApiClient, type Player } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { storedGame } from '../support/high-card-game.js';

let server: LocalServer;
let api: ApiClient;
let fault: FaultInjector | null = null;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 0, email: { send: async (m) => void mails.push(m) }, injectFault: (call) => fault?.(call) ?? null });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

const named = (name: string, message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { name, ...extra });
const throttling = () => named('ThrottlingException', 'Rate of requests exceeds the allowed throughput', { $retryable: { throttling: true } });
const timeout = () => named('TimeoutError', 'Connection timed out after 1000 ms');
const isEventAppend = (c: StoreCall) => c.command === 'PutItemCommand' && String(c.input.Item?.sk?.S).startsWith('EV#');
const isHeadWrite = (c: StoreCall) => c.command === 'PutItemCommand' && c.input.Item?.sk?.S === 'HEAD';

/** Fails the first call that matches, then lets everything through. */
function once(match: (c: StoreCall) => boolean, when: 'before' | 'after', error: () => Error): FaultInjector {
  let fired = false;
  return (call) => {
    if (fired || !match(call)) return null;
    fired = true;
    return { when, error: error() };
  };
}

async function duel(): Promise<{ anna: Player; ben: Player; path: string; id: string; benMail: string }> {
  const tag = Math.random().toString(36).slice(2);
  const benMail = `ben-${tag}@example.test`;
  const anna = await api.newPlayer('Anna');
  const benReply = await api.post('/v1/players', { name: 'Ben', email: benMail });
  const ben = Object.assign(api.as(benReply.body.token), { playerId: benReply.body.id, token: benReply.body.token }) as Player;
  const created = await anna.post('/v1/games', { game: 'high-card', players: 2, options: { rounds: 1 } });
  await ben.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode });
  await server.notificationsIdle();
  return { anna, ben, path: `/v1/games/${created.body.id}`, id: created.body.id, benMail };
}

const turnMailsTo = (address: string) => mails.filter((m) => m.to === address && m.subject.startsWith('Your turn'));

describe('fault injection on the store', () => {
  it('a throttled append: 503 store_unavailable with Retry-After, nothing stored; the retry succeeds', async () => {
    const { anna, path, id } = await duel();
    const before = await storedGame(server, id);
    fault = once(isEventAppend, 'before', throttling);
    const r = await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 });
    fault = null;
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('store_unavailable');
    expect(r.headers.get('retry-after')).toBe('1');
    expect(await storedGame(server, id)).toEqual(before);
    expect((await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 })).status).toBe(200);
    expect((await anna.get(`${path}/log`)).body.entries).toHaveLength(1);
  });

  it('the append took effect but its answer was lost: 503, the next read shows the move, the keyed retry replays it, one entry, one notification', async () => {
    const { anna, path, benMail } = await duel();
    fault = once(isEventAppend, 'after', timeout);
    const first = await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 }, { 'idempotency-key': 'move-1' });
    fault = null;
    expect(first.status).toBe(503);
    expect((await anna.get(`${path}/view`)).body.version).toBe(1);
    const retry = await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 }, { 'idempotency-key': 'move-1' });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.version).toBe(1);
    expect((await anna.get(`${path}/log`)).body.entries).toHaveLength(1);
    // A second retry replays again and sends nothing new.
    await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 }, { 'idempotency-key': 'move-1' });
    await server.notificationsIdle();
    expect(turnMailsTo(benMail)).toHaveLength(1);
  });

  it('a crash between the append and the head update: the log alone answers the next read; a retry without a key is told the game moved on', async () => {
    const { anna, ben, path } = await duel();
    fault = once(isHeadWrite, 'before', timeout);
    const r = await anna.post(`${path}/actions`, { action: { type: 'draw' }, expectedVersion: 0 });
    fault = null;
    expect(r.status).toBe(503);
    const view = (await ben.get(`${path}/view`)).body;
    expect(view.version).toBe(1);
    expect(view.toAct).toEqual([1]);
    expect(view.legalActions.length).toBeGreaterThan(0);
    expect((await anna.get(`${path}/view`)).body.view.hand).toHaveLength(3 + 1);
    const again = await anna.post(`${path}/actions`, { action: { type: 'draw' }, expectedVersion: 0 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'stale_version', currentVersion: 1 });
    expect((await ben.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: 1 })).status).toBe(200);
  });

  it('throttled reads: 503 for reads and writes alike, and nothing changes', async () => {
    const { anna, path, id } = await duel();
    const before = await storedGame(server, id);
    fault = (call) => (call.command === 'QueryCommand' ? { when: 'before', error: throttling() } : null);
    const view = await anna.get(`${path}/view`);
    const move = await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 });
    fault = null;
    expect([view.status, move.status]).toEqual([503, 503]);
    expect(view.body.code).toBe('store_unavailable');
    expect(await storedGame(server, id)).toEqual(before);
  });
});
