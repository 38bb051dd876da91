/**
 * The AWS SDK on canned answers, for `npm run bench compare`: a DynamoDB client whose request
 * handler either passes each request on to dynalite in this process and keeps the answer's bytes
 * (recording), or answers each request with the next kept answer without any database or transport
 * (replaying). A replayed call is the SDK's whole work (the command's middleware, serialising and
 * signing the request, collecting and parsing the answer, unmarshalling the items) and nothing
 * else, so a move replayed on its own recorded answers separates the SDK from dynalite.
 */
import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import { startInProcessStore, type TransportCall } from '../../functions/local/in-process-store.js';
import { LAMBDA_CLIENT_CONFIG } from '../../functions/store/lambda-client.js';
import { cpuUs } from './cpu.js';

interface Answer {
  operation: string;
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface RequestHandler {
  handle(request: HttpRequest): Promise<{ response: HttpResponse }>;
}

const operationOf = (request: HttpRequest) =>
  Object.entries(request.headers)
    .find(([k]) => k.toLowerCase() === 'x-amz-target')?.[1]
    ?.split('.')[1] ?? 'unknown';

async function bytesOf(body: unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Records dynalite's answers, or replays them in order (`replay`), each checked against the operation asked. */
class TapeHandler {
  private tape: Answer[] = [];
  private replaying: Answer[] | null = null;

  constructor(private readonly live: RequestHandler) {}

  /** The answers recorded since the last call, which starts a new recording. */
  take(): Answer[] {
    const taken = this.tape;
    this.tape = [];
    return taken;
  }

  /** Answers the calls `run` makes from `answers`, in order; every answer must be used. */
  async replay<T>(answers: readonly Answer[], run: () => Promise<T>): Promise<T> {
    this.replaying = [...answers];
    try {
      const result = await run();
      if (this.replaying.length > 0) throw new Error(`${this.replaying.length} canned answers left unasked`);
      return result;
    } finally {
      this.replaying = null;
    }
  }

  async handle(request: HttpRequest): Promise<{ response: HttpResponse }> {
    const operation = operationOf(request);
    if (this.replaying) {
      const answer = this.replaying.shift();
      if (answer?.operation !== operation)
        throw new Error(`a replayed move asked ${operation} where the recording had ${answer?.operation ?? 'nothing'}`);
      return { response: responseOf(answer) };
    }
    const { response } = await this.live.handle(request);
    const body = await bytesOf(response.body);
    this.tape.push({ operation, statusCode: response.statusCode, headers: response.headers, body });
    return { response: { ...response, body: Readable.from([body]) } };
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {}
}

/** A stream of the answer's bytes, as Node's HTTP handler gives the SDK, so that collecting it is still the SDK's work. */
const responseOf = (a: Answer): HttpResponse => ({
  statusCode: a.statusCode,
  headers: { ...a.headers },
  body: Readable.from([a.body]),
});

/** A client configured as the Lambdas' (LAMBDA_CLIENT_CONFIG) on a handler of its own. */
const clientOn = (requestHandler: TapeHandler) =>
  new DynamoDBClient({
    ...LAMBDA_CLIENT_CONFIG,
    endpoint: 'http://dynalite.in-process',
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
    requestHandler,
  });

export interface CannedStore {
  /** Reaches dynalite while recording, its recorded answers while replaying. */
  readonly db: DynamoDBClient;
  readonly tape: TapeHandler;
  /** The commands `db` sent since the last `take` (with the answers of `tape.take()`). */
  takeCommands(): Parameters<DynamoDBClient['send']>[0][];
  /** CPU µs of sending `commands` on a fresh client of their own, answered from `answers`: the SDK alone. */
  sdkAlone(commands: Parameters<DynamoDBClient['send']>[0][], answers: readonly Answer[]): Promise<number>;
}

/** dynalite in this process behind a recording handler; `onCall` hears of each call dynalite answers. */
export function startCannedStore(onCall: (call: TransportCall) => void): CannedStore {
  const live = startInProcessStore(onCall).client().config.requestHandler as unknown as RequestHandler;
  const tape = new TapeHandler(live);
  const db = clientOn(tape);
  let commands: Parameters<DynamoDBClient['send']>[0][] = [];
  const send = db.send.bind(db) as (command: Parameters<DynamoDBClient['send']>[0]) => Promise<unknown>;
  db.send = ((command: Parameters<DynamoDBClient['send']>[0]) => {
    commands.push(command);
    return send(command);
  }) as DynamoDBClient['send'];
  const aloneTape = new TapeHandler(live);
  const alone = clientOn(aloneTape);
  return {
    db,
    tape,
    takeCommands: () => {
      const taken = commands;
      commands = [];
      return taken;
    },
    sdkAlone: (sent, answers) =>
      aloneTape.replay(answers, async () => {
        const started = cpuUs();
        for (const command of sent) await alone.send(command);
        return cpuUs() - started;
      }),
  };
}
