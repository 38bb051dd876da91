/**
 * AWS cost per million moves, from what the store part of `npm run bench` traced on the local
 * store (scripts/bench/store-calls.ts: calls, capacity units, request times and answer sizes per
 * operation) and the bundle part's cold import. The prices are written down here, not fetched:
 * update them when AWS changes them. us-east-1, on-demand, arm64, no free tier.
 *
 * A move is counted with what it sets off: one view (the other player looking), one notification
 * (the stream notifier's work for one message), and the Lambda invocations, logs, traces and bytes
 * out of all three. The API is served from a Lambda function URL (infra/stack.ts); what the same
 * traffic would cost behind API Gateway's HTTP API is shown beside it. Log bytes are measured on the
 * real entries (log-bytes.ts) with the stack's logging settings. An open web-client page is priced apart, per hour: what it
 * costs does not depend on how many moves are made.
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
  httpApiRequestPerMillion: 1.0,
  /** A Lambda function URL costs nothing beyond the function's own invocation. */
  functionUrlRequestPerMillion: 0,
  cloudWatchLogsIngestedGb: 0.5,
  xrayTracesRecordedPerMillion: 5,
  dataTransferOutGb: 0.09,
  sesPerThousandEmails: 0.1,
};

/** What is assumed rather than measured, each with why. */
export const ASSUMPTIONS = {
  viewsPerMove: 1,
  notificationsPerMove: 1,
  /** The stack's memory size for every function (infra/stack.ts). */
  lambdaMemoryMb: 1024,
  /** A DynamoDB round trip from Lambda in the same region (single-digit ms); dynalite in process answers in well under 1 ms. */
  dynamoRoundTripMs: 5,
  /** One cold start per this many API invocations: a quiet service whose environments are often recycled. */
  requestsPerColdStart: 200,
  /** Billed INIT when the bundle bench has not run: the API's cold import (ms). */
  defaultInitMs: 600,
  /** Stream batches at low traffic hold one record: one notifier invocation per move (batching only lowers this). */
  notifierInvocationsPerMove: 1,
  /** HTTP API's access log line per request, had the API stayed behind one (its JSON format was about this long). */
  accessLogBytesPerRequest: 450,
  /** X-Ray's default sampling: the first request each second and 5% of the rest; at steady traffic about 5%. */
  xraySampledShare: 0.05,
  /** Status line and headers of an answer (ETag, X-Request-Id, rate-limit and security headers). */
  answerHeaderBytes: 600,
  /** The web client holds a view 25 s and asks again at once while nothing moves. */
  holdSeconds: 25,
  emailShare: 0.5,
};

export interface StoreFigures {
  calls: Record<Operation, OperationCost>;
}

/** Bytes each invocation logs, from log-bytes.ts. */
export interface LogFigures {
  move: number;
  view: number;
  notifierPerMessage: number;
}

const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;

