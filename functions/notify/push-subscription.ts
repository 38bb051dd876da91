/**
 * The shape of a browser's Web Push subscription, apart from the sender (push.ts) so that the API,
 * which only checks subscriptions, does not bundle web-push and its crypto dependencies.
 */
import * as z from 'zod';
import type { PushSubscription } from '../domain/player.js';

/** Unpadded or padded base64url that decodes to exactly `bytes` bytes. */
const base64url = (bytes: number) =>
  z
    .string()
    .max(Math.ceil((bytes * 4) / 3) + 2)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((s) => Buffer.from(s, 'base64url').length === bytes, `must decode to ${bytes} bytes`);

/** Real endpoints are a few hundred characters; the bound keeps one subscription's item small. */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

/** What `PushSubscription.toJSON()` gives in a browser (RFC 8291 keys). */
export const PushSubscriptionSchema = z.object({
  // z.url() would silently trim spaces and drop tabs and newlines; an endpoint with any is refused instead.
  endpoint: z
    .string()
    .max(MAX_PUSH_ENDPOINT_LENGTH)
    .regex(/^[^\s\u0000-\u001f\u007f]*$/, 'must not contain spaces or control characters')
    .pipe(z.url({ protocol: /^https$/ }))
    .meta({ format: 'uri' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point: 0x04 || X || Y.
    p256dh: base64url(65).refine((s) => Buffer.from(s, 'base64url')[0] === 4, 'must be an uncompressed P-256 point'),
    auth: base64url(16),
  }),
}) satisfies z.ZodType<PushSubscription>;
