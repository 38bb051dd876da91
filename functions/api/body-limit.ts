import type { MiddlewareHandler } from 'hono';
import { Refusal } from '../service/refusal.js';

const tooLarge = (maxBytes: number) =>
  new Refusal('body_too_large', 'Body too large', `Bodies are limited to ${maxBytes} bytes`);

/**
 * 413 body_too_large for a body over `maxBytes`: at once for a Content-Length over it, else (a
 * chunked body) as soon as the bytes read pass it. Unlike hono's bodyLimit, a refused chunked
 * body's stream is handed back unlocked, so whoever serves the connection can read the rest of it
 * before the answer goes out (functions/local/drain-body.ts); a stream left locked could not be
 * drained, and answering while the client still sends breaks its connection.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const length = c.req.raw.headers.get('content-length');
    if (length !== null && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number.parseInt(length, 10) > maxBytes) throw tooLarge(maxBytes);
      return next();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      size += r.value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        throw tooLarge(maxBytes);
      }
      chunks.push(r.value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
