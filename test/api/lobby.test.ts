/**
 * The lobby (public games, one-tap joins, "play anyone" seeks, expiry) and spectators of public
 * games, through the API with a fake clock (docs/playing.md "Lobby").
 */
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { OPEN_GAME_DAYS, SEEK_HOURS } from '../../functions/service/lobby.js';
import { TOKEN_TRUST_MS } from '../../functions/service/players.js';
import { Sweeper } from '../../functions/service/sweeper.js';
import { keys } from '../../functions/store/keys.js';
import { dataOf, problemOf, testClient, type Api, type Player } from '../support/client.js';
import { highCardAnswer, HighCardGame } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';

let clock = Date.parse('2026-11-24T08:00:00.000Z');
let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startLocalServer({
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    now: () => new Date(clock),
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const lobby = (as: Api, query: { game?: string; players?: number; pace?: string } = { game: 'high-card' }) =>
  as.GET('/v1/lobby', { params: { query } });
const sweep = () =>
  new Sweeper({
    times: server.services.times,
    timing: server.services.timing,
    now: server.services.now,
    lobby: server.services.lobby,
  }).dispatch();

describe('public games in the lobby', () => {
  it('a public game is listed with its seats and pace, filtered by game, seats and pace, joined without an invite code, and leaves the lobby when full', async () => {
    const [anna, ben, cleo] = [await api.newPlayer('Anna'), await api.newPlayer('Ben'), await api.newPlayer('Cleo')];
    const created = dataOf(
      await anna.POST('/v1/games', {
        body: {
          game: 'high-card',
          players: 3,
          visibility: 'public',
          timeControl: { perMove: 'P3D', onTimeout: 'bot' },
        },
      }),
    );
    expect(created.visibility).toBe('public');
    const hidden = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 3 } }));
    expect(hidden.visibility).toBe('private');

    const listed = dataOf(await lobby(ben)).games;
    expect(listed.map((g) => g.id)).toContain(created.id);
    expect(listed.map((g) => g.id)).not.toContain(hidden.id);
    const entry = listed.find((g) => g.id === created.id)!;
    expect(entry).toMatchObject({
      game: 'high-card',
      players: 3,
      seated: ['Anna'],
      freeSeats: 2,
      bots: 0,
      pace: 'P3D',
      yours: false,
    });
    expect(entry.expiresAt).toBe(new Date(Date.parse(created.createdAt) + OPEN_GAME_DAYS * 24 * HOUR).toISOString());
    expect(dataOf(await lobby(anna)).games.find((g) => g.id === created.id)?.yours).toBe(true);
    expect(dataOf(await lobby(ben, { game: 'high-card', players: 2 })).games.map((g) => g.id)).not.toContain(
      created.id,
    );
    expect(dataOf(await lobby(ben, { game: 'high-card', pace: 'untimed' })).games.map((g) => g.id)).not.toContain(
      created.id,
    );
    expect(dataOf(await lobby(ben, { game: 'high-card', players: 3, pace: 'P3D' })).games.map((g) => g.id)).toContain(
      created.id,
    );
    expect(problemOf(await lobby(ben, { game: 'chess' })).code).toBe('unknown_game');

    // One tap: no invite code for a public game; a private one still needs it.
    const joined = dataOf(await ben.POST('/v1/games/{id}/join', { params: { path: { id: created.id } }, body: {} }));
    expect(joined.yourSeat).toBe(1);
    expect(
      problemOf(await ben.POST('/v1/games/{id}/join', { params: { path: { id: hidden.id } }, body: {} })).code,
    ).toBe('bad_invite_code');
    expect(dataOf(await lobby(cleo)).games.find((g) => g.id === created.id)?.seated).toEqual(['Anna', 'Ben']);
    expect(
      dataOf(await cleo.POST('/v1/games/{id}/join', { params: { path: { id: created.id } }, body: {} })).status,
    ).toBe('active');
    expect(dataOf(await lobby(cleo)).games.map((g) => g.id)).not.toContain(created.id);
  });

  it("each seated person's rating in the game is shown beside their name; null before their first rated game", async () => {
    const [anna, ben, cleo, dan] = [
      await api.newPlayer('Anna'),
      await api.newPlayer('Ben'),
      await api.newPlayer('Cleo'),
      await api.newPlayer('Dan'),
    ];
    const played = await HighCardGame.create([anna, ben], { options: { rounds: 1, handSize: 2 } });
    await played.pastAbortWindow();
    dataOf(await ben.POST('/v1/games/{id}/resign', { params: played.params }));
    // The ratings follow the answer that ended the game (off its path).
    let rating: { rating: number; rd: number } | undefined;
    for (let i = 0; i < 100 && !rating; i++) {
      rating = dataOf(
        await cleo.GET('/v1/profiles/{playerId}', { params: { path: { playerId: anna.playerId } } }),
      ).ratings.find((r) => (r.game as string) === 'high-card');
      if (!rating) await new Promise((ok) => setTimeout(ok, 50));
    }
    expect(rating!.rating).toBeGreaterThan(1500);

    const rated = dataOf(
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, visibility: 'public' } }),
    );
    const unrated = dataOf(
      await dan.POST('/v1/games', { body: { game: 'high-card', players: 2, visibility: 'public' } }),
    );
    const listed = dataOf(await lobby(cleo)).games;
    expect(listed.find((g) => g.id === rated.id)).toMatchObject({
      seated: ['Anna'],
      ratings: [{ rating: rating!.rating, rd: rating!.rd }],
    });
    expect(listed.find((g) => g.id === unrated.id)).toMatchObject({ seated: ['Dan'], ratings: [null] });
  });

  it(`a stranger watches a public running game as a spectator: no hand, no legal actions`, async () => {
    const [anna, ben, dan] = [await api.newPlayer('Anna'), await api.newPlayer('Ben'), await api.newPlayer('Dan')];
    const created = dataOf(
      await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, visibility: 'public' } }),
    );
    dataOf(await ben.POST('/v1/games/{id}/join', { params: { path: { id: created.id } }, body: {} }));
    const params = { params: { path: { id: created.id } } };
    const seen = dataOf(highCardAnswer(await dan.GET('/v1/games/{id}/view', params)));
    expect(seen.view).not.toHaveProperty('hand');
    expect(seen.legalActions).toEqual([]);
    const summary = dataOf(await dan.GET('/v1/games/{id}', params));
    expect(summary).not.toHaveProperty('yourSeat');
    expect(summary).not.toHaveProperty('inviteCode');
    expect(summary.seats.every((s) => s.playerId === undefined)).toBe(true);
  });

  it(`a public game nobody filled is closed by the sweeper ${OPEN_GAME_DAYS} days after it was made; younger ones stay`, async () => {
    const anna = await api.newPlayer('Anna');
    // A listed game: the sweeper goes through the catalog.
    const old = dataOf(
      await anna.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 3, visibility: 'public' } }),
    );
    clock += 2 * 24 * HOUR;
    const young = dataOf(
      await anna.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 3, visibility: 'public' } }),
    );
    clock += (OPEN_GAME_DAYS - 2) * 24 * HOUR + 1000;
    expect((await sweep()).expiredOpenGames).toBe(1);
    expect(dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id: old.id } } })).status).toBe('aborted');
    expect(problemOf(await anna.GET('/v1/games/{id}/view', { params: { path: { id: old.id } } })).code).toBe(
      'game_not_started',
    );
    expect(dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id: young.id } } })).status).toBe('open');
    const listed = dataOf(await lobby(anna, { game: 'ticket-to-ride-europe' })).games.map((g) => g.id);
    expect(listed).toContain(young.id);
    expect(listed).not.toContain(old.id);
    const late = await api.newPlayer('Late');
    expect(problemOf(await late.POST('/v1/games/{id}/join', { params: { path: { id: old.id } }, body: {} })).code).toBe(
      'game_not_open',
    );
  });
});

