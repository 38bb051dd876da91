/**
 * Records stay bounded, names are one clean line, and what strangers and forfeited seats may
 * read, through the API of a local server with a clock the tests move.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf as httpStatusOf, toProblem } from '../../functions/api/problem-response.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { outboxSender } from '../../functions/notify/local-email.js';
import { readEml } from '../../functions/notify/read-eml.testkit.js';
import { Sweeper } from '../../functions/service/sweeper.js';
import type { Vacation } from '../../functions/domain/player.js';
import { dataOf, problemOf, testClient, textOf, type Api, type Player, type Schemas } from '../support/client.js';
import { confirmEmail } from '../support/accounts.js';
import { highCardAnswer } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { pushSubscription } from '../support/notifications.js';

const S = 1000;
const M = 60 * S;
const T0 = Date.parse('2026-11-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const EVIL = 'Anna\n\nACCOUNT LOCKED - sign in: http://evil.example/x';

let clock = T0;
let server: LocalServer;
let api: Api;
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'railpost-records-'));
  server = await startLocalServer({
    // On dynalite: DynamoDB's own item-size refusal is part of what is tested.
    store: 'dynalite',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    email: outboxSender(outbox, () => {}),
    now: () => new Date(clock),
    sweepMs: 0,
  });
  api = testClient(server.url);
});
afterAll(async () => {
  await server.close();
  await rm(outbox, { recursive: true, force: true });
});

async function player(name = 'Anna', email?: string): Promise<Player> {
  const r = await api.POST('/v1/players', { body: { name, ...(email ? { email } : {}) } });
  expect(r.response.status, textOf(r)).toBe(201);
  const { id, token } = dataOf(r);
  const created = Object.assign(api.as(token), { playerId: id, token });
  if (email) await confirmEmail(server, created, email);
  return created;
}

type GameParams = { path: { id: string } };

/** A high-card game of `seats` seats (the last `bots` of them bots) between Anna and Ben. */
async function table(
  options: {
    anna?: Player;
    ben?: Player;
    seats?: number;
    bots?: number;
    timeControl?: Schemas['GameCreate']['timeControl'];
  } = {},
) {
  const anna = options.anna ?? (await player('Anna'));
  const ben = options.ben ?? (await player('Ben'));
  const created = await anna.POST('/v1/games', {
    body: {
      game: 'high-card',
      players: options.seats ?? 2,
      bots: options.bots ?? 0,
      options: { rounds: 1 },
      ...(options.timeControl ? { timeControl: options.timeControl } : {}),
    },
  });
  expect(created.response.status, textOf(created)).toBe(201);
  const { id, inviteCode } = dataOf(created);
  const params: GameParams = { path: { id } };
  const joined = await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } });
  expect(joined.response.status, textOf(joined)).toBe(200);
  await server.notificationsIdle();
  return { anna, ben, params };
}

const statusOf = async (p: Player, params: GameParams) => dataOf(await p.GET('/v1/games/{id}', { params })).status;

/** Each of `players` in turn takes its first legal action until the game ends. */
async function playOut(params: GameParams, ...players: Player[]): Promise<void> {
  for (let moves = 0; moves < 40 && (await statusOf(players[0]!, params)) === 'active'; moves++) {
    const p = players[moves % players.length]!;
    const view = dataOf(highCardAnswer(await p.GET('/v1/games/{id}/view', { params })));
    if (view.legalActions.length)
      expect(
        (
          await p.POST('/v1/games/{id}/actions', {
            params,
            body: { action: view.legalActions[0]!, expectedVersion: view.version },
          })
        ).response.status,
      ).toBe(200);
  }
  expect(await statusOf(players[0]!, params)).toBe('finished');
}

