import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

describe('GET /v1/games/{id}/board.svg', () => {
  it('draws the caller’s view of a running game: every route once, names escaped, not for shared caches', async () => {
    const anna = await suite.api.newPlayer('Anna <script>alert(1)</script>');
    const created = await anna.post('/v1/games', { game: 'ticket-to-ride-europe', players: 3, bots: 2 });
    const r = await anna.request('GET', `/v1/games/${created.body.id}/board.svg`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.text).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(r.text.match(/data-route="/g)).toHaveLength(101);
    expect(r.text).not.toContain('<script');
    expect(r.text).toContain('&lt;script&gt;');
    // A spectator may look at the board too, as at a real table.
    expect((await (await suite.api.newPlayer('Spectator')).request('GET', `/v1/games/${created.body.id}/board.svg`)).status).toBe(200);
  });

  it('draws Trains & Stations: every track space and route once, clickable, for a seat and a spectator', async () => {
    const anna = await suite.api.newPlayer('Anna <script>alert(1)</script>');
    const created = await anna.post('/v1/games', { game: 'trains-and-stations', players: 3, bots: 2 });
    const r = await anna.request('GET', `/v1/games/${created.body.id}/board.svg`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.text).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The reconstructed board (reference lengths): 139 track spaces on 20 routes between 15 cities.
    expect(r.text.match(/data-space="/g)).toHaveLength(139);
    expect(r.text.match(/data-route="/g)).toHaveLength(20);
    expect(r.text.match(/data-target="city:/g)).toHaveLength(15);
    expect(r.text).not.toContain('<script');
    expect(r.text).toContain('&lt;script&gt;');
    expect((await (await suite.api.newPlayer('Spectator')).request('GET', `/v1/games/${created.body.id}/board.svg`)).status).toBe(200);
  });

  it('answers problem+json when there is nothing to draw: no game, a game not started, a game without a picture', async () => {
    const anna = await suite.api.newPlayer('Anna');
    expect((await anna.get('/v1/games/nope/board.svg')).body.code).toBe('not_found');
    const open = await anna.post('/v1/games', { game: 'streetcar', players: 2 });
    expect((await anna.get(`/v1/games/${open.body.id}/board.svg`)).body.code).toBe('game_not_started');
    const fixture = await anna.post('/v1/games', { game: 'high-card', players: 2, bots: 1 });
    const none = await anna.get(`/v1/games/${fixture.body.id}/board.svg`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('no_board_picture');
    expect((await suite.api.get(`/v1/games/${fixture.body.id}/board.svg`)).status).toBe(401);
  });
});
