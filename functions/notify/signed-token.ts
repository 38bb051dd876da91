import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens that are their own authority, for links in emails (mail clients have no session):
 * `<format>.<payload>.<mac>`, the payload base64url JSON, the MAC base64url HMAC-SHA256 over
 * "<purpose>.<format>.<payload>". The purpose keeps one kind of token from passing for another
 * signed with the same secret. To rotate keys, sign with the new secret and verify with
 * `[new, old]` until the old emails no longer matter.
 */
export function signToken(secret: string, purpose: string, format: string, payload: object): string {
  if (!secret) throw new Error(`${purpose} signing secret is empty`);
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${format}.${body}.${mac(secret, purpose, format, body)}`;
}

/** The payload (parsed JSON, unchecked) of a token of this purpose and format with a valid MAC; null otherwise. */
export function verifyToken(
  secret: string | readonly string[],
  purpose: string,
  format: string,
  token: string,
): unknown {
  const [version, body, tag, ...rest] = token.split('.');
  if (version !== format || !body || !tag || rest.length) return null;
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!secrets.some((s) => s && sameText(mac(s, purpose, format, body), tag))) return null;
  return parseJson(Buffer.from(body, 'base64url').toString('utf8'));
}

/**
 * The same MAC over fields that travel outside the token (in a mail address, where the whole local
 * part must fit in 64 characters): cut to 128 bits, still far beyond guessing.
 */
export function shortMac(secret: string, purpose: string, format: string, body: string): string {
  if (!secret) throw new Error(`${purpose} signing secret is empty`);
  return mac(secret, purpose, format, body).slice(0, SHORT_MAC_CHARS);
}

/** True when `tag` is the short MAC of `body` under one of `secrets` (rotation as for `verifyToken`). */
export function verifyShortMac(
  secret: string | readonly string[],
  purpose: string,
  format: string,
  body: string,
  tag: string,
): boolean {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  return secrets.some((s) => s && sameText(shortMac(s, purpose, format, body), tag));
}

/** 22 base64url characters: 132 bits of the HMAC. */
const SHORT_MAC_CHARS = 22;

function mac(secret: string, purpose: string, format: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${format}.${body}`).digest('base64url');
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