describe('records stay bounded', () => {
  it('a vacation that is already over when created is refused (400 vacation_in_past) and nothing is stored', async () => {
    clock = T0;
    const anna = await player();
    const over = await anna.POST('/v1/players/me/vacations', {
      body: { from: iso(clock - 30 * S), until: iso(clock - 10 * S) },
    });
    expect(over.response.status, textOf(over)).toBe(400);
    expect(over.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problemOf(over).code).toBe('vacation_in_past');
    expect((await anna.GET('/v1/players/me/vacations')).data).toEqual([]);
  });

  it('a profile that already holds 4,309 past vacations (~409 KB) takes a valid one: 201, and the list is cut to the cap', async () => {
    clock = T0;
    const anna = await player();
    const past: Vacation[] = Array.from({ length: 4309 }, (_, i) => ({
      id: `past${String(i).padStart(12, '0')}`,
      from: iso(clock - 60 * M + i),
      until: iso(clock - 30 * M + i),
    }));
    await server.services.times.changeVacations(anna.playerId, () => ({ ok: true, value: past }));
    const added = await anna.POST('/v1/players/me/vacations', {
      body: { from: iso(clock + 60 * M), until: iso(clock + 120 * M) },
    });
    expect(added.response.status, textOf(added)).toBe(201);
    const kept = dataOf(await anna.GET('/v1/players/me/vacations'));
    expect(kept).toHaveLength(25);
    expect(kept.map((v) => v.id)).toContain(dataOf(added).id);
    // The newest past ones stay: the oldest went first.
    expect(kept.filter((v) => v.id !== dataOf(added).id).map((v) => v.id)).toEqual(past.slice(-24).map((v) => v.id));
  });

  it('adding and cancelling at once, again and again, never grows the list past 25', async () => {
    clock = T0;
    const anna = await player();
    for (let i = 0; i < 30; i++) {
      const added = await anna.POST('/v1/players/me/vacations', { body: { from: iso(clock), until: iso(clock + M) } });
      expect(added.response.status, textOf(added)).toBe(201);
      expect(
        (
          await anna.DELETE('/v1/players/me/vacations/{vacationId}', {
            params: { path: { vacationId: dataOf(added).id } },
          })
        ).response.status,
      ).toBe(204);
      clock += S;
    }
    expect(dataOf(await anna.GET('/v1/players/me/vacations')).length).toBeLessThanOrEqual(25);
  });

  it("DynamoDB's item-size refusal becomes 422 record_too_large, not a 500", async () => {
    const anna = await player();
    const huge: Vacation[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `v${i}`,
      from: iso(T0 + i),
      until: iso(T0 + i + 1),
    }));
    const err = await server.services.times
      .changeVacations(anna.playerId, () => ({ ok: true, value: huge }))
      .catch((e: unknown) => e);
    expect((err as Error).name).toBe('ValidationException');
    const problem = toProblem(err);
    expect([httpStatusOf(problem), problem.code]).toEqual([422, 'record_too_large']);
  });

  it('a push endpoint longer than 2048 characters is refused (400), not stored as a 60 KB item', async () => {
    const anna = await player();
    const long = await anna.POST('/v1/players/me/push-subscriptions', {
      body: pushSubscription(`https://push.example.net/${'x'.repeat(60_000)}`),
    });
    expect(long.response.status, textOf(long)).toBe(400);
    expect(problemOf(long).code).toBe('invalid_body');
    expect((await anna.GET('/v1/players/me/push-subscriptions')).data).toEqual([]);
  });
});

describe('names are one clean line', () => {
  it('line breaks, NUL, bidi overrides, zero-width characters and lone surrogates are cleaned on create and on patch', async () => {
    const created = await api.POST('/v1/players', { body: { name: EVIL } });
    expect(created.response.status, textOf(created)).toBe(201);
    expect(dataOf(created).name).toBe('Anna ACCOUNT LOCKED - sign in: http://evil.example/x');
    const p = api.as(dataOf(created).token);
    const patched = await p.PATCH('/v1/players/me', { body: { name: '\u202eBen\u0000\u200b\ud800 \r\n Bo' } });
    expect(patched.response.status, textOf(patched)).toBe(200);
    expect(dataOf(patched).name).toBe('Ben Bo');
  });

  it('a name that is empty once cleaned is refused with 400 invalid_name (create and patch) and changes nothing', async () => {
    const empty = await api.POST('/v1/players', { body: { name: '\u200b\n\u202e\u0000 ' } });
    expect(empty.response.status, textOf(empty)).toBe(400);
    expect(problemOf(empty).code).toBe('invalid_name');
    const anna = await player('Anna');
    const refused = await anna.PATCH('/v1/players/me', { body: { name: '\r\n\u2066' } });
    expect(refused.response.status, textOf(refused)).toBe(400);
    expect(problemOf(refused).code).toBe('invalid_name');
    expect(dataOf(await anna.GET('/v1/players/me')).name).toBe('Anna');
  });

  it('names are bounded in characters (64) and UTF-8 bytes (128)', async () => {
    const register = (name: string) => api.POST('/v1/players', { body: { name } });
    expect((await register('a'.repeat(64))).response.status).toBe(201);
    expect(problemOf(await register('a'.repeat(65))).code).toBe('invalid_name');
    // 43 three-byte characters: within 64 characters, over 128 bytes.
    const wide = await register('語'.repeat(43));
    expect([wide.response.status, wide.error?.code]).toEqual([400, 'invalid_name']);
    expect((await register('語'.repeat(42))).response.status).toBe(201);
  });

  it('a name cannot add a line to another player\'s "your turn" email (delivered through the outbox)', async () => {
    clock = T0;
    const anna = await player(EVIL);
    const ben = await player('Ben', 'ben-records@example.test');
    const { params } = await table({ anna, ben });
    const view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
    expect(
      (
        await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: { type: 'draw' }, expectedVersion: view.version },
        })
      ).response.status,
    ).toBe(200);
    await server.notificationsIdle();
    const mails = await Promise.all(
      (await readdir(outbox)).map(async (f) => readEml(await readFile(join(outbox, f), 'utf8'))),
    );
    const turn = mails.filter(
      (m) => m.header('to') === 'ben-records@example.test' && /turn/i.test(m.header('subject') ?? ''),
    );
    expect(turn.length).toBeGreaterThan(0);
    for (const mail of turn) {
      for (const part of mail.parts) {
        expect(part.body).toContain('ACCOUNT LOCKED');
        // The words only ever appear inside the line that names Anna, never as a line of their own.
        for (const line of part.body.split(/\r?\n/).filter((l) => l.includes('ACCOUNT LOCKED')))
          expect(line).toMatch(/Anna ACCOUNT LOCKED/);
      }
    }
  });
  it('a name stored before names were cleaned still cannot add a line to those emails', async () => {
    clock = T0;
    const anna = await player('Anna');
    await server.services.table.updatePlayer(anna.playerId, { name: EVIL.replace('Anna', 'Old') });
    const ben = await player('Ben', 'ben-legacy@example.test');
    const { params } = await table({ anna, ben });
    const view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
    expect(
      (
        await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: { type: 'draw' }, expectedVersion: view.version },
        })
      ).response.status,
    ).toBe(200);
    await server.notificationsIdle();
    const mails = await Promise.all(
      (await readdir(outbox)).map(async (f) => readEml(await readFile(join(outbox, f), 'utf8'))),
    );
    const turn = mails.filter(
      (m) => m.header('to') === 'ben-legacy@example.test' && /turn/i.test(m.header('subject') ?? ''),
    );
    expect(turn.length).toBeGreaterThan(0);
    for (const part of turn.flatMap((m) => m.parts)) {
      expect(part.body).toContain('Old ACCOUNT LOCKED');
      for (const line of part.body.split(/\r?\n/).filter((l) => l.includes('ACCOUNT LOCKED')))
        expect(line).toMatch(/Old ACCOUNT LOCKED/);
    }
  });
});

