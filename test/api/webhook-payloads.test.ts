/**
 * The OpenAPI document's `webhooks` section describes what the notifier really
 * delivers. A timed game is played to its end with a webhook registered, and every delivery the
 * receiver got (each of the five kinds) is checked against the committed document: its body
 * strictly, its Standard Webhooks headers, and its signature with the endpoint's secret.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, testClient, textOf } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { committedDocument, createWebhookValidator, type DeliverySample } from '../support/response-validator.js';
import { startDeliveringServer, type WebhookReceiver } from '../support/webhook-receiver.js';

const DAY = 86_400_000;
let clock = Date.parse('2026-06-01T08:00:00Z');
let server: LocalServer;
let receiver: WebhookReceiver;
let stop: () => Promise<void>;
let receiverUrl: string;
const deliveries: DeliverySample[] = [];
const validate = createWebhookValidator(committedDocument());

beforeAll(async () => {
  ({
    receiver,
    server,
    close: stop,
  } = await startDeliveringServer(deliveries, { now: () => new Date(clock), sweepMs: 0 }));
  receiverUrl = receiver.url;
});
afterAll(() => stop());

describe('webhook deliveries match the webhooks section of the OpenAPI document', () => {
  let secret: string;

  beforeAll(async () => {
    const api = testClient(server.url);
    const [anna, ben] = [await api.newPlayer('Anna'), await api.newPlayer('Ben')];
    const hook = await ben.POST('/v1/players/me/webhooks', { body: { url: receiverUrl } });
    expect(hook.response.status, textOf(hook)).toBe(201);
    secret = dataOf(hook).secret;
    expect(
      (await ben.PATCH('/v1/players/me', { body: { notifications: { events: { chat: true } } } })).response.status,
    ).toBe(200);

    const game = await HighCardGame.create([anna, ben], {
      options: { rounds: 1, handSize: 2 },
      timeControl: { perMove: 'P1D', onTimeout: 'bot', reminderAt: 0.5 },
    }); // gameStarted
    await game.act(0); // Anna draws (HC-2): Ben becomes due, yourTurn
    expect(
      (await anna.POST('/v1/games/{id}/chat', { params: game.params, body: { text: 'Your move, Ben' } })).response
        .status,
    ).toBe(201); // chat
    clock += 0.6 * DAY;
    await server.sweep(); // past half of Ben's day: reminder
    await game.playToEnd(); // gameFinished
    await server.notificationsIdle();
  });

  it('every delivery is declared: body and headers as the document says, signed with the endpoint secret', () => {
    const kinds = deliveries.map((d) => (JSON.parse(d.body) as { type: string }).type);
    expect(new Set(kinds)).toEqual(new Set(['gameStarted', 'yourTurn', 'chat', 'reminder', 'gameFinished']));
    for (const delivery of deliveries) {
      expect(validate(delivery).errors, delivery.body).toEqual([]);
      expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    }
  });

  it('the check refuses a payload or headers unlike the document', () => {
    const delivery = deliveries.find((d) => d.body.includes('"reminder"'))!;
    const payload = JSON.parse(delivery.body) as { data: Record<string, unknown> };
    const { deadline: _deadline, ...withoutDeadline } = payload.data;
    const { ['webhook-signature']: _signature, ...unsigned } = delivery.headers;
    expect(
      validate({ ...delivery, body: JSON.stringify({ ...payload, data: { ...payload.data, hand: [3, 7] } }) }).errors,
    ).toEqual([expect.stringContaining('unknown property "hand"')]);
    expect(validate({ ...delivery, body: JSON.stringify({ ...payload, data: withoutDeadline }) }).errors).toEqual([
      expect.stringContaining("must have required property 'deadline'"),
    ]);
    expect(validate({ ...delivery, headers: unsigned }).errors).toEqual([
      'header webhook-signature is required but absent',
    ]);
    expect(validate({ ...delivery, body: JSON.stringify({ ...payload, type: 'game.deleted' }) }).errors).toEqual([
      expect.stringContaining('the document has no webhook "game.deleted"'),
    ]);
  });
});
