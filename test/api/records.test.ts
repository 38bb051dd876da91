/**
 * Audit #8 (records stay bounded), #9 (names are one clean line) and #10 (what strangers and
 * forfeited seats may read), through the API of a local server with a clock the tests move.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProblem } from '../../functions/api/problem-response.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { outboxSender } from '../../functions/notify/email.js';
import { readEml } from '../../functions/notify/read-eml.testkit.js';
import { Sweeper } from '../../functions/service/sweeper.js';
import type { Vacation } from '../../functions/store/records.js';
import { ApiClient, type Player } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { pushSubscription } from '../support/notifications.js';

const S = 1000;
const M = 60 * S;
const T0 = Date.parse('2026-11-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const EVIL = 'Anna\n\nACCOUNT LOCKED - sign in: http://evil.example/x';

let clock = T0;
let server: LocalServer;
let api: ApiClient;
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'railpost-records-'));
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, email: outboxSender(outbox, () => {}), now: () => new Date(clock), sweepMs: 0 });
  api = new ApiClient(server.url);
});
afterAll(async () => {
  await server.close();
  await rm(outbox, { recursive: true, force: true });
});

async function player(name = 'Anna', email?: string): Promise<Player> {
  const r = await api.post('/v1/players', { name, ...(email ? { email } : {}) });
  expect(r.status, r.text).toBe(201);
  return Object.assign(api.as(r.body.token), { playerId: r.body.id as string, token: r.body.token as string }) as Player;
}

/** A high-card game of `seats` seats (the last `bots` of them bots) between Anna and Ben. */
async function table(options: { anna?: Player; ben?: Player; seats?: number; bots?: number; timeControl?: unknown } = {}) {
  const anna = options.anna ?? (await player('Anna'));
  const ben = options.ben ?? (await player('Ben'));
  const created = await anna.post('/v1/games', {
    game: 'high-card',
    players: options.seats ?? 2,
    bots: options.bots ?? 0,
    options: { rounds: 1 },
    ...(options.timeControl ? { timeControl: options.timeControl } : {}),
  });
  expect(created.status, created.text).toBe(201);
  const path = `/v1/games/${created.body.id}`;
  const joined = await ben.post(`${path}/join`, { inviteCode: created.body.inviteCode });
  expect(joined.status, joined.text).toBe(200);
  await server.notificationsIdle();
  return { anna, ben, path };
}

/** Each of `players` in turn takes its first legal action until the game ends. */
async function playOut(path: string, ...players: Player[]): Promise<void> {
  for (let moves = 0; moves < 40 && (await players[0]!.get(path)).body.status === 'active'; moves++) {
    const p = players[moves % players.length]!;
    const view = (await p.get(`${path}/view`)).body;
    if (view.legalActions.length) expect((await p.post(`${path}/actions`, { action: view.legalActions[0], expectedVersion: view.version })).status).toBe(200);
  }
  expect((await players[0]!.get(path)).body.status).toBe('finished');
}

