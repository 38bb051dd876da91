/** Notification settings: vacations, webhooks, Web Push subscriptions and the unsubscribe links of emails. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { verifyUnsubscribe } from '../../notify/unsubscribe.js';
import type { Games } from '../../service/games.js';
import type { Players } from '../../service/players.js';
import type { WebhookDeliveries } from '../../service/webhook-deliveries.js';
import type { WebhookAttempt } from '../../domain/webhook-attempt.js';
import type { WebhookMessage } from '../../notify/webhook-attempt.js';
import { Refusal, problems } from '../../service/refusal.js';
import type { PushRecord, WebhookRecord } from '../../domain/player.js';
import { webhookAnswer } from '../answer-shapes.js';
import { caller, type AppEnv } from '../env.js';
import { valueOf } from '../problem-response.js';
import { requireNotify, type NotifyDeps } from '../notify-deps.js';
import { deliveryRoutes } from './delivery-routes.js';
import { notificationRoutes as routes } from './routes.js';
import { confirmPage, donePage } from './unsubscribe-page.js';

export interface NotificationDeps {
  players: Players;
  /** Vacations move the deadlines of running turns. */
  games: Pick<Games, 'refreshDeadlines'>;
  notifyDeps: () => Promise<NotifyDeps | undefined>;
  webhookDeliveries: WebhookDeliveries;
}

/** An attempt as the API shows it: without who and where (the path says) and without the body kept for redelivery. */
const deliveryAnswer = ({ playerId: _p, webhookId: _w, payload: _b, ...shown }: WebhookAttempt) => shown;

const pushItem = (p: PushRecord) => ({
  id: p.id,
  origin: new URL(p.subscription.endpoint).origin,
  createdAt: p.createdAt,
});
const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** The SSRF checks (ipaddr.js and request-filtering-agent) load with the first webhook or push subscription registered. */
const outboundUrls = () => import('./webhook-url.js');
/** The sender (and standardwebhooks) loads with the first test event or redelivery. */
const sender = () => import('../../notify/webhook-attempt.js');

export function notificationsApp({ players, games, notifyDeps, webhookDeliveries }: NotificationDeps) {
  const localDelivery = async () => (await notifyDeps())?.localDelivery === true;
  /** Sends a message to the endpoint at the player's request, logs the attempt and answers it. */
  const attempt = async (hook: WebhookRecord, message: WebhookMessage) => {
    const outbound = (await notifyDeps())?.outbound;
    const opts = { now: new Date(), ...(outbound ? { outbound } : {}) };
    const made = await (await sender()).attemptDelivery(hook, message, opts);
    return deliveryAnswer(await webhookDeliveries.record(made.attempt));
  };
  /** The unsubscribe token of a request, verified; 400 invalid_token otherwise. */
  const unsubscribeToken = async (token: string) => {
    const notify = await requireNotify(
      notifyDeps,
      () =>
        new Refusal('unsubscribe_not_configured', 'Not found', 'Unsubscribe links are not configured on this server'),
    );
    const payload = verifyUnsubscribe(notify.unsubscribeSecret, token);
    if (!payload)
      throw problems.badRequest(
        'invalid_token',
        'The unsubscribe link is not valid; use the link from the latest email, or change your settings',
      );
    return { ...payload, kind: payload.kind ?? ('all' as const) };
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.listVacations, async (c) => c.json(caller(c).vacations, 200))
    .openapi(routes.createVacation, async (c) => {
      const me = caller(c);
      const created = valueOf(await players.addVacation(me, c.req.valid('json')));
      await games.refreshDeadlines(me.id);
      return c.json(created, 201, { Location: `/v1/players/me/vacations/${created.id}` });
    })
    .openapi(routes.deleteVacation, async (c) => {
      const me = caller(c);
      valueOf(await players.endVacation(me, c.req.valid('param').vacationId));
      await games.refreshDeadlines(me.id);
      return c.body(null, 204);
    })
    .openapi(routes.listWebhooks, async (c) => c.json((await players.listWebhooks(caller(c))).map(webhookAnswer), 200))
    .openapi(routes.createWebhook, async (c) => {
      const input = c.req.valid('json');
      const url = (await outboundUrls()).checkWebhookUrl(input.url, { localDelivery: await localDelivery() });
      const created = valueOf(await players.addWebhook(caller(c), { url, events: input.events }));
      return c.json({ ...webhookAnswer(created), secret: created.secret }, 201, {
        Location: `/v1/players/me/webhooks/${created.id}`,
      });
    })
    .openapi(routes.deleteWebhook, async (c) => {
      valueOf(await players.deleteWebhook(caller(c), c.req.valid('param').webhookId));
      return c.body(null, 204);
    })
    .openapi(deliveryRoutes.testWebhook, async (c) => {
      const me = caller(c);
      const hook = valueOf(await webhookDeliveries.endpoint(me, c.req.valid('param').webhookId));
      const { testPayload } = await import('../../notify/webhook.js');
      const body = JSON.stringify(testPayload(me.id, hook.id));
      return c.json(await attempt(hook, { kind: 'webhookTest', body, attempt: 1, redelivery: false }), 200);
    })
    .openapi(deliveryRoutes.listWebhookDeliveries, async (c) => {
      const log = valueOf(await webhookDeliveries.log(caller(c), c.req.valid('param').webhookId));
      return c.json(log.map(deliveryAnswer), 200);
    })
    .openapi(deliveryRoutes.redeliverWebhook, async (c) => {
      const { webhookId, deliveryId } = c.req.valid('param');
      const again = valueOf(await webhookDeliveries.redelivery(caller(c), webhookId, deliveryId));
      const { hook, kind, body, attempt: n } = again;
      return c.json(await attempt(hook, { kind, body, attempt: n, redelivery: true }), 200);
    })
    .openapi(routes.listPushSubscriptions, async (c) =>
      c.json((await players.listPushSubscriptions(caller(c))).map(pushItem), 200),
    )
    .openapi(routes.createPushSubscription, async (c) => {
      const subscription = c.req.valid('json');
      const endpoint = (await outboundUrls()).checkPushEndpoint(subscription.endpoint, {
        localDelivery: await localDelivery(),
      });
      const created = valueOf(await players.addPushSubscription(caller(c), { ...subscription, endpoint }));
      return c.json({ id: created.id }, 201, { Location: `/v1/players/me/push-subscriptions/${created.id}` });
    })
    .openapi(routes.deletePushSubscription, async (c) => {
      valueOf(await players.deletePushSubscription(caller(c), c.req.valid('param').subscriptionId));
      return c.body(null, 204);
    })
    .openapi(routes.vapidPublicKey, async (c) => {
      const notify = await requireNotify(
        notifyDeps,
        () => new Refusal('push_not_configured', 'Not found', 'Web Push is not configured on this server'),
      );
      return c.json({ publicKey: notify.vapidPublicKey }, 200);
    })
    .openapi(routes.unsubscribePage, async (c) => {
      const { token } = c.req.valid('query');
      const { kind } = await unsubscribeToken(token);
      return c.html(confirmPage(token, kind), 200, noStore);
    })
    .openapi(routes.unsubscribe, async (c) => {
      const { playerId, kind, channel } = await unsubscribeToken(c.req.valid('query').token);
      valueOf(await players.unsubscribe(playerId, kind));
      if ((c.req.header('accept') ?? '').includes('text/html')) return c.html(donePage(kind), 200, noStore);
      return c.json({ unsubscribed: true as const, channel, kind }, 200, noStore);
    });
}
