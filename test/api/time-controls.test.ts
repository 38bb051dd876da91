import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { Sweeper } from '../../functions/service/sweeper.js';
import {
  dataOf,
  problemOf,
  sendRaw,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Schemas,
} from '../support/client.js';
import { isAccountMail, playerWithEmail } from '../support/accounts.js';
import { highCardAnswer } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const T0 = Date.parse('2026-11-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** The service's clock: tests move it, nothing else does. */
let clock = T0;
let server: LocalServer;
let api: Api;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    store: 'memory',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    email: { send: async (m) => void mails.push(m) },
    now: () => new Date(clock),
    sweepMs: 0,
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

function player(name: string): Promise<Player> {
  return playerWithEmail(
    server,
    api,
    name,
    `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`,
  );
}

async function emailOf(p: Player): Promise<string | undefined> {
  return dataOf(await p.GET('/v1/players/me')).email;
}

type TimeControl = NonNullable<Schemas['GameCreate']['timeControl']>;

/** A two-seat high-card game between two new players, started at the current clock. */
async function duel(timeControl: TimeControl, seats = 2, bots = 0) {
  const anna = await player('Anna');
  const ben = await player('Ben');
  const created = await anna.POST('/v1/games', {
    body: { game: 'high-card', players: seats, bots, options: { rounds: 1 }, timeControl },
  });
  expect(created.response.status, textOf(created)).toBe(201);
  const { id, inviteCode } = dataOf(created);
  const params = { path: { id } };
  const joined = await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } });
  expect(joined.response.status, textOf(joined)).toBe(200);
  await server.notificationsIdle();
  return { anna, ben, params, id };
}

/** Sweeps that truly run at the same time: separate sweepers, as separate Lambda invocations would be. */
async function racingSweeps(n = 2) {
  const { times, timing, now } = server.services;
  const reports = await Promise.all(Array.from({ length: n }, () => new Sweeper({ times, timing, now }).dispatch()));
  await server.notificationsIdle();
  return reports;
}

/** One batch delivered to two workers at once (SQS delivers at least once; dispatches overlap). */
async function racingWorkers(gameId: string) {
  const { times, timing, now } = server.services;
  const batch = { kind: 'games' as const, gameIds: [gameId] };
  const tallies = await Promise.all([0, 1].map(() => new Sweeper({ times, timing, now }).expireBatch(batch)));
  await server.notificationsIdle();
  return tallies;
}

async function mailsTo(p: Player): Promise<OutgoingMail[]> {
  const address = await emailOf(p);
  return mails.filter((m) => m.to === address && !isAccountMail(m));
}

