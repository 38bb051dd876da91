import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { NotificationKind } from './message.js';

export interface UnsubscribePayload {
  playerId: string;
  channel: 'email';
  /** Absent or 'all': every email; otherwise only that kind. */
  kind?: NotificationKind | 'all';
}

/**
 * A token is `u1.<payload>.<mac>`: the payload is base64url JSON, the MAC is base64url
 * HMAC-SHA256 over "unsubscribe.u1.<payload>". The link must work from a mail client without a
 * session, so the token itself is the authority; it never expires because old emails keep their
 * links. "u1" names the format; to rotate keys, sign with the new secret and verify with
 * `[new, old]` until the old emails no longer matter.
 */
const VERSION = 'u1';

/** Spelled as a mapped type so that adding a kind to NotificationKind fails to compile here. */
const KINDS: { [K in NotificationKind | 'all']: K } = {
  yourTurn: 'yourTurn',
  reminder: 'reminder',
  gameStarted: 'gameStarted',
  gameFinished: 'gameFinished',
  chat: 'chat',
  all: 'all',
};

/** Short keys: the token ends up in a URL in every email. */
const WirePayload = z.object({ p: z.string().min(1), c: z.literal('email'), k: z.enum(KINDS).optional() });

export function signUnsubscribe(secret: string, payload: UnsubscribePayload): string {
  if (!secret) throw new Error('unsubscribe signing secret is empty');
  const wire: z.infer<typeof WirePayload> = { p: payload.playerId, c: payload.channel, ...(payload.kind && { k: payload.kind }) };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${VERSION}.${body}.${mac(secret, body)}`;
}

export function verifyUnsubscribe(secret: string | readonly string[], token: string): UnsubscribePayload | null {
  const [version, body, tag, ...rest] = token.split('.');
  if (version !== VERSION || !body || !tag || rest.length) return null;
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!secrets.some((s) => s && sameText(mac(s, body), tag))) return null;
  const parsed = WirePayload.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
  if (!parsed.success) return null;
  const { p, c, k } = parsed.data;
  return { playerId: p, channel: c, ...(k && { kind: k }) };
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe.${VERSION}.${body}`).digest('base64url');
}

/**
 * Compares the encoded text, not decoded bytes: Node's base64url decoder skips stray characters,
 * so decoding first would accept altered spellings of a valid tag.
 */
function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
