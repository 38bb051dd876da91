/**
 * Bad input gets the right 4xx as application/problem+json with a stable `code`, and changes
 * nothing: malformed or mistyped bodies, unknown fields, wrong content types, oversized bodies,
 * bad path ids and queries, impossible games, actions the rules forbid (422 with the rule ID),
 * and arbitrary JSON thrown at the two richest bodies (fast-check).
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import {
  dataOf,
  problemOf,
  rawAnswer,
  sendRaw,
  testClient,
  textOf,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Schemas,
} from '../support/client.js';
import { HighCardGame, highCardAnswer, storedGame, tableItemCount } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;
let me: Player;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
  me = await api.newPlayer('Tester');
});
afterAll(() => server.close());

type Refusal = Answer<Problem>;

function expectProblem(r: Refusal, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.error).toMatchObject({
    status,
    code,
    type: expect.stringMatching(new RegExp(`/${code}$`)),
    title: expect.any(String),
  });
}

/** A game against one bot: seat 0 (me) is the only person, so it is due whenever the game waits. */
async function soloGame(options = { rounds: 5, handSize: 5 }): Promise<HighCardGame> {
  return HighCardGame.create([me], { bots: 1, options });
}

/** Runs `attempt`, expects the problem, and checks that neither the game nor the table changed. */
async function expectRejected(
  game: HighCardGame,
  attempt: () => Promise<Refusal>,
  status: number,
  code: string,
): Promise<Refusal> {
  const before = await storedGame(server, game.id);
  const items = await tableItemCount(server);
  const r = await attempt();
  expectProblem(r, status, code);
  expect(await storedGame(server, game.id)).toEqual(before);
  expect(await tableItemCount(server)).toBe(items);
  expect((await game.view(0)).version).toBe(before.events.length);
  return r;
}

