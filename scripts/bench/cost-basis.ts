/**
 * What the cost model prices with: AWS's prices, written down here rather than fetched (update them
 * when AWS changes them; us-east-1, on-demand, arm64, no free tier), what is assumed rather than
 * measured, each with why, and how one measured piece of work becomes dollars. cost-model.ts prices a
 * million moves with it, stream-cost.ts an open page and a connected bot.
 */
import type { Operation, OperationCost } from './store-calls.js';

export const PRICES = {
  source: 'AWS public price pages for us-east-1 as of 2026 (on-demand; no free tier counted)',
  dynamoWriteUnitPerMillion: 0.625,
  dynamoReadUnitPerMillion: 0.125,
  dynamoStorageGbMonth: 0.25,
  /** arm64; the INIT phase is billed like the handler's time (since August 2025). */
  lambdaGbSecond: 0.0000133334,
  lambdaRequestPerMillion: 0.2,
  /** The first 300 million requests a month. */
  httpApiRequestPerMillion: 1.0,
  /** Sent or received, each 32 KB or part of it one message; the first billion a month. */
  webSocketMessagePerMillion: 1.0,
  webSocketConnectionMinutePerMillion: 0.25,
  cloudWatchLogsIngestedGb: 0.5,
  xrayTracesRecordedPerMillion: 5,
  dataTransferOutGb: 0.09,
  sesPerThousandEmails: 0.1,
  /** Standard queue: send, receive and delete are each a request (64 KB chunks); beyond the first million a month. */
  sqsRequestPerMillion: 0.4,
};
export type Prices = typeof PRICES;

/** What is assumed rather than measured, each with why. */
export const ASSUMPTIONS = {
  /** The other player looks at the move: the "move" event is a notice of a few hundred bytes, not the board. */
  viewsPerMove: 1,
  notificationsPerMove: 1,
  /** infra/lambda-function.ts gives every function 1024 MB, the stream's too. */
  apiMemoryMb: 1024,
  notifierMemoryMb: 1024,
  streamMemoryMb: 1024,
  /** A DynamoDB round trip from Lambda in the same region (single-digit ms); dynalite in process answers in well under 1 ms. */
  dynamoRoundTripMs: 5,
  /** A PostToConnection from the notifier to API Gateway in the same region, awaited before the next. */
  postRoundTripMs: 20,
  /** One cold start per this many invocations: a quiet service whose environments are often recycled. */
  requestsPerColdStart: 200,
  /** Billed INIT when the bundle bench has not run: the API's cold import (ms). */
  defaultInitMs: 600,
  /** Stream batches at low traffic hold one record: one notifier invocation per move (batching only lowers this). */
  notifierInvocationsPerMove: 1,
  /** HTTP API's access log line per request (its JSON format was about this long); off, the app's own line is left. */
  accessLogBytesPerRequest: 450,
  /** X-Ray's default sampling: the first request each second and 5% of the rest; at steady traffic about 5%. */
  xraySampledShare: 0.05,
  /** Status line and headers of an answer (ETag, X-Request-Id, rate-limit and security headers). */
  answerHeaderBytes: 600,
  /** An HTTP-only client holds a view 25 s and asks again at once while nothing moves. */
  holdSeconds: 25,
  emailShare: 0.5,
  /**
   * A due deadline at low traffic arrives alone: one queue message, one sweep worker invocation, and
   * SQS's send, receive and delete (batches of 25 a message and 10 messages an invocation only lower these).
   */
  sweepWorkerInvocationsPerDeadline: 1,
  sqsRequestsPerDeadline: 3,
  /**
   * One to each seat of a two-seat game, each change told once by its most telling kind: "yourTurn" to
   * the seat that became due, "move" to the mover (its other pages and devices keep up by it).
   */
  eventsPerMove: 2,
  /**
   * Players with a stream open when the other moves. At a play-by-mail pace most moves find the
   * other player away; half, as the email share says half the turns go by email.
   */
  connectedShare: 0.5,
  /** One event's message as sent: a few hundred bytes of JSON and the frame. */
  eventBytes: 300,
  /** The notifier's Query of the other seat's connections, eventually consistent (half a unit). */
  connectionQueryReadUnits: 0.5,
  /** API Gateway closes a connection after 2 h; the client gets a ticket and connects again. */
  connectionHours: 2,
  /** The web client pings every 5 minutes (web/client/event-stream.ts PING_MS, under the 10-minute idle close); the mock route answers. */
  pingEveryMinutes: 5,
  messagesPerPing: 2,
  /** A subscribe and the stream Lambda's answer. */
  messagesPerSubscribe: 2,
  /** An open page's player: 5 games on, the others moving in each every 4 hours. */
  pageOpponentMovesPerHour: 5 / 4,
  /** A bot's day: 20 two-seat games, 60 moves of the opponent in each. */
  botGamesPerDay: 20,
  botOpponentMovesPerGame: 60,
  /**
   * The web page's reads around a move (web/client/game/game-feed.ts), each a small request: after
   * its move the mover's page reads the game's summary and the log (`moved`); the other player's
   * page reads them beside the view (`read`, on the event or when opened from the email).
   */
  moverReadsPerMove: 2,
  viewerReadsPerMove: 2,
  /** A dropped socket makes the page read the game and its chat at once (poll-loop.ts `now`), before it reconnects. */
  readsPerReconnection: 2,
  /**
   * Verifications of a token a move costs: the mover's requests and the other player's, each a
   * burst hours from the last, when no instance still trusts the token (players.ts TOKEN_TRUST_MS, 60 s).
   */
  verificationsPerMove: 2,
  /** The token a verification reads: a session or API token (the player and the credential, strongly), or a registration token (the player). */
  credential: 'session' as 'session' | 'registration',
  /**
   * Access tokens (the lever): no request reads to authenticate; the exchange for one (the same
   * reads as a verification, on a request of its own) is made once per token life, so once per
   * burst at a play-by-mail pace, and once an hour by an open page.
   */
  accessTokens: false,
  accessTokenHours: 1,
  /** Moves made by railpost's own bots, of all moves, and the levels they play at. */
  botMoveShare: 0.25,
  botLevelMix: { easy: 0.2, medium: 0.4, hard: 0.4 },
  /** A day of one built-in bot seat: 20 games, 60 of its moves in each. */
  builtInBotMovesPerDay: 20 * 60,
};
export type Assumptions = typeof ASSUMPTIONS;

