/**
 * What waiting for moves costs, apart from the moves: an hour of an open web page and a day of a
 * third-party bot, each holding the account's event stream on API Gateway's WebSocket API, and an
 * hour of an HTTP-only client holding views (waitForVersion) one after another. bill.Prices and
 * assumptions: cost-basis.ts.
 *
 * A connection lives connectionHours (API Gateway closes it at 2 h); each one costs a ticket
 * (`POST /v1/stream-tickets`, one request to the API), `$connect` (the stream Lambda reads and
 * deletes the ticket, takes a connection slot with a conditional put and puts the connection), a
 * subscribe to the page's game (a read of the game, a put) and `$disconnect` (two deletes). Pings
 * are answered by a mock route, no Lambda. The stream Lambda has no bench of its own: each of its
 * invocations is billed as a small request of the API measured by the store part (the game
 * summary's local time, one read) plus its own DynamoDB calls at dynamoRoundTripMs, and logs one
 * request line as long as a view's. An event's posting is in the million-move figure
 * (cost-model.ts); here are the messages and bytes the client receives.
 */
import { authentication } from './auth-cost.js';
import { botMovesDollars } from './bot-cpu.js';
import * as bill from './cost-basis.js';

/** A ticket's answer: the ticket and its expiry. */
const TICKET_ANSWER_BYTES = 200;
/** A ping, its answer, a subscribe and its answer: a few dozen bytes of JSON each. */
const SMALL_MESSAGE_BYTES = 60;

/** The dollars of one connection's life from ticket to `$disconnect`, by step. */
function connectionLife({ store, logged, initMs }: bill.Measured, p: bill.Prices, a: bill.Assumptions) {
  const small = store.calls.summary.ms;
  const op = (reads: number, writes: number, readUnits: number) => ({
    ms: small,
    reads,
    writes,
    readUnitsMean: readUnits,
    writeUnitsMean: writes,
  });
  const lambda = (memoryMb: number, reads: number, writes: number, readUnits: number) =>
    bill.call(op(reads, writes, readUnits), memoryMb, logged.view, initMs, p, a);
  return {
    // The ticket is written once; the caller's token is verified apart (auth-cost.ts, `authentication` below).
    ticket: bill.apiRequest({ ...op(0, 1, 0), answerBytes: TICKET_ANSWER_BYTES }, logged.view, initMs, p, a),
    // A strong read of the ticket (single use), its delete, the slot's conditional put, the connection's put.
    connect: lambda(a.streamMemoryMb, 1, 3, 1),
    subscribe: bill.add(
      lambda(a.streamMemoryMb, 1, 1, 1),
      bill.messages(a.messagesPerSubscribe / 2, a.messagesPerSubscribe / 2, SMALL_MESSAGE_BYTES, p),
    ),
    disconnect: lambda(a.streamMemoryMb, 0, 2, 0),
  };
}

/**
 * What a client does beyond holding its stream: small reads (a page reading the game and its chat
 * when its socket drops), and the requests' authentication (`bursts` of them, each hours from the last).
 */
interface ClientWork {
  reads: number;
  bursts: number;
}

/** The dollars of `hours` connected, by what they go to: the minutes, pings, events, reconnections, reads and authentication. */
function connected(
  inputs: bill.Measured,
  hours: number,
  events: number,
  client: ClientWork,
  p: bill.Prices,
  a: bill.Assumptions,
) {
  const life = connectionLife(inputs, p, a);
  const pings = (hours * 60) / a.pingEveryMinutes;
  const { store, logged, initMs } = inputs;
  const parts: Record<'minutes' | 'pings' | 'events' | 'reconnections' | 'reads' | 'authentication', bill.Tally> = {
    minutes: bill.add({ webSocketMinutes: (hours * 60 * p.webSocketConnectionMinutePerMillion) / 1e6 }),
    pings: bill.messages(pings, pings * (a.messagesPerPing - 1), SMALL_MESSAGE_BYTES, p),
    events: bill.messages(0, events, a.eventBytes, p),
    reconnections: bill.times(bill.add(...Object.values(life)), hours / a.connectionHours),
    reads: bill.times(bill.apiRequest({ ...store.calls.summary }, logged.view, initMs, p, a), client.reads),
    // An open page renews its access token as it runs out; each burst of requests verifies the token today.
    authentication: authentication(
      inputs,
      { verifications: client.bursts, exchanges: Math.min(client.bursts, hours / a.accessTokenHours) },
      p,
      a,
    ),
  };
  const byPart = bill.add(...Object.values(parts));
  return {
    total: bill.total(byPart),
    byCause: Object.fromEntries(Object.entries(parts).map(([k, t]) => [k, bill.total(t)])),
    byService: byPart,
    connectionLife: Object.fromEntries(Object.entries(life).map(([k, t]) => [k, bill.total(t)])),
    pings,
    events,
  };
}

/**
 * An hour of an open web page on the event stream, at a play-by-mail pace. Each reconnection is a
 * burst of requests (the reads when the socket drops, then the ticket); the reads an event sets
 * off are the other player's look at a move, in the million-move figure.
 */
export function pageHour(inputs: bill.Measured, p: bill.Prices = bill.PRICES, a: bill.Assumptions = bill.ASSUMPTIONS) {
  const reconnections = 1 / a.connectionHours;
  const client = { reads: reconnections * a.readsPerReconnection, bursts: reconnections };
  return connected(inputs, 1, a.pageOpponentMovesPerHour * a.eventsPerMove, client, p, a);
}

/** A day of a third-party bot holding its stream, with the events of its games; each reconnection's ticket a burst of its own. */
export function botDay(inputs: bill.Measured, p: bill.Prices = bill.PRICES, a: bill.Assumptions = bill.ASSUMPTIONS) {
  const client = { reads: 0, bursts: 24 / a.connectionHours };
  return connected(inputs, 24, a.botGamesPerDay * a.botOpponentMovesPerGame * a.eventsPerMove, client, p, a);
}

/** The CPU of a day of one of railpost's own bots at the assumed mix of levels (its moves' requests are in the million-move figure); null without a ladder. */
export function builtInBotDay(
  { botCpuMs }: bill.Measured,
  p: bill.Prices = bill.PRICES,
  a: bill.Assumptions = bill.ASSUMPTIONS,
) {
  return (
    botCpuMs && { moves: a.builtInBotMovesPerDay, total: botMovesDollars(botCpuMs, a.builtInBotMovesPerDay, p, a) }
  );
}

/**
 * An hour of an HTTP-only client holding views one after another, each billed for the whole hold:
 * the fallback the web client no longer uses.
 */
export function heldViewHour(
  { store }: bill.Measured,
  p: bill.Prices = bill.PRICES,
  a: bill.Assumptions = bill.ASSUMPTIONS,
) {
  const hold = store.calls.holdPerSecond;
  const holds = 3600 / a.holdSeconds;
  const byService = bill.add(
    bill.times(
      bill.invocation(
        { ms: a.holdSeconds * 1000, memoryMb: a.apiMemoryMb, logBytes: 0, readUnits: 0, writeUnits: 0 },
        p,
        {
          ...a,
          xraySampledShare: 0,
        },
      ),
      holds,
    ),
    { dynamo: (3600 * hold.readUnitsMean * p.dynamoReadUnitPerMillion) / 1e6 },
    { httpApi: (holds * p.httpApiRequestPerMillion) / 1e6 },
  );
  return { holds, total: bill.total(byService), byService };
}
