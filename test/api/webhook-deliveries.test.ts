/**
 * Developing against webhooks: the test event, the delivery log and redelivery, against a real
 * receiver on this machine (the local delivery mode, as `RAILPOST_LOCAL_DELIVERY=1 npm start` runs),
 * and the production rules and rate limit on a server without it.
 */
import { createServer } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { dataOf, problemOf, testClient, textOf, type Api } from '../support/client.js';
import { testRegistry } from '../support/local.js';
import type { DeliverySample } from '../support/response-validator.js';
import { startDeliveringServer, type WebhookReceiver } from '../support/webhook-receiver.js';

const received: DeliverySample[] = [];
let receiver: WebhookReceiver;
let stop: () => Promise<void>;
let receiverUrl: string;
let server: LocalServer;

beforeAll(async () => {
  ({ receiver, server, close: stop } = await startDeliveringServer(received, { sweepMs: 0 }));
  receiverUrl = receiver.url;
});
afterAll(() => stop());

/** A new player with one webhook at `url`: its id and secret. */
async function playerWithHook(name: string, url: string) {
  const player = await testClient(server.url).newPlayer(name);
  const created = dataOf(await player.POST('/v1/players/me/webhooks', { body: { url } }));
  return { player, webhookId: created.id, secret: created.secret };
}

const testEvent = (player: Api, webhookId: string) =>
  player.POST('/v1/players/me/webhooks/{webhookId}/test', { params: { path: { webhookId } } });
const deliveries = (player: Api, webhookId: string) =>
  player.GET('/v1/players/me/webhooks/{webhookId}/deliveries', { params: { path: { webhookId } } });
const redeliver = (player: Api, webhookId: string, deliveryId: string) =>
  player.POST('/v1/players/me/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', {
    params: { path: { webhookId, deliveryId } },
  });

/** Verifies a delivery as a receiver does (throws when it does not verify) and gives its payload. */
const verified = (secret: string, r: DeliverySample) =>
  new Webhook(secret).verify(r.body, r.headers) as { type: string; data: unknown };

describe('with local delivery on, against a receiver on this machine', () => {
  it('a test event arrives signed with the endpoint secret; the answer reports its status and latency', async () => {
    const { player, webhookId, secret } = await playerWithHook('Tess', receiverUrl);
    const before = received.length;
    const answer = await testEvent(player, webhookId);
    expect(answer.response.status, textOf(answer)).toBe(200);
    const attempt = dataOf(answer);
    expect(attempt).toMatchObject({ kind: 'webhookTest', status: 204, error: null, attempt: 1, redelivery: false });
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(before + 1);
    const delivery = received.at(-1)!;
    expect(verified(secret, delivery)).toEqual({
      type: 'webhookTest',
      timestamp: expect.any(String),
      data: { playerId: player.playerId, webhookId },
    });
    expect(delivery.headers['webhook-id']).toBe(attempt.eventId);
  });

  it('the delivery log lists the attempts newest first; a redelivery sends the same webhook-id with a fresh signature', async () => {
    const { player, webhookId, secret } = await playerWithHook('Rita', receiverUrl);
    const first = dataOf(await testEvent(player, webhookId));
    const second = dataOf(await testEvent(player, webhookId));
    const original = received.at(-2)!;
    expect(dataOf(await deliveries(player, webhookId)).map((d) => d.id)).toEqual([second.id, first.id]);

    // One second on, so that the timestamp, and with it the signature, must differ.
    await new Promise((ok) => setTimeout(ok, 1100));
    const again = await redeliver(player, webhookId, first.id);
    expect(again.response.status, textOf(again)).toBe(200);
    expect(dataOf(again)).toMatchObject({ eventId: first.eventId, attempt: 2, redelivery: true, status: 204 });
    const repeated = received.at(-1)!;
    expect(repeated.headers['webhook-id']).toBe(original.headers['webhook-id']);
    expect(repeated.body).toBe(original.body);
    expect(repeated.headers['webhook-signature']).not.toBe(original.headers['webhook-signature']);
    expect(Number(repeated.headers['webhook-timestamp'])).toBeGreaterThan(
      Number(original.headers['webhook-timestamp']),
    );
    verified(secret, repeated);
    const log = dataOf(await deliveries(player, webhookId));
    expect(log.map((d) => [d.id, d.redelivery])).toEqual([
      [dataOf(again).id, true],
      [second.id, false],
      [first.id, false],
    ]);
  });

  it('an unknown webhook or delivery, and another player’s webhook → 404 not_found', async () => {
    const { player, webhookId } = await playerWithHook('Uma', receiverUrl);
    const other = await playerWithHook('Otto', receiverUrl);
    const made = dataOf(await testEvent(other.player, other.webhookId));
    const refusals = [
      await testEvent(player, 'NoSuchHook000000'),
      await deliveries(player, 'NoSuchHook000000'),
      await redeliver(player, webhookId, '999'),
      await testEvent(player, other.webhookId),
      await deliveries(player, other.webhookId),
      await redeliver(player, other.webhookId, made.id),
    ];
    for (const r of refusals) {
      expect(r.response.status, textOf(r)).toBe(404);
      expect(problemOf(r).code).toBe('not_found');
    }
    expect(dataOf(await deliveries(other.player, other.webhookId))).toHaveLength(1);
  });

  it('a receiver that is down: 200 with the attempt failed as connection_refused, and logged', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const { player, webhookId } = await playerWithHook('Dan', `http://127.0.0.1:${port}/down`);
    const answer = await testEvent(player, webhookId);
    expect(answer.response.status, textOf(answer)).toBe(200);
    expect(dataOf(answer)).toMatchObject({ status: null, error: { code: 'connection_refused' } });
    expect(dataOf(await deliveries(player, webhookId))[0]).toEqual(dataOf(answer));
  });
});

