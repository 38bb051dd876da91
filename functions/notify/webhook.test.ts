import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleNotification } from './fixture.testkit.js';
import { outboundAgents } from './outbound-guard.js';
import { deliverWebhook, postWebhook, signWebhook, webhookPayload, type WebhookRequest } from './webhook.js';
import { newWebhookSecret } from '../service/secrets.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: unknown;
}

/** A subscriber as the spec describes one: it verifies with the reference library and answers 400 on a bad signature. */
function startReceiver(
  secret: string,
  behaviour: (path: string) => 'verify' | number | 'hang' | 'redirect' = () => 'verify',
) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const mode = behaviour(req.url ?? '/');
      if (mode === 'hang') return;
      if (mode === 'redirect') return res.writeHead(307, { location: '/hook' }).end();
      if (typeof mode === 'number') return res.writeHead(mode).end();
      try {
        const verified = new Webhook(secret).verify(body, req.headers as Record<string, string>);
        received.push({ headers: req.headers, body, verified });
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end('bad signature');
      }
    });
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  return { server, received, ready };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const payload = webhookPayload(sampleNotification(), new Date('2026-11-21T10:00:00.000Z'));

describe('webhookPayload', () => {
  it('wraps the notification in the Standard Webhooks envelope', () => {
    expect(payload).toEqual({
      type: 'yourTurn',
      timestamp: '2026-11-21T10:00:00.000Z',
      data: {
        gameId: 'g7Hk2mQpX9aBcDeF',
        game: 'ticket-to-ride-europe',
        title: 'Ticket to Ride: Europe',
        playerId: 'p_zoe',
        seat: 1,
        seatsDue: [1],
        version: 42,
        link: 'https://railpost.example/v1/games/g7Hk2mQpX9aBcDeF',
        page: 'https://railpost.example/#/games/g7Hk2mQpX9aBcDeF',
        changes: ['Alice claimed Berlin–Wien (3 green)', 'Seat 3 drew two cards'],
        deadline: '2026-11-24T18:00:00.000Z',
      },
    });
    const kinds = ['reminder', 'gameStarted', 'gameFinished', 'chat'] as const;
    expect(kinds.map((kind) => webhookPayload(sampleNotification({ kind })).type)).toEqual(kinds);
    const end = webhookPayload(
      sampleNotification({ kind: 'gameFinished', result: { places: [2, 1, 3], scores: [1, 2, 0] } }),
    );
    expect(end.data.result).toEqual({ places: [2, 1, 3], scores: [1, 2, 0] });
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and base64 of 32 random bytes, readable by the reference library', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(a).not.toBe(newWebhookSecret());
    expect(() => new Webhook(a)).not.toThrow();
  });
});

describe('deliverWebhook', () => {
  const secret = newWebhookSecret();
  // The receiver is on this machine: these tests opt in to private addresses (the default refuses them).
  const outbound = outboundAgents({ allowPrivateNetworks: true });
  const local = { outbound };
  const receiver = startReceiver(secret, (path) => {
    if (path === '/gone') return 410;
    if (path === '/missing') return 404;
    if (path === '/broken') return 500;
    if (path === '/slow') return 'hang';
    if (path === '/moved') return 'redirect';
    return 'verify';
  });
  let base: string;
  beforeAll(async () => {
    base = await receiver.ready;
  });
  afterEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    outbound.http.destroy();
    await close(receiver.server);
  });

  it('delivers a body that the receiver verifies with the standardwebhooks library', async () => {
    const result = await deliverWebhook({ url: `${base}/hook`, secret }, payload, local);

    expect(result).toEqual({ status: 204, gone: false });
    const [got] = receiver.received;
    expect(got?.verified).toEqual(payload);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{43}$/);
    expect(Number(got?.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(got?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('keeps the webhook-id when the same payload is retried, and changes it for another event', async () => {
    await deliverWebhook({ url: `${base}/hook`, secret }, payload, local);
    await deliverWebhook({ url: `${base}/hook`, secret }, payload, local);
    await deliverWebhook({ url: `${base}/hook`, secret }, { ...payload, timestamp: '2026-11-21T10:00:01.000Z' }, local);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('is rejected by the receiver when the body or the signature was tampered with on the way', async () => {
    // The signed request, changed between signing and the wire.
    const signed = () => signWebhook({ url: `${base}/hook`, secret }, payload);
    const withHeader = (req: WebhookRequest, name: string, value: string) => ({
      ...req,
      headers: { ...req.headers, [name]: value },
    });

    const signedOnce = signed();
    const body = await postWebhook(
      { ...signedOnce, body: signedOnce.body.replace('"seatsDue":[1]', '"seatsDue":[0]') },
      local,
    );
    const signature = await postWebhook(
      withHeader(signed(), 'webhook-signature', `v1,${Buffer.alloc(32, 7).toString('base64')}`),
      local,
    );
    const otherSecret = await deliverWebhook({ url: `${base}/hook`, secret: newWebhookSecret() }, payload, local);
    const id = await postWebhook(withHeader(signed(), 'webhook-id', 'msg_replayed'), local);

    expect([body, signature, otherSecret, id]).toEqual(Array(4).fill({ status: 400, gone: false }));
    expect(receiver.received).toEqual([]);
  });

  it('reports 410 and 404 as gone, other failures by status', async () => {
    expect(await deliverWebhook({ url: `${base}/gone`, secret }, payload, local)).toEqual({ status: 410, gone: true });
    expect(await deliverWebhook({ url: `${base}/missing`, secret }, payload, local)).toEqual({
      status: 404,
      gone: true,
    });
    expect(await deliverWebhook({ url: `${base}/broken`, secret }, payload, local)).toEqual({
      status: 500,
      gone: false,
    });
  });

  it('does not follow a redirect (its target was never checked)', async () => {
    expect(await deliverWebhook({ url: `${base}/moved`, secret }, payload, local)).toEqual({
      status: 307,
      gone: false,
    });
    expect(receiver.received).toEqual([]);
  });

  it('throws on a timeout and on a refused connection, for the caller to retry', async () => {
    const started = Date.now();
    await expect(
      deliverWebhook({ url: `${base}/slow`, secret }, payload, { ...local, timeoutMs: 200 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(5_000);

    const dead = startReceiver(secret);
    const deadUrl = await dead.ready;
    await close(dead.server);
    await expect(deliverWebhook({ url: deadUrl, secret }, payload, local)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
