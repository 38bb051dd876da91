/**
 * The headers the OpenAPI document declares are what clients can use. Every GET 200
 * has a strong ETag and If-None-Match gets 304 without a body while the answer is the same; a 201
 * names what it created in Location. (The API suites also check every answer's declared headers.)
 */
import { describe, expect, it } from 'vitest';
import { dataOf, textOf } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

describe('ETag and If-None-Match', () => {
  it('a view answered again with If-None-Match is 304 without a body, keeping ETag and X-Request-Id, until the game moves', async () => {
    const game = await HighCardGame.start(suite.api, 1, { bots: 1 });
    const anna = game.seat(0);
    const view = (ifNoneMatch?: string) =>
      anna.GET('/v1/games/{id}/view', {
        params: { ...game.params, header: ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {} },
      });
    const first = await view();
    const tag = first.response.headers.get('etag')!;
    // A strong entity-tag as RFC 9110 section 8.8.3 spells it: opaque characters between quotes.
    expect(tag).toMatch(/^"[\x21\x23-\x7e]+"$/);
    expect((await view()).response.headers.get('etag')).toBe(tag);

    const unchanged = await view(tag);
    expect(unchanged.response.status).toBe(304);
    expect(textOf(unchanged)).toBe('');
    expect(unchanged.response.headers.get('etag')).toBe(tag);
    expect(unchanged.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(unchanged.response.headers.get('access-control-allow-origin')).toBe('*');
    expect(unchanged.response.headers.get('content-type')).toBeNull();
    expect((await view(`W/${tag}, "other"`)).response.status).toBe(304);

    await game.act(0);
    const moved = await view(tag);
    expect(moved.response.status).toBe(200);
    expect(moved.response.headers.get('etag')).not.toBe(tag);
  });

  it("tags are per answer: another player's tag never matches, and writes are never answered 304", async () => {
    const game = await HighCardGame.start(suite.api, 2);
    const [anna, ben] = [game.seat(0), game.seat(1)];
    const { params } = game;
    const annas = (await anna.GET('/v1/games/{id}/view', { params })).response.headers.get('etag')!;
    expect(
      (await ben.GET('/v1/games/{id}/view', { params: { ...params, header: { 'If-None-Match': annas } } })).response
        .status,
    ).toBe(200);
    // Writes are never answered 304.
    expect(
      (await anna.POST('/v1/games/{id}/chat', { params, body: { text: 'hi' }, headers: { 'if-none-match': '*' } }))
        .response.status,
    ).toBe(201);
  });
});

describe('Location', () => {
  it('a 201 names what it created, and that is where it is', async () => {
    const created = await suite.api.POST('/v1/players', { body: { name: 'Anna' } });
    expect(created.response.headers.get('location')).toBe('/v1/players/me');
    const anna = suite.api.as(dataOf(created).token);
    const game = await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } });
    const { id } = dataOf(game);
    expect(game.response.headers.get('location')).toBe(`/v1/games/${id}`);
    expect(
      (
        await fetch(new URL(game.response.headers.get('location')!, suite.api.baseUrl), {
          headers: { authorization: `Bearer ${dataOf(created).token}` },
        }).then((r) => r.json())
      ).id,
    ).toBe(id);
    const from = new Date(Date.now() + 86_400_000).toISOString();
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const vacation = await anna.POST('/v1/players/me/vacations', { body: { from, until } });
    const vacationId = dataOf(vacation).id;
    expect(vacation.response.headers.get('location')).toBe(`/v1/players/me/vacations/${vacationId}`);
    expect(
      (await anna.DELETE('/v1/players/me/vacations/{vacationId}', { params: { path: { vacationId } } })).response
        .status,
    ).toBe(204);
  });
});
