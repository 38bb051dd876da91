import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * What a 304 drops of the 200 it replaces: the representation's own metadata (RFC 9110 section
 * 15.4.5); it keeps the rest, such as the request id, CORS and caching headers.
 */
const DROPPED_ON_304 = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-range',
  'last-modified',
];

/** A stream may never end: it cannot be hashed. */
const isStream = (type: string | null) => type?.startsWith('text/event-stream') ?? false;

/** Whether an If-None-Match field names the tag (weak comparison, RFC 9110 section 13.1.2). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return (ifNoneMatch.match(/(W\/)?"[^"]*"/g) ?? []).some((t) => t.replace(/^W\//, '') === tag);
}

/**
 * A strong ETag on every 200 answer to a GET, the hash of its body, and 304 Not Modified when the
 * client's If-None-Match names it: a client polling a game pays a request but not the body. The
 * tag is the body's, so it changes exactly when the answer does (a view also changes with
 * deadlines, which move without a new version).
 */
export function entityTags(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A handler that tags its own answer knows better (a game's tag is its version, checked without reading its state).
    if (
      c.req.method !== 'GET' ||
      c.res.status !== 200 ||
      c.res.headers.has('etag') ||
      isStream(c.res.headers.get('content-type'))
    )
      return;
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (!matches(c.req.header('if-none-match'), tag)) {
      c.res.headers.set('ETag', tag);
      return;
    }
    // Hono carries the replaced answer's headers over.
    c.res = new Response(null, { status: 304 });
    for (const name of DROPPED_ON_304) c.res.headers.delete(name);
    c.res.headers.set('ETag', tag);
  };
}
