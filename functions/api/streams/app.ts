/** POST /v1/stream-tickets: a ticket to open the account's event stream with. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Streams } from '../../service/streams.js';
import type { AppEnv } from '../env.js';
import { streamRoutes as routes } from './routes.js';

/** The path the local server opens sockets on, beside the API. */
export const LOCAL_SOCKET_PATH = '/v1/stream';

/** `socketUrl`: where this deployment's sockets open; default LOCAL_SOCKET_PATH on the host asked. */
export function streamsApp(streams: Pick<Streams, 'mintTicket'>, socketUrl: string | undefined) {
  return new OpenAPIHono<AppEnv>().openapi(routes.createStreamTicket, async (c) => {
    const { ticket, expiresAt } = await streams.mintTicket(c.get('access'));
    const url = new URL(socketUrl ?? LOCAL_SOCKET_PATH, c.req.url);
    if (!socketUrl) url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('ticket', ticket);
    return c.json({ ticket, expiresAt, url: url.toString() }, 201);
  });
}
