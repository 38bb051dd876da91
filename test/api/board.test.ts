import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, textOf } from '../support/client.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

describe('GET /v1/games/{id}/board.svg', () => {
  it('draws the caller’s view of a running game: every route once, names escaped, not for shared caches', async () => {
    const anna = await suite.api.newPlayer('Anna <script>alert(1)</script>');
    const created = await anna.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 3, bots: 2 } });
    const params = { path: { id: dataOf(created).id } };
    const r = await anna.GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' });
    expect(r.response.status, textOf(r)).toBe(200);
    expect(r.response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.response.headers.get('cache-control')).toBe('private, no-store');
    const svg = dataOf(r);
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.match(/data-route="/g)).toHaveLength(101);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    // A spectator may look at the board too, as at a real table.
    expect(
      (await (await suite.api.newPlayer('Spectator')).GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' }))
        .response.status,
    ).toBe(200);
  });

  it('draws Trains & Stations: every track space and route once, clickable, for a seat and a spectator', async () => {
    const anna = await suite.api.newPlayer('Anna <script>alert(1)</script>');
    const created = await anna.POST('/v1/games', { body: { game: 'trains-and-stations', players: 3, bots: 2 } });
    const params = { path: { id: dataOf(created).id } };
    const r = await anna.GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' });
    expect(r.response.status, textOf(r)).toBe(200);
    expect(r.response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.response.headers.get('cache-control')).toBe('private, no-store');
    const svg = dataOf(r);
    expect(svg).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The reconstructed board (reference lengths): 139 track spaces on 20 routes between 15 cities.
    expect(svg.match(/data-space="/g)).toHaveLength(139);
    expect(svg.match(/data-route="/g)).toHaveLength(20);
    expect(svg.match(/data-target="city:/g)).toHaveLength(15);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(
      (await (await suite.api.newPlayer('Spectator')).GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' }))
        .response.status,
    ).toBe(200);
  });

  it('draws the words of the picture in the language asked for (lang), English by default; an unknown language is a 400 that draws nothing', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const created = await anna.POST('/v1/games', { body: { game: 'ticket-to-ride-germany', players: 2, bots: 1 } });
    const params = { path: { id: dataOf(created).id } };
    const inLang = (lang?: 'de' | 'cs' | 'ru' | 'en') =>
      anna.GET('/v1/games/{id}/board.svg', { params: { ...params, query: lang ? { lang } : {} }, parseAs: 'text' });
    const english = dataOf(await inLang());
    expect(english).toContain('45 trains');
    const german = dataOf(await inLang('de'));
    expect(german).toContain('45 Waggons');
    expect(german).not.toContain('45 trains');
    expect(dataOf(await inLang('ru'))).toContain('45 вагонов');
    const bad = await anna.GET('/v1/games/{id}/board.svg', {
      params: { ...params, query: { lang: 'xx' as 'de' } },
      parseAs: 'text',
    });
    expect(bad.response.status).toBe(400);
    expect(problemOf(bad).code).toBe('invalid_query');
  });

  it('answers problem+json when there is nothing to draw: no game, a game not started, a game without a picture', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const picture = (id: string) => ({ params: { path: { id } }, parseAs: 'text' as const });
    expect(problemOf(await anna.GET('/v1/games/{id}/board.svg', picture('nope'))).code).toBe('not_found');
    const open = await anna.POST('/v1/games', { body: { game: 'streetcar', players: 2 } });
    expect(problemOf(await anna.GET('/v1/games/{id}/board.svg', picture(dataOf(open).id))).code).toBe(
      'game_not_started',
    );
    const fixture = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const none = await anna.GET('/v1/games/{id}/board.svg', picture(fixture.id));
    expect(none.response.status).toBe(404);
    expect(problemOf(none).code).toBe('no_board_picture');
    expect((await suite.api.GET('/v1/games/{id}/board.svg', picture(fixture.id))).response.status).toBe(401);
  });
});
