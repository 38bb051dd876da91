/** What the API needs to know of the notification channels (the notifier holds the private parts). */
import type { Outbound } from '../notify/outbound-guard.js';
import type { Refusal } from '../service/refusal.js';

export interface NotifyDeps {
  /** VAPID public key (base64url), handed to browsers as `applicationServerKey`. */
  vapidPublicKey: string;
  /** Verifies the tokens of unsubscribe links; several while a rotation is under way (newest first). */
  unsubscribeSecret: string | readonly string[];
  /** Local development and tests only: http:// webhooks, and webhooks and push endpoints on private or loopback hosts. */
  localDelivery?: boolean;
  /** The agents test events and redeliveries go through; default the production rules (notify/outbound-guard.ts). */
  outbound?: Outbound;
}

/** The channels' settings as the app is given them: absent, or a function the Lambda's secrets in SSM are read through. */
export type NotifySource = NotifyDeps | (() => Promise<NotifyDeps | undefined>) | undefined;

/**
 * The settings, read once: given as a function, it is called on the first request that needs
 * them. A failed read is tried again by the next request rather than remembered.
 */
export function notifyDepsOf(source: NotifySource): () => Promise<NotifyDeps | undefined> {
  let notifying: Promise<NotifyDeps | undefined> | undefined;
  return () =>
    (notifying ??= (typeof source === 'function' ? source() : Promise.resolve(source)).catch((err: unknown) => {
      notifying = undefined;
      throw err;
    }));
}

/** The settings, or the problem `unconfigured` makes when this server has none. */
export async function requireNotify(
  notifyDeps: () => Promise<NotifyDeps | undefined>,
  unconfigured: () => Refusal,
): Promise<NotifyDeps> {
  const notify = await notifyDeps();
  if (!notify) throw unconfigured();
  return notify;
}