// Most of this suite sends what the document does not allow (broken JSON, undeclared fields, wrong
// types and content types, odd paths and queries): only raw requests can. What the typed client can
// say (well-formed posts the game or the rules refuse) goes through it.
describe('POST /v1/games/{id}/actions with a bad body', () => {
  let game: HighCardGame;
  let version: number;
  beforeAll(async () => {
    game = await soloGame();
    version = (await game.view(0)).version;
  });

  const raw =
    (text: string, contentType = 'application/json') =>
    () =>
      sendRaw(me, 'POST', `/v1/games/${game.id}/actions`, { body: text, headers: { 'content-type': contentType } });
  const json = (body: unknown) => () => sendRaw(me, 'POST', `/v1/games/${game.id}/actions`, { body });
  const post =
    (action: Schemas['Action'], expectedVersion = version, key?: string) =>
    () =>
      game.post(0, action, expectedVersion, key);

  it('malformed JSON → 400 malformed_body', async () => {
    for (const text of [
      '{"action":',
      '{action: {type: "pass"}}',
      "{'action':1}",
      '',
      '{"action":{"type":"pass"},"expectedVersion":0}}',
    ]) {
      await expectRejected(game, raw(text), 400, 'malformed_body');
    }
  });

  it('JSON that is not an object → 400 invalid_body', async () => {
    for (const text of ['null', '[]', '"pass"', '42', 'true'])
      await expectRejected(game, raw(text), 400, 'invalid_body');
  });

  it('missing fields → 400 invalid_body, with issues naming the field', async () => {
    const r = await expectRejected(game, json({ action: { type: 'pass' } }), 400, 'invalid_body');
    expect(problemOf(r).issues).toEqual([expect.objectContaining({ path: 'expectedVersion' })]);
    const r2 = await expectRejected(game, json({ expectedVersion: version }), 400, 'invalid_body');
    expect(problemOf(r2).issues).toEqual([expect.objectContaining({ path: 'action' })]);
    await expectRejected(game, json({}), 400, 'invalid_body');
    await expectRejected(game, json({ action: {}, expectedVersion: version }), 400, 'invalid_body');
  });

  it('wrong types → 400 invalid_body', async () => {
    for (const body of [
      { action: 'pass', expectedVersion: version },
      { action: null, expectedVersion: version },
      { action: [{ type: 'pass' }], expectedVersion: version },
      { action: { type: 7 }, expectedVersion: version },
      { action: { type: 'pass' }, expectedVersion: String(version) },
      { action: { type: 'pass' }, expectedVersion: null },
      { action: { type: 'pass' }, expectedVersion: true },
    ]) {
      await expectRejected(game, json(body), 400, 'invalid_body');
    }
    await expectRejected(game, post({ type: '' }), 400, 'invalid_body');
  });

  it('negative, fractional or unsafe expectedVersion → 400 invalid_body', async () => {
    for (const expectedVersion of [-1, 0.5, version + 0.5, -0.0001, 2 ** 53, 1e300]) {
      await expectRejected(game, post({ type: 'pass' }, expectedVersion), 400, 'invalid_body');
    }
  });

  it('unknown extra fields at the top level → 400 invalid_body', async () => {
    const r = await expectRejected(
      game,
      json({ action: { type: 'pass' }, expectedVersion: version, seat: 1 }),
      400,
      'invalid_body',
    );
    expect(JSON.stringify(problemOf(r).issues)).toContain('seat');
  });

  it('an action type the game does not know → 400 invalid_action', async () => {
    for (const type of ['fly', 'PASS', 'draw ', 'constructor', '__proto__']) {
      await expectRejected(game, post({ type }), 400, 'invalid_action');
    }
  });

  it('an action of the wrong shape → 400 invalid_action', async () => {
    for (const action of [
      { type: 'play' },
      { type: 'play', card: '7' },
      { type: 'play', card: 2.5 },
      { type: 'play', card: null },
      { type: 'play', card: [3] },
    ]) {
      await expectRejected(game, post(action), 400, 'invalid_action');
    }
  });

  it('a body over 64 KiB → 413 body_too_large, sized by Content-Length or streamed in chunks', async () => {
    const big = JSON.stringify({ action: { type: 'pass', pad: 'x'.repeat(70_000) }, expectedVersion: version });
    await expectRejected(game, raw(big), 413, 'body_too_large');
    await expectRejected(
      game,
      async () => {
        const bytes = new TextEncoder().encode(big);
        const body = new ReadableStream({
          start(c) {
            for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
            c.close();
          },
        });
        return rawAnswer(
          await fetch(`${server.url}/v1/games/${game.id}/actions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
            body,
            duplex: 'half',
          } as RequestInit),
        );
      },
      413,
      'body_too_large',
    );
  });

  it('a content type other than JSON (or none) → 415 unsupported_media_type', async () => {
    const body = JSON.stringify({ action: { type: 'pass' }, expectedVersion: version });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      await expectRejected(game, raw(body, type), 415, 'unsupported_media_type');
    }
    await expectRejected(
      game,
      async () =>
        rawAnswer(
          await fetch(`${server.url}/v1/games/${game.id}/actions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${me.token}` },
            body: new Blob([body]),
          }),
        ),
      415,
      'unsupported_media_type',
    );
  });

  it('a malformed Idempotency-Key header → 400 invalid_header', async () => {
    for (const key of ['has space', 'x'.repeat(129), 'tab\tkey', 'é']) {
      await expectRejected(game, post({ type: 'pass' }, version, key), 400, 'invalid_header');
    }
  });

  it('after all that, the same game still accepts a good action at the version it had', async () => {
    const ok = await game.post(0, { type: 'pass' }, version);
    expect(ok.response.status, textOf(ok)).toBe(200);
    expect(dataOf(ok).version).toBeGreaterThan(version);
  });
});

describe('actions the rules forbid → 422 illegal_action with the rule ID', () => {
  it('playing during the draw phase → 422, rule HC-2; nothing changes', async () => {
    const game = await soloGame();
    const v = await game.view(0);
    expect(v.view.phase).toBe('draw');
    const r = await expectRejected(
      game,
      () => game.post(0, { type: 'play', card: v.view.hand![0] }, v.version),
      422,
      'illegal_action',
    );
    expect(problemOf(r).rule).toBe('HC-2');
    expect(problemOf(r).reason).toBe('wrong_phase');
  });

  it('drawing or passing during the play phase → 422, rule HC-3; playing a card not in one’s hand → 422, rule HC-3; nothing changes', async () => {
    const game = await soloGame();
    const v = await game.toPlayPhase();
    expect(v.toAct).toEqual([0]);
    for (const type of ['draw', 'pass']) {
      const r = await expectRejected(game, () => game.post(0, { type }, v.version), 422, 'illegal_action');
      expect(r.error).toMatchObject({ rule: 'HC-3', reason: 'wrong_phase' });
    }
    const hand = v.view.hand!;
    for (const card of [
      0,
      -3,
      41,
      1000,
      ...Array.from({ length: 40 }, (_, i) => i + 1)
        .filter((c) => !hand.includes(c))
        .slice(0, 3),
    ]) {
      const r = await expectRejected(
        game,
        () => game.post(0, { type: 'play', card }, v.version),
        422,
        'illegal_action',
      );
      expect(r.error).toMatchObject({ rule: 'HC-3', reason: 'card_not_in_hand' });
    }
    // Every listed legal action is accepted (the first one, here).
    expect((await game.post(0, v.legalActions[0]!, v.version)).response.status).toBe(200);
  });

  it('an action on a finished game → 409 game_over; nothing changes', async () => {
    const game = await soloGame({ rounds: 1, handSize: 2 });
    const end = await game.playToEnd();
    await expectRejected(game, () => game.post(0, { type: 'pass' }, end.version), 409, 'game_over');
  });
});

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

describe('fuzzing with arbitrary JSON (fast-check)', () => {
  /** Bodies shaped roughly like an action post, so that many runs get past the schema into the game. */
  const actionLike = fc.record(
    {
      action: fc.oneof(
        fc.jsonValue(),
        fc.record(
          {
            type: fc.oneof(fc.constantFrom('draw', 'pass', 'play'), fc.string()),
            card: fc.oneof(fc.integer({ min: -2, max: 45 }), fc.jsonValue()),
          },
          { requiredKeys: ['type'] },
        ),
      ),
      expectedVersion: fc.oneof(fc.constant('CURRENT'), fc.integer({ min: -3, max: 40 }), fc.double(), fc.jsonValue()),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );
  /** Well-formed posts at the current version: legal or illegal by the rules (HC-2, HC-3), rarely malformed. */
  const nearlyLegal = fc.record({
    action: fc.record(
      { type: fc.constantFrom('draw', 'pass', 'play'), card: fc.integer({ min: 1, max: 40 }) },
      { requiredKeys: ['type'] },
    ),
    expectedVersion: fc.constant('CURRENT'),
  });
  const anyBody = fc.oneof(
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: actionLike.map((v) => JSON.stringify(v)), weight: 3 },
    { arbitrary: nearlyLegal.map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  );

  it('POST actions: the status is always < 500, and every 4xx leaves the game unchanged', async () => {
    let game = await soloGame();
    let version = 0;
    let over = false;
    let stored = await storedGame(server, game.id);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        if (over) {
          game = await soloGame();
          [version, over, stored] = [0, false, await storedGame(server, game.id)];
        }
        const text = body.replaceAll('"CURRENT"', String(version));
        const r = highCardAnswer(await sendRaw(me, 'POST', `/v1/games/${game.id}/actions`, { body: text }));
        expect(r.response.status, `${text} → ${textOf(r)}`).toBeLessThan(500);
        if (r.response.status >= 400) {
          expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          expect(problemOf(r).code).toEqual(expect.any(String));
          expect(await storedGame(server, game.id)).toEqual(stored);
        } else {
          expect(r.response.status).toBe(200);
          const answer = dataOf(r);
          expect(answer.version).toBeGreaterThan(version);
          [version, over, stored] = [answer.version, answer.toAct.length === 0, await storedGame(server, game.id)];
          expect(stored.events).toHaveLength(version);
          accepted++;
        }
      }),
      { numRuns: 150 },
    );
    // The generators reach the game itself, not only the schema: some posts were legal and accepted.
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);

  it('POST /v1/games: the status is always < 500, and every 4xx creates nothing', async () => {
    const createLike = fc.record(
      {
        game: fc.oneof(fc.constant('high-card'), fc.string(), fc.jsonValue()),
        players: fc.oneof(fc.integer({ min: -1, max: 18 }), fc.jsonValue()),
        bots: fc.oneof(fc.integer({ min: -1, max: 16 }), fc.jsonValue()),
        options: fc.oneof(
          fc.record(
            {
              rounds: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.jsonValue()),
              handSize: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.jsonValue()),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: ['game', 'players'] },
    );
    const valid = fc
      .record({
        players: fc.integer({ min: 2, max: 4 }),
        bots: fc.nat(),
        rounds: fc.integer({ min: 1, max: 2 }),
        handSize: fc.integer({ min: 2, max: 5 }),
      })
      .map(({ players, bots, rounds, handSize }) => ({
        game: 'high-card',
        players,
        bots: bots % players,
        options: { rounds, handSize },
      }));
    const body = fc.oneof(
      { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 2 },
      { arbitrary: createLike.map((v) => JSON.stringify(v)), weight: 4 },
      { arbitrary: valid.map((v) => JSON.stringify(v)), weight: 1 },
      { arbitrary: fc.string({ maxLength: 100 }), weight: 1 },
    );
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const items = await tableItemCount(server);
        const r = await sendRaw(me, 'POST', '/v1/games', { body: text });
        expect(r.response.status, `${text} → ${textOf(r)}`).toBeLessThan(500);
        if (r.response.status >= 400) {
          expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          expect(problemOf(r).code).toEqual(expect.any(String));
          expect(await tableItemCount(server)).toBe(items);
        } else {
          expect(r.response.status).toBe(201);
          expect((r.data as Schemas['Game']).game).toBe('high-card');
          created++;
        }
      }),
      { numRuns: 150 },
    );
    expect(created).toBeGreaterThan(0);
    // Each run counts the table's items twice (a scan): give a loaded 2-core machine time.
  }, 120_000);
});

describe('over-long requests', () => {
  it('a 100 KB query string → 431 headers_too_large as problem+json (Node refuses it before the app), not an empty 431', async () => {
    const r = await fetch(`${server.url}/v1/catalog?pad=${'x'.repeat(100_000)}`);
    expect(r.status).toBe(431);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await r.json()).toMatchObject({
      status: 431,
      code: 'headers_too_large',
      type: expect.stringMatching(/\/headers_too_large$/),
    });
  });

  it('a URL over 8 KiB that reaches the app (as it would in Lambda, under API Gateway 10240-byte limit) → 414 uri_too_long', async () => {
    const r = await sendRaw(me, 'GET', `/v1/games?pad=${'x'.repeat(9_000)}`);
    expectProblem(r, 414, 'uri_too_long');
    expect((await sendRaw(me, 'GET', `/v1/games?pad=${'x'.repeat(7_000)}`)).response.status).toBe(200);
  });
});

describe('requests Node cannot parse', () => {
  it('broken HTTP syntax → 400 malformed_request as problem+json, then the connection closes', async () => {
    const url = new URL(server.url);
    const raw = await new Promise<string>((ok, fail) => {
      let text = '';
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'),
      );
      socket.on('data', (d) => void (text += d.toString()));
      socket.on('end', () => ok(text));
      socket.on('error', fail);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 400,
      code: 'malformed_request',
    });
  });
});