describe('audit #8: records stay bounded', () => {
  const vacations = '/v1/players/me/vacations';

  it('audit #8: a vacation that is already over when created is refused (400 vacation_in_past) and nothing is stored', async () => {
    clock = T0;
    const anna = await player();
    const over = await anna.post(vacations, { from: iso(clock - 30 * S), until: iso(clock - 10 * S) });
    expect(over.status, over.text).toBe(400);
    expect(over.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(over.body.code).toBe('vacation_in_past');
    expect((await anna.get(vacations)).body).toEqual([]);
  });

  it('audit #8: a profile that already holds 4,309 past vacations (~409 KB) takes a valid one: 201, and the list is cut to the cap', async () => {
    clock = T0;
    const anna = await player();
    const past: Vacation[] = Array.from({ length: 4309 }, (_, i) => ({
      id: `past${String(i).padStart(12, '0')}`,
      from: iso(clock - 60 * M + i),
      until: iso(clock - 30 * M + i),
    }));
    await server.services.times.changeVacations(anna.playerId, () => past);
    const added = await anna.post(vacations, { from: iso(clock + 60 * M), until: iso(clock + 120 * M) });
    expect(added.status, added.text).toBe(201);
    const kept = (await anna.get(vacations)).body as Vacation[];
    expect(kept).toHaveLength(25);
    expect(kept.map((v) => v.id)).toContain(added.body.id);
    // The newest past ones stay: the oldest went first.
    expect(kept.filter((v) => v.id !== added.body.id).map((v) => v.id)).toEqual(past.slice(-24).map((v) => v.id));
  });

  it('audit #8: adding and cancelling at once, again and again, never grows the list past 25', async () => {
    clock = T0;
    const anna = await player();
    for (let i = 0; i < 30; i++) {
      const added = await anna.post(vacations, { from: iso(clock), until: iso(clock + M) });
      expect(added.status, added.text).toBe(201);
      expect((await anna.delete(`${vacations}/${added.body.id}`)).status).toBe(204);
      clock += S;
    }
    expect(((await anna.get(vacations)).body as Vacation[]).length).toBeLessThanOrEqual(25);
  });

  it("audit #8: DynamoDB's item-size refusal becomes 422 record_too_large, not a 500", async () => {
    const anna = await player();
    const huge: Vacation[] = Array.from({ length: 5000 }, (_, i) => ({ id: `v${i}`, from: iso(T0 + i), until: iso(T0 + i + 1) }));
    const err = await server.services.times.changeVacations(anna.playerId, () => huge).catch((e: unknown) => e);
    expect((err as Error).name).toBe('ValidationException');
    const problem = toProblem(err);
    expect([problem.status, problem.code]).toEqual([422, 'record_too_large']);
  });

  it('audit #8: a push endpoint longer than 2048 characters is refused (400), not stored as a 60 KB item', async () => {
    const anna = await player();
    const long = await anna.post('/v1/players/me/push-subscriptions', pushSubscription(`https://push.example.net/${'x'.repeat(60_000)}`));
    expect(long.status, long.text).toBe(400);
    expect(long.body.code).toBe('invalid_body');
    expect((await anna.get('/v1/players/me/push-subscriptions')).body).toEqual([]);
  });
});

describe('audit #9: names are one clean line', () => {
  it('audit #9: line breaks, NUL, bidi overrides, zero-width characters and lone surrogates are cleaned on create and on patch', async () => {
    const created = await api.post('/v1/players', { name: EVIL });
    expect(created.status, created.text).toBe(201);
    expect(created.body.name).toBe('Anna ACCOUNT LOCKED - sign in: http://evil.example/x');
    const p = api.as(created.body.token);
    const patched = await p.patch('/v1/players/me', { name: '\u202eBen\u0000\u200b\ud800 \r\n Bo' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.name).toBe('Ben Bo');
  });

  it('audit #9: a name that is empty once cleaned is refused with 400 invalid_name (create and patch) and changes nothing', async () => {
    const empty = await api.post('/v1/players', { name: '\u200b\n\u202e\u0000 ' });
    expect(empty.status, empty.text).toBe(400);
    expect(empty.body.code).toBe('invalid_name');
    const anna = await player('Anna');
    const refused = await anna.patch('/v1/players/me', { name: '\r\n\u2066' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.code).toBe('invalid_name');
    expect((await anna.get('/v1/players/me')).body.name).toBe('Anna');
  });

  it('audit #9: names are bounded in characters (64) and UTF-8 bytes (128)', async () => {
    expect((await api.post('/v1/players', { name: 'a'.repeat(64) })).status).toBe(201);
    expect((await api.post('/v1/players', { name: 'a'.repeat(65) })).body.code).toBe('invalid_name');
    // 43 three-byte characters: within 64 characters, over 128 bytes.
    const wide = await api.post('/v1/players', { name: '語'.repeat(43) });
    expect([wide.status, wide.body.code]).toEqual([400, 'invalid_name']);
    expect((await api.post('/v1/players', { name: '語'.repeat(42) })).status).toBe(201);
  });

  it("audit #9: a name cannot add a line to another player's \"your turn\" email (delivered through the outbox)", async () => {
    clock = T0;
    const anna = await player(EVIL);
    const ben = await player('Ben', 'ben-records@example.test');
    const { path } = await table({ anna, ben });
    const view = (await anna.get(`${path}/view`)).body;
    expect((await anna.post(`${path}/actions`, { action: { type: 'draw' }, expectedVersion: view.version })).status).toBe(200);
    await server.notificationsIdle();
    const mails = await Promise.all((await readdir(outbox)).map(async (f) => readEml(await readFile(join(outbox, f), 'utf8'))));
    const turn = mails.filter((m) => m.header('to') === 'ben-records@example.test' && /turn/i.test(m.header('subject') ?? ''));
    expect(turn.length).toBeGreaterThan(0);
    for (const mail of turn) {
      for (const part of mail.parts) {
        expect(part.body).toContain('ACCOUNT LOCKED');
        // The words only ever appear inside the line that names Anna, never as a line of their own.
        for (const line of part.body.split(/\r?\n/).filter((l) => l.includes('ACCOUNT LOCKED'))) expect(line).toMatch(/Anna ACCOUNT LOCKED/);
      }
    }
  });
  it('audit #9: a name stored before names were cleaned still cannot add a line to those emails', async () => {
    clock = T0;
    const anna = await player('Anna');
    await server.services.table.updatePlayer(anna.playerId, { name: EVIL.replace('Anna', 'Old') });
    const ben = await player('Ben', 'ben-legacy@example.test');
    const { path } = await table({ anna, ben });
    const view = (await anna.get(`${path}/view`)).body;
    expect((await anna.post(`${path}/actions`, { action: { type: 'draw' }, expectedVersion: view.version })).status).toBe(200);
    await server.notificationsIdle();
    const mails = await Promise.all((await readdir(outbox)).map(async (f) => readEml(await readFile(join(outbox, f), 'utf8'))));
    const turn = mails.filter((m) => m.header('to') === 'ben-legacy@example.test' && /turn/i.test(m.header('subject') ?? ''));
    expect(turn.length).toBeGreaterThan(0);
    for (const part of turn.flatMap((m) => m.parts)) {
      expect(part.body).toContain('Old ACCOUNT LOCKED');
      for (const line of part.body.split(/\r?\n/).filter((l) => l.includes('ACCOUNT LOCKED'))) expect(line).toMatch(/Old ACCOUNT LOCKED/);
    }
  });
});

describe('audit #10: what strangers and forfeited seats may read', () => {
  it("audit #10a: the game summary and the export show seats' player ids to seated players only", async () => {
    clock = T0;
    const { anna, ben, path } = await table();
    const stranger = await player('Carl');
    const seen = (await stranger.get(path)).body;
    expect(seen.seats.map((s: { name: string }) => s.name)).toEqual(['Anna', 'Ben']);
    for (const seat of seen.seats) expect(seat).not.toHaveProperty('playerId');
    expect((await ben.get(path)).body.seats.map((s: { playerId: string }) => s.playerId)).toEqual([anna.playerId, ben.playerId]);
    await playOut(path, anna, ben);
    const exported = await stranger.get(`${path}/export`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.players.map((s: { seat: number; name: string }) => [s.seat, s.name])).toEqual([
      [0, 'Anna'],
      [1, 'Ben'],
    ]);
    for (const seat of exported.body.players) expect(seat).not.toHaveProperty('playerId');
    expect((await anna.get(`${path}/export`)).body.players.map((s: { playerId: string }) => s.playerId)).toEqual([anna.playerId, ben.playerId]);
    expect(JSON.stringify((await stranger.get(path)).body)).not.toContain(anna.playerId);
  });

  it('audit #10c: a forfeited seat sees what a spectator sees (no hand) and may read but not write chat until the game ends', async () => {
    clock = T0;
    const { anna, ben, path } = await table({ seats: 3, bots: 1, timeControl: { perMove: 'PT1M', onTimeout: 'forfeit' } });
    expect((await anna.get(`${path}/view`)).body.view.hand).toHaveLength(3);
    expect((await anna.post(`${path}/chat`, { text: 'good luck' })).status).toBe(201);
    clock = T0 + M + S;
    await new Sweeper(server.services.times, server.services.games, server.services.now).sweep();
    await server.notificationsIdle();
    expect((await ben.get(path)).body.seats[0].forfeited).toBe(true);

    const view = (await anna.get(`${path}/view`)).body.view;
    expect(view).not.toHaveProperty('hand');
    expect(view).not.toHaveProperty('hands');
    expect((await anna.get(`${path}/view?version=0`)).body.view).not.toHaveProperty('hand');
    expect((await ben.get(`${path}/view`)).body.view.hand).toBeDefined();
    // The bot drew for Anna's seat (HC-2): her log shows that draw as a stranger's does, card hidden.
    const stranger = await player('Carl');
    const log = (await anna.get(`${path}/log`)).body;
    expect(log.entries.some((e: { seat: number; bot: boolean }) => e.seat === 0 && e.bot && !('forfeit' in e))).toBe(true);
    expect(log).toEqual((await stranger.get(`${path}/log`)).body);

    const refused = await anna.post(`${path}/chat`, { text: 'the bot holds a 40' });
    expect([refused.status, refused.body.code]).toEqual([403, 'forfeited']);
    const chat = await anna.get(`${path}/chat`);
    expect(chat.status).toBe(200);
    expect(chat.body.messages.map((m: { text: string }) => m.text)).toEqual(['good luck']);

    await playOut(path, ben);
    expect((await anna.get(`${path}/view`)).body.view.hands).toHaveLength(3);
    expect((await anna.post(`${path}/chat`, { text: 'well played' })).status).toBe(201);
  });
});
