/**
 * The webhook test vector of docs/notifications.md, and the signed example of the OpenAPI
 * document's `webhooks` section, verify as a receiver verifies them (the `standardwebhooks`
 * library), within the stated 5-minute tolerance and not past it.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { committedDocument } from './support/response-validator.js';

interface Vector {
  secret: string;
  id: string;
  timestamp: string;
  body: string;
  signature: string;
}

/** The rows of the test vector table, read from the doc. */
function documentedVector(): Vector {
  const doc = readFileSync(new URL('../docs/notifications.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Developing against webhooks'));
  const field = (name: string) => {
    const row = new RegExp(`^\\| ${name} \\| \`(.+)\` \\|$`, 'm').exec(section);
    if (!row) throw new Error(`docs/notifications.md: no ${name} row in the test vector`);
    return row[1]!;
  };
  return {
    secret: field('secret'),
    id: field('webhook-id'),
    timestamp: field('webhook-timestamp'),
    body: field('body'),
    signature: field('webhook-signature'),
  };
}

/** The `webhookTest` example's headers and body, and the secret of the `createWebhook` example. */
function documentExample(): Vector {
  const doc = committedDocument() as unknown as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, Example> }>>;
    webhooks: Record<
      string,
      { post: { parameters: { name: string; example?: string; schema: { example?: string } }[]; requestBody: Example } }
    >;
  };
  type Example = { content: Record<string, { example: unknown }> };
  const create = Object.values(doc.paths)
    .flatMap((ops) => Object.values(ops))
    .find((op) => op.operationId === 'createWebhook')!;
  const { post } = doc.webhooks.webhookTest!;
  const header = (name: string) => {
    const parameter = post.parameters.find((p) => p.name === name)!;
    return (parameter.example ?? parameter.schema.example)!;
  };
  return {
    secret: (create.responses!['201']!.content['application/json']!.example as { secret: string }).secret,
    id: header('webhook-id'),
    timestamp: header('webhook-timestamp'),
    body: JSON.stringify(post.requestBody.content['application/json']!.example),
    signature: header('webhook-signature'),
  };
}

/** Verifies as a receiver whose clock reads `at` (ms since the epoch). */
function verifyAt(v: Vector, at: number): unknown {
  vi.useFakeTimers({ now: at });
  const headers = { 'webhook-id': v.id, 'webhook-timestamp': v.timestamp, 'webhook-signature': v.signature };
  return new Webhook(v.secret).verify(v.body, headers);
}

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['docs/notifications.md test vector', documentedVector],
  ['OpenAPI webhookTest example', documentExample],
])('%s', (_name, read) => {
  const vector = read();
  const sentAt = Number(vector.timestamp) * 1000;

  it('verifies with the secret at its timestamp and up to 5 minutes either side of it', () => {
    expect(verifyAt(vector, sentAt)).toEqual(JSON.parse(vector.body));
    expect(verifyAt(vector, sentAt + 5 * MINUTE - 1000)).toMatchObject({ type: 'webhookTest' });
    expect(verifyAt(vector, sentAt - 5 * MINUTE + 1000)).toMatchObject({ type: 'webhookTest' });
  });

  it('is refused past the tolerance, with another secret, or with a body changed by one byte', () => {
    expect(() => verifyAt(vector, sentAt + 6 * MINUTE)).toThrow();
    expect(() => verifyAt({ ...vector, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` }, sentAt)).toThrow();
    expect(() => verifyAt({ ...vector, body: vector.body.replace('webhookTest', 'webhookTesT') }, sentAt)).toThrow();
  });

  it('is the HMAC-SHA256 the doc describes: keyed with the decoded secret, over id.timestamp.body', () => {
    const key = Buffer.from(vector.secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`${vector.id}.${vector.timestamp}.${vector.body}`).digest('base64');
    expect(vector.signature).toBe(`v1,${mac}`);
  });
});

it('the doc and the OpenAPI document give the same vector', () => {
  expect(documentedVector()).toEqual(documentExample());
});
