/** Notification settings: vacations, webhooks, Web Push subscriptions and the unsubscribe links of emails. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { verifyUnsubscribe } from '../../notify/unsubscribe.js';
import type { Games } from '../../service/games.js';
import type { Players } from '../../service/players.js';
import { Refusal, problems } from '../../service/refusal.js';
import type { PushRecord } from '../../domain/player.js';
import { webhookAnswer } from '../answer-shapes.js';
import { caller, type AppEnv } from '../env.js';
import { valueOf } from '../problem-response.js';
import { requireNotify, type NotifyDeps } from '../notify-deps.js';
import { notificationRoutes as routes } from './routes.js';
import { confirmPage, donePage } from './unsubscribe-page.js';

export interface NotificationDeps {
  players: Players;
  /** Vacations move the deadlines of running turns. */
  games: Pick<Games, 'refreshDeadlines'>;
  notifyDeps: () => Promise<NotifyDeps | undefined>;
}

const pushItem = (p: PushRecord) => ({
  id: p.id,
  origin: new URL(p.subscription.endpoint).origin,
  createdAt: p.createdAt,
});
const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** The SSRF checks (ipaddr.js and request-filtering-agent) load with the first webhook or push subscription registered. */
const outboundUrls = () => import('./webhook-url.js');

export function notificationsApp({ players, games, notifyDeps }: NotificationDeps) {
  const localDelivery = async () => (await notifyDeps())?.localDelivery === true;
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
