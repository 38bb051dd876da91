/**
 * Waiting for a move without polling: GET …/view?waitForVersion=N holds the answer
 * until the game reaches version N or `wait` seconds pass, reading only the version meanwhile.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { traceCalls, type TracedCall } from '../../functions/store/trace.js';
import { dataOf, problemOf, testClient, textOf } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer, testRegistry, useTestServer } from '../support/local.js';
import { HOLDS_PER_TOKEN, MAX_WAIT_SECONDS } from '../../functions/service/version-waits.js';
import { createApp } from '../../functions/api/app.js';
import { localClient } from '../../functions/local/embedded-store.js';
import { LOCAL_LIMITS_TABLE, LOCAL_TABLE } from '../../functions/local/server.js';
import { createServices } from '../../functions/service/index.js';
import { dynamoStores } from '../../functions/store/dynamo-stores.js';

const suite = useTestServer({ store: 'dynalite' });

describe('GET /v1/games/{id}/view?waitForVersion=N', () => {
  it('is held until another seat moves, then answers the view at the new version, long before its wait is over', async () => {
    const game = await HighCardGame.start(suite.api, 2, { prefix: 'wait' });
    const due = await game.view(0);
    const started = Date.now();
    const held = game
      .seat(1)
      .GET('/v1/games/{id}/view', { params: { ...game.params, query: { waitForVersion: due.version + 1, wait: 20 } } })
      .then((answer) => ({ answer, at: Date.now() }));
    await new Promise((ok) => setTimeout(ok, 300));
    const move = await game.post(0, due.legalActions[0]!, due.version);
    const movedAt = Date.now();
    expect(move.response.status, textOf(move)).toBe(200);
    const { answer, at } = await held;
    expect(answer.response.status, textOf(answer)).toBe(200);
    expect(dataOf(answer).version).toBe(due.version + 1);
    // Answered because of the move, not at the end of the 20 s.
    expect(at).toBeGreaterThanOrEqual(movedAt - 50);
    expect(at - started).toBeLessThan(15_000);
  });

  it('a game already at the version answers at once; a hold with nothing new ends after `wait` with the same view, or 304 for its ETag', async () => {
    const game = await HighCardGame.start(suite.api, 2, { prefix: 'idle' });
    const view = (query: { waitForVersion: number; wait: number }, ifNoneMatch?: string) =>
      game.seat(1).GET('/v1/games/{id}/view', {
        params: { ...game.params, query, header: ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {} },
      });
    const idle = await view({ waitForVersion: 1, wait: 1 });
    expect(idle.response.status).toBe(200);
    expect(dataOf(idle).version).toBe(0);
    expect((await view({ waitForVersion: 1, wait: 1 }, idle.response.headers.get('etag')!)).response.status).toBe(304);

    await game.act(0);
    const asked = Date.now();
    const reached = await view({ waitForVersion: 1, wait: 25 });
    expect(dataOf(reached).version).toBe(1);
    expect(Date.now() - asked).toBeLessThan(10_000);
  });

  it('while it holds, the server reads only the version (one projected Query at most about once a second)', async () => {
    const server = await startTestServer({ store: 'dynalite' });
    try {
      const calls: TracedCall[] = [];
      const game = await HighCardGame.start(testClient(server.url), 2, { prefix: 'cost' });
      await server.notificationsIdle();
      traceCalls(server.db, (c) => calls.push(c));
      const held = await game
        .seat(1)
        .GET('/v1/games/{id}/view', { params: { ...game.params, query: { waitForVersion: 5, wait: 2 } } });
      expect(held.response.status).toBe(200);
      const versionReads = calls.filter(
        (c) => c.command === 'QueryCommand' && c.input.ProjectionExpression !== undefined,
      );
      // About one a second over 2 s, then the view's own read and the token check.
      expect(versionReads.length).toBeGreaterThanOrEqual(2);
      expect(versionReads.length).toBeLessThanOrEqual(4);
      // The only writes: the hold taking its slot of the token's count in the limits table (RP-WAIT-1), and giving it back.
      expect(calls.filter((c) => c.kind === 'write' && c.input.TableName !== LOCAL_LIMITS_TABLE)).toEqual([]);
      expect(calls.filter((c) => c.kind === 'write').length).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('a stopping server answers a hold under way at once instead of waiting out its 25 s', async () => {
    const server = await startTestServer({ store: 'dynalite' });
    const game = await HighCardGame.start(testClient(server.url), 2, { prefix: 'stop' });
    const held = game
      .seat(1)
      .GET('/v1/games/{id}/view', { params: { ...game.params, query: { waitForVersion: 9, wait: 25 } } });
    await new Promise((ok) => setTimeout(ok, 300));
    const asked = Date.now();
    const closed = server.close().then(() => Date.now());
    const answer = await held;
    expect(answer.response.status).toBe(200);
    expect(dataOf(answer).version).toBe(0);
    // Well under the hold's 25 s: the stop did not wait it out.
    expect((await closed) - asked).toBeLessThan(10_000);
  });

  it('waitForVersion with a past version, a wait of 0 or past 25 s, or waitForVersion 0 → 400 invalid_query', async () => {
    const game = await HighCardGame.start(suite.api, 1, { bots: 1, prefix: 'bad' });
    for (const query of [
      { version: 0, waitForVersion: 1 },
      { waitForVersion: 1, wait: 0 },
      { waitForVersion: 1, wait: 26 },
      { waitForVersion: 0 },
    ]) {
      const r = await game.seat(0).GET('/v1/games/{id}/view', { params: { ...game.params, query } });
      expect(r.response.status, JSON.stringify(query)).toBe(400);
      expect(problemOf(r).code).toBe('invalid_query');
    }
  });
});

/**
 * RP-WAIT-1: everything that would refuse a view is checked before it is held, and holds are capped
 * per token and per server (429 too_many_waits with Retry-After past a cap). Each refusal below is
 * asked with the longest hold, so it must come well before that hold would have ended.
 */
