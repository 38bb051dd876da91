/**
 * AWS cost per million moves, from what the store part of `npm run bench` traced on the local
 * store (scripts/bench/store-calls.ts: calls, capacity units, request times and answer sizes per
 * operation), the log bytes measured on the real entries (log-bytes.ts) and the bundle part's cold
 * import. Prices and assumptions: cost-basis.ts.
 *
 * A move is counted with what it sets off: one view (the other player looking), one notification
 * (the stream notifier's work for one message), the stream events it posts to the other player's
 * open event stream, and the Lambda invocations, logs, traces and bytes out of all of them. The API
 * is served behind API Gateway's HTTP API, so each of its requests carries HTTP API's price and
 * access log line. An open web page and a connected bot are priced apart (waiting-cost.ts): what
 * they cost does not depend on how many moves are made.
 */
import {
  add,
  apiRequest,
  ASSUMPTIONS,
  billedMs,
  initShareMs,
  invocation,
  messages,
  PRICES,
  times,
  total,
  work,
  type Assumptions,
  type Measured,
  type Prices,
  type Tally,
} from './cost-basis.js';
import type { OperationCost } from './store-calls.js';
import { authentication } from './auth-cost.js';
import { botMovesDollars, mixedBotMs } from './bot-cpu.js';

const million = 1_000_000;

