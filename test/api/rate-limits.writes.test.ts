/**
 * Writes are limited per player and per client address (429 rate_limited with Retry-After). The
 * server runs with the real limits; each test sends from its own loopback address (127.0.0.x),
 * since the address is part of the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_LIMITS_TABLE } from '../../functions/local/server.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { dataOf, type Api, type Schemas } from '../support/client.js';
import { highCardAnswer } from '../support/high-card-game.js';
import {
  type Harness,
  chat,
  client,
  expectRateLimited,
  gameTableWrites,
  harness,
  join,
  messages,
  rates,
  summary,
} from './rate-limits.testkit.js';

describe('rate limits on writes, with the real limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(DEFAULT_LIMITS);
  });
  afterAll(() => h.server.close());

  it('POST /v1/players is limited per address; the 429 stores no player; other addresses (and X-Forwarded-For) do not matter', async () => {
    const register = (from: ReturnType<typeof client>, name: string) =>
      from.api.POST('/v1/players', { body: { name } });
    const a = client(h);
    const allowed = rates.createPlayer.perAddress!;
    for (let i = 0; i < allowed.points; i++) expect((await register(a, `P${i}`)).response.status).toBe(201);
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await register(a, 'One too many'), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await register(client(h), 'Elsewhere')).response.status).toBe(201);
  });

  it('POST /v1/games is limited per player; the 429 stores no game', async () => {
    const anna = await client(h).newPlayer('Anna');
    const allowed = rates.createGame.perPlayer!;
    // Full games (a bot in the other seat) do not count towards the open-games cap.
    const game: Schemas['GameCreate'] = { game: 'high-card', players: 2, bots: 1 };
    for (let i = 0; i < allowed.points; i++)
      expect((await anna.POST('/v1/games', { body: game })).response.status).toBe(201);
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await anna.POST('/v1/games', { body: game }), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect(dataOf(await anna.GET('/v1/games')).items).toHaveLength(allowed.points);
  });

  it('a rematch counts as a game created: once POST /v1/games is used up, proposing or accepting one is refused with the same 429, and no game starts', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const resign = (p: Api, id: string) => p.POST('/v1/games/{id}/resign', { params: { path: { id } } });
    const duel = dataOf(await ben.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    expect((await join(anna, duel.id, duel.inviteCode!)).response.status).toBe(200);
    dataOf(await resign(anna, duel.id));
    expect((await ben.POST('/v1/games/{id}/rematch', { params: { path: { id: duel.id } } })).response.status).toBe(200);

    const allowed = rates.createGame.perPlayer!;
    const game: Schemas['GameCreate'] = { game: 'high-card', players: 2, bots: 1 };
    const solo = dataOf(await anna.POST('/v1/games', { body: game }));
    dataOf(await resign(anna, solo.id));
    for (let i = 1; i < allowed.points; i++)
      expect((await anna.POST('/v1/games', { body: game })).response.status).toBe(201);

    const writes = await gameTableWrites(h, async () => {
      expectRateLimited(
        await anna.POST('/v1/games/{id}/rematch/accept', { params: { path: { id: duel.id } } }),
        allowed.seconds,
      );
      expectRateLimited(
        await anna.POST('/v1/games/{id}/rematch', { params: { path: { id: solo.id } } }),
        allowed.seconds,
      );
    });
    expect(writes).toEqual([]);
    expect((await summary(ben, duel.id)).rematch).toMatchObject({ status: 'pending' });
    expect((await summary(anna, solo.id)).rematch).toBeUndefined();
  });

  it('POST /v1/games/{id}/join is limited per player (every attempt counts); the refused join takes no seat', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const mine = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const theirs = dataOf(await ben.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const allowed = rates.join.perPlayer!;
    for (let i = 0; i < allowed.points; i++)
      expect((await join(anna, mine.id, mine.inviteCode!)).error?.code).toBe('already_seated');
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await join(anna, theirs.id, theirs.inviteCode!), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await summary(ben, theirs.id)).status).toBe('open');
  });

  it('wrong invite codes are limited per player: after the allowed misses even the right code is refused (brute force)', async () => {
    const c = client(h);
    const [anna, mallory] = [await c.newPlayer('Anna'), await c.newPlayer('Mallory')];
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const allowed = rates.badInviteCode.perPlayer!;
    for (let i = 0; i < allowed.points; i++) {
      expect((await join(mallory, game.id, `guess-${i}`)).error?.code).toBe('bad_invite_code');
    }
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await join(mallory, game.id, game.inviteCode!), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect((await summary(anna, game.id)).seats[1]!.playerId).toBeNull();
  });

  it('wrong invite codes sent at once are counted before they are judged: of 40, only the allowed ones get bad_invite_code, the rest 429', async () => {
    const c = client(h);
    const [anna, mallory] = [await c.newPlayer('Anna'), await c.newPlayer('Mallory')];
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const allowed = rates.badInviteCode.perPlayer!;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => join(mallory, game.id, `guess-${i}`)));
    const judged = answers.filter((r) => r.error?.code === 'bad_invite_code');
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(allowed.points);
    for (const r of answers.filter((x) => x.error?.code !== 'bad_invite_code')) expectRateLimited(r, allowed.seconds);
    expectRateLimited(await join(mallory, game.id, game.inviteCode!), allowed.seconds);
  });

  it('a right invite code does not count as a wrong one, nor does a join refused for another reason', async () => {
    const c = client(h);
    const [anna, ben] = [await c.newPlayer('Anna'), await c.newPlayer('Ben')];
    const allowed = rates.badInviteCode.perPlayer!.points;
    const [first, second] = [
      dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 3 } })),
      dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 3 } })),
    ];
    expect((await join(ben, first.id, first.inviteCode!)).response.status).toBe(200);
    for (let i = 0; i < allowed; i++)
      expect((await join(ben, first.id, first.inviteCode!)).error?.code).toBe('already_seated');
    for (let i = 0; i < allowed - 1; i++)
      expect((await join(ben, first.id, `guess-${i}`)).error?.code).toBe('bad_invite_code');
    const joined = await join(ben, second.id, second.inviteCode!);
    expect(joined.response.status).toBe(200);
    expect(joined.response.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('wrong invite codes are limited per address too, across fresh accounts', async () => {
    const c = client(h);
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const perPlayer = rates.badInviteCode.perPlayer!.points;
    const allowed = rates.badInviteCode.perAddress!;
    let misses = 0;
    while (misses < allowed.points) {
      const sock = await c.newPlayer(`Sock ${misses}`);
      for (let i = 0; i < perPlayer && misses < allowed.points; i++, misses++) {
        expect((await join(sock, game.id, `guess-${misses}`)).error?.code).toBe('bad_invite_code');
      }
    }
    const fresh = await c.newPlayer('Fresh sock');
    expectRateLimited(await join(fresh, game.id, game.inviteCode!), allowed.seconds);
    expect((await summary(anna, game.id)).status).toBe('open');
  });

  it('every answer of a limited operation gives its tightest limit: RateLimit-Limit, RateLimit-Remaining counting down, RateLimit-Reset', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const perPlayer = rates.chat.perPlayer!;
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await chat(anna, game.id, `hello ${i}`);
      expect(r.response.status).toBe(201);
      expect(r.response.headers.get('ratelimit-limit')).toBe(String(perPlayer.points));
      const reset = Number(r.response.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(perPlayer.seconds);
      remaining.push(r.response.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual([perPlayer.points - 1, perPlayer.points - 2, perPlayer.points - 3].map(String));
    // A refused body past authentication counts too, and says so.
    const refused = await chat(anna, game.id, '');
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('ratelimit-remaining')).toBe(String(perPlayer.points - 4));
    // Operations without a limit carry none.
    expect(
      (await anna.GET('/v1/games/{id}', { params: { path: { id: game.id } } })).response.headers.get('ratelimit-limit'),
    ).toBeNull();
  });

  it('POST /v1/games/{id}/chat is limited per player; the 429 stores no message', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const allowed = rates.chat.perPlayer!;
    for (let i = 0; i < allowed.points; i++)
      expect((await chat(anna, game.id, `hello ${i}`)).response.status).toBe(201);
    const writes = await gameTableWrites(h, async () =>
      expectRateLimited(await chat(anna, game.id, 'one more'), allowed.seconds),
    );
    expect(writes).toEqual([]);
    expect(await messages(anna, game.id, 100)).toHaveLength(allowed.points);
  });

  it('POST /v1/games/{id}/actions is limited per player in memory: no limits-table call, and the refused move is not played', async () => {
    const anna = await client(h).newPlayer('Anna');
    const game = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const params = { path: { id: game.id } };
    const view = dataOf(highCardAnswer(await anna.GET('/v1/games/{id}/view', { params })));
    const move = (expectedVersion: number) =>
      anna.POST('/v1/games/{id}/actions', { params, body: { action: view.legalActions[0]!, expectedVersion } });
    const allowed = rates.action.perPlayer!;
    const from = h.calls.length;
    // Stale versions are refused by the game, yet count: every attempt costs the server work.
    for (let i = 0; i < allowed.points; i++) {
      expect((await move(view.version + 1)).error?.code).toBe('stale_version');
    }
    const writes = await gameTableWrites(h, async () => expectRateLimited(await move(view.version), allowed.seconds));
    expect(writes).toEqual([]);
    expect(h.calls.slice(from).filter((c) => c.input.TableName === LOCAL_LIMITS_TABLE)).toEqual([]);
    expect(dataOf(await anna.GET('/v1/games/{id}/view', { params })).version).toBe(view.version);
  });
});
