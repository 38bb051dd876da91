import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  type: string;
  data: { gameId?: string; [key: string]: unknown };
}

/**
 * A webhook receiver for the smoke test: it answers 204 to everything and keeps the deliveries
 * whose Standard Webhooks signature verifies with the secret it is given.
 */
export class WebhookReceiver {
  private secret: string | null = null;
  private readonly verified: Delivery[] = [];
  private readonly waiters = new Set<() => void>();
  rejected = 0;

  private constructor(private readonly server: Server) {}

  static async listen(port: number, host: string): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receiver.take(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        res.writeHead(204).end();
      });
    });
    receiver = new WebhookReceiver(server);
    await new Promise<void>((ok, fail) => server.once('error', fail).listen(port, host, ok));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Deliveries before the secret is known cannot be checked, so none is expected before it. */
  verifyWith(secret: string): void {
    this.secret = secret;
  }

  private take(body: string, headers: Record<string, string>): void {
    if (!this.secret) return;
    try {
      this.verified.push(new Webhook(this.secret).verify(body, headers) as Delivery);
    } catch {
      this.rejected++;
      return;
    }
    for (const wake of this.waiters) wake();
  }

  /** The first verified delivery that `matches`, or null after `timeoutMs`. */
  async waitFor(matches: (d: Delivery) => boolean, timeoutMs: number): Promise<Delivery | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.verified.find(matches);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          wake();
        });
      });
      this.waiters.clear();
    }
  }

  close(): Promise<void> {
    return new Promise((ok) => this.server.close(() => ok()));
  }
}