/** Dollars per million moves, by what sets them off (move, view, notification, events) and by what AWS bills. */
export function costPerMillionMoves(measured: Measured, p: Prices = PRICES, a: Assumptions = ASSUMPTIONS) {
  const { store, logged, initMs, botCpuMs } = measured;
  const c = store.calls;
  const note = c.notifyPerMessage;
  const apiMs = (op: OperationCost) => billedMs(op, a.apiMemoryMb, a) + initShareMs(initMs, a.apiMemoryMb, a);
  const apiCall = (op: OperationCost, logBytes: number) => apiRequest(op, logBytes, initMs, p, a);
  const notifier = { memoryMb: a.notifierMemoryMb, logBytes: 0, readUnits: 0, writeUnits: 0 };
  // Only a player with a stream open gets anything posted; the Query that finds out is made either way.
  const posts = a.eventsPerMove * a.connectedShare;
  const noteMs = billedMs(note, a.notifierMemoryMb, a);
  const eventsMs = a.dynamoRoundTripMs + posts * a.postRoundTripMs;
  const webReads = a.moverReadsPerMove + a.viewerReadsPerMove;
  // At a play-by-mail pace each side's requests come hours from its last: a token life each.
  const auth = { verifications: a.verificationsPerMove, exchanges: a.verificationsPerMove };
  const perMove: Record<'move' | 'view' | 'webReads' | 'authentication' | 'bots' | 'notification' | 'events', Tally> = {
    move: apiCall(c.move, logged.move),
    view: times(apiCall(c.view, logged.view), a.viewsPerMove),
    webReads: times(apiCall(c.summary, logged.view), webReads),
    authentication: authentication(measured, auth, p, a),
    bots: add({ lambda: botCpuMs ? botMovesDollars(botCpuMs, a.botMoveShare, p, a) : 0 }),
    notification: add(
      times(invocation({ ...notifier, ms: 0 }, p, a), a.notifierInvocationsPerMove),
      times(
        work(
          {
            ...notifier,
            ms: noteMs,
            logBytes: logged.notifierPerMessage,
            readUnits: note.readUnitsMean,
            writeUnits: note.writeUnitsMean,
          },
          p,
        ),
        a.notificationsPerMove,
      ),
    ),
    events: add(
      work(
        {
          ...notifier,
          ms: eventsMs,
          readUnits: a.connectionQueryReadUnits,
        },
        p,
      ),
      messages(0, posts, a.eventBytes, p),
    ),
  };
  const byMove = times(add(...Object.values(perMove)), million);
  const byCause = Object.fromEntries(Object.entries(perMove).map(([k, t]) => [k, total(t) * million]));

  const apiRequests = 1 + a.viewsPerMove + webReads + (a.accessTokens ? auth.exchanges : 0);
  const authUnits = a.credential === 'session' ? { read: 2, write: 1 } : { read: 1, write: 0 };
  const authReads = a.verificationsPerMove * authUnits.read;
  const authWrites = a.verificationsPerMove * authUnits.write;
  const readUnits =
    c.move.readUnitsMean +
    a.viewsPerMove * c.view.readUnitsMean +
    webReads * c.summary.readUnitsMean +
    authReads +
    a.notificationsPerMove * note.readUnitsMean +
    a.connectionQueryReadUnits;
  const writeUnits =
    c.move.writeUnitsMean +
    a.viewsPerMove * c.view.writeUnitsMean +
    a.notificationsPerMove * note.writeUnitsMean +
    authWrites;

  /**
   * The least the same work could cost, whatever the tuning: every read that may be eventually
   * consistent made so at half a unit (the view's and the notifier's; a move reads its game
   * strongly, or a stale read would refuse the move), the writes as measured (the commit, and the
   * notifier's delivery record without which a retried stream batch would send twice), the
   * invocations' request price, the one log line per API request that operations read
   * (docs/operations.md), HTTP API's price per request and the events' messages. No compute, access
   * logs, traces or bytes out are counted.
   */
  const floorReadUnits =
    c.move.readUnitsMean +
    a.viewsPerMove * c.view.readUnitsMean * 0.5 +
    a.notificationsPerMove * note.readUnitsMean * 0.5 +
    a.connectionQueryReadUnits;
  // The move and the look at it: no page's other reads, no authentication (what access tokens would
  // take off a burst of requests close together), no bot.
  const floorRequests = 1 + a.viewsPerMove;
  const floor = {
    dynamo: floorReadUnits * p.dynamoReadUnitPerMillion + (writeUnits - authWrites) * p.dynamoWriteUnitPerMillion,
    lambdaRequests: (floorRequests + a.notifierInvocationsPerMove) * p.lambdaRequestPerMillion,
    logs: ((logged.move + a.viewsPerMove * logged.view) / 1e9) * million * p.cloudWatchLogsIngestedGb,
    httpApi: floorRequests * p.httpApiRequestPerMillion,
    webSocketMessages: posts * p.webSocketMessagePerMillion,
  };

  // The sweeper runs every minute whatever the traffic; DynamoDB bills an empty Query 1 RRU
  // (strongly consistent) where dynalite reports none, so each of its reads counts at least that.
  const sweep = c.sweep;
  const sweepsPerMonth = 60 * 24 * 30;
  const sweeperPerMonth =
    sweepsPerMonth *
    total(
      invocation(
        {
          ms: billedMs(sweep, a.apiMemoryMb, a),
          memoryMb: a.apiMemoryMb,
          logBytes: 0,
          readUnits: Math.max(sweep.readUnitsMean, sweep.reads),
          writeUnits: sweep.writeUnitsMean,
        },
        p,
        { ...a, xraySampledShare: 0 },
      ),
    );

  // Each due deadline: the worker's invocation, whose work is a timeout's commit (a move's store
  // calls, as the move measured them), and the deadline queue's requests.
  const sweepPerDeadline =
    a.sweepWorkerInvocationsPerDeadline *
      total(
        invocation(
          {
            ms: billedMs(c.move, a.apiMemoryMb, a),
            memoryMb: a.apiMemoryMb,
            logBytes: 0,
            readUnits: c.move.readUnitsMean,
            writeUnits: c.move.writeUnitsMean,
          },
          p,
          a,
        ),
      ) +
    (a.sqsRequestsPerDeadline * p.sqsRequestPerMillion) / million;

  return {
    readUnitsPerMove: readUnits,
    writeUnitsPerMove: writeUnits,
    apiRequestsPerMove: apiRequests,
    eventsPostedPerMove: posts,
    lambdaMsPerMove:
      apiMs(c.move) +
      a.viewsPerMove * apiMs(c.view) +
      webReads * apiMs(c.summary) +
      a.notificationsPerMove * noteMs +
      eventsMs +
      (botCpuMs ? a.botMoveShare * mixedBotMs(botCpuMs, a) : 0),
    logBytesPerMove:
      logged.move +
      (a.viewsPerMove + webReads) * logged.view +
      a.notificationsPerMove * logged.notifierPerMessage +
      apiRequests * a.accessLogBytesPerRequest,
    total: total(byMove),
    dollars: byMove,
    byCause,
    /** What the HTTP API adds: its price per request and its access log line, per request and per million moves. */
    httpApi: {
      perRequest: p.httpApiRequestPerMillion / million,
      accessLogPerRequest: (a.accessLogBytesPerRequest / 1e9) * p.cloudWatchLogsIngestedGb,
      perMillionMoves:
        apiRequests *
        (p.httpApiRequestPerMillion + (a.accessLogBytesPerRequest / 1e9) * million * p.cloudWatchLogsIngestedGb),
    },
    floor: { readUnitsPerMove: floorReadUnits, ...floor, total: Object.values(floor).reduce((s, x) => s + x, 0) },
    /** A move writes one item, its commit, kept for ever: dollars a month per million moves kept. */
    storagePerMonth: ((c.move.bytesWritten * million) / 1e9) * p.dynamoStorageGbMonth,
    email: a.notificationsPerMove * a.emailShare * (million / 1000) * p.sesPerThousandEmails,
    /** The built-in bots' CPU: ms a searched move by level, at the assumed mix and share of moves. */
    bots: botCpuMs && {
      cpuMs: botCpuMs,
      mixedMs: mixedBotMs(botCpuMs, a),
      mix: a.botLevelMix,
      moveShare: a.botMoveShare,
    },
    /** Dollars a month for the sweep dispatcher's run every minute with nothing due. */
    sweeperPerMonth,
    /** Dollars per due deadline (reminder or timeout): the sweep worker's invocation and the queue's requests. */
    sweepPerDeadline,
  };
}

/** What each lever within the design would take off a million moves, from the model run again with it. */
export function levers(measured: Measured) {
  const base = costPerMillionMoves(measured).total;
  const saved = (a: Partial<Assumptions>) =>
    base - costPerMillionMoves(measured, PRICES, { ...ASSUMPTIONS, ...a }).total;
  return {
    noAccessLog: saved({ accessLogBytesPerRequest: 0 }),
    notifierAt512Mb: saved({ notifierMemoryMb: 512 }),
    oneMessagePerMove: saved({ eventsPerMove: 1 }),
    noTraces: saved({ xraySampledShare: 0 }),
    accessTokens: saved({ accessTokens: true }),
    noWebReadsAroundMove: saved({ moverReadsPerMove: 0, viewerReadsPerMove: 0 }),
  };
}