describe('play anyone', () => {
  it('two seekers of the same game, seats and pace are seated in a new public game in the order they came; another pace does not match', async () => {
    const [anna, ben, cleo] = [await api.newPlayer('Anna'), await api.newPlayer('Ben'), await api.newPlayer('Cleo')];
    const first = dataOf(await anna.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'P1D' } }));
    expect(first).toMatchObject({ status: 'waiting', waiting: 1, pace: 'P1D' });
    expect(first.expiresAt).toBe(new Date(clock + SEEK_HOURS * HOUR).toISOString());
    expect(
      dataOf(await cleo.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'untimed' } })).status,
    ).toBe('waiting');
    const second = dataOf(await ben.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'P1D' } }));
    expect(second.status).toBe('matched');
    const mine = dataOf(await anna.GET('/v1/seeks/current')).seek;
    expect(mine).toMatchObject({ status: 'matched', gameId: second.gameId });
    const game = dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id: second.gameId! } } }));
    expect(game).toMatchObject({
      status: 'active',
      visibility: 'public',
      yourSeat: 0,
      timeControl: { perMove: 'P1D', onTimeout: 'bot' },
    });
    expect(game.seats.map((s) => s.name)).toEqual(['Anna', 'Ben']);
    expect(dataOf(await cleo.GET('/v1/seeks/current')).seek?.status).toBe('waiting');
    expect(
      problemOf(await cleo.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'untimed' } })).code,
    ).toBe('already_seeking');
    await cleo.DELETE('/v1/seeks/current');
  });

  it('eight seekers racing for two-seat tables make exactly four games, each of them seated exactly once', async () => {
    const seekers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.newPlayer(`Racer ${i}`)));
    await Promise.all(
      seekers.map((p) => p.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'PT12H' } })),
    );
    const seeks = await Promise.all(seekers.map(async (p) => dataOf(await p.GET('/v1/seeks/current')).seek!));
    expect(seeks.every((s) => s.status === 'matched')).toBe(true);
    const byGame = new Map<string, number>();
    for (const s of seeks) byGame.set(s.gameId!, (byGame.get(s.gameId!) ?? 0) + 1);
    expect([...byGame.values()]).toEqual([2, 2, 2, 2]);
    for (const [i, p] of seekers.entries()) {
      const games = dataOf(await p.GET('/v1/games')).items.filter((g) => (g.game as string) === 'high-card');
      expect(games.map((g) => g.id)).toEqual([seeks[i]!.gameId]);
    }
  });

  it('a waiting seek may be withdrawn (then there is none); a matched one may not (409 seek_matched); an unmatched one lapses after a day', async () => {
    const [anna, ben] = [await api.newPlayer('Anna'), await api.newPlayer('Ben')];
    dataOf(await anna.POST('/v1/seeks', { body: { game: 'high-card', players: 3, pace: 'P7D' } }));
    expect((await anna.DELETE('/v1/seeks/current')).response.status).toBe(204);
    expect(dataOf(await anna.GET('/v1/seeks/current')).seek).toBeNull();
    // Withdrawn, Anna is not matched with the next seekers.
    dataOf(await ben.POST('/v1/seeks', { body: { game: 'high-card', players: 3, pace: 'P7D' } }));
    expect(dataOf(await ben.GET('/v1/seeks/current')).seek?.waiting).toBe(1);

    dataOf(await anna.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'P2D' } }));
    const matched = dataOf(
      await (await api.newPlayer('Cleo')).POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'P2D' } }),
    );
    const refused = await anna.DELETE('/v1/seeks/current');
    expect(problemOf(refused).code).toBe('seek_matched');
    expect((problemOf(refused) as { gameId?: string }).gameId).toBe(matched.gameId);

    clock += SEEK_HOURS * HOUR + 1000;
    expect(dataOf(await ben.GET('/v1/seeks/current')).seek?.status).toBe('expired');
    const dan = await api.newPlayer('Dan');
    // A lapsed seeker is never matched: Dan waits alone, and Ben may seek again.
    expect(dataOf(await dan.POST('/v1/seeks', { body: { game: 'high-card', players: 3, pace: 'P7D' } })).waiting).toBe(
      1,
    );
    expect(dataOf(await ben.POST('/v1/seeks', { body: { game: 'high-card', players: 3, pace: 'P7D' } })).waiting).toBe(
      2,
    );
  });
});

