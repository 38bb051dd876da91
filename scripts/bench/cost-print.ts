/**
 * The cost part of `npm run bench`: prints a million moves, an open web page's hour, a bot's day and
 * an HTTP-only client's held hour with their breakdowns, and returns them for bench/report.json.
 */
import { ASSUMPTIONS as A, PRICES, rounded, type Measured, type Tally } from './cost-basis.js';
import { costPerMillionMoves, levers } from './cost-model.js';
import { botDay, builtInBotDay, heldViewHour, pageHour } from './waiting-cost.js';

/** Dollars to three significant digits. */
const usd = (x: number) => `$${rounded(x)}`;
/** What a lever takes off, or adds (a lever may cost more than it saves). */
const saves = (x: number) => (x < 0 ? `+${usd(-x)}` : `−${usd(x)}`);

const SERVICES: Record<keyof Tally, string> = {
  httpApi: 'HTTP API',
  webSocketMessages: 'WebSocket messages',
  webSocketMinutes: 'connection minutes',
  lambda: 'Lambda',
  dynamo: 'DynamoDB',
  logs: 'logs',
  xray: 'X-Ray',
  transfer: 'transfer out',
};

/** Each service's dollars, the largest first, those that cost nothing left out. */
const byService = (t: Tally) =>
  (Object.entries(t) as [keyof Tally, number][])
    .filter(([, x]) => x > 0)
    .sort(([, x], [, y]) => y - x)
    .map(([k, x]) => `${SERVICES[k]} ${usd(x)}`)
    .join(', ');

export function printCost(inputs: Measured) {
  const moves = costPerMillionMoves(inputs);
  const off = levers(inputs);
  const page = pageHour(inputs);
  const bot = botDay(inputs);
  const held = heldViewHour(inputs);
  const ownBot = builtInBotDay(inputs);
  const d = moves.dollars;
  const f = moves.floor;
  console.log(
    `cost per million moves behind the HTTP API, each with ${A.viewsPerMove} view, ${A.notificationsPerMove} notification and its stream events (us-east-1, on-demand; scripts/bench/cost-basis.ts):`,
  );
  console.log(
    `  by service: ${byService(d)}; ${rounded(moves.lambdaMsPerMove)} billed Lambda ms at ${A.apiMemoryMb} MB and ${moves.logBytesPerMove} log bytes a move`,
  );
  console.log(
    `  by cause: the move ${usd(moves.byCause.move!)}, the view ${usd(moves.byCause.view!)}, the pages' reads around it ${usd(moves.byCause.webReads!)} (${A.moverReadsPerMove} + ${A.viewerReadsPerMove}), authentication ${usd(moves.byCause.authentication!)} (${A.verificationsPerMove} ${A.credential} token verifications), the bots' CPU ${usd(moves.byCause.bots!)}, the notification ${usd(moves.byCause.notification!)}, the stream events ${usd(moves.byCause.events!)} (${moves.eventsPostedPerMove} posted a move: ${A.eventsPerMove} events, ${A.connectedShare * 100}% of players connected); ${rounded(moves.readUnitsPerMove)} RRU + ${rounded(moves.writeUnitsPerMove)} WRU a move`,
  );
  console.log(
    `  total ${usd(moves.total)} (target ≤ $6); the HTTP API adds ${usd(moves.httpApi.perRequest)} a request and ${usd(moves.httpApi.accessLogPerRequest)} for its access log line: ${usd(moves.httpApi.perMillionMoves)} per million moves; storage ${usd(moves.storagePerMonth)}/month per million moves kept; email ${usd(moves.email)} if half the turns go by email`,
  );
  console.log(
    `  floor ${usd(f.total)}: HTTP API ${usd(f.httpApi)}, DynamoDB ${usd(f.dynamo)} (${f.readUnitsPerMove} RRU, every read that may be eventually consistent made so), events' messages ${usd(f.webSocketMessages)}, Lambda requests ${usd(f.lambdaRequests)}, one log line per API request ${usd(f.logs)}; no compute, access logs, traces or bytes out`,
  );
  console.log(
    `  levers: no HTTP API access log ${saves(off.noAccessLog)}, the notifier at 512 MB ${saves(off.notifierAt512Mb)}, access tokens ${saves(off.accessTokens)} (an exchange per burst instead of a verification), the move's answer carrying what the pages read after it ${saves(off.noWebReadsAroundMove)}; outside the design: no "move" to the mover's own pages ${saves(off.oneMessagePerMove)}, no X-Ray ${saves(off.noTraces)}`,
  );
  console.log(
    `an open web page on the event stream: ${usd(page.total)} an hour (target ≤ $0.0001): connection minutes ${usd(page.byCause.minutes!)}, ${rounded(page.pings)} pings ${usd(page.byCause.pings!)}, ${page.events} events ${usd(page.byCause.events!)}, a reconnection every ${A.connectionHours} h ${usd(page.byCause.reconnections!)}, its reads ${usd(page.byCause.reads!)}, authentication ${usd(page.byCause.authentication!)}`,
  );
  console.log(
    `  one connection's life: ticket ${usd(page.connectionLife.ticket!)}, $connect ${usd(page.connectionLife.connect!)}, subscribe ${usd(page.connectionLife.subscribe!)}, $disconnect ${usd(page.connectionLife.disconnect!)}; by service: ${byService(page.byService)}`,
  );
  console.log(
    `a bot connected for a day: ${usd(bot.total)} (${A.botGamesPerDay} games, ${bot.events} events): connection minutes ${usd(bot.byCause.minutes!)}, ${rounded(bot.pings)} pings ${usd(bot.byCause.pings!)}, events ${usd(bot.byCause.events!)}, ${24 / A.connectionHours} reconnections ${usd(bot.byCause.reconnections!)}`,
  );
  console.log(
    `one of railpost's own bots a day: ${ownBot ? `${usd(ownBot.total)} of CPU for ${ownBot.moves} moves` : 'no ladder in bench/report.json'}${moves.bots ? ` (${rounded(moves.bots.mixedMs)} ms a move at easy ${A.botLevelMix.easy}, medium ${A.botLevelMix.medium}, hard ${A.botLevelMix.hard}: ${rounded(moves.bots.cpuMs.medium)} and ${rounded(moves.bots.cpuMs.hard)} ms a searched move, medians of the ladder's rows; ${A.botMoveShare * 100}% of moves by bots in the million)` : ''}`,
  );
  console.log(
    `an HTTP-only client holding views: ${usd(held.total)} an hour (${held.holds} holds of ${A.holdSeconds} s); the sweep dispatcher ${usd(moves.sweeperPerMonth)} a month, and ${usd(moves.sweepPerDeadline * 1e6)} a million due deadlines (worker and queue)`,
  );
  return {
    ...rounded({ ...moves, levers: off, pageHour: page, botDay: bot, builtInBotDay: ownBot, heldViewHour: held }),
    initMs: inputs.initMs,
    prices: PRICES,
    assumptions: A,
  };
}
