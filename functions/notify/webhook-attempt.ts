/**
 * One delivery attempt to one webhook endpoint: signed, posted and timed, with its outcome as the
 * endpoint's delivery log keeps it. The notifier, the test event and redeliveries all go through it.
 */
import { performance } from 'node:perf_hooks';
import type { WebhookRecord } from '../domain/player.js';
import type { AttemptErrorCode, WebhookAttempt, WebhookEventType } from '../domain/webhook-attempt.js';
import { MAX_KEPT_PAYLOAD_BYTES } from '../store/ports/webhook-attempts.js';
import { isRefusedAddress } from './outbound-guard.js';
import { postWebhook, signBody, WEBHOOK_TIMEOUT_MS, type DeliverOptions } from './webhook.js';

/** What is sent: the body as signed, and which attempt of its message this is. */
export interface WebhookMessage {
  kind: WebhookEventType;
  body: string;
  attempt: number;
  redelivery: boolean;
}

/** An attempt made, not yet numbered by the log; `gone` when the receiver answered 404 or 410. */
export interface AttemptMade {
  attempt: Omit<WebhookAttempt, 'id'>;
  gone: boolean;
}

type Endpoint = Pick<WebhookRecord, 'playerId' | 'id' | 'url' | 'secret'>;

export async function attemptDelivery(
  hook: Endpoint,
  message: WebhookMessage,
  opts: DeliverOptions & { now: Date },
): Promise<AttemptMade> {
  const signed = signBody(hook, message.body, opts.now);
  const started = performance.now();
  const outcome = await postWebhook(signed, opts).then(
    ({ status, gone }) => ({
      status,
      gone,
      error:
        status >= 200 && status < 300 ? null : { code: 'http_status' as const, message: `Answered HTTP ${status}` },
    }),
    (err: unknown) => ({ status: null, gone: false, error: failure(err, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) }),
  );
  return {
    gone: outcome.gone,
    attempt: {
      playerId: hook.playerId,
      webhookId: hook.id,
      kind: message.kind,
      eventId: signed.headers['webhook-id']!,
      attemptedAt: opts.now.toISOString(),
      attempt: message.attempt,
      status: outcome.status,
      latencyMs: Math.round(performance.now() - started),
      error: outcome.error,
      redelivery: message.redelivery,
      payload: Buffer.byteLength(message.body) <= MAX_KEPT_PAYLOAD_BYTES ? message.body : null,
    },
  };
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

/** A stable code and a short sentence for a request that got no answer; never the receiver's words. */
function failure(err: unknown, timeoutMs: number): { code: AttemptErrorCode; message: string } {
  const e = err as NodeJS.ErrnoException;
  if (isRefusedAddress(err))
    return { code: 'blocked_address', message: 'The host, or the address it resolved to, is not a public address' };
  if (e?.name === 'TimeoutError') return { code: 'timeout', message: `No answer within ${timeoutMs / 1000} s` };
  const code = e?.code ?? '';
  if (code === 'ECONNREFUSED') return { code: 'connection_refused', message: 'The connection was refused' };
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return { code: 'connection_reset', message: 'The connection was closed before an answer' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return { code: 'dns_failure', message: 'The host name did not resolve' };
  if (TLS_CODES.test(code)) return { code: 'tls_error', message: `The TLS handshake failed (${code})` };
  return { code: 'network_error', message: code ? `The request failed (${code})` : 'The request failed' };
}