describe('what strangers and forfeited seats may read', () => {
  it("the game summary and the export show seats' player ids to seated players only", async () => {
    clock = T0;
    const { anna, ben, params } = await table();
    const stranger = await player('Carl');
    const seen = dataOf(await stranger.GET('/v1/games/{id}', { params }));
    expect(seen.seats.map((s) => s.name)).toEqual(['Anna', 'Ben']);
    for (const seat of seen.seats) expect(seat).not.toHaveProperty('playerId');
    expect(dataOf(await ben.GET('/v1/games/{id}', { params })).seats.map((s) => s.playerId)).toEqual([
      anna.playerId,
      ben.playerId,
    ]);
    await playOut(params, anna, ben);
    const exported = await stranger.GET('/v1/games/{id}/export', { params });
    expect(exported.response.status, textOf(exported)).toBe(200);
    expect(dataOf(exported).players.map((s) => [s.seat, s.name])).toEqual([
      [0, 'Anna'],
      [1, 'Ben'],
    ]);
    for (const seat of dataOf(exported).players) expect(seat).not.toHaveProperty('playerId');
    expect(dataOf(await anna.GET('/v1/games/{id}/export', { params })).players.map((s) => s.playerId)).toEqual([
      anna.playerId,
      ben.playerId,
    ]);
    expect(JSON.stringify((await stranger.GET('/v1/games/{id}', { params })).data)).not.toContain(anna.playerId);
  });

  it('a forfeited seat sees what a spectator sees (no hand) and may read but not write chat until the game ends', async () => {
    clock = T0;
    const { anna, ben, params } = await table({
      seats: 3,
      bots: 1,
      timeControl: { perMove: 'PT1M', onTimeout: 'forfeit' },
    });
    const viewOf = async (p: Player, query: { version?: number } = {}) =>
      dataOf(highCardAnswer(await p.GET('/v1/games/{id}/view', { params: { ...params, query } }))).view;
    const chat = (p: Player, text: string) => p.POST('/v1/games/{id}/chat', { params, body: { text } });
    expect((await viewOf(anna)).hand).toHaveLength(3);
    expect((await chat(anna, 'good luck')).response.status).toBe(201);
    clock = T0 + M + S;
    const { times, timing, now } = server.services;
    await new Sweeper({ times, timing, now }).dispatch();
    await server.notificationsIdle();
    expect(dataOf(await ben.GET('/v1/games/{id}', { params })).seats[0]!.forfeited).toBe(true);

    const view = await viewOf(anna);
    expect(view).not.toHaveProperty('hand');
    expect(view).not.toHaveProperty('hands');
    expect(await viewOf(anna, { version: 0 })).not.toHaveProperty('hand');
    expect((await viewOf(ben)).hand).toBeDefined();
    // The bot drew for Anna's seat (HC-2): her log shows that draw as a stranger's does, card hidden.
    const stranger = await player('Carl');
    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params }));
    expect(log.entries.some((e) => e.seat === 0 && e.bot && !('forfeit' in e))).toBe(true);
    expect(log).toEqual((await stranger.GET('/v1/games/{id}/log', { params })).data);

    const refused = await chat(anna, 'the bot holds a 40');
    expect([refused.response.status, refused.error?.code]).toEqual([403, 'forfeited']);
    const read = await anna.GET('/v1/games/{id}/chat', { params });
    expect(read.response.status).toBe(200);
    expect(dataOf(read).messages.map((m) => m.text)).toEqual(['good luck']);

    await playOut(params, ben);
    expect((await viewOf(anna)).hands).toHaveLength(3);
    expect((await chat(anna, 'well played')).response.status).toBe(201);
  });
});
