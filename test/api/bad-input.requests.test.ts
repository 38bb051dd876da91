/**
 * Bad requests other than action posts get the right 4xx as application/problem+json with a stable
 * `code`, and change nothing: bad path ids and queries, impossible games, bad players and profiles.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, sendRaw, type Schemas } from '../support/client.js';
import { storedGame, tableItemCount } from '../support/high-card-game.js';
import { api, expectProblem, me, server, soloGame, useBadInputServer, type Refusal } from './bad-input.testkit.js';

useBadInputServer();

// Most of this suite sends what the document does not allow (broken JSON, undeclared fields, wrong
// types and content types, odd paths and queries): only raw requests can. What the typed client can
// say (well-formed posts the game or the rules refuse) goes through it.
describe('bad path ids and query parameters', () => {
  const get = (path: string) => sendRaw(me, 'GET', path);

  it('a game id that cannot be an id → 400 invalid_path on every game path', async () => {
    const game = await soloGame();
    const before = await storedGame(server, game.id);
    for (const id of ['bad.id', 'with%20space', 'x'.repeat(65), '%E2%9C%93', 'a+b', "quote'"]) {
      expectProblem(await get(`/v1/games/${id}`), 400, 'invalid_path');
      expectProblem(await get(`/v1/games/${id}/view`), 400, 'invalid_path');
      expectProblem(await get(`/v1/games/${id}/log`), 400, 'invalid_path');
      expectProblem(await get(`/v1/games/${id}/export`), 400, 'invalid_path');
      expectProblem(
        await sendRaw(me, 'POST', `/v1/games/${id}/actions`, {
          body: { action: { type: 'pass' }, expectedVersion: 0 },
        }),
        400,
        'invalid_path',
      );
      expectProblem(
        await sendRaw(me, 'POST', `/v1/games/${id}/join`, { body: { inviteCode: game.inviteCode } }),
        400,
        'invalid_path',
      );
    }
    expect(await storedGame(server, game.id)).toEqual(before);
  });

  it('GET /v1/games with a bad status, myTurn, limit or cursor → 400 invalid_query', async () => {
    for (const q of [
      'myTurn=maybe',
      'myTurn=1',
      'myTurn=TRUE',
      'status=done',
      'status=',
      'status=ACTIVE',
      'limit=0',
      'limit=101',
      'limit=x',
      'cursor=',
      'cursor=not%20a%20cursor',
      'cursor=e30',
    ]) {
      const r = await get(`/v1/games?${q}`);
      expectProblem(r, 400, 'invalid_query');
    }
    expect((await me.GET('/v1/games', { params: { query: { status: 'active', myTurn: true } } })).response.status).toBe(
      200,
    );
  });

  it('GET log with a bad after or limit → 400 invalid_query', async () => {
    const game = await soloGame();
    for (const q of ['after=-1', 'after=abc', 'after=1.5', 'limit=0', 'limit=1001', 'limit=-5', 'limit=x']) {
      expectProblem(await get(`/v1/games/${game.id}/log?${q}`), 400, 'invalid_query');
    }
    expect(
      (await me.GET('/v1/games/{id}/log', { params: { ...game.params, query: { after: 0, limit: 1 } } })).response
        .status,
    ).toBe(200);
  });

  it('unknown paths → 404 not_found problem+json; methods a path does not have → 404/405 problem+json', async () => {
    expectProblem(await get('/v1/nothing'), 404, 'not_found');
    expectProblem(await get('/v2/catalog'), 404, 'not_found');
    for (const [method, path] of [
      ['PUT', '/v1/players/me'],
      ['PUT', '/v1/games'],
      ['DELETE', '/v1/catalog'],
    ] as const) {
      const r = await sendRaw(me, method, path);
      expect([404, 405], `${method} ${path}`).toContain(r.response.status);
      expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('POST /v1/games with a bad body', () => {
  const listed = async () => dataOf(await me.GET('/v1/games')).items;
  const create = (body: Schemas['GameCreate']) => () => me.POST('/v1/games', { body });
  const createRaw = (body: unknown) => () => sendRaw(me, 'POST', '/v1/games', { body });

  async function expectNoGame(attempt: () => Promise<Refusal>, status: number, code: string): Promise<Refusal> {
    const before = await listed();
    const items = await tableItemCount(server);
    const r = await attempt();
    expectProblem(r, status, code);
    expect(await tableItemCount(server)).toBe(items);
    expect(await listed()).toEqual(before);
    return r;
  }

  it('a game that is not in the registry → 400 unknown_game', async () => {
    for (const game of ['chess', 'High-Card', 'high-card ', 'constructor', '__proto__', 'toString'])
      await expectNoGame(create({ game, players: 2 }), 400, 'unknown_game');
  });

  it('options the game rejects → 400 invalid_options, with issues', async () => {
    for (const options of [
      { rounds: 9 },
      { rounds: 0 },
      { handSize: 'big' },
      { rounds: 3, handSize: 2 },
      { rounds: 1.5 },
    ]) {
      const r = await expectNoGame(create({ game: 'high-card', players: 2, options }), 400, 'invalid_options');
      expect(problemOf(r).issues!.length).toBeGreaterThan(0);
    }
  });

  it('options that are not an object → 400 invalid_body', async () => {
    for (const options of ['rounds=2', 3, [1, 2], null])
      await expectNoGame(createRaw({ game: 'high-card', players: 2, options }), 400, 'invalid_body');
  });

  it('a seat count outside the game’s range → 400 invalid_players; outside any range or not an integer → 400 invalid_body', async () => {
    await expectNoGame(create({ game: 'high-card', players: 1 }), 400, 'invalid_players');
    await expectNoGame(create({ game: 'high-card', players: 5 }), 400, 'invalid_players');
    await expectNoGame(create({ game: 'high-card', players: 16 }), 400, 'invalid_players');
    for (const players of [0, -2, 17, 2.5])
      await expectNoGame(create({ game: 'high-card', players }), 400, 'invalid_body');
    for (const players of ['2', null])
      await expectNoGame(createRaw({ game: 'high-card', players }), 400, 'invalid_body');
  });

  it('a bot level that is not easy, medium or hard, in `bots` or `standInLevel` → 400 invalid_bot_level; more levels than free seats → 400 invalid_bots', async () => {
    for (const bots of [['expert'], ['hard', 'Hard'], ['hard', 3], [null]]) {
      const r = await expectNoGame(createRaw({ game: 'high-card', players: 3, bots }), 400, 'invalid_bot_level');
      expect(problemOf(r).detail).toMatch(/is not a bot level: use easy, medium, hard$/);
    }
    for (const standInLevel of ['expert', '', null, 2])
      await expectNoGame(createRaw({ game: 'high-card', players: 2, bots: 1, standInLevel }), 400, 'invalid_bot_level');
    await expectNoGame(create({ game: 'high-card', players: 2, bots: ['hard', 'easy'] }), 400, 'invalid_bots');
    await expectNoGame(createRaw({ game: 'high-card', players: 2, bots: 'hard' }), 400, 'invalid_body');
  });

  it('more bots than free seats → 400 invalid_bots; a negative or fractional bot count → 400 invalid_body', async () => {
    await expectNoGame(create({ game: 'high-card', players: 2, bots: 2 }), 400, 'invalid_bots');
    await expectNoGame(create({ game: 'high-card', players: 4, bots: 4 }), 400, 'invalid_bots');
    await expectNoGame(create({ game: 'high-card', players: 4, bots: 15 }), 400, 'invalid_bots');
    for (const bots of [-1, 1.5, 16])
      await expectNoGame(create({ game: 'high-card', players: 2, bots }), 400, 'invalid_body');
    await expectNoGame(createRaw({ game: 'high-card', players: 2, bots: '1' }), 400, 'invalid_body');
  });

  it('missing or unknown fields, malformed JSON, wrong content type → 400/415 and no game', async () => {
    await expectNoGame(createRaw({ players: 2 }), 400, 'invalid_body');
    await expectNoGame(createRaw({ game: 'high-card' }), 400, 'invalid_body');
    await expectNoGame(createRaw({ game: 'high-card', players: 2, seed: 'chosen-by-me' }), 400, 'invalid_body');
    await expectNoGame(createRaw('{"game":"high-card",'), 400, 'malformed_body');
    const items = await tableItemCount(server);
    expectProblem(
      await sendRaw(me, 'POST', '/v1/games', {
        body: JSON.stringify({ game: 'high-card', players: 2 }),
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    expect(await tableItemCount(server)).toBe(items);
  });
});

describe('POST /v1/players and PATCH /v1/players/me with a bad body', () => {
  it('bad names, bad emails and unknown fields → 400 invalid_body (invalid_name once cleaned); no player is created and the profile is unchanged', async () => {
    const items = await tableItemCount(server);
    for (const body of [{ name: '' }, { name: 'x'.repeat(257) }, { name: 'Ok', email: 'not-an-email' }]) {
      expectProblem(await api.POST('/v1/players', { body }), 400, 'invalid_body');
    }
    for (const body of [{}, { name: 7 }, { name: 'Ok', token: 'mine' }]) {
      expectProblem(await sendRaw(api, 'POST', '/v1/players', { body }), 400, 'invalid_body');
    }
    // Well-formed, but nothing left once cleaned, or too long once cleaned.
    for (const body of [{ name: '   ' }, { name: 'x'.repeat(65) }])
      expectProblem(await api.POST('/v1/players', { body }), 400, 'invalid_name');
    const profile = dataOf(await me.GET('/v1/players/me'));
    for (const body of [{ name: '' }, { email: 'nope' }]) {
      expectProblem(await me.PATCH('/v1/players/me', { body }), 400, 'invalid_body');
    }
    for (const body of [{ tokenHash: 'x' }, { id: 'someone-else' }, { name: null }]) {
      expectProblem(await sendRaw(me, 'PATCH', '/v1/players/me', { body }), 400, 'invalid_body');
    }
    expect((await me.GET('/v1/players/me')).data).toEqual(profile);
    expect(await tableItemCount(server)).toBe(items);
  });
});
