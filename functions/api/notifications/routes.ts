/** Vacations, webhooks, Web Push subscriptions and unsubscribe links; schemas in schemas.ts, handlers in app.ts. */
import * as z from '../openapi-zod.js';
import { MAX_PENDING_VACATIONS, MAX_STORED_VACATIONS, MAX_VACATION_DAYS } from '../../service/vacations.js';
import { MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS } from '../../store/ports/subscriptions.js';
import {
  PushSubscriptionCreatedSchema,
  PushSubscriptionIdParamSchema,
  PushSubscriptionItemSchema,
  PushSubscriptionSchema,
  UnsubscribeFormSchema,
  UnsubscribeQuerySchema,
  UnsubscribedSchema,
  VacationCreateSchema,
  VacationIdParamSchema,
  VacationSchema,
  VapidPublicKeySchema,
  WebhookCreateSchema,
  WebhookCreatedSchema,
  WebhookIdParamSchema,
  WebhookSchema,
} from './schemas.js';
import { body, json, media, secured } from '../route-content.js';
import { defineRoute } from '../answers.js';

const html = (description: string) => ({ content: { 'text/html': { schema: z.string() } }, description });

export const notificationRoutes = {
  listVacations: defineRoute(
    {
      operationId: 'listVacations',
      method: 'get',
      path: '/v1/players/me/vacations',
      tags: ['players'],
      summary: 'Your vacations',
      description: `Every vacation still on record, oldest first: those to come, the one under way, and past ones a clock may still count (at most ${MAX_STORED_VACATIONS} in all).`,
      security: secured,
      responses: { 200: json(z.array(VacationSchema), 'Your vacations, oldest first', (e) => e.listVacations) },
    },
    { problems: {} },
  ),
  createVacation: defineRoute(
    {
      operationId: 'createVacation',
      method: 'post',
      path: '/v1/players/me/vacations',
      tags: ['players'],
      summary: 'Mark days away: your clocks in every timed game pause',
      description:
        'Pauses your clocks in every timed game from `from` until `until`; the deadlines of your running turns move at once. ' +
        `A vacation starts now or later, ends in the future and lasts at most ${MAX_VACATION_DAYS} days. **Cap**: ${MAX_PENDING_VACATIONS} vacations not yet over ` +
        `(409 too_many_vacations); ${MAX_STORED_VACATIONS} kept in all (beyond that the oldest past ones go).`,
      security: secured,
      request: { body: body(VacationCreateSchema, (e) => e.createVacation.request) },
      responses: {
        201: json(
          VacationSchema,
          'The vacation; deadlines of your running turns have moved',
          (e) => e.createVacation.response,
        ),
      },
    },
    {
      scope: 'settings',
      problems: {
        vacation_in_past: 'It starts in the past, or is over already',
        invalid_vacation: '`until` is not after `from`',
        vacation_too_long: `It lasts more than ${MAX_VACATION_DAYS} days`,
        too_many_vacations: `${MAX_PENDING_VACATIONS} vacations are not over yet (see \`limit\`)`,
        concurrent_update: 'Another change to your vacations got in the way; retry',
      },
      location: 'The new vacation, /v1/players/me/vacations/{vacationId}',
    },
  ),
  deleteVacation: defineRoute(
    {
      operationId: 'deleteVacation',
      method: 'delete',
      path: '/v1/players/me/vacations/{vacationId}',
      tags: ['players'],
      summary: 'Cancel a vacation that has not begun, or end one under way now',
      description:
        'A vacation to come is removed; one under way ends now (and stays on record for the clocks it paused). A past one cannot change (409 vacation_over).',
      security: secured,
      request: { params: VacationIdParamSchema },
      responses: { 204: { description: 'Cancelled or ended' } },
    },
    {
      scope: 'settings',
      problems: {
        not_found: 'No such vacation of yours',
        vacation_over: 'The vacation is over',
        concurrent_update: 'Another change to your vacations got in the way; retry',
      },
    },
  ),
  listWebhooks: defineRoute(
    {
      operationId: 'listWebhooks',
      method: 'get',
      path: '/v1/players/me/webhooks',
      tags: ['notifications'],
      summary: 'Your webhook endpoints (without their secrets)',
      description: `Your webhook endpoints, oldest first (at most ${MAX_WEBHOOKS}). Their secrets were shown once, when each was added.`,
      security: secured,
      responses: { 200: json(z.array(WebhookSchema), 'Your webhooks, oldest first', (e) => e.listWebhooks) },
    },
    { problems: {} },
  ),
  createWebhook: defineRoute(
    {
      operationId: 'createWebhook',
      method: 'post',
      path: '/v1/players/me/webhooks',
      tags: ['notifications'],
      summary: 'Add a webhook endpoint; its signing secret is shown only in this answer',
      description:
        'Notifications are POSTed as JSON signed per the Standard Webhooks spec (webhook-id, webhook-timestamp, webhook-signature); the `webhooks` section of this document describes every payload. ' +
        'The URL must use https and name a public host: literal private, loopback and link-local addresses and local names are refused ' +
        '(host names are not resolved here, so a public name that resolves to a private address is not caught at registration, but at delivery). ' +
        `**Cap**: ${MAX_WEBHOOKS} webhooks per player (409 too_many_webhooks).`,
      security: secured,
      request: { body: body(WebhookCreateSchema, (e) => e.createWebhook.request) },
      responses: {
        201: json(WebhookCreatedSchema, 'The webhook, with its secret (shown once)', (e) => e.createWebhook.response),
      },
    },
    {
      scope: 'settings',
      problems: {
        invalid_webhook_url: 'The URL is not absolute, may be read two ways, or carries credentials',
        insecure_webhook_url: 'The URL does not use https',
        private_webhook_url: 'The URL names a private, loopback or link-local address, or a local name',
        too_many_webhooks: `You have ${MAX_WEBHOOKS} webhooks (see \`limit\`); delete one first`,
        concurrent_update: 'Another change got in the way; retry',
      },
      location: 'The new webhook, /v1/players/me/webhooks/{webhookId}',
    },
  ),
  deleteWebhook: defineRoute(
    {
      operationId: 'deleteWebhook',
      method: 'delete',
      path: '/v1/players/me/webhooks/{webhookId}',
      tags: ['notifications'],
      summary: 'Remove a webhook endpoint',
      description:
        'Removes a webhook endpoint of yours. (An endpoint that answers a delivery with 404 or 410 is removed by the notifier itself.)',
      security: secured,
      request: { params: WebhookIdParamSchema },
      responses: { 204: { description: 'Removed' } },
    },
    { scope: 'settings', problems: { not_found: 'No such webhook of yours' } },
  ),
  listPushSubscriptions: defineRoute(
    {
      operationId: 'listPushSubscriptions',
      method: 'get',
      path: '/v1/players/me/push-subscriptions',
      tags: ['notifications'],
      summary: 'Your Web Push subscriptions (push service origin only)',
      description: `Your Web Push subscriptions, oldest first (at most ${MAX_PUSH_SUBSCRIPTIONS}), each shown by its push service's origin: endpoints are capabilities and are not shown again.`,
      security: secured,
      responses: {
        200: json(
          z.array(PushSubscriptionItemSchema),
          'Your subscriptions, oldest first',
          (e) => e.listPushSubscriptions,
        ),
      },
    },
    { problems: {} },
  ),
  createPushSubscription: defineRoute(
    {
      operationId: 'createPushSubscription',
      method: 'post',
      path: '/v1/players/me/push-subscriptions',
      tags: ['notifications'],
      summary: 'Add a Web Push subscription (the same endpoint again replaces it)',
      description:
        "Send the browser's `PushSubscription.toJSON()` (subscribed with the key from GET /v1/push/vapid-public-key). Messages are encrypted per RFC 8291 and signed with VAPID. " +
        `The same endpoint again replaces the subscription (same id). **Cap**: ${MAX_PUSH_SUBSCRIPTIONS} subscriptions per player (409 too_many_push_subscriptions).`,
      security: secured,
      request: { body: body(PushSubscriptionSchema, (e) => e.createPushSubscription.request) },
      responses: { 201: json(PushSubscriptionCreatedSchema, 'Subscribed', (e) => e.createPushSubscription.response) },
    },
    {
      scope: 'settings',
      problems: {
        invalid_body: 'Not a PushSubscription (an https endpoint, p256dh and auth keys of their sizes)',
        invalid_push_endpoint: 'The endpoint may be read two ways (backslashes, credentials, control characters)',
        private_push_endpoint: 'The endpoint names a private, loopback or link-local host',
        too_many_push_subscriptions: `You have ${MAX_PUSH_SUBSCRIPTIONS} subscriptions (see \`limit\`); delete one first`,
        concurrent_update: 'Another change got in the way; retry',
      },
      location: 'The subscription, /v1/players/me/push-subscriptions/{subscriptionId}',
    },
  ),
  deletePushSubscription: defineRoute(
    {
      operationId: 'deletePushSubscription',
      method: 'delete',
      path: '/v1/players/me/push-subscriptions/{subscriptionId}',
      tags: ['notifications'],
      summary: 'Remove a Web Push subscription',
      description:
        'Removes a subscription of yours (call it when the browser unsubscribes). One the push service answers 404 or 410 for is removed by the notifier itself.',
      security: secured,
      request: { params: PushSubscriptionIdParamSchema },
      responses: { 204: { description: 'Removed' } },
    },
    { scope: 'settings', problems: { not_found: 'No such subscription of yours' } },
  ),
  vapidPublicKey: defineRoute(
    {
      operationId: 'getVapidPublicKey',
      method: 'get',
      path: '/v1/push/vapid-public-key',
      tags: ['notifications'],
      summary: "The server's VAPID public key, for pushManager.subscribe()",
      description:
        "Pass it as `applicationServerKey` to the browser's `pushManager.subscribe()`, then send the subscription to POST /v1/players/me/push-subscriptions.",
      security: [],
      responses: { 200: json(VapidPublicKeySchema, 'The key', (e) => e.vapidPublicKey) },
    },
    { problems: { push_not_configured: 'Web Push is not configured on this server' }, storeFree: true },
  ),
  unsubscribePage: defineRoute(
    {
      operationId: 'getUnsubscribe',
      method: 'get',
      path: '/v1/unsubscribe',
      tags: ['notifications'],
      summary: 'The page behind the unsubscribe link of an email: asks to confirm, changes nothing',
      description: 'Mail scanners prefetch links, so a GET never unsubscribes; the page posts a form to the same URL.',
      security: [],
      request: { query: UnsubscribeQuerySchema },
      responses: { 200: html('A confirmation page with a form') },
    },
    {
      problems: {
        invalid_token: 'Missing, malformed or tampered token',
        unsubscribe_not_configured: 'Unsubscribe links are not configured on this server',
      },
      storeFree: true,
    },
  ),
  unsubscribe: defineRoute(
    {
      operationId: 'postUnsubscribe',
      method: 'post',
      path: '/v1/unsubscribe',
      tags: ['notifications'],
      summary: 'One-click unsubscribe (RFC 8058), no login: the signed token is the authority',
      description:
        'Turns email notifications off, or one kind of notification when the token names it. ' +
        'The body is `List-Unsubscribe=One-Click` (form-encoded) or empty. Answers HTML to browsers (Accept: text/html), JSON otherwise.',
      security: [],
      request: {
        query: UnsubscribeQuerySchema,
        body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: UnsubscribeFormSchema } } },
      },
      responses: {
        200: {
          content: {
            'application/json': media(UnsubscribedSchema, (e) => e.unsubscribe),
            'text/html': { schema: z.string() },
          },
          description: 'Unsubscribed',
        },
      },
    },
    {
      problems: {
        invalid_token: 'Missing, malformed or tampered token',
        unsubscribe_not_configured: 'Unsubscribe links are not configured on this server',
        not_found: 'The player is gone',
      },
    },
  ),
};
