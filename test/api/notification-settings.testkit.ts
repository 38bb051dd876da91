/**
 * What the notification-settings suites share: the two servers (one that opted in to deliveries on
 * this machine, one with the production rules) and the requests on a player's settings.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import {
  dataOf,
  problemOf,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Schemas,
} from '../support/client.js';
import { RAISED_LIMITS, startTestServer, testRegistry } from '../support/local.js';
import { playerWithEmail } from '../support/accounts.js';

export { DEFAULT_EVENTS } from '../support/notifications.js';
export const ALL_KINDS = ['yourTurn', 'reminder', 'gameStarted', 'gameFinished', 'chat', 'challenge'];

/** A local server that opted in to deliveries on this machine (RAILPOST_LOCAL_DELIVERY=1 for `npm start`). */
export let server: LocalServer;
export let api: Api;
/** The default: the production rules for webhook URLs and push endpoints (https, public hosts only). */
export let strict: LocalServer;
export let strictApi: Api;

/** Starts both servers before the suite of the calling file and closes them after it. */
export function useNotificationServers(): void {
  beforeAll(async () => {
    [server, strict] = await Promise.all([
      startLocalServer({
        store: 'memory',
        registry: testRegistry(),
        sweepMs: 0,
        limits: RAISED_LIMITS,
        localDelivery: true,
      }),
      startTestServer(),
    ]);
    api = testClient(server.url);
    strictApi = testClient(strict.url);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), strict?.close()]);
  });
}

export function expectProblem(r: Answer<Problem>, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemOf(r).code).toBe(code);
}

/** A player with a confirmed email address (the default player has none). */
export function withEmail(client: Api, name: string, on: LocalServer = server): Promise<Player> {
  return playerWithEmail(on, client, name, `${name.toLowerCase()}@example.org`);
}

export const me = async (p: Player) => dataOf(await p.GET('/v1/players/me'));
export const patchMe = (p: Api, body: Schemas['PlayerPatch']) => p.PATCH('/v1/players/me', { body });
export const addWebhook = (p: Api, body: Schemas['WebhookCreate']) => p.POST('/v1/players/me/webhooks', { body });
export const webhooksOf = async (p: Player) => dataOf(await p.GET('/v1/players/me/webhooks'));
export const deleteWebhook = (p: Player, webhookId: string) =>
  p.DELETE('/v1/players/me/webhooks/{webhookId}', { params: { path: { webhookId } } });
export const subscribe = (p: Player, body: Schemas['PushSubscription']) =>
  p.POST('/v1/players/me/push-subscriptions', { body });
export const subscriptionsOf = async (p: Player) => dataOf(await p.GET('/v1/players/me/push-subscriptions'));
export const unsubscribe = (p: Player, subscriptionId: string) =>
  p.DELETE('/v1/players/me/push-subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } });
