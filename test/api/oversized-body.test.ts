/**
 * A body over the limit gets its 413 body_too_large, reliably, from Node's own fetch:
 * the local server reads the rest of a refused body before answering (functions/local/drain-body.ts),
 * so the client never sees its socket closed mid-send, and the connection stays usable. That holds
 * for chunked bodies too, which the API stops reading once they pass the limit; one too large to
 * drain is answered with Connection: close, so the client's next request goes on a new connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/api/app.js';
import { DRAIN_LIMIT_BYTES } from '../../functions/local/drain-body.js';
import { startTestServer } from '../support/local.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });

/** A body of `mib` MiB streamed in 64 KiB chunks, so it goes out chunked (no Content-Length). */
function chunked(mib: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < mib * 16) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** Sends `body` and gives the status and problem code, or the network error as text. */
async function send(body: BodyInit, extra: RequestInit = {}): Promise<string> {
  try {
    const r = await fetch(`${server.url}/v1/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      ...extra,
    });
    const text = await r.text();
    return `${r.status} ${(JSON.parse(text) as { code?: string }).code}`;
  } catch (err) {
    return `network error: ${String((err as Error).cause ?? err)}`;
  }
}

describe('oversized bodies', () => {
  it(`20 bodies of 2 MiB in a row (limit ${MAX_BODY_BYTES} bytes) each get 413 body_too_large, never a broken connection`, async () => {
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) answers.push(await send(big));
    expect(answers).toEqual(Array.from({ length: 20 }, () => '413 body_too_large'));
  });

  it('a streamed (chunked) oversized body gets 413 too, and a normal request right after it succeeds', async () => {
    expect(await send(chunked(2), { duplex: 'half' } as RequestInit)).toBe('413 body_too_large');
    expect(await send(JSON.stringify({ name: 'Anna' }))).toMatch(/^201 /);
  });

  it('20 chunked bodies of 1 MiB in a row each get a clean 413 body_too_large problem, never a socket error', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) answers.push(await send(chunked(1), { duplex: 'half' } as RequestInit));
    expect(answers).toEqual(Array.from({ length: 20 }, () => '413 body_too_large'));
  });

  it('after the 413 of a chunked 8 MiB body, the next request (as a client sends it, on a kept or a fresh connection) succeeds', async () => {
    expect(await send(chunked(8), { duplex: 'half' } as RequestInit)).toBe('413 body_too_large');
    expect(await send(JSON.stringify({ name: 'Anna' }))).toMatch(/^201 /);
  });

  it(`a chunked body past what the server drains (${DRAIN_LIMIT_BYTES} bytes) gets its 413 with Connection: close, and the next request succeeds`, async () => {
    const r = await fetch(`${server.url}/v1/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(DRAIN_LIMIT_BYTES / 2 ** 20 + 8),
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(413);
    expect(r.headers.get('connection')).toBe('close');
    expect(((await r.json()) as { code: string }).code).toBe('body_too_large');
    expect(await send(JSON.stringify({ name: 'Anna' }))).toMatch(/^201 /);
  });
});