export interface StoreFigures {
  calls: Record<Operation, OperationCost>;
}

/** Bytes each invocation logs, from log-bytes.ts. */
export interface LogFigures {
  move: number;
  view: number;
  notifierPerMessage: number;
}

/** CPU ms of a bot's searched move per level (scripts/bench/bot-cpu.ts, from the ladder's rows). */
export type BotCpuMs = Record<'easy' | 'medium' | 'hard', number>;

/** What the model prices: the traced store figures, the measured log bytes, the API's cold import (ms) and the bots' CPU. */
export interface Measured {
  store: StoreFigures;
  logged: LogFigures;
  initMs: number | null;
  botCpuMs: BotCpuMs | null;
}

/** A piece of work, measured or assumed: its local ms and its DynamoDB calls with their mean units. */
export type Op = Pick<OperationCost, 'ms' | 'reads' | 'writes' | 'readUnitsMean' | 'writeUnitsMean'>;

/** Dollars by what AWS bills. */
export interface Tally {
  httpApi: number;
  webSocketMessages: number;
  webSocketMinutes: number;
  lambda: number;
  dynamo: number;
  logs: number;
  xray: number;
  transfer: number;
}

const NOTHING: Tally = {
  httpApi: 0,
  webSocketMessages: 0,
  webSocketMinutes: 0,
  lambda: 0,
  dynamo: 0,
  logs: 0,
  xray: 0,
  transfer: 0,
};

export const total = (t: Tally) => Object.values(t).reduce((sum, x) => sum + x, 0);

const SERVICES = Object.keys(NOTHING) as (keyof Tally)[];

export function add(...tallies: Partial<Tally>[]): Tally {
  const sum = { ...NOTHING };
  for (const t of tallies) for (const k of SERVICES) sum[k] += t[k] ?? 0;
  return sum;
}

export function times(t: Partial<Tally>, k: number): Tally {
  const product = add(t);
  for (const key of SERVICES) product[key] *= k;
  return product;
}

