/**
 * The SSRF guard for every connection the notifier opens to an address a player chose (webhooks,
 * Web Push endpoints). Registration can only judge literal addresses; a name's address is known
 * only when it is resolved, and may change between a check and a connection (DNS rebinding). So
 * the real check sits in the http(s) agent: request-filtering-agent validates the address the
 * lookup answered, right before the socket connects to that very address.
 */
import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, Socket, type LookupFunction, type TcpNetConnectOpts } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * ipaddr.js calls every IPv6 address outside its special ranges 'unicast', unallocated space and
 * IPv4-compatible `::a.b.c.d` included; IANA assigns global unicast only from 2000::/3.
 */
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * An allow-list: only what ipaddr.js classifies as plain 'unicast' (for IPv6 also inside 2000::/3)
 * is public. Everything else is refused: private, loopback, link-local, CGNAT, documentation,
 * multicast, and every IPv6 form that carries an IPv4 address (mapped, SIIT, NAT64, Teredo, 6to4).
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(GLOBAL_V6);
}

export interface OutboundOptions {
  /**
   * Local development and tests only: connect to private and loopback addresses too (receivers on
   * this machine). Off by default: the production rules.
   */
  allowPrivateNetworks?: boolean;
  /** Tests only: resolves host names instead of DNS (to play a rebinding DNS server without a network). */
  lookup?: LookupFunction;
  /** Tests only: the certificate to trust instead of the public roots (a local https endpoint's). */
  ca?: string | Buffer;
}

/** The agents every outbound request goes through; pick one with `agentFor`. */
export interface Outbound {
  http: HttpAgent;
  https: HttpsAgent;
}

class RefusedAddress extends Error {
  constructor(address: string) {
    super(`Connection to ${address} refused: not a public address`);
    this.name = 'RefusedAddress';
  }
}

/** Whether a connection failed because the guard refused its address. */
export const isRefusedAddress = (err: unknown): boolean => err instanceof RefusedAddress;

/** A socket that fails at once, as http(s).Agent expects of a connection that cannot be made. */
function failedSocket(error: Error, callback?: (error: Error | null, socket: Duplex) => void): Socket {
  const socket = new Socket();
  if (callback) callback(error, socket);
  else socket.destroy(error);
  return socket;
}

/** Narrows request-filtering-agent's non-unicast rule to `isPublicAddress` (the 2000::/3 part). */
function publicOnly(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) =>
    lookup(
      hostname,
      options,
      (err: NodeJS.ErrnoException | null, address: string | { address: string }[], family?: number) => {
        if (err) return callback(err, '', 0);
        const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
        const refused = addresses.find((a) => !isPublicAddress(a));
        if (refused !== undefined) return callback(new RefusedAddress(refused), '', 0);
        (callback as (e: null, a: typeof address, f?: number) => void)(null, address, family);
      },
    );
}

function strictConnection(options: TcpNetConnectOpts, lookup: LookupFunction): TcpNetConnectOpts | RefusedAddress {
  // A literal address is connected to without a lookup.
  if (options.host !== undefined && isIP(options.host) !== 0 && !isPublicAddress(options.host))
    return new RefusedAddress(options.host);
  return { ...options, lookup: publicOnly(options.lookup ?? lookup) };
}

class StrictHttpAgent extends RequestFilteringHttpAgent {
  override createConnection(
    options: TcpNetConnectOpts,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | Socket {
    const checked = strictConnection(options, dnsLookup);
    return checked instanceof Error ? failedSocket(checked, callback) : super.createConnection(checked, callback);
  }
}

class StrictHttpsAgent extends RequestFilteringHttpsAgent {
  override createConnection(
    options: TcpNetConnectOpts,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | Socket {
    const checked = strictConnection(options, dnsLookup);
    return checked instanceof Error ? failedSocket(checked, callback) : super.createConnection(checked, callback);
  }
}

/**
 * Both agents refuse non-public addresses at connect time (unless `allowPrivateNetworks`). No
 * keep-alive: each delivery resolves and checks its host again.
 */
export function outboundAgents(options: OutboundOptions = {}): Outbound {
  const filter = {
    allowPrivateIPAddress: options.allowPrivateNetworks === true,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  };
  if (options.allowPrivateNetworks) {
    return {
      http: new RequestFilteringHttpAgent(filter),
      https: new RequestFilteringHttpsAgent({ ...filter, ...(options.ca ? { ca: options.ca } : {}) }),
    };
  }
  return {
    http: new StrictHttpAgent(filter),
    https: new StrictHttpsAgent({ ...filter, ...(options.ca ? { ca: options.ca } : {}) }),
  };
}

/** The production rules, for callers that were given no agents. */
export const strictOutbound: Outbound = outboundAgents();

export function agentFor(url: URL, outbound: Outbound): HttpAgent {
  return url.protocol === 'https:' ? outbound.https : outbound.http;
}
