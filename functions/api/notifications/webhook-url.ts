import { isIP } from 'node:net';
import { isPublicAddress } from '../../notify/outbound-guard.js';
import { problems } from '../../service/refusal.js';

export interface OutboundUrlPolicy {
  /** Local development and tests only: http:// webhooks, and hosts on this machine or a private network. */
  localDelivery: boolean;
}

/**
 * Registration-time half of the SSRF guard (the other half, which also covers names, checks the
 * resolved address at connect time: notify/outbound-guard.ts). A URL is refused when parsers may
 * read it differently: backslashes (WHATWG reads `\` as `/`, so `https://a.org\@127.0.0.1/` has
 * another host for other parsers), control characters and surrounding spaces (silently dropped),
 * userinfo (`@` in the authority) and a missing `//`. What is stored is the normalised href, the
 * URL that is then checked and used.
 */
function parseOutboundUrl(raw: string, invalid: string, what: string): URL {
  if (raw !== raw.trim() || /[\\\u0000-\u001f\u007f]/.test(raw)) {
    throw problems.badRequest(
      invalid,
      `${what} must not contain backslashes, control characters or surrounding spaces`,
    );
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw problems.badRequest(invalid, `${what} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw problems.badRequest(invalid, `${what} must use https`);
  if (authority === undefined) throw problems.badRequest(invalid, `${what} must be written scheme://host/…`);
  if (authority.includes('@')) throw problems.badRequest(invalid, `${what} must not carry credentials`);
  return url;
}

/**
 * Checks a webhook URL a player registers. Answers the normalised URL, or throws a 400 problem:
 * `invalid_webhook_url` (not an absolute http(s) URL, ambiguous, or with credentials),
 * `insecure_webhook_url` (http) or `private_webhook_url` (a literal non-public address or a name
 * that is local by convention).
 */
export function checkWebhookUrl(raw: string, policy: OutboundUrlPolicy): string {
  const url = parseOutboundUrl(raw, 'invalid_webhook_url', 'A webhook URL');
  if (policy.localDelivery) return url.href;
  if (url.protocol !== 'https:') throw problems.badRequest('insecure_webhook_url', 'A webhook URL must use https');
  if (isPrivateHost(url.hostname)) {
    throw problems.badRequest(
      'private_webhook_url',
      'A webhook URL must point to a public host, not a private, loopback or link-local address',
    );
  }
  return url.href;
}

/**
 * The same for a Web Push subscription's endpoint (its form, https included, is checked by the
 * schema): `invalid_push_endpoint` or `private_push_endpoint`. Answers the normalised endpoint.
 */
export function checkPushEndpoint(raw: string, policy: OutboundUrlPolicy): string {
  const url = parseOutboundUrl(raw, 'invalid_push_endpoint', 'A push endpoint');
  if (!policy.localDelivery && isPrivateHost(url.hostname)) {
    throw problems.badRequest(
      'private_push_endpoint',
      'A push endpoint must point to a public host, not a private, loopback or link-local address',
    );
  }
  return url.href;
}

/** Names that resolve to this machine or a local network by convention (RFC 6761, 6762, 8375). */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'home.arpa',
  'test',
  'invalid',
];

/** `hostname` as the WHATWG parser gives it: IPv4 in dotted form, IPv6 in brackets. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(literal) !== 0) return !isPublicAddress(literal);
  // A single label (e.g. "metadata", "intranet") is completed by the resolver's search list: local.
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