describe('time controls: deadlines, reminders and timeouts (DESIGN §5)', () => {
  it('per move with the bot at expiry: deadline shown, one reminder at 80%, one timeout move even when sweeps race, logged as a timeout', async () => {
    clock = T0;
    const { anna, ben, params, id } = await duel({ perMove: 'P3D', onTimeout: 'bot' });
    const game = dataOf(await anna.GET('/v1/games/{id}', { params }));
    expect(game.timeControl).toEqual({ perMove: 'P3D', onTimeout: 'bot', reminderAt: 0.8 });
    expect(game.toAct).toEqual([0]);
    expect(game.deadline).toBe(iso(T0 + 3 * D));
    expect(game.clocks).toEqual([{ seat: 0, deadline: iso(T0 + 3 * D) }, { seat: 1 }]);
    expect(dataOf(await ben.GET('/v1/games/{id}/view', { params })).deadline).toBe(iso(T0 + 3 * D));
    const listed = dataOf(await anna.GET('/v1/games')).items.find((g) => g.id === id);
    expect(listed!.deadline).toBe(iso(T0 + 3 * D));

    clock = T0 + 2 * D;
    await racingSweeps();
    expect((await mailsTo(anna)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);

    clock = T0 + 2.5 * D;
    await racingSweeps(3);
    await racingSweeps();
    const reminders = (await mailsTo(anna)).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toMatch(/Please move by/);
    expect((await mailsTo(ben)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toHaveLength(0);

    clock = T0 + 3 * D + S;
    const benBefore = (await mailsTo(ben)).length;
    const reports = await racingSweeps(3);
    expect(reports.reduce((n, r) => n + r.timeouts, 0)).toBeGreaterThanOrEqual(1);
    await racingSweeps();
    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params }));
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ version: 1, seat: 0, bot: true, timeout: true, at: iso(T0 + 3 * D + S) });
    const after = await ben.GET('/v1/games/{id}', { params });
    expect(after.data).toMatchObject({ version: 1, toAct: [1], deadline: iso(T0 + 3 * D + S + 3 * D) });
    expect(dataOf(after).clocks![0]).toEqual({ seat: 0 });
    const benNow = await mailsTo(ben);
    expect(benNow.slice(benBefore).map((m) => m.subject)).toEqual(['Your turn in High card (test fixture)']);
    expect(benNow.at(-1)!.text).toContain('Please move by');
  });

  it('two workers racing on the same due game act once: one reminder, then one timeout move', async () => {
    clock = T0;
    const { anna, ben, params, id } = await duel({ perMove: 'P3D', onTimeout: 'bot' });
    clock = T0 + 2.5 * D;
    expect((await racingWorkers(id)).map((t) => t.failed)).toEqual([[], []]);
    expect((await mailsTo(anna)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    clock = T0 + 3 * D + S;
    const benBefore = (await mailsTo(ben)).length;
    expect((await racingWorkers(id)).map((t) => t.failed)).toEqual([[], []]);
    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries;
    expect(log).toEqual([expect.objectContaining({ version: 1, seat: 0, bot: true, timeout: true })]);
    expect((await mailsTo(ben)).slice(benBefore).map((m) => m.subject)).toEqual([
      'Your turn in High card (test fixture)',
    ]);
  });

  it('forfeit at expiry in a two-seat game ends it: the other seat wins, the seat is marked, the export says so', async () => {
    clock = T0;
    const { anna, ben, params } = await duel({ perMove: 'PT2S', onTimeout: 'forfeit' });
    clock = T0 + 3 * S;
    await racingSweeps();
    const game = dataOf(await ben.GET('/v1/games/{id}', { params }));
    expect(game.status).toBe('finished');
    expect(game.toAct).toEqual([]);
    expect(game.seats[0]).toMatchObject({ seat: 0, forfeited: true });
    expect(game.seats[1]!.forfeited).toBeUndefined();
    expect(game.outcome!.ranking).toEqual([2, 1]);
    expect(game.deadline).toBeUndefined();
    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries;
    expect(log).toEqual([
      expect.objectContaining({
        version: 1,
        seat: 0,
        bot: true,
        timeout: true,
        forfeit: true,
        events: [{ type: 'forfeited', data: { seat: 0 } }],
      }),
    ]);
    const exported = dataOf(await anna.GET('/v1/games/{id}/export', { params }));
    expect(exported.actions).toEqual([
      {
        seat: 0,
        action: { type: 'forfeit' },
        timeout: true,
        forfeit: true,
        events: [{ type: 'forfeited', data: { seat: 0 } }],
      },
    ]);
    expect((await mailsTo(anna)).at(-1)!.subject).toMatch(/has ended/);
    const late = await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: { type: 'pass' }, expectedVersion: 1 },
    });
    expect(late.response.status).toBe(409);
    expect(problemOf(late).code).toBe('game_over');
    // Nothing is left for the sweeper.
    clock += D;
    expect((await racingSweeps()).every((r) => r.games === 0 || r.timeouts === 0)).toBe(true);
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toHaveLength(1);
  });

  it('forfeit with three seats: the game goes on, the bot plays for the forfeited seat, which may not act and is ranked last', async () => {
    clock = T0;
    const { anna, ben, params } = await duel({ perMove: 'PT1M', onTimeout: 'forfeit' }, 3, 1);
    clock = T0 + M + S;
    await racingSweeps();
    let game = dataOf(await ben.GET('/v1/games/{id}', { params }));
    expect(game.status).toBe('active');
    expect(game.seats[0]!.forfeited).toBe(true);
    expect(game.toAct).toEqual([1]);
    const refused = await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: { type: 'pass' }, expectedVersion: game.version },
    });
    expect(refused.response.status).toBe(403);
    expect(problemOf(refused).code).toBe('forfeited');
    expect(dataOf(await anna.GET('/v1/games/{id}/view', { params })).legalActions).toEqual([]);
    for (let moves = 0; moves < 20 && game.status === 'active'; moves++) {
      const view = dataOf(highCardAnswer(await ben.GET('/v1/games/{id}/view', { params })));
      const posted = await ben.POST('/v1/games/{id}/actions', {
        params,
        body: { action: view.legalActions[0]!, expectedVersion: view.version },
      });
      expect(posted.response.status, textOf(posted)).toBe(200);
      game = dataOf(await ben.GET('/v1/games/{id}', { params }));
    }
    expect(game.status).toBe('finished');
    expect(game.outcome!.ranking[0]).toBe(3);
    expect(game.outcome!.breakdown[0]!.at(-1)!.item).toMatch(/forfeited/);
  });

  it('a bank: the time a turn took comes off, the increment goes on, never beyond the cap', async () => {
    clock = T0;
    const { anna, ben, params } = await duel({
      bank: { initial: 'PT1H', increment: 'PT10M', cap: 'PT2H' },
      onTimeout: 'bot',
    });
    const clocks = async (who: Player) => dataOf(await who.GET('/v1/games/{id}', { params })).clocks;
    const pass = (who: Player, expectedVersion: number) =>
      who.POST('/v1/games/{id}/actions', { params, body: { action: { type: 'pass' }, expectedVersion } });
    expect(await clocks(anna)).toEqual([
      { seat: 0, deadline: iso(T0 + H), bankMs: H },
      { seat: 1, bankMs: H },
    ]);
    clock = T0 + 20 * M;
    expect((await pass(anna, 0)).response.status).toBe(200);
    expect(await clocks(ben)).toEqual([
      { seat: 0, bankMs: 50 * M },
      { seat: 1, deadline: iso(T0 + 20 * M + H), bankMs: H },
    ]);
    clock = T0 + 21 * M;
    expect((await pass(ben, 1)).response.status).toBe(200);
    // Both play their cards now: two clocks run at once. Ben's turn goes on (he is still to act),
    // so his clock keeps running from when it started.
    expect(await clocks(ben)).toEqual([
      { seat: 0, deadline: iso(T0 + 21 * M + 50 * M), bankMs: 50 * M },
      { seat: 1, deadline: iso(T0 + 20 * M + H), bankMs: H },
    ]);
    clock = T0 + 30 * M;
    const view = dataOf(highCardAnswer(await ben.GET('/v1/games/{id}/view', { params })));
    expect(
      (
        await ben.POST('/v1/games/{id}/actions', {
          params,
          body: { action: view.legalActions[0]!, expectedVersion: 2 },
        })
      ).response.status,
    ).toBe(200);
    // Ten minutes used of his hour, ten earned back: the cap (two hours) is not reached.
    expect((await clocks(ben))![1]).toEqual({ seat: 1, bankMs: H });
  });

  it('vacation pauses the clock: the deadline moves, no timeout while away, ending it early brings the deadline back', async () => {
    clock = T0;
    const { anna, params } = await duel({ perMove: 'P1D', onTimeout: 'bot' });
    const deadline = async () => dataOf(await anna.GET('/v1/games/{id}', { params })).deadline;
    clock = T0 + 12 * H;
    const away = await anna.POST('/v1/players/me/vacations', { body: { from: iso(clock), until: iso(clock + 2 * D) } });
    expect(away.response.status, textOf(away)).toBe(201);
    expect(away.data).toMatchObject({ from: iso(T0 + 12 * H), until: iso(T0 + 12 * H + 2 * D) });
    expect(await deadline()).toBe(iso(T0 + 3 * D));
    expect((await anna.GET('/v1/players/me')).data).toMatchObject({ onVacation: true, vacations: [away.data] });

    clock = T0 + D + S;
    await racingSweeps();
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toHaveLength(0);

    clock = T0 + D + 2 * H;
    const vacation = { params: { path: { vacationId: dataOf(away).id } } };
    expect((await anna.DELETE('/v1/players/me/vacations/{vacationId}', vacation)).response.status).toBe(204);
    expect(dataOf(await anna.GET('/v1/players/me')).onVacation).toBe(false);
    // 12 h ran before the vacation; the other 12 h run from its early end.
    expect(await deadline()).toBe(iso(T0 + D + 14 * H));
    const over = await anna.DELETE('/v1/players/me/vacations/{vacationId}', vacation);
    expect(over.response.status).toBe(409);
    expect(problemOf(over).code).toBe('vacation_over');

    clock = T0 + D + 14 * H + S;
    await racingSweeps();
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toEqual([
      expect.objectContaining({ seat: 0, timeout: true }),
    ]);
  });

  it('a vacation booked before the game starts pauses its clock: the game takes it on with the seat', async () => {
    clock = T0;
    const [anna, ben] = [await player('Anna'), await player('Ben')];
    const away = { from: iso(T0 + 6 * H), until: iso(T0 + 6 * H + D) };
    expect((await anna.POST('/v1/players/me/vacations', { body: away })).response.status).toBe(201);
    const timeControl = { perMove: 'P1D', onTimeout: 'bot' } as const;
    const body = { game: 'high-card', players: 2, options: { rounds: 1 }, timeControl };
    const created = dataOf(await anna.POST('/v1/games', { body }));
    const params = { path: { id: created.id } };
    expect(
      (await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } })).response.status,
    ).toBe(200);
    expect(dataOf(await anna.GET('/v1/games/{id}', { params })).deadline).toBe(iso(T0 + 2 * D));
    clock = T0 + D + S;
    await racingSweeps();
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries).toHaveLength(0);
  });

  it('a vacation booked while another seat is due pauses the clock of the turn that follows', async () => {
    clock = T0;
    const [anna, ben] = [await player('Anna'), await player('Ben')];
    const timeControl = { perMove: 'P1D', onTimeout: 'bot' } as const;
    const created = dataOf(
      await anna.POST('/v1/games', { body: { game: 'tally', players: 2, options: { target: 50 }, timeControl } }),
    );
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    const away = { from: iso(T0 + H), until: iso(T0 + H + D) };
    expect((await ben.POST('/v1/players/me/vacations', { body: away })).response.status).toBe(201);
    clock = T0 + 2 * H;
    const body = { action: { type: 'add', n: 1 }, expectedVersion: 0 };
    expect((await anna.POST('/v1/games/{id}/actions', { params, body })).response.status).toBe(200);
    // Ben's turn starts during his vacation: its day runs from the vacation's end.
    expect(dataOf(await ben.GET('/v1/games/{id}', { params })).deadline).toBe(iso(T0 + 2 * D + H));
  });

  it('vacations are checked: not in the past, at most 30 days, until after from, only your own', async () => {
    clock = T0;
    const anna = await player('Anna');
    const ben = await player('Ben');
    const refuse = async (sent: Promise<Answer<Problem>>, status: number, code: string) => {
      const r = await sent;
      expect(r.response.status, textOf(r)).toBe(status);
      expect(problemOf(r).code).toBe(code);
    };
    const away = (body: Schemas['VacationCreate']) => anna.POST('/v1/players/me/vacations', { body });
    await refuse(away({ from: iso(T0 - H), until: iso(T0 + D) }), 400, 'vacation_in_past');
    await refuse(away({ from: iso(T0 + H), until: iso(T0 + H + 31 * D) }), 400, 'vacation_too_long');
    await refuse(away({ from: iso(T0 + D), until: iso(T0 + H) }), 400, 'invalid_vacation');
    await refuse(away({ from: 'tomorrow', until: iso(T0 + D) }), 400, 'invalid_body');
    for (let i = 0; i < 5; i++)
      expect((await away({ from: iso(T0 + (i + 1) * D), until: iso(T0 + (i + 1) * D + H) })).response.status).toBe(201);
    await refuse(away({ from: iso(T0 + 10 * D), until: iso(T0 + 11 * D) }), 409, 'too_many_vacations');
    const mine = dataOf(await anna.GET('/v1/players/me/vacations'));
    expect(mine).toHaveLength(5);
    const first = { params: { path: { vacationId: mine[0]!.id } } };
    expect((await ben.DELETE('/v1/players/me/vacations/{vacationId}', first)).response.status).toBe(404);
    // A vacation that has not begun is simply cancelled.
    expect((await anna.DELETE('/v1/players/me/vacations/{vacationId}', first)).response.status).toBe(204);
    expect(dataOf(await anna.GET('/v1/players/me/vacations'))).toHaveLength(4);
  });

  it('bad time controls are refused with 400 and create nothing', async () => {
    clock = T0;
    const anna = await player('Anna');
    const refused = (timeControl: unknown, r: Answer<Problem>) => {
      expect(r.response.status, JSON.stringify(timeControl)).toBe(400);
      expect(problemOf(r).code).toBe('invalid_body');
    };
    for (const timeControl of [
      { perMove: 'P1M', onTimeout: 'bot' },
      { perMove: 'P1D', bank: { initial: 'P1D', increment: 'PT1H' }, onTimeout: 'bot' },
      { perMove: 'P1D', onTimeout: 'bot', reminderAt: 1.5 },
      { perMove: 'PT0S', onTimeout: 'bot' },
      { bank: { initial: 'P2D', increment: 'PT1H', cap: 'P1D' }, onTimeout: 'bot' },
    ] satisfies TimeControl[]) {
      refused(timeControl, await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, timeControl } }));
    }
    // An onTimeout the document does not list: only a raw request can send it.
    const skip = { perMove: 'P1D', onTimeout: 'skip' };
    refused(
      skip,
      await sendRaw(anna, 'POST', '/v1/games', { body: { game: 'high-card', players: 2, timeControl: skip } }),
    );
    expect(dataOf(await anna.GET('/v1/games')).items).toEqual([]);
  });
});
