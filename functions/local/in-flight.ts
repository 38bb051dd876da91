import { problemJson } from '../api/problem-response.js';
import { Refusal } from '../service/refusal.js';

/**
 * The requests the app is handling, so that a shutdown can let them finish before the store
 * closes. Once the shutdown begins, requests still arriving on kept-alive connections are turned
 * away at once: a busy client would otherwise keep the drain waiting for as long as it sends.
 */
export class InFlight {
  private readonly pending = new Set<Promise<void>>();
  private closing = false;

  /**
   * Runs `work`; the request counts as under way until `sent` settles too (the answer written to
   * its connection: a Response resolved is not yet a Response delivered).
   */
  handle(work: () => Response | Promise<Response>, sent: Promise<unknown> = Promise.resolve()): Promise<Response> {
    if (this.closing) return Promise.resolve(shuttingDown());
    const running = Promise.resolve().then(work);
    const whole = Promise.allSettled([running, sent]).then(() => undefined);
    this.pending.add(whole);
    whole.then(() => void this.pending.delete(whole));
    return running;
  }

  /** Refuses new requests from now on and resolves once those under way have ended. */
  async drain(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.pending]);
  }
}

function shuttingDown(): Response {
  const p = new Refusal(
    'shutting_down',
    'Shutting down',
    'The server is stopping; retry in a moment (with the same Idempotency-Key)',
  );
  // Every answer has a request id (as the app's have), even one the app never saw.
  const id = crypto.randomUUID();
  return new Response(problemJson(p, id), {
    status: 503,
    headers: {
      'content-type': 'application/problem+json',
      'retry-after': '1',
      'x-request-id': id,
      connection: 'close',
    },
  });
}