describe('RP-WAIT-1: a held view is checked first, and capped', () => {
  const longest = { wait: MAX_WAIT_SECONDS };
  const beforeTheHoldEnds = (asked: number) => expect(Date.now() - asked).toBeLessThan((MAX_WAIT_SECONDS * 1000) / 2);

  it('RP-WAIT-1: a token without the read scope gets 403 insufficient_scope at once, not after the hold', async () => {
    const game = await HighCardGame.start(suite.api, 2, { prefix: 'scope' });
    const created = await game
      .seat(1)
      .POST('/v1/players/me/tokens', { body: { name: 'player only', scopes: ['play'] } });
    const player = suite.api.as(dataOf(created).token);
    const asked = Date.now();
    const r = await player.GET('/v1/games/{id}/view', {
      params: { ...game.params, query: { waitForVersion: 1, ...longest } },
    });
    expect(r.response.status, textOf(r)).toBe(403);
    expect(problemOf(r).code).toBe('insufficient_scope');
    beforeTheHoldEnds(asked);
  });

  it('RP-WAIT-1: a wait on a game whose seats are still open gets 409 game_not_started at once, one on no game 404 not_found', async () => {
    const host = await suite.api.newPlayer('opener');
    const open = await HighCardGame.create([host], { seats: 2 });
    const asked = Date.now();
    const r = await host.GET('/v1/games/{id}/view', {
      params: { ...open.params, query: { waitForVersion: 1, ...longest } },
    });
    expect(r.response.status, textOf(r)).toBe(409);
    expect(problemOf(r).code).toBe('game_not_started');
    const none = await host.GET('/v1/games/{id}/view', {
      params: { path: { id: 'no-such-game' }, query: { waitForVersion: 1, ...longest } },
    });
    expect(none.response.status, textOf(none)).toBe(404);
    expect(problemOf(none).code).toBe('not_found');
    beforeTheHoldEnds(asked);
  });

  it('RP-WAIT-1: a wait on a game that has ended is answered at once with its view, as it never moves again', async () => {
    const game = await HighCardGame.start(suite.api, 2, { prefix: 'ended' });
    const aborted = await game.seat(0).POST('/v1/games/{id}/abort', { params: game.params });
    expect(aborted.response.status, textOf(aborted)).toBe(200);
    const version = dataOf(await game.seat(1).GET('/v1/games/{id}', { params: game.params })).version;
    const asked = Date.now();
    const r = await game
      .seat(1)
      .GET('/v1/games/{id}/view', { params: { ...game.params, query: { waitForVersion: version + 1, ...longest } } });
    expect(r.response.status, textOf(r)).toBe(200);
    expect(dataOf(r).version).toBe(version);
    beforeTheHoldEnds(asked);
  });

  it(`RP-WAIT-1: one token may hold ${HOLDS_PER_TOKEN} views at once; the next gets 429 too_many_waits with Retry-After, and the held ones end when the game moves`, async () => {
    const game = await HighCardGame.start(suite.api, 2, { prefix: 'cap' });
    const due = await game.view(0);
    const hold = () =>
      game.seat(1).GET('/v1/games/{id}/view', {
        params: { ...game.params, query: { waitForVersion: due.version + 1, ...longest } },
      });
    const held = Array.from({ length: HOLDS_PER_TOKEN }, hold);
    await vi.waitFor(() => expect(suite.server.services.waits.holding).toBe(HOLDS_PER_TOKEN), { timeout: 10_000 });

    const asked = Date.now();
    const refused = await hold();
    expect(refused.response.status, textOf(refused)).toBe(429);
    expect(problemOf(refused)).toMatchObject({ code: 'too_many_waits', limit: HOLDS_PER_TOKEN });
    const retryAfter = Number(refused.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(MAX_WAIT_SECONDS);
    beforeTheHoldEnds(asked);
    // Another player's token is not counted against this one.
    held.push(
      game.seat(0).GET('/v1/games/{id}/view', {
        params: { ...game.params, query: { waitForVersion: due.version + 1, ...longest } },
      }),
    );
    await vi.waitFor(() => expect(suite.server.services.waits.holding).toBe(HOLDS_PER_TOKEN + 1), { timeout: 10_000 });

    expect((await game.post(0, due.legalActions[0]!, due.version)).response.status).toBe(200);
    for (const answer of await Promise.all(held)) {
      expect(answer.response.status, textOf(answer)).toBe(200);
      expect(dataOf(answer).version).toBe(due.version + 1);
    }
    beforeTheHoldEnds(asked);
    expect(suite.server.services.waits.holding).toBe(0);
  });

  it(`RP-WAIT-1: a token's ${HOLDS_PER_TOKEN} holds are counted across every instance on the store: the next, on either, gets 429 too_many_waits; once they end a new hold is taken`, async () => {
    // Another instance of the API on the same store and limits table, as another Lambda instance is.
    const services = createServices(
      dynamoStores(localClient(suite.server.storeEndpoint), LOCAL_TABLE, {
        limitsTable: LOCAL_LIMITS_TABLE,
        longestMs: MAX_WAIT_SECONDS * 1000,
      }),
      testRegistry(),
    );
    const elsewhere = createApp({ ...services });
    const game = await HighCardGame.start(suite.api, 2, { prefix: 'across' });
    const due = await game.view(0);
    const waiting = { waitForVersion: due.version + 1, ...longest };
    const here = () => game.seat(1).GET('/v1/games/{id}/view', { params: { ...game.params, query: waiting } });
    const there = async (query: Record<string, number> = waiting) => {
      const r = await elsewhere.request(
        `/v1/games/${game.id}/view?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        {
          headers: { authorization: `Bearer ${game.seat(1).token}` },
        },
      );
      return { status: r.status, body: (await r.json()) as { code?: string; version?: number } };
    };
    const half = HOLDS_PER_TOKEN / 2;
    const heldHere = Array.from({ length: half }, here);
    const heldThere = Array.from({ length: HOLDS_PER_TOKEN - half }, () => there());
    await vi.waitFor(
      () => {
        // Waiting, not only counted: each has its slot in the shared count before the next asks.
        expect(suite.server.services.waits.waiting).toBe(half);
        expect(services.waits.waiting).toBe(HOLDS_PER_TOKEN - half);
      },
      { timeout: 10_000 },
    );

    const asked = Date.now();
    const refusedHere = await here();
    expect(refusedHere.response.status, textOf(refusedHere)).toBe(429);
    expect(problemOf(refusedHere)).toMatchObject({ code: 'too_many_waits', limit: HOLDS_PER_TOKEN });
    const refusedThere = await there();
    expect(refusedThere).toMatchObject({ status: 429, body: { code: 'too_many_waits' } });
    beforeTheHoldEnds(asked);

    expect((await game.post(0, due.legalActions[0]!, due.version)).response.status).toBe(200);
    for (const answer of await Promise.all(heldHere)) expect(answer.response.status, textOf(answer)).toBe(200);
    for (const answer of await Promise.all(heldThere))
      expect(answer).toMatchObject({ status: 200, body: { version: due.version + 1 } });
    beforeTheHoldEnds(asked);

    // The holds have ended: their count is given back, and a new hold is taken (and ends after its wait).
    const again = there({ waitForVersion: due.version + 2, wait: 2 });
    await vi.waitFor(() => expect(services.waits.holding).toBe(1), { timeout: 5_000 });
    expect(await again).toMatchObject({ status: 200, body: { version: due.version + 1 } });
  });

  it('RP-WAIT-1: the holds on one game share one watcher: four of them read the version no more often than one does', async () => {
    const server = await startTestServer({ store: 'dynalite' });
    try {
      const calls: TracedCall[] = [];
      const game = await HighCardGame.start(testClient(server.url), 2, { prefix: 'shared' });
      await server.notificationsIdle();
      traceCalls(server.db, (c) => calls.push(c));
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          game
            .seat(1)
            .GET('/v1/games/{id}/view', { params: { ...game.params, query: { waitForVersion: 5, wait: 2 } } }),
        ),
      );
      expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200]);
      const versionReads = calls.filter(
        (c) => c.command === 'QueryCommand' && c.input.ProjectionExpression === 'sk, revision, v, ck',
      );
      // About one a second over 2 s, for all four.
      expect(versionReads.length).toBeLessThanOrEqual(3);
    } finally {
      await server.close();
    }
  });
});