export function costPerMillionMoves(store: StoreFigures, logged: LogFigures, initMs: number | null) {
  const p = PRICES;
  const a = ASSUMPTIONS;
  const c = store.calls;
  const million = 1_000_000;
  const gb = a.lambdaMemoryMb / 1024;
  /**
   * Billed ms of an operation in Lambda (1 ms steps): the local request's time stands in for the
   * handler's, plus each store call at dynamoRoundTripMs. The local time includes loopback HTTP and
   * dynalite's own work, so the figure errs high.
   */
  const billedMs = (op: OperationCost) => Math.ceil(op.ms + (op.reads + op.writes) * a.dynamoRoundTripMs);
  const move = c.move;
  const view = c.view;
  const note = c.notifyPerMessage;

  const readUnits =
    move.readUnitsMean + a.viewsPerMove * view.readUnitsMean + a.notificationsPerMove * note.readUnitsMean;
  const writeUnits =
    move.writeUnitsMean + a.viewsPerMove * view.writeUnitsMean + a.notificationsPerMove * note.writeUnitsMean;
  const dynamo = readUnits * p.dynamoReadUnitPerMillion + writeUnits * p.dynamoWriteUnitPerMillion;

  const apiRequests = 1 + a.viewsPerMove;
  const invocations = apiRequests + a.notifierInvocationsPerMove;
  const init = initMs ?? a.defaultInitMs;
  const ms =
    billedMs(move) +
    a.viewsPerMove * billedMs(view) +
    a.notificationsPerMove * billedMs(note) +
    (apiRequests / a.requestsPerColdStart) * init;
  const lambda = (ms / 1000) * gb * million * p.lambdaGbSecond + invocations * p.lambdaRequestPerMillion;
  const httpApi = apiRequests * p.httpApiRequestPerMillion;
  const logBytes = logged.move + a.viewsPerMove * logged.view + a.notificationsPerMove * logged.notifierPerMessage;
  const logs = (logBytes / 1e9) * million * p.cloudWatchLogsIngestedGb;
  const accessLogs = ((apiRequests * a.accessLogBytesPerRequest) / 1e9) * million * p.cloudWatchLogsIngestedGb;
  const xray = invocations * a.xraySampledShare * p.xrayTracesRecordedPerMillion;
  const outGb = (move.answerBytes + a.viewsPerMove * view.answerBytes + apiRequests * a.answerHeaderBytes) / 1e9;
  const transfer = outGb * million * p.dataTransferOutGb;
  const withoutFront = dynamo + lambda + logs + xray + transfer;

  // An open page: one held view after another, each billed for the whole hold.
  const hold = c.holdPerSecond;
  const holdsPerHour = 3600 / a.holdSeconds;
  const pageHour = {
    requests: holdsPerHour,
    dynamo: (3600 * (hold.readUnitsMean * p.dynamoReadUnitPerMillion)) / million,
    lambda: 3600 * gb * p.lambdaGbSecond + (holdsPerHour * p.lambdaRequestPerMillion) / million,
  };

  // The sweeper runs every minute whatever the traffic; DynamoDB bills an empty Query 1 RRU
  // (strongly consistent) where dynalite reports none, so each of its reads counts at least that.
  const sweepsPerMonth = 60 * 24 * 30;
  const sweep = c.sweep;
  const sweeperPerMonth =
    (sweepsPerMonth *
      (Math.max(sweep.readUnitsMean, sweep.reads) * p.dynamoReadUnitPerMillion +
        sweep.writeUnitsMean * p.dynamoWriteUnitPerMillion)) /
      million +
    sweepsPerMonth * ((billedMs(sweep) / 1000) * gb * p.lambdaGbSecond + p.lambdaRequestPerMillion / million);

  /**
   * The least the same work could cost, whatever the tuning: every read that may be eventually
   * consistent made so at half a unit (the view's and the notifier's; a move reads its game
   * strongly, or a stale read would refuse the move), the writes as measured (the commit, and the
   * notifier's delivery record without which a retried stream batch would send twice), the three
   * invocations' request price, and the one log line per API request that operations read
   * (docs/operations.md). No compute, traces or bytes out are counted.
   */
  const floorReadUnits =
    move.readUnitsMean + a.viewsPerMove * view.readUnitsMean * 0.5 + a.notificationsPerMove * note.readUnitsMean * 0.5;
  const floorDynamo = floorReadUnits * p.dynamoReadUnitPerMillion + writeUnits * p.dynamoWriteUnitPerMillion;
  const floorRequests = invocations * p.lambdaRequestPerMillion;
  const floorLogs = ((logged.move + a.viewsPerMove * logged.view) / 1e9) * million * p.cloudWatchLogsIngestedGb;

  // A move writes one item, its commit, kept for ever.
  const storage = ((move.bytesWritten * million) / 1e9) * p.dynamoStorageGbMonth;
  const email = a.notificationsPerMove * a.emailShare * (million / 1000) * p.sesPerThousandEmails;
  return {
    readUnitsPerMove: round(readUnits),
    writeUnitsPerMove: round(writeUnits),
    lambdaMsPerMove: round(ms, 1),
    logBytesPerMove: logBytes,
    dollars: {
      dynamo: round(dynamo),
      lambda: round(lambda),
      logs: round(logs),
      xray: round(xray),
      transfer: round(transfer),
      total: round(withoutFront + apiRequests * p.functionUrlRequestPerMillion),
      /** The same behind API Gateway's HTTP API: its requests and its access log lines on top. */
      httpApi: round(httpApi + accessLogs),
      totalBehindHttpApi: round(withoutFront + httpApi + accessLogs),
      storagePerMonth: round(storage),
      email: round(email),
    },
    /** The least a million moves could cost (see above): DynamoDB, Lambda requests and request log lines alone. */
    floor: {
      readUnitsPerMove: round(floorReadUnits),
      dynamo: round(floorDynamo),
      requests: round(floorRequests),
      logs: round(floorLogs),
      total: round(floorDynamo + floorRequests + floorLogs),
    },
    /** Dollars a month for the sweeper's run every minute with nothing due. */
    sweeperPerMonth: round(sweeperPerMonth, 3),
    /** Dollars per hour of one open web-client page (no moves counted). */
    pageHour: {
      requests: pageHour.requests,
      dynamo: round(pageHour.dynamo, 5),
      lambda: round(pageHour.lambda, 5),
      total: round(pageHour.dynamo + pageHour.lambda, 5),
    },
  };
}
