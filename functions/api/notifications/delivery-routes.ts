/** What a webhook's owner develops against: a test event, the delivery log, redeliveries; handlers in app.ts. */
import * as z from '../openapi-zod.js';
import { KEPT_ATTEMPTS, MAX_KEPT_PAYLOAD_BYTES } from '../../store/ports/webhook-attempts.js';
import { DeliveryIdParamSchema, WebhookDeliverySchema, WebhookIdParamSchema } from './schemas.js';
import { json, secured } from '../route-content.js';
import { defineRoute } from '../answers.js';

const ATTEMPT_ANSWER =
  'The attempt, also when your endpoint failed it (see `status` and `error`): the request itself succeeded';

export const deliveryRoutes = {
  testWebhook: defineRoute(
    {
      operationId: 'testWebhook',
      method: 'post',
      path: '/v1/players/me/webhooks/{webhookId}/test',
      tags: ['notifications'],
      summary: 'Send a signed test event to a webhook endpoint now',
      description:
        "Sends a `webhookTest` payload (see the `webhooks` section), signed like every delivery, whatever the endpoint's `events`, and answers the attempt, which the delivery log keeps too. " +
        'An answer of 404 or 410 does not remove the endpoint here.',
      security: secured,
      request: { params: WebhookIdParamSchema },
      responses: { 200: json(WebhookDeliverySchema, ATTEMPT_ANSWER, (e) => e.testWebhook) },
    },
    { scope: 'settings', limited: 'webhookDelivery', problems: { not_found: 'No such webhook of yours' } },
  ),
  listWebhookDeliveries: defineRoute(
    {
      operationId: 'listWebhookDeliveries',
      method: 'get',
      path: '/v1/players/me/webhooks/{webhookId}/deliveries',
      tags: ['notifications'],
      summary: "A webhook endpoint's last delivery attempts, newest first",
      description:
        `The last ${KEPT_ATTEMPTS} attempts to deliver to this endpoint (notifications, tests and redeliveries), newest first; each is kept 30 days at most. ` +
        "Only our side is kept: your endpoint's answer body is never read.",
      security: secured,
      request: { params: WebhookIdParamSchema },
      responses: {
        200: json(z.array(WebhookDeliverySchema), 'The attempts, newest first', (e) => e.listWebhookDeliveries),
      },
    },
    { problems: { not_found: 'No such webhook of yours' } },
  ),
  redeliverWebhook: defineRoute(
    {
      operationId: 'redeliverWebhook',
      method: 'post',
      path: '/v1/players/me/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      tags: ['notifications'],
      summary: 'Send a logged delivery again (same webhook-id, fresh signature)',
      description:
        'Sends the body of a kept attempt again, as it was: the same `webhook-id` (so a receiver that has it already drops it), a fresh `webhook-timestamp` and signature. ' +
        `Answers the new attempt, which the delivery log keeps too. Bodies over ${MAX_KEPT_PAYLOAD_BYTES / 1024} KiB are not kept (409 payload_not_kept). ` +
        'An answer of 404 or 410 does not remove the endpoint here.',
      security: secured,
      request: { params: DeliveryIdParamSchema },
      responses: { 200: json(WebhookDeliverySchema, ATTEMPT_ANSWER, (e) => e.redeliverWebhook) },
    },
    {
      scope: 'settings',
      limited: 'webhookDelivery',
      problems: {
        not_found: 'No such webhook of yours, or no such attempt in its log',
        payload_not_kept: `The attempt's body was over ${MAX_KEPT_PAYLOAD_BYTES / 1024} KiB and was not kept`,
      },
    },
  ),
};
