import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { OutgoingMail } from '../../functions/notify/email.js';
import { Sweeper } from '../../functions/service/sweeper.js';
import { ApiClient, type Player } from '../support/client.js';
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
let api: ApiClient;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, email: { send: async (m) => void mails.push(m) }, now: () => new Date(clock), sweepMs: 0 });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

async function player(name: string): Promise<Player> {
  const r = await api.post('/v1/players', { name, email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test` });
  return Object.assign(api.as(r.body.token), { playerId: r.body.id as string, token: r.body.token as string, email: r.body.email }) as Player;
}

async function emailOf(p: Player): Promise<string> {
  return (await p.get('/v1/players/me')).body.email;
}

/** A two-seat high-card game between two new players, started at the current clock. */
async function duel(timeControl: unknown, seats = 2, bots = 0) {
  const anna = await player('Anna');
  const ben = await player('Ben');
  const created = await anna.post('/v1/games', { game: 'high-card', players: seats, bots, options: { rounds: 1 }, timeControl });
  expect(created.status, created.text).toBe(201);
  const path = `/v1/games/${created.body.id}`;
  const joined = await ben.post(`${path}/join`, { inviteCode: created.body.inviteCode });
  expect(joined.status, joined.text).toBe(200);
  await server.notificationsIdle();
  return { anna, ben, path, id: created.body.id as string };
}

/** Sweeps that truly run at the same time: separate sweepers, as separate Lambda invocations would be. */
async function racingSweeps(n = 2) {
  const { times, games, now } = server.services;
  const reports = await Promise.all(Array.from({ length: n }, () => new Sweeper(times, games, now).sweep()));
  await server.notificationsIdle();
  return reports;
}

async function mailsTo(p: Player): Promise<OutgoingMail[]> {
  const address = await emailOf(p);
  return mails.filter((m) => m.to === address);
}

describe('time controls: deadlines, reminders and timeouts (DESIGN §5)', () => {
  it('per move with the bot at expiry: deadline shown, one reminder at 80%, one timeout move even when sweeps race, logged as a timeout', async () => {
    clock = T0;
    const { anna, ben, path } = await duel({ perMove: 'P3D', onTimeout: 'bot' });
    const game = await anna.get(path);
    expect(game.body.timeControl).toEqual({ perMove: 'P3D', onTimeout: 'bot', reminderAt: 0.8 });
    expect(game.body.toAct).toEqual([0]);
    expect(game.body.deadline).toBe(iso(T0 + 3 * D));
    expect(game.body.clocks).toEqual([{ seat: 0, deadline: iso(T0 + 3 * D) }, { seat: 1 }]);
    expect((await ben.get(`${path}/view`)).body.deadline).toBe(iso(T0 + 3 * D));
    const listed = (await anna.get('/v1/games')).body.find((g: { id: string }) => `/v1/games/${g.id}` === path);
    expect(listed.deadline).toBe(iso(T0 + 3 * D));

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
    expect((await anna.get(`${path}/log`)).body.entries).toHaveLength(0);

    clock = T0 + 3 * D + S;
    const benBefore = (await mailsTo(ben)).length;
    const reports = await racingSweeps(3);
    expect(reports.reduce((n, r) => n + r.timeouts, 0)).toBeGreaterThanOrEqual(1);
    await racingSweeps();
    const log = (await anna.get(`${path}/log`)).body;
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ version: 1, seat: 0, bot: true, timeout: true, at: iso(T0 + 3 * D + S) });
    const after = await ben.get(path);
    expect(after.body).toMatchObject({ version: 1, toAct: [1], deadline: iso(T0 + 3 * D + S + 3 * D) });
    expect(after.body.clocks[0]).toEqual({ seat: 0 });
    const benNow = await mailsTo(ben);
    expect(benNow.slice(benBefore).map((m) => m.subject)).toEqual(['Your turn in High card (test fixture)']);
    expect(benNow.at(-1)!.text).toContain('Please move by');
  });

  it('forfeit at expiry in a two-seat game ends it: the other seat wins, the seat is marked, the export says so', async () => {
    clock = T0;
    const { anna, ben, path } = await duel({ perMove: 'PT2S', onTimeout: 'forfeit' });
    clock = T0 + 3 * S;
    await racingSweeps();
    const game = (await ben.get(path)).body;
    expect(game.status).toBe('finished');
    expect(game.toAct).toEqual([]);
    expect(game.seats[0]).toMatchObject({ seat: 0, forfeited: true });
    expect(game.seats[1].forfeited).toBeUndefined();
    expect(game.outcome.ranking).toEqual([2, 1]);
    expect(game.deadline).toBeUndefined();
    const log = (await anna.get(`${path}/log`)).body.entries;
    expect(log).toEqual([expect.objectContaining({ version: 1, seat: 0, bot: true, timeout: true, forfeit: true, events: [{ type: 'forfeited', data: { seat: 0 } }] })]);
    const exported = (await anna.get(`${path}/export`)).body;
    expect(exported.actions).toEqual([{ seat: 0, action: { type: 'forfeit' }, timeout: true, forfeit: true }]);
    expect((await mailsTo(anna)).at(-1)!.subject).toMatch(/has ended/);
    const late = await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 1 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('game_over');
    // Nothing is left for the sweeper.
    clock += D;
    expect((await racingSweeps()).every((r) => r.games === 0 || r.timeouts === 0)).toBe(true);
    expect((await anna.get(`${path}/log`)).body.entries).toHaveLength(1);
  });

  it('forfeit with three seats: the game goes on, the bot plays for the forfeited seat, which may not act and is ranked last', async () => {
    clock = T0;
    const { anna, ben, path } = await duel({ perMove: 'PT1M', onTimeout: 'forfeit' }, 3, 1);
    clock = T0 + M + S;
    await racingSweeps();
    let game = (await ben.get(path)).body;
    expect(game.status).toBe('active');
    expect(game.seats[0].forfeited).toBe(true);
    expect(game.toAct).toEqual([1]);
    const refused = await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: game.version });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forfeited');
    expect((await anna.get(`${path}/view`)).body.legalActions).toEqual([]);
    for (let moves = 0; moves < 20 && game.status === 'active'; moves++) {
      const view = (await ben.get(`${path}/view`)).body;
      const posted = await ben.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: view.version });
      expect(posted.status, posted.text).toBe(200);
      game = (await ben.get(path)).body;
    }
    expect(game.status).toBe('finished');
    expect(game.outcome.ranking[0]).toBe(3);
    expect(game.outcome.breakdown[0].at(-1).item).toMatch(/forfeited/);
  });

  it('a bank: the time a turn took comes off, the increment goes on, never beyond the cap', async () => {
    clock = T0;
    const { anna, ben, path } = await duel({ bank: { initial: 'PT1H', increment: 'PT10M', cap: 'PT2H' }, onTimeout: 'bot' });
    expect((await anna.get(path)).body.clocks).toEqual([
      { seat: 0, deadline: iso(T0 + H), bankMs: H },
      { seat: 1, bankMs: H },
    ]);
    clock = T0 + 20 * M;
    expect((await anna.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 0 })).status).toBe(200);
    expect((await ben.get(path)).body.clocks).toEqual([
      { seat: 0, bankMs: 50 * M },
      { seat: 1, deadline: iso(T0 + 20 * M + H), bankMs: H },
    ]);
    clock = T0 + 21 * M;
    expect((await ben.post(`${path}/actions`, { action: { type: 'pass' }, expectedVersion: 1 })).status).toBe(200);
    // Both play their cards now: two clocks run at once. Ben's turn goes on (he is still to act),
    // so his clock keeps running from when it started.
    expect((await ben.get(path)).body.clocks).toEqual([
      { seat: 0, deadline: iso(T0 + 21 * M + 50 * M), bankMs: 50 * M },
      { seat: 1, deadline: iso(T0 + 20 * M + H), bankMs: H },
    ]);
    clock = T0 + 30 * M;
    const view = (await ben.get(`${path}/view`)).body;
    expect((await ben.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: 2 })).status).toBe(200);
    // Ten minutes used of his hour, ten earned back: the cap (two hours) is not reached.
    expect((await ben.get(path)).body.clocks[1]).toEqual({ seat: 1, bankMs: H });
  });

  it('vacation pauses the clock: the deadline moves, no timeout while away, ending it early brings the deadline back', async () => {
    clock = T0;
    const { anna, path } = await duel({ perMove: 'P1D', onTimeout: 'bot' });
    clock = T0 + 12 * H;
    const away = await anna.post('/v1/players/me/vacations', { from: iso(clock), until: iso(clock + 2 * D) });
    expect(away.status, away.text).toBe(201);
    expect(away.body).toMatchObject({ from: iso(T0 + 12 * H), until: iso(T0 + 12 * H + 2 * D) });
    expect((await anna.get(path)).body.deadline).toBe(iso(T0 + 3 * D));
    expect((await anna.get('/v1/players/me')).body).toMatchObject({ onVacation: true, vacations: [away.body] });

    clock = T0 + D + S;
    await racingSweeps();
    expect((await anna.get(`${path}/log`)).body.entries).toHaveLength(0);

    clock = T0 + D + 2 * H;
    expect((await anna.delete(`/v1/players/me/vacations/${away.body.id}`)).status).toBe(204);
    expect((await anna.get('/v1/players/me')).body.onVacation).toBe(false);
    // 12 h ran before the vacation; the other 12 h run from its early end.
    expect((await anna.get(path)).body.deadline).toBe(iso(T0 + D + 14 * H));
    const over = await anna.delete(`/v1/players/me/vacations/${away.body.id}`);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('vacation_over');

    clock = T0 + D + 14 * H + S;
    await racingSweeps();
    expect((await anna.get(`${path}/log`)).body.entries).toEqual([expect.objectContaining({ seat: 0, timeout: true })]);
  });

  it('vacations are checked: not in the past, at most 30 days, until after from, only your own', async () => {
    clock = T0;
    const anna = await player('Anna');
    const ben = await player('Ben');
    const refuse = async (body: unknown, status: number, code: string) => {
      const r = await anna.post('/v1/players/me/vacations', body);
      expect(r.status, r.text).toBe(status);
      expect(r.body.code).toBe(code);
    };
    await refuse({ from: iso(T0 - H), until: iso(T0 + D) }, 400, 'vacation_in_past');
    await refuse({ from: iso(T0 + H), until: iso(T0 + H + 31 * D) }, 400, 'vacation_too_long');
    await refuse({ from: iso(T0 + D), until: iso(T0 + H) }, 400, 'invalid_vacation');
    await refuse({ from: 'tomorrow', until: iso(T0 + D) }, 400, 'invalid_body');
    for (let i = 0; i < 5; i++) expect((await anna.post('/v1/players/me/vacations', { from: iso(T0 + (i + 1) * D), until: iso(T0 + (i + 1) * D + H) })).status).toBe(201);
    await refuse({ from: iso(T0 + 10 * D), until: iso(T0 + 11 * D) }, 409, 'too_many_vacations');
    const mine = (await anna.get('/v1/players/me/vacations')).body;
    expect(mine).toHaveLength(5);
    expect((await ben.delete(`/v1/players/me/vacations/${mine[0].id}`)).status).toBe(404);
    // A vacation that has not begun is simply cancelled.
    expect((await anna.delete(`/v1/players/me/vacations/${mine[0].id}`)).status).toBe(204);
    expect((await anna.get('/v1/players/me/vacations')).body).toHaveLength(4);
  });

  it('bad time controls are refused with 400 and create nothing', async () => {
    clock = T0;
    const anna = await player('Anna');
    for (const timeControl of [
      { perMove: 'P1M', onTimeout: 'bot' },
      { perMove: 'P1D', bank: { initial: 'P1D', increment: 'PT1H' }, onTimeout: 'bot' },
      { perMove: 'P1D', onTimeout: 'skip' },
      { perMove: 'P1D', onTimeout: 'bot', reminderAt: 1.5 },
      { perMove: 'PT0S', onTimeout: 'bot' },
      { bank: { initial: 'P2D', increment: 'PT1H', cap: 'P1D' }, onTimeout: 'bot' },
    ]) {
      const r = await anna.post('/v1/games', { game: 'high-card', players: 2, timeControl });
      expect(r.status, JSON.stringify(timeControl)).toBe(400);
      expect(r.body.code).toBe('invalid_body');
    }
    expect((await anna.get('/v1/games')).body).toEqual([]);
  });
});

describe('the local sweeper interval (RAILPOST_SWEEP_MS)', () => {
  it('applies a timeout by itself, without anybody calling the API', async () => {
    const local = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 50 });
    try {
      const client = new ApiClient(local.url);
      const anna = await client.newPlayer('Anna');
      const created = await anna.post('/v1/games', { game: 'high-card', players: 2, bots: 1, timeControl: { perMove: 'PT1S', onTimeout: 'bot' } });
      const path = `/v1/games/${created.body.id}`;
      let entries: { timeout?: boolean }[] = [];
      for (let i = 0; i < 100 && !entries.some((e) => e.timeout); i++) {
        await new Promise((ok) => setTimeout(ok, 50));
        entries = (await anna.get(`${path}/log`)).body.entries;
      }
      expect(entries[0]).toMatchObject({ seat: 0, bot: true, timeout: true });
    } finally {
      await local.close();
    }
  });
});
