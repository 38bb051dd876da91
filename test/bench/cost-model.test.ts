/**
 * The cost model (scripts/bench/cost-basis.ts, cost-model.ts, waiting-cost.ts): each figure follows
 * from the prices and assumptions, so changing one price moves it by exactly that price's share.
 * The store figures here are made up; nothing is measured.
 */
import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, PRICES, total, type StoreFigures } from '../../scripts/bench/cost-basis.js';
import { costPerMillionMoves } from '../../scripts/bench/cost-model.js';
import { botDay, builtInBotDay, heldViewHour, pageHour } from '../../scripts/bench/waiting-cost.js';
import type { Operation, OperationCost } from '../../scripts/bench/store-calls.js';

const op = (ms: number, reads: number, writes: number, answerBytes = 0): OperationCost => ({
  samples: 10,
  readUnitsMean: reads,
  writeUnitsMean: writes * 1.4,
  reads,
  writes,
  readUnits: reads,
  writeUnits: writes,
  bytesRead: 1500 * reads,
  bytesWritten: 1000 * writes,
  wireBytes: 2300,
  ms,
  answerBytes,
});

const calls: Record<Operation, OperationCost> = {
  move: op(12, 1, 1, 1600),
  moveWithBots: op(10, 1, 1, 2000),
  retry: op(8, 1, 0, 1700),
  view: op(8, 1, 0, 1900),
  summary: op(7, 1, 0, 460),
  logPoll: op(7, 1, 0, 260),
  list: op(17, 3, 0, 380),
  notifyPerMove: op(9, 1, 0),
  notifyPerMessage: op(23, 3, 1),
  sweep: op(5, 4, 0),
  holdPerSecond: op(1000, 1.2, 0, 115),
};
const inputs = {
  store: { calls } satisfies StoreFigures,
  logged: { move: 580, view: 390, notifierPerMessage: 260 },
  initMs: 250,
  botCpuMs: { easy: 1, medium: 30, hard: 150 },
};
const moves = (p = PRICES, a = ASSUMPTIONS) => costPerMillionMoves(inputs, p, a);

describe('cost per million moves behind the HTTP API', () => {
  it("the HTTP API adds its price for each request a move sets off: the move, the view and the pages' reads around them", () => {
    const base = moves();
    const free = moves({ ...PRICES, httpApiRequestPerMillion: 0 });
    expect(base.apiRequestsPerMove).toBe(6);
    expect(base.total - free.total).toBeCloseTo(6 * PRICES.httpApiRequestPerMillion, 9);
    expect(base.dollars.httpApi).toBeCloseTo(6, 9);
    expect(base.httpApi.perRequest).toBe(0.000001);
  });

  it('a player with no stream open gets nothing posted: the events cost messages only for the connected share', () => {
    const none = moves(PRICES, { ...ASSUMPTIONS, connectedShare: 0 });
    const all = moves(PRICES, { ...ASSUMPTIONS, connectedShare: 1 });
    expect(none.dollars.webSocketMessages).toBe(0);
    expect(all.dollars.webSocketMessages).toBeCloseTo(ASSUMPTIONS.eventsPerMove * PRICES.webSocketMessagePerMillion, 9);
    expect(moves().eventsPostedPerMove).toBe(ASSUMPTIONS.eventsPerMove * ASSUMPTIONS.connectedShare);
  });

  it('the figure is the sum of its services and of its causes, and never below its floor', () => {
    const m = moves();
    expect(total(m.dollars)).toBeCloseTo(m.total, 9);
    expect(Object.values(m.byCause).reduce((s, x) => s + x, 0)).toBeCloseTo(m.total, 9);
    expect(m.floor.total).toBeLessThan(m.total);
  });

  it('a session token costs each verification two strong reads and a write; a registration token one read', () => {
    const session = moves();
    const registration = moves(PRICES, { ...ASSUMPTIONS, credential: 'registration' });
    const v = ASSUMPTIONS.verificationsPerMove;
    expect(session.readUnitsPerMove - registration.readUnitsPerMove).toBeCloseTo(v, 9);
    expect(session.writeUnitsPerMove - registration.writeUnitsPerMove).toBeCloseTo(v, 9);
  });

  it('access tokens read nothing on a request, and make an exchange request per burst instead', () => {
    const today = moves();
    const tokens = moves(PRICES, { ...ASSUMPTIONS, accessTokens: true });
    expect(tokens.apiRequestsPerMove - today.apiRequestsPerMove).toBe(ASSUMPTIONS.verificationsPerMove);
    expect(tokens.byCause.authentication).toBeGreaterThan(today.byCause.authentication!);
  });

  it("the bots' CPU is their share of moves at the mix of levels, as Lambda GB-seconds", () => {
    const a = ASSUMPTIONS;
    const mixed = 1 * a.botLevelMix.easy + 30 * a.botLevelMix.medium + 150 * a.botLevelMix.hard;
    expect(moves().byCause.bots).toBeCloseTo(1e6 * a.botMoveShare * (mixed / 1000) * PRICES.lambdaGbSecond, 9);
    expect(builtInBotDay(inputs)!.total).toBeCloseTo(
      a.builtInBotMovesPerDay * (mixed / 1000) * PRICES.lambdaGbSecond,
      12,
    );
    expect(costPerMillionMoves({ ...inputs, botCpuMs: null }).byCause.bots).toBe(0);
  });
});

describe('waiting on the event stream', () => {
  it('doubling the connection-minute price raises an open page hour by exactly its minutes (60 a hour)', () => {
    const base = pageHour(inputs);
    const dearer = pageHour(inputs, { ...PRICES, webSocketConnectionMinutePerMillion: 0.5 });
    expect(base.byCause.minutes).toBeCloseTo(60 * 0.25e-6, 15);
    expect(dearer.total - base.total).toBeCloseTo(base.byCause.minutes!, 15);
  });

  it("doubling the message price raises a bot's day by exactly its messages: pings, subscribes and events", () => {
    const base = botDay(inputs);
    const dearer = botDay(inputs, { ...PRICES, webSocketMessagePerMillion: 2 });
    const a = ASSUMPTIONS;
    const count = base.pings * a.messagesPerPing + (24 / a.connectionHours) * a.messagesPerSubscribe + base.events;
    expect(base.byService.webSocketMessages).toBeCloseTo(count * 1e-6, 15);
    expect(dearer.total - base.total).toBeCloseTo(base.byService.webSocketMessages, 15);
  });

  it("a connection is paid again every connectionHours: a day is 24 page hours but for the events and the page's reads", () => {
    const hour = pageHour(inputs);
    const day = botDay(inputs, PRICES, { ...ASSUMPTIONS, botGamesPerDay: 0 });
    expect(hour.byCause.reads).toBeGreaterThan(0);
    expect(day.total).toBeCloseTo(24 * (hour.total - hour.byCause.events! - hour.byCause.reads!), 12);
    const longer = pageHour(inputs, PRICES, { ...ASSUMPTIONS, connectionHours: 4 });
    expect(longer.byCause.reconnections).toBeCloseTo(hour.byCause.reconnections! / 2, 15);
  });

  it('the held view it replaces is billed for the whole hold, and costs hundreds of times more', () => {
    const held = heldViewHour(inputs);
    expect(held.holds).toBe(144);
    expect(held.byService.lambda).toBeGreaterThan(3600 * PRICES.lambdaGbSecond);
    expect(held.total / pageHour(inputs).total).toBeGreaterThan(100);
  });
});
