import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import dynalite from 'dynalite';

/** One DynamoDB call as the transport served it: the operation, and the time from request to dynalite's answer. */
export interface TransportCall {
  operation: string;
  /** Wall-clock ms. */
  ms: number;
  /** CPU ms of this process (all its threads) over the same span, which other processes on the machine do not inflate. */
  cpuMs: number;
}

export interface InProcessStore {
  /** A client making its real SDK calls (serialising, signing, parsing) that reach dynalite without a socket; `config` as a Lambda sets it. */
  client(config?: DynamoDBClientConfig): DynamoDBClient;
}

/**
 * dynalite in memory, reached by handing each SDK request straight to its HTTP request listener in
 * this process: no port, no socket, no HTTP parsing. `onCall` hears of every call with the time
 * from the request to dynalite's answer, so a benchmark can subtract the fake database's time from
 * the SDK's. The listener is dynalite's own, so validation, conditions and error bodies are
 * exactly what `startEmbeddedStore` answers over loopback HTTP. Nothing listens, so there is
 * nothing to close: the data lives as long as a client does.
 */
export function startInProcessStore(onCall?: (call: TransportCall) => void): InProcessStore {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const listener = server.listeners('request')[0] as RequestListener;
  const handler = new InProcessHandler(listener, onCall);
  return {
    client: (config = {}) =>
      new DynamoDBClient({
        ...config,
        endpoint: 'http://dynalite.in-process',
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 3,
        requestHandler: handler,
      }),
  };
}

/**
 * The SDK's request handler contract (`@smithy/core/protocols` HttpHandler), answered by a Node
 * request listener. Nothing here can hang, so abort signals and request timeouts are not watched.
 */
class InProcessHandler {
  constructor(
    private readonly listener: RequestListener,
    private readonly onCall: ((call: TransportCall) => void) | undefined,
  ) {}

  handle(request: HttpRequest): Promise<{ response: HttpResponse }> {
    const started = performance.now();
    // Reading the CPU clock is a system call: only for someone listening.
    const startedCpu = this.onCall ? process.cpuUsage() : undefined;
    // Names in lower case, as Node's HTTP server hands them to a listener.
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const operation = headers['x-amz-target']?.split('.')[1] ?? 'unknown';
    return new Promise((resolve, reject) => {
      const res = new CapturedResponse((response) => {
        if (this.onCall) {
          const cpu = process.cpuUsage(startedCpu);
          this.onCall({ operation, ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 });
        }
        resolve({ response });
      });
      // dynalite reads the method, URL and headers, then the body from 'data' and 'end' events.
      const req = Object.assign(new EventEmitter(), { method: request.method, url: urlOf(request), headers });
      try {
        this.listener(req as unknown as IncomingMessage, res as unknown as ServerResponse);
        if (request.body !== undefined) req.emit('data', bytesOf(request.body as string | Uint8Array));
        req.emit('end');
      } catch (err) {
        reject(err);
      }
    });
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {}
}

/** What dynalite does with a response: a status, headers and one `end` with the whole body. */
class CapturedResponse {
  statusCode = 200;
  /** dynalite keeps the content type it chose for its answer here. */
  contentType: string | undefined;
  private readonly headers: Record<string, string> = {};

  constructor(private readonly done: (response: HttpResponse) => void) {}

  setHeader(name: string, value: string | number): void {
    this.headers[name.toLowerCase()] = String(value);
  }

  end(body?: string): void {
    // A stream, as Node's HTTP handler gives the SDK, so that the SDK's own body collection is still its work.
    this.done({ statusCode: this.statusCode, headers: this.headers, body: Readable.from([Buffer.from(body ?? '')]) });
  }
}

/**
 * The body's bytes as Node's HTTP handler would write them. The SDK's JSON bodies are a Uint8Array
 * whose valueOf() is a string, so Buffer.from(body) would convert it (with a warning); view the bytes instead.
 */
function bytesOf(body: string | Uint8Array): Buffer {
  return typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function urlOf(request: HttpRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value ?? '']) query.append(key, v);
  }
  const search = query.toString();
  return search ? `${request.path}?${search}` : request.path;
}
