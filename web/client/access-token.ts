/**
 * Moves go with a short-lived access token (docs/api.md "Access tokens"), which the server checks
 * without reading the account: exchanged for the stored session when first needed, held in memory
 * only (never stored), exchanged again shortly before it expires or when a move is refused with
 * 401 access_token_revoked (the move is then sent again with the session itself). Everything else
 * goes with the session, as before.
 */
import type { Middleware } from 'openapi-fetch';

const MOVE = /\/v1\/games\/[^/]+\/actions$/;
/** Exchanged again this long before it expires, so a move never races the expiry. */
const MARGIN_MS = 5 * 60_000;

export interface Exchange {
  /** The stored session (null when signed out: nothing to exchange). */
  session: () => string | null;
  /** POST /v1/access-tokens with the session; null when it fails (the move then goes with the session). */
  exchange: () => Promise<{ accessToken: string; expiresAt: string } | null>;
}

export function accessTokens({ session, exchange }: Exchange): Middleware {
  let held: { token: string; renewAt: number } | null = null;
  let pending: Promise<string | null> | null = null;
  const current = (): Promise<string | null> => {
    if (held && held.renewAt > Date.now()) return Promise.resolve(held.token);
    return (pending ??= exchange()
      .then((answer) => {
        held = answer && { token: answer.accessToken, renewAt: Date.parse(answer.expiresAt) - MARGIN_MS };
        return held?.token ?? null;
      })
      .catch(() => null)
      .finally(() => (pending = null)));
  };
  /** The moves as first sent, to send again with the session if their access token was refused. */
  const sent = new WeakMap<Request, Request>();
  return {
    async onRequest({ request }) {
      const t = session();
      if (request.method !== 'POST' || !MOVE.test(new URL(request.url).pathname) || !t) return undefined;
      // Only a move sent with the session: one that names another token keeps it.
      if (request.headers.get('authorization') !== `Bearer ${t}`) return undefined;
      const token = await current();
      if (!token) return undefined;
      sent.set(request, request.clone());
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response }) {
      const first = sent.get(request);
      if (!first || response.status !== 401) return undefined;
      held = null;
      const t = session();
      if (!t) return undefined;
      first.headers.set('authorization', `Bearer ${t}`);
      return fetch(first);
    },
  };
}
