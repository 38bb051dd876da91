/**
 * Over HTTP: bot levels chosen per seat when creating a game, shown in the game,
 * the lobby and the log; the stand-in level a table chose plays for a person who ran out of time.
 * The bots are the real ones (botFor) with a small search budget, so a searched move is quick.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botFor, type BotLevel } from '../../engine/core/index.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import type { BotFactory } from '../../functions/service/bots.js';
import type { GameMeta } from '../../functions/domain/game.js';
import { dataOf, testClient, textOf, type Api } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

const T0 = Date.parse('2026-11-02T08:00:00.000Z');
const DAY = 86_400_000;
/** The service's clock: the tests move it. */
let clock = T0;

/** Every bot the service asked for: the game, the level, whether it got a clock, and the options each move saw. */
const asked: { game: string; level: BotLevel; clock: boolean; options: unknown[] }[] = [];
const smallSearch: BotFactory = (game, level, clk) => {
  const call = { game: game.id, level, clock: typeof clk === 'function', options: [] as unknown[] };
  asked.push(call);
  const bot = botFor(game, level, clk, { iterations: 8 });
  return (input) => {
    call.options.push(input.options);
    return bot(input);
  };
};

let server: LocalServer;
let api: Api;
beforeAll(async () => {
  server = await startLocalServer({
    // On dynalite: a game stored before levels is read back as the table decodes old items.
    store: 'dynalite',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    now: () => new Date(clock),
    sweepMs: 0,
    bots: smallSearch,
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

describe('bot levels per seat', () => {
  it('levels chosen per bot seat are stored and shown in the game, the export and the log; `bots: n` still makes easy bots and the stand-in level defaults to medium', async () => {
    clock = T0;
    const anna = await api.newPlayer('Anna');
    const created = await anna.POST('/v1/games', {
      body: { game: 'high-card', players: 3, bots: ['hard', 'medium'], options: { rounds: 1 } },
    });
    expect(created.response.status, textOf(created)).toBe(201);
    const game = dataOf(created);
    expect(game.seats).toEqual([
      { seat: 0, name: 'Anna', bot: false, playerId: anna.playerId },
      { seat: 1, name: 'Bot 1', bot: true, level: 'hard', playerId: null },
      { seat: 2, name: 'Bot 2', bot: true, level: 'medium', playerId: null },
    ]);
    expect(game.standInLevel).toBe('medium');
    const params = { path: { id: game.id } };
    expect(dataOf(await anna.GET('/v1/games/{id}', { params })).seats.map((s) => (s.bot ? s.level : null))).toEqual([
      null,
      'hard',
      'medium',
    ]);

    // Anna plays her rounds; each bot entry of the log names its seat's level.
    for (let moves = 0; moves < 20; moves++) {
      const view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
      if (view.legalActions.length === 0) break;
      const moved = await anna.POST('/v1/games/{id}/actions', {
        params,
        body: { action: view.legalActions[0]!, expectedVersion: view.version },
      });
      expect(moved.response.status, textOf(moved)).toBe(200);
    }
    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries;
    const bySeat = (seat: number) => log.filter((e) => e.seat === seat);
    expect(bySeat(1).length).toBeGreaterThan(0);
    expect(bySeat(1).every((e) => e.bot && 'level' in e && e.level === 'hard')).toBe(true);
    expect(bySeat(2).every((e) => e.bot && 'level' in e && e.level === 'medium')).toBe(true);
    expect(bySeat(0).every((e) => !e.bot && !('level' in e))).toBe(true);
    expect(dataOf(await anna.GET('/v1/games/{id}', { params })).status).toBe('finished');
    const exported = dataOf(await anna.GET('/v1/games/{id}/export', { params }));
    expect(exported.players.map((p) => (p.bot ? p.level : null))).toEqual([null, 'hard', 'medium']);
    expect(exported.actions.filter((a) => a.seat === 2).every((a) => a.level === 'medium')).toBe(true);

    const easy = dataOf(
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1, standInLevel: 'hard' } }),
    );
    expect(easy.seats[1]).toMatchObject({ bot: true, level: 'easy' });
    expect(easy.standInLevel).toBe('hard');
  });

  it('the lobby shows each bot seat’s level and the stand-in level of a public game', async () => {
    const cleo = await api.newPlayer('Cleo');
    const { id } = dataOf(
      await cleo.POST('/v1/games', {
        body: { game: 'high-card', players: 3, bots: ['hard'], standInLevel: 'easy', visibility: 'public' },
      }),
    );
    const listed = dataOf(
      await (await api.newPlayer('Dan')).GET('/v1/lobby', { params: { query: { game: 'high-card' } } }),
    ).games.find((g) => g.id === id);
    expect(listed).toMatchObject({ bots: 1, botLevels: ['hard'], standInLevel: 'easy', freeSeats: 1 });
  });

  it('a seat out of time is played at the table’s stand-in level (medium by default, searched with a clock and the game’s options), and the log says so', async () => {
    for (const standInLevel of [undefined, 'hard'] as const) {
      clock = T0;
      const anna = await api.newPlayer('Anna');
      const ben = await api.newPlayer('Ben');
      const options = { firstPlayer: 0 };
      const body = {
        game: 'ticket-to-ride-europe',
        players: 2,
        options,
        timeControl: { perMove: 'P1D', onTimeout: 'bot' as const },
        ...(standInLevel ? { standInLevel } : {}),
      };
      const { id, inviteCode } = dataOf(await anna.POST('/v1/games', { body }));
      const params = { path: { id } };
      dataOf(await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } }));
      asked.length = 0;
      clock = T0 + DAY + 1000;
      await server.sweep();
      await server.sweep();
      const entries = dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries;
      const level = standInLevel ?? 'medium';
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.bot && e.timeout && 'level' in e && e.level === level)).toBe(true);
      expect(asked.length).toBe(entries.length);
      expect(asked.every((a) => a.game === 'ticket-to-ride-europe' && a.level === level && a.clock)).toBe(true);
      expect(asked.flatMap((a) => a.options)).toEqual(entries.map(() => expect.objectContaining(options)));
    }
  });

  it('a game stored before levels (bot seats without one, no stand-in level) reads as easy bots with medium stand-ins', async () => {
    const anna = await api.newPlayer('Anna');
    const { id } = dataOf(
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 3, bots: ['hard', 'hard'] } }),
    );
    const { meta } = (await server.services.table.readGame(id))!;
    const { standInLevel: _dropped, ...older } = meta;
    const seats = meta.seats.map((s) => (s.bot ? { playerId: null, name: s.name, bot: true } : s));
    await server.services.table.replaceMeta({ ...older, seats, revision: meta.revision + 1 } as GameMeta);
    const game = dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id } } }));
    expect(game.seats.map((s) => (s.bot ? s.level : null))).toEqual([null, 'easy', 'easy']);
    expect(game.standInLevel).toBe('medium');
  });
});
