/**
 * Whatever arrives, the answer is a 4xx problem, never a 5xx, and changes nothing: arbitrary JSON
 * thrown at the two richest bodies (fast-check), over-long requests, and HTTP that Node cannot parse.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, sendRaw, textOf, type Schemas } from '../support/client.js';
import { highCardAnswer, storedGame, tableItemCount } from '../support/high-card-game.js';
import { expectProblem, me, server, soloGame, useBadInputServer } from './bad-input.testkit.js';

useBadInputServer();

// Most of this suite sends what the document does not allow (broken JSON, undeclared fields, wrong
// types and content types, odd paths and queries): only raw requests can. What the typed client can
// say (well-formed posts the game or the rules refuse) goes through it.
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
      // A solo game opens in its draw phase (HC-1): the first post is a legal draw, so the property
      // always reaches the game's rules as well as the schema, whatever else is generated.
      { numRuns: 150, examples: [[JSON.stringify({ action: { type: 'draw' }, expectedVersion: 'CURRENT' })]] },
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
