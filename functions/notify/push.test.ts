import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadWords, sampleNotification } from './fixture.testkit.js';
import { outboundAgents, type Outbound } from './outbound-guard.js';
import { pushPayload, PushSubscriptionSchema, sendPush, type PushSubscription } from './push.js';
import { newVapidKeys } from './vapid-keys.js';

beforeAll(loadWords);

/** The browser side of a subscription: a P-256 key pair and a 16-byte auth secret (RFC 8291 §2). */
function newBrowserKeys(endpoint: string): { ecdh: ECDH; auth: Buffer; subscription: PushSubscription } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return { ecdh, auth, subscription };
}

/**
 * RFC 8291 decryption as a user agent does it, written from the RFC with node:crypto alone:
 * the aes128gcm header (RFC 8188 §2.1) is salt(16) | rs(4) | idlen(1) | keyid = the sender's
 * ephemeral public key; then ECDH, two HKDF steps, and AES-128-GCM over a single record.
 */
function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  expect(idlen).toBe(65);
  expect(record.length).toBeLessThanOrEqual(body.readUInt32BE(16));

  const sharedSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record's plaintext is followed by the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID JWT (RFC 8292) with the application server's public key. */
function readVapid(authorization: string | undefined, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match?.[2]).toBe(publicKey);
  const [header, claims, signature] = (match?.[1] ?? '').split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('sendPush to a local HTTPS push endpoint', () => {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const vapid = { subject: 'mailto:ops@railpost.example', ...newVapidKeys() };
  // The push endpoint is on this machine, with a self-signed certificate: the tests opt in to both.
  let outbound: Outbound;
  let connections = 0;
  let certDir: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'railpost-push-'));
    const [key, cert] = [join(certDir, 'key.pem'), join(certDir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status = path.startsWith('/gone')
          ? 410
          : path.startsWith('/missing')
            ? 404
            : path.startsWith('/overloaded')
              ? 503
              : 201;
        res.writeHead(status).end();
      });
    });
    server.on('connection', () => connections++);
    outbound = outboundAgents({ allowPrivateNetworks: true, ca: readFileSync(cert) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    outbound.https.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(certDir, { recursive: true, force: true });
  });

  it('sends an aes128gcm body that the subscription keys decrypt, with VAPID and TTL', async () => {
    const browser = newBrowserKeys(`${origin}/push/abc123`);
    const n = sampleNotification();
    const payload = pushPayload(n);

    const result = await sendPush(browser.subscription, payload, vapid, { outbound, topic: n.gameId });

    expect(result).toEqual({ status: 201, gone: false });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req?.path).toBe('/push/abc123');
    expect(req?.headers['content-encoding']).toBe('aes128gcm');
    expect(req?.headers['content-type']).toBe('application/octet-stream');
    expect(req?.headers.ttl).toBe('86400');
    expect(req?.headers.topic).toBe(n.gameId);
    const claims = readVapid(req?.headers.authorization, vapid.publicKey);
    expect(claims).toMatchObject({ aud: origin, sub: vapid.subject });
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(Number(claims.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60);

    expect(decryptPush(req?.body ?? Buffer.alloc(0), browser.ecdh, browser.auth)).toBe(payload);
  });

  it('cannot be read with another subscription’s keys', async () => {
    const browser = newBrowserKeys(`${origin}/push/abc123`);
    await sendPush(browser.subscription, pushPayload(sampleNotification()), vapid, { outbound });
    const stranger = newBrowserKeys(`${origin}/push/other`);
    expect(() => decryptPush(received[0]?.body ?? Buffer.alloc(0), stranger.ecdh, stranger.auth)).toThrow();
  });

  it('reports 410 and 404 as gone and throws on other failures', async () => {
    const gone = newBrowserKeys(`${origin}/gone/1`).subscription;
    const missing = newBrowserKeys(`${origin}/missing/1`).subscription;
    const overloaded = newBrowserKeys(`${origin}/overloaded/1`).subscription;
    expect(await sendPush(gone, '{}', vapid, { outbound })).toEqual({ status: 410, gone: true });
    expect(await sendPush(missing, '{}', vapid, { outbound })).toEqual({ status: 404, gone: true });
    await expect(sendPush(overloaded, '{}', vapid, { outbound })).rejects.toMatchObject({ statusCode: 503 });
  });

  it('throws when the endpoint’s certificate is not trusted (only tests name one)', async () => {
    const browser = newBrowserKeys(`${origin}/push/abc123`);
    await expect(
      sendPush(browser.subscription, '{}', vapid, { outbound: outboundAgents({ allowPrivateNetworks: true }) }),
    ).rejects.toThrow(/self-signed|certificate/i);
    expect(received).toEqual([]);
  });

  it('by default an endpoint on this machine is refused before any connection is made (no opt-in, no push)', async () => {
    const before = connections;
    const browser = newBrowserKeys(`${origin}/push/abc123`);
    await expect(sendPush(browser.subscription, '{}', vapid)).rejects.toThrow(/not allowed|not a public address/);
    expect(connections).toBe(before);
    expect(received).toEqual([]);
  });
});

describe('pushPayload', () => {
  it('is small JSON with a title, a body, the link and the game as tag', () => {
    const n = sampleNotification({ toAct: [0, 1] });
    expect(JSON.parse(pushPayload(n))).toEqual({
      title: 'Your turn in Ticket to Ride: Europe',
      body: 'Seat 3 drew two cards. Also due now: Alice. Move by 2026-11-24 18:00 UTC.',
      url: n.link,
      tag: n.gameId,
    });
    const chat = sampleNotification({ kind: 'chat', chat: { from: 'Alice', text: 'x'.repeat(5000) } });
    expect(Buffer.byteLength(pushPayload(chat))).toBeLessThan(1024);
  });
});

describe('PushSubscriptionSchema', () => {
  const valid = newBrowserKeys('https://fcm.googleapis.com/fcm/send/abc').subscription;

  it('accepts what a browser gives, with or without expirationTime', () => {
    expect(PushSubscriptionSchema.parse(valid)).toEqual(valid);
    const { expirationTime: _, ...noExpiry } = valid;
    expect(PushSubscriptionSchema.safeParse(noExpiry).success).toBe(true);
    expect(PushSubscriptionSchema.safeParse({ ...valid, expirationTime: 1_800_000_000_000 }).success).toBe(true);
  });

  it('rejects non-HTTPS endpoints and keys of the wrong size or form', () => {
    const bad = [
      { ...valid, endpoint: 'http://push.example/abc' },
      { ...valid, endpoint: 'not a url' },
      { ...valid, keys: { ...valid.keys, p256dh: randomBytes(64).toString('base64url') } },
      {
        ...valid,
        keys: { ...valid.keys, p256dh: Buffer.concat([Buffer.from([3]), randomBytes(64)]).toString('base64url') },
      },
      { ...valid, keys: { ...valid.keys, auth: randomBytes(8).toString('base64url') } },
      { ...valid, keys: { ...valid.keys, auth: 'not base64!' } },
      { endpoint: valid.endpoint },
    ];
    for (const b of bad) expect(PushSubscriptionSchema.safeParse(b).success).toBe(false);
  });
});
