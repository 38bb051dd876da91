import type { Context, MiddlewareHandler } from 'hono';

export interface RequestIdVariables {
  requestId: string;
  clientRequestId?: string;
}

/** Longer client ids are cut: they are only a hint for correlating logs. */
const MAX_CLIENT_ID = 200;

/**
 * Every request gets an id of ours, sent back in `X-Request-Id` and in problem bodies. A client's
 * own `X-Request-Id` is never echoed (it would let a caller put words in our responses and
 * forge log correlations); it is kept aside only to be logged as `clientRequestId`.
 */
export function requestIds(): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const id = crypto.randomUUID();
    c.set('requestId', id);
    const theirs = c.req.header('x-request-id');
    if (theirs) c.set('clientRequestId', theirs.slice(0, MAX_CLIENT_ID));
    c.header('X-Request-Id', id);
    await next();
  };
}

/** The ids of a request, for a log line. */
export function requestLogFields(c: Context): { requestId?: string; clientRequestId?: string } {
  const requestId = c.get('requestId') as string | undefined;
  const clientRequestId = c.get('clientRequestId') as string | undefined;
  return { ...(requestId ? { requestId } : {}), ...(clientRequestId ? { clientRequestId } : {}) };
}
