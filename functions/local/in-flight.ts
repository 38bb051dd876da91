import { problemJson } from '../api/problem-response.js';
import { Problem } from '../service/problem.js';

/**
 * The requests the app is handling, so that a shutdown can let them finish before the store
 * closes. Once the shutdown begins, requests still arriving on kept-alive connections are turned
 * away at once: a busy client would otherwise keep the drain waiting for as long as it sends.
 */
export class InFlight {
  private readonly pending = new Set<Promise<Response>>();
  private closing = false;

  handle(work: () => Response | Promise<Response>): Promise<Response> {
    if (this.closing) return Promise.resolve(shuttingDown());
    const running = Promise.resolve().then(work);
    this.pending.add(running);
    const done = () => void this.pending.delete(running);
    running.then(done, done);
    return running;
  }

  /** Refuses new requests from now on and resolves once those under way have ended. */
  async drain(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.pending]);
  }
}

function shuttingDown(): Response {
  const p = new Problem(503, 'shutting_down', 'Shutting down', 'The server is stopping; retry in a moment (with the same Idempotency-Key)');
  return new Response(problemJson(p), { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': '1', connection: 'close' } });
}
