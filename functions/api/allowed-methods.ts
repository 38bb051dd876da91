/**
 * The methods each API path answers, read from the app's router: a request for a known path with
 * another method is answered 405 with `Allow` (request-stack.ts), not 404. Read from the routes
 * themselves, so every route a resource adds is covered without a list to keep.
 */
import type { Hono } from 'hono';

/** A router path (`/v1/games/:id/view`) as a regular expression over request paths. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, '[^/]+')}$`);

/**
 * The methods `path` answers, in the order they were registered, with HEAD beside GET (Hono
 * answers it from the GET route) and OPTIONS (the CORS preflight answers every API path); none
 * for a path no route has. Only `/v1/` paths, the operations of the document: the rest (the
 * reference, the web client) keep answering 404.
 */
export function allowedMethods(app: Pick<Hono, 'routes'>): (path: string) => string[] {
  let routes: { pattern: RegExp; method: string }[] | undefined;
  return (path) => {
    // Read at the first such request, when every route is registered.
    routes ??= app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/v1/') && !r.path.includes('*'))
      .map((r) => ({ pattern: patternOf(r.path), method: r.method }));
    const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods, 'OPTIONS'];
  };
}
