/**
 * Cheap polling: the game summary, the view and the log carry an ETag; a client
 * that sends it back in If-None-Match gets 304 without a body while nothing it may read has
 * changed, and the service read only the game's version for it.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { traceCalls, type TracedCall } from '../../functions/store/trace.js';
import { dataOf, problemOf, testClient, textOf, type Answer, type Api, type Problem } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;
let calls: TracedCall[] = [];

beforeAll(async () => {
  server = await startTestServer({ store: 'dynalite' });
  traceCalls(server.db, (c) => calls.push(c));
  api = testClient(server.url);
});
afterAll(() => server.close());

type Read = (who: Api, ifNoneMatch?: string) => Promise<Answer<Problem>>;

/** The game's summary, view and log, each asked with If-None-Match when given. */
const reads = (game: HighCardGame): [string, Read][] => {
  const params = (ifNoneMatch?: string) => ({
    ...game.params,
    header: ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {},
  });
  return [
    ['summary', (who, tag) => who.GET('/v1/games/{id}', { params: params(tag) })],
    ['view', (who, tag) => who.GET('/v1/games/{id}/view', { params: params(tag) })],
    ['log', (who, tag) => who.GET('/v1/games/{id}/log', { params: { ...params(tag), query: { after: 0 } } })],
  ];
};

describe('conditional GETs of a game', () => {
  it('answer 304 without a body to the ETag of the current state, private and revalidated each time, reading the version alone', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'etag' });
    await game.act(0);
    for (const [name, read] of reads(game)) {
      const first = await read(game.seat(1));
      expect(first.response.status).toBe(200);
      const etag = first.response.headers.get('etag')!;
      expect(etag).toMatch(/^"1\.[A-Za-z0-9_-]{12}"$/);
      expect(first.response.headers.get('cache-control')).toBe('private, no-cache');
      expect(first.response.headers.get('vary')).toMatch(/authorization/i);
      await server.notificationsIdle();
      calls = [];
      const again = await read(game.seat(1), etag);
      expect(again.response.status, name).toBe(304);
      expect(textOf(again)).toBe('');
      expect(again.response.headers.get('etag')).toBe(etag);
      expect(calls.map((c) => c.command)).toEqual(['QueryCommand']);
      expect(calls[0]!.input.ProjectionExpression).toBeDefined();
      // Among other tags, or weak, or "*", it still matches.
      expect((await read(game.seat(1), `"0.old", W/${etag}`)).response.status).toBe(304);
      expect((await read(game.seat(1), '*')).response.status).toBe(304);
    }
  });

  it('a token without the read scope gets 403 insufficient_scope even with the current tag: it learns nothing of whether the game changed', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'etag-scope' });
    const owner = game.seat(1);
    const player = api.as(
      dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'player', scopes: ['play', 'chat'] } })).token,
    );
    for (const [name, read] of reads(game)) {
      const etag = (await read(owner)).response.headers.get('etag')!;
      for (const tag of [etag, '*']) {
        const refused = await read(player, tag);
        expect(refused.response.status, `${name}: ${textOf(refused)}`).toBe(403);
        expect(problemOf(refused).code).toBe('insufficient_scope');
        expect(refused.response.headers.get('etag')).toBeNull();
      }
    }
    // Nor is a view waiting for the next version held for it: refused at once.
    const waited = await player.GET('/v1/games/{id}/view', {
      params: {
        ...game.params,
        query: {
          waitForVersion: dataOf(await owner.GET('/v1/games/{id}', { params: game.params })).version + 1,
          wait: 20,
        },
      },
    });
    expect(waited.response.status).toBe(403);
    expect(problemOf(waited).code).toBe('insufficient_scope');
  });

  it('a move or another player changes the tag: the answer is 200 with the new one', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'etag2' });
    const before = await Promise.all(reads(game).map(([, read]) => read(game.seat(0))));
    const others = await Promise.all(reads(game).map(([, read]) => read(game.seat(1))));
    for (const [i, r] of before.entries())
      expect(others[i]!.response.headers.get('etag')).not.toBe(r.response.headers.get('etag'));
    // Another player's tag never gets 304 (a browser shared by two players).
    expect((await reads(game)[0]![1](game.seat(1), before[0]!.response.headers.get('etag')!)).response.status).toBe(
      200,
    );
    await game.act(0);
    for (const [i, [name, read]] of reads(game).entries()) {
      const r = await read(game.seat(0), before[i]!.response.headers.get('etag')!);
      expect(r.response.status, name).toBe(200);
      expect(r.response.headers.get('etag')).toMatch(/^"1\./);
    }
  });

  it('in a timed game, a vacation that moves a deadline changes the tag without a new version', async () => {
    const anna = await api.newPlayer('Va');
    const ben = await api.newPlayer('Vb');
    const created = dataOf(
      await anna.POST('/v1/games', {
        body: { game: 'high-card', players: 2, timeControl: { perMove: 'P3D', onTimeout: 'bot' } },
      }),
    );
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    const first = await anna.GET('/v1/games/{id}', { params });
    const from = new Date(Date.now() + 3600_000).toISOString();
    const until = new Date(Date.now() + 2 * 86400_000).toISOString();
    expect((await anna.POST('/v1/players/me/vacations', { body: { from, until } })).response.status).toBe(201);
    const after = await anna.GET('/v1/games/{id}', {
      params: { ...params, header: { 'If-None-Match': first.response.headers.get('etag')! } },
    });
    expect(after.response.status).toBe(200);
    expect(dataOf(after).version).toBe(dataOf(first).version);
    expect(dataOf(after).deadline).not.toBe(dataOf(first).deadline);
  });
});
