/** A webhook receiver on this machine for the API suites: it keeps what it got and answers 204. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLocalServer, type LocalOptions, type LocalServer } from '../../functions/local/server.js';
import { RAISED_LIMITS, testRegistry } from './local.js';
import type { DeliverySample } from './response-validator.js';

export interface WebhookReceiver {
  /** Its endpoint: http on 127.0.0.1, so only a server with local delivery on reaches it. */
  url: string;
  close(): Promise<void>;
}

/** Starts a receiver that pushes each delivery (headers by lower-case name, body as sent) onto `into`. */
export async function startWebhookReceiver(into: DeliverySample[]): Promise<WebhookReceiver> {
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      into.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((ok, fail) => receiver.close((err) => (err ? fail(err) : ok()))),
  };
}

/**
 * A receiver and a local server (memory store, the tests' games, raised limits) that delivers to
 * it: the server opts in to receivers on this machine, which the default refuses.
 */
export async function startDeliveringServer(
  into: DeliverySample[],
  options: Partial<LocalOptions> = {},
): Promise<{ receiver: WebhookReceiver; server: LocalServer; close(): Promise<void> }> {
  const receiver = await startWebhookReceiver(into);
  const server = await startLocalServer({
    store: 'memory',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    localDelivery: true,
    ...options,
  });
  return {
    receiver,
    server,
    async close() {
      await server.close();
      await receiver.close();
    },
  };
}
