/**
 * Issue 19 #7: a body over the limit gets its 413 body_too_large, reliably, from Node's own fetch:
 * the local server reads the rest of a refused body before answering (functions/local/drain-body.ts),
 * so the client never sees its socket closed mid-send, and the connection stays usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/api/app.js';
import { startTestServer } from '../support/local.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });

/** Sends `body` and gives the status and problem code, or the network error as text. */
async function send(body: BodyInit, extra: RequestInit = {}): Promise<string> {
  try {
    const r = await fetch(`${server.url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...extra });
    const text = await r.text();
    return `${r.status} ${(JSON.parse(text) as { code?: string }).code}`;
  } catch (err) {
    return `network error: ${String((err as Error).cause ?? err)}`;
  }
}

describe('oversized bodies (issue 19 #7)', () => {
  it(`20 bodies of 2 MiB in a row (limit ${MAX_BODY_BYTES} bytes) each get 413 body_too_large, never a broken connection`, async () => {
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) answers.push(await send(big));
    expect(answers).toEqual(Array.from({ length: 20 }, () => '413 body_too_large'));
  });

  it('a streamed (chunked) oversized body gets 413 too, and a normal request right after it succeeds', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 32) controller.enqueue(chunk);
        else controller.close();
      },
    });
    expect(await send(stream, { duplex: 'half' } as RequestInit)).toBe('413 body_too_large');
    expect(await send(JSON.stringify({ name: 'Anna' }))).toMatch(/^201 /);
  });
});