/** Work a Lambda invocation does: its billed ms (INIT share included), its memory, what it logs and its DynamoDB units. */
export interface Work {
  ms: number;
  memoryMb: number;
  logBytes: number;
  readUnits: number;
  writeUnits: number;
}

/**
 * Billed ms in Lambda (1 ms steps): the local request's time stands in for the handler's, plus each
 * store call at dynamoRoundTripMs. The local time includes loopback HTTP and dynalite's own work,
 * so the figure errs high. Below 1024 MB Lambda gives a function less CPU in proportion: the local
 * time, counted as all CPU, stretches by that ratio; the round trips, waiting, do not.
 */
export const billedMs = (op: { ms: number; reads: number; writes: number }, memoryMb: number, a: Assumptions) =>
  Math.ceil(op.ms * cpuStretch(memoryMb) + (op.reads + op.writes) * a.dynamoRoundTripMs);

const cpuStretch = (memoryMb: number) => Math.max(1, 1024 / memoryMb);

/** Dollars of one invocation's work, its request price and its share of traces. */
export function invocation(w: Work, p: Prices, a: Assumptions): Tally {
  return add(work(w, p), {
    lambda: p.lambdaRequestPerMillion / 1e6,
    xray: (a.xraySampledShare * p.xrayTracesRecordedPerMillion) / 1e6,
  });
}

/** Dollars of work done inside an invocation counted elsewhere (a notifier's message, a post). */
export function work(w: Work, p: Prices): Tally {
  return add({
    lambda: (w.ms / 1000) * (w.memoryMb / 1024) * p.lambdaGbSecond,
    dynamo: (w.readUnits * p.dynamoReadUnitPerMillion + w.writeUnits * p.dynamoWriteUnitPerMillion) / 1e6,
    logs: (w.logBytes / 1e9) * p.cloudWatchLogsIngestedGb,
  });
}

/** One invocation of a function at `memoryMb` doing `op`, with its share of cold starts. */
export function call(op: Op, memoryMb: number, logBytes: number, initMs: number | null, p: Prices, a: Assumptions) {
  const ms = billedMs(op, memoryMb, a) + initShareMs(initMs, memoryMb, a);
  return invocation({ ms, memoryMb, logBytes, readUnits: op.readUnitsMean, writeUnits: op.writeUnitsMean }, p, a);
}

/** One request through the HTTP API to the API function. */
export function apiRequest(
  op: Op & { answerBytes: number },
  logBytes: number,
  initMs: number | null,
  p: Prices,
  a: Assumptions,
) {
  return add(call(op, a.apiMemoryMb, logBytes, initMs, p, a), httpRequest(op.answerBytes, p, a));
}

/** One request through the HTTP API: its price, its access log line and its answer's bytes out. */
function httpRequest(answerBytes: number, p: Prices, a: Assumptions): Tally {
  return add({
    httpApi: p.httpApiRequestPerMillion / 1e6,
    logs: (a.accessLogBytesPerRequest / 1e9) * p.cloudWatchLogsIngestedGb,
    transfer: ((answerBytes + a.answerHeaderBytes) / 1e9) * p.dataTransferOutGb,
  });
}

/** Messages over a WebSocket, each `bytes` long (billed in 32 KB steps); those sent to the client are bytes out. */
export function messages(received: number, sent: number, bytes: number, p: Prices): Tally {
  return add({
    webSocketMessages: ((received + sent) * Math.ceil(bytes / 32768) * p.webSocketMessagePerMillion) / 1e6,
    transfer: ((sent * bytes) / 1e9) * p.dataTransferOutGb,
  });
}

/** Billed INIT per invocation: one cold import (as deployed in prod: no source maps at run time), every requestsPerColdStart. */
export const initShareMs = (initMs: number | null, memoryMb: number, a: Assumptions) =>
  ((initMs ?? a.defaultInitMs) * cpuStretch(memoryMb)) / a.requestsPerColdStart;

/** Every figure to three significant digits, for the report and the printout. */
export function rounded<T>(value: T): T {
  if (typeof value === 'number') return Number(value.toPrecision(3)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)])) as T;
  return value;
}
