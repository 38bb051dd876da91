import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { problems } from '../service/problem.js';

export interface WebhookUrlPolicy {
  /** Local development only: accept http:// and private, loopback and link-local hosts. */
  allowInsecure: boolean;
}

/**
 * Checks a webhook URL a player registers, as a guard against server-side request forgery: the
 * service must not be made to POST into its own network (cloud metadata at 169.254.169.254,
 * localhost, VPC addresses). Literal IP addresses (in every spelling the WHATWG URL parser
 * normalises, IPv4-mapped and NAT64 IPv6 included) and names that are local by convention are
 * refused. NOT covered: a public name whose DNS answer is (or later becomes: DNS rebinding) a
 * private address; that needs a check of the resolved address at delivery time.
 *
 * Answers the normalised URL, or throws a 400 problem: `invalid_webhook_url` (not an absolute
 * http(s) URL, or with credentials), `insecure_webhook_url` (http) or `private_webhook_url`.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw problems.badRequest('invalid_webhook_url', 'The webhook URL is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw problems.badRequest('invalid_webhook_url', 'A webhook URL must use https');
  }
  if (url.username || url.password) {
    throw problems.badRequest('invalid_webhook_url', 'A webhook URL must not carry credentials');
  }
  if (policy.allowInsecure) return url.href;
  if (url.protocol !== 'https:') throw problems.badRequest('insecure_webhook_url', 'A webhook URL must use https');
  if (isPrivateHost(url.hostname)) {
    throw problems.badRequest('private_webhook_url', 'A webhook URL must point to a public host, not a private, loopback or link-local address');
  }
  return url.href;
}

/** Special-purpose IPv4 ranges (RFC 6890 and friends): nothing a public webhook lives on. */
const V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  V4.addSubnet(net, prefix, 'ipv4');
}

const V6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  V6.addSubnet(net, prefix, 'ipv6');
}

/** Names that resolve to this machine or a local network by convention (RFC 6761, 6762, 8375). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa', 'test', 'invalid'];

export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const v6 = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIPv6(v6)) return isPrivateV6(v6);
  if (isIPv4(host)) return V4.check(host, 'ipv4');
  // A single label (e.g. "metadata", "intranet") is completed by the resolver's search list: local.
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

function isPrivateV6(address: string): boolean {
  if (V6.check(address, 'ipv6')) return true;
  const words = expandV6(address);
  if (!words) return true; // unparseable: refuse
  const embedded = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words as [number, number, number, number, number, number, number, number];
  // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible), 64:ff9b::a.b.c.d (NAT64): the IPv4 decides.
  const upperZero = w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0;
  if (upperZero && (w5 === 0xffff || w5 === 0)) return V4.check(embedded(w6, w7), 'ipv4');
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return V4.check(embedded(w6, w7), 'ipv4');
  // 2002:AABB:CCDD::/48 (6to4) carries the IPv4 in the second and third words.
  if (w0 === 0x2002) return V4.check(embedded(w1, w2), 'ipv4');
  return false;
}

/** Eight 16-bit words of an IPv6 address (with an optional dotted IPv4 tail), or null. */
function expandV6(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const words = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}
