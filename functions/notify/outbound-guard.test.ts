import { isIP, type LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectionTrap, type ConnectionTrap } from './connection-trap.testkit.js';
import { sampleNotification } from './fixture.testkit.js';
import { isPublicAddress, outboundAgents } from './outbound-guard.js';
import { sendPush } from './push.js';
import { newVapidKeys } from './vapid-keys.js';
import { deliverWebhook, webhookPayload } from './webhook.js';
import { newWebhookSecret } from '../service/secrets.js';

/** A DNS server that answers what the test says (a rebinding one: a public name, a local address). */
function lookupTo(...addresses: string[]): LookupFunction {
  const answers = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((
    _host: string,
    options: { all?: boolean },
    callback: (err: null, address: unknown, family?: number) => void,
  ) => {
    if (options.all) callback(null, answers);
    else callback(null, answers[0]!.address, answers[0]!.family);
  }) as LookupFunction;
}

const REFUSED = [
  '127.0.0.1',
  '127.8.9.10',
  '0.0.0.0',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254', // cloud metadata
  '100.64.0.1', // carrier-grade NAT
  '192.0.0.170',
  '192.0.2.1',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe', // 169.254.169.254, mapped
  '::ffff:0:7f00:1', // SIIT (RFC 6145) 127.0.0.1
  '::7f00:1', // IPv4-compatible (deprecated) 127.0.0.1
  '64:ff9b::7f00:1', // NAT64 127.0.0.1
  '64:ff9b::a9fe:a9fe', // NAT64 169.254.169.254
  '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215)
  '2001::1', // Teredo
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2002:a9fe:a9fe::1',
  '2001:db8::1', // documentation
  'fc00::1',
  'fd12:3456::1', // unique local
  'fe80::1', // link-local
  'fec0::1', // site-local
  'ff02::1', // multicast
  '100::1', // discard
  '4000::1', // not allocated: outside 2000::/3
  'not an address',
];
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '93.184.215.14',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
];

describe('isPublicAddress (an allow-list of ipaddr.js unicast, IPv6 only in 2000::/3)', () => {
  it('refuses private, loopback, link-local, CGNAT, special-purpose and every IPv6 form carrying an IPv4', () => {
    expect(REFUSED.filter(isPublicAddress)).toEqual([]);
  });

  it('accepts public unicast addresses of both families', () => {
    expect(PUBLIC.filter((a) => !isPublicAddress(a))).toEqual([]);
  });
});

describe('the connect-time guard', () => {
  /** A listener on this machine: the target of the rebinding, which must see no connection. */
  let trap: ConnectionTrap;
  let port: number;
  const connections = () => trap.connections();
  const secret = newWebhookSecret();
  const payload = webhookPayload(sampleNotification());
  const vapid = { subject: 'mailto:ops@railpost.example', ...newVapidKeys() };
  const pushTo = (endpoint: string) => ({
    endpoint,
    keys: { p256dh: newVapidKeys().publicKey, auth: Buffer.alloc(16, 1).toString('base64url') },
  });

  beforeAll(async () => {
    trap = await startConnectionTrap();
    port = trap.port;
  });
  afterAll(() => trap.close());

  it('a public-looking name that resolves to a local address is refused after the lookup, before any connection (webhook, http and https)', async () => {
    for (const answer of [
      ['127.0.0.1'],
      ['169.254.169.254'],
      ['::ffff:7f00:1'],
      ['::ffff:127.0.0.1'],
      ['64:ff9b::7f00:1'],
      ['::1'],
      ['8.8.8.8', '127.0.0.1'],
    ]) {
      const outbound = outboundAgents({ lookup: lookupTo(...answer) });
      for (const scheme of ['http', 'https']) {
        const before = connections();
        await expect(
          deliverWebhook({ url: `${scheme}://hooks.example.org:${port}/hook`, secret }, payload, { outbound }),
          `${answer} over ${scheme}`,
        ).rejects.toThrow(/not allowed|not a public address/);
        expect(connections(), `${answer} over ${scheme}`).toBe(before);
      }
    }
  });

  it('the same for a Web Push endpoint, by default (no agents given) and with the rebinding lookup', async () => {
    const outbound = outboundAgents({ lookup: lookupTo('127.0.0.1') });
    const before = connections();
    await expect(sendPush(pushTo(`https://push.example.net:${port}/x`), '{}', vapid, { outbound })).rejects.toThrow(
      /not allowed|not a public address/,
    );
    await expect(sendPush(pushTo(`https://127.0.0.1:${port}/x`), '{}', vapid)).rejects.toThrow(
      /not allowed|not a public address/,
    );
    await expect(sendPush(pushTo(`https://[::ffff:7f00:1]:${port}/x`), '{}', vapid)).rejects.toThrow(
      /not allowed|not a public address/,
    );
    expect(connections()).toBe(before);
  });

  it('literal addresses are refused by default for webhooks too, in every IPv6 spelling', async () => {
    const before = connections();
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:0:7f00:1]', '[::7f00:1]', '[64:ff9b::7f00:1]']) {
      await expect(deliverWebhook({ url: `http://${host}:${port}/hook`, secret }, payload), host).rejects.toThrow(
        /not allowed|not a public address/,
      );
    }
    expect(connections()).toBe(before);
  });

  it('only an explicit opt-in (local development, tests) connects to this machine, through the same lookup', async () => {
    const before = connections();
    const outbound = outboundAgents({ lookup: lookupTo('127.0.0.1'), allowPrivateNetworks: true });
    expect(
      await deliverWebhook({ url: `http://hooks.example.org:${port}/hook`, secret }, payload, { outbound }),
    ).toEqual({ status: 204, gone: false });
    expect(connections()).toBe(before + 1);
  });
});
