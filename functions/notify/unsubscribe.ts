import * as z from 'zod';
import type { NotificationKind } from './message.js';
import { signToken, verifyToken } from './signed-token.js';

export interface UnsubscribePayload {
  playerId: string;
  channel: 'email';
  /** Absent or 'all': every email; otherwise only that kind. */
  kind?: NotificationKind | 'all';
}

/**
 * A token is `u1.<payload>.<mac>` (signed-token.ts, purpose "unsubscribe"). The link must work from
 * a mail client without a session, so the token itself is the authority; it never expires because
 * old emails keep their links. "u1" names the format.
 */
const VERSION = 'u1';
const PURPOSE = 'unsubscribe';

/** Spelled as a mapped type so that adding a kind to NotificationKind fails to compile here. */
const KINDS: { [K in NotificationKind | 'all']: K } = {
  yourTurn: 'yourTurn',
  reminder: 'reminder',
  gameStarted: 'gameStarted',
  gameFinished: 'gameFinished',
  chat: 'chat',
  challenge: 'challenge',
  all: 'all',
};

/** Short keys: the token ends up in a URL in every email. */
const WirePayload = z.object({ p: z.string().min(1), c: z.literal('email'), k: z.enum(KINDS).optional() });

export function signUnsubscribe(secret: string, payload: UnsubscribePayload): string {
  const wire: z.infer<typeof WirePayload> = {
    p: payload.playerId,
    c: payload.channel,
    ...(payload.kind && { k: payload.kind }),
  };
  return signToken(secret, PURPOSE, VERSION, wire);
}

export function verifyUnsubscribe(secret: string | readonly string[], token: string): UnsubscribePayload | null {
  const parsed = WirePayload.safeParse(verifyToken(secret, PURPOSE, VERSION, token));
  if (!parsed.success) return null;
  const { p, c, k } = parsed.data;
  return { playerId: p, channel: c, ...(k && { kind: k }) };
}