describe('deleting an account', () => {
  it('withdraws its waiting seek: nobody is matched with a deleted account', async () => {
    const [gone, ben] = [await api.newPlayer('Gone'), await api.newPlayer('Ben')];
    dataOf(await gone.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'PT6H' } }));
    expect((await gone.DELETE('/v1/players/me')).response.status).toBe(204);
    expect(
      dataOf(await ben.POST('/v1/seeks', { body: { game: 'high-card', players: 2, pace: 'PT6H' } })),
    ).toMatchObject({ status: 'waiting', waiting: 1 });
  });
});

/** What revoking a token amounts to in the store: the profile no longer holds its hash (test/api/token-trust.test.ts). */
async function revoke(p: Player): Promise<void> {
  const db = server.db;
  await db.send(
    new UpdateItemCommand({
      TableName: LOCAL_TABLE,
      Key: { pk: { S: keys.player(p.playerId) }, sk: { S: keys.profile } },
      UpdateExpression: 'SET tokenHash = :other',
      ExpressionAttributeValues: { ':other': { S: '0'.repeat(64) } },
    }),
  );
}

describe('who may call the lobby and seek operations', () => {
  const calls = (as: Api) => [
    () => as.GET('/v1/lobby', { params: { query: { game: 'high-card' } } }),
    () => as.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P5D' } }),
    () => as.GET('/v1/seeks/current'),
    () => as.DELETE('/v1/seeks/current'),
  ];

  it("no token: 401; a read-only token: 403 insufficient_scope for seeking and withdrawing; another player's token sees and withdraws only its own seek; a revoked token: 401", async () => {
    for (const call of calls(api)) expect(problemOf(await call()).code).toBe('unauthorized');

    const owner = await api.newPlayer('Owner');
    const reader = api.as(
      dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'reader', scopes: ['read'] } })).token,
    );
    const [list, seek, , cancel] = calls(reader);
    expect((await list!()).response.status).toBe(200);
    expect(problemOf(await seek!()).code).toBe('insufficient_scope');
    expect(problemOf(await cancel!()).code).toBe('insufficient_scope');
    expect(dataOf(await reader.GET('/v1/seeks/current')).seek).toBeNull();

    dataOf(await owner.POST('/v1/seeks', { body: { game: 'high-card', players: 4, pace: 'P5D' } }));
    const other = await api.newPlayer('Other');
    expect(dataOf(await other.GET('/v1/seeks/current')).seek).toBeNull();
    expect(problemOf(await other.DELETE('/v1/seeks/current')).code).toBe('not_found');
    expect(dataOf(await owner.GET('/v1/seeks/current')).seek?.status).toBe('waiting');

    await revoke(owner);
    clock += TOKEN_TRUST_MS + 1000;
    for (const call of calls(owner)) expect((await call()).response.status).toBe(401);
  });
});