describe('with the production rules', () => {
  /** Every name resolves to this machine: the registered https URL passes, the connection must not. */
  const toLoopback = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
    options.all
      ? callback(null, [{ address: '127.0.0.1', family: 4 }])
      : callback(null, '127.0.0.1', 4)) as LookupFunction;
  let strict: LocalServer;

  beforeAll(async () => {
    strict = await startLocalServer({
      store: 'memory',
      registry: testRegistry(),
      limits: DEFAULT_LIMITS,
      outbound: { lookup: toLoopback },
      sweepMs: 0,
    });
  });
  afterAll(() => strict.close());

  it('a loopback URL is refused at registration, and a name resolving to loopback is blocked at delivery', async () => {
    const player = await testClient(strict.url).newPlayer('Prue');
    const loopback = await player.POST('/v1/players/me/webhooks', { body: { url: 'https://127.0.0.1/hooks' } });
    expect(loopback.response.status, textOf(loopback)).toBe(400);
    expect(problemOf(loopback).code).toBe('private_webhook_url');

    const before = received.length;
    const { id: webhookId } = dataOf(
      await player.POST('/v1/players/me/webhooks', { body: { url: 'https://hooks.example.org/rebinding' } }),
    );
    const answer = await testEvent(player, webhookId);
    expect(answer.response.status, textOf(answer)).toBe(200);
    expect(dataOf(answer)).toMatchObject({ status: null, error: { code: 'blocked_address' } });
    expect(received).toHaveLength(before);
  });

  it(`test events and redeliveries together: 429 rate_limited past ${DEFAULT_LIMITS.rates.webhookDelivery.perPlayer!.points} a minute`, async () => {
    const player = await testClient(strict.url).newPlayer('Lim');
    const { id: webhookId } = dataOf(
      await player.POST('/v1/players/me/webhooks', { body: { url: 'https://hooks.example.org/limited' } }),
    );
    const limit = DEFAULT_LIMITS.rates.webhookDelivery.perPlayer!.points;
    const first = dataOf(await testEvent(player, webhookId));
    for (let i = 1; i < limit - 1; i++) expect((await testEvent(player, webhookId)).response.status).toBe(200);
    expect((await redeliver(player, webhookId, first.id)).response.status).toBe(200);
    const refused = await redeliver(player, webhookId, first.id);
    expect(refused.response.status, textOf(refused)).toBe(429);
    expect(problemOf(refused).code).toBe('rate_limited');
    expect(dataOf(await deliveries(player, webhookId))).toHaveLength(limit);
  });
});
