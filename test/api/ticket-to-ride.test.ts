import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../../engine/games/ticket-to-ride-germany/index.js';
import type { TtrView } from '../../engine/games/ticket-to-ride/view.js';
import type { LocalServer } from '../../functions/local/server.js';
import { ApiClient, type Player } from '../support/client.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

/** The fields a player at the table can see (TTRE-H, TTRG hidden information), and nothing else. */
function expectTableView(view: TtrView, seat: number, players: number, germany: boolean): void {
  expect(view.you?.seat).toBe(seat);
  expect(view.you?.hand).toBeDefined();
  expect(view.revealed).toBeUndefined();
  expect(view.market).toHaveLength(5);
  expect(typeof view.deckCount).toBe('number');
  expect(view.players).toHaveLength(players);
  // Germany's ticket backs show short or long (TTRG-H5); Europe keeps ticket types secret (TTRE-H7).
  const fields = ['cards', 'passengers', 'ready', 'routePoints', 'seat', 'stationsLeft', ...(germany ? ['ticketTypes'] : []), 'tickets', 'trains'];
  for (const p of view.players) expect(Object.keys(p).sort()).toEqual(fields);
  expect(view).toHaveProperty('routeOwners');
  expect(view).toHaveProperty('stations');
  expect(view).toHaveProperty('finalRound');
  if (germany) expect(Object.keys(view.passengersAt).length).toBeGreaterThan(0);
  const text = JSON.stringify(view);
  expect(text).not.toContain('"deck"');
  expect(text).not.toContain('"hands"');
}

const games: [string, AnyGame][] = [
  ['Europe (TTRE)', ticketToRideEurope as AnyGame],
  ['Germany (TTRG)', ticketToRideGermany as AnyGame],
];

describe.each(games)('Ticket to Ride %s through the API', (_, game) => {
  it('is in the catalog with its options schema (map by game id; first player random or chosen)', async () => {
    const catalog = await api.get('/v1/catalog');
    const entry = catalog.body.find((g: { id: string }) => g.id === game.id);
    expect(entry).toMatchObject({ minPlayers: 2, maxPlayers: 5 });
    expect(entry.options.properties.firstPlayer).toBeDefined();
  });

  it('rejects a first player who is not a seat (TTRE-2.10 / TTRG-2.8) with 400 invalid_options', async () => {
    const anna = await api.newPlayer('Anna');
    const r = await anna.post('/v1/games', { game: game.id, players: 2, options: { firstPlayer: 3 } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_options');
  });

  it('two people and two bots play a whole 4-player game; views show the table and no secrets; the export replays', async () => {
    const germany = game.id.endsWith('germany');
    const anna = (await api.newPlayer('Anna')) as Player;
    const ben = (await api.newPlayer('Ben')) as Player;
    const created = await anna.post('/v1/games', { game: game.id, players: 4, bots: 2, options: { firstPlayer: 1 } });
    expect(created.status).toBe(201);
    const { id, inviteCode } = created.body;
    expect((await ben.post(`/v1/games/${id}/join`, { inviteCode })).body.status).toBe('active');
    const people = [anna, ben];
    const rng = new Rng(seedRng(`api-${game.id}`));

    let moves = 0;
    for (; moves < 2000; moves++) {
      const summary = await anna.get(`/v1/games/${id}`);
      if (summary.body.status === 'finished') break;
      const seat = (summary.body.toAct as number[]).find((s) => s < 2);
      expect(seat, 'bots play by themselves, so a person is always due').toBeDefined();
      const me = people[seat!]!;
      const { body } = await me.get(`/v1/games/${id}/view`);
      expectTableView(body.view, seat!, 4, germany);
      const other = body.view.players.find((p: { seat: number }) => p.seat !== seat);
      expect(other).toBeDefined();
      // A client with no game knowledge could pick any legal action; this one plays like the greedy bot.
      const action = game.bot({ seat: seat!, view: body.view, legal: body.legalActions, rng });
      const posted = await me.post(`/v1/games/${id}/actions`, { action, expectedVersion: body.version });
      expect(posted.status, posted.text).toBe(200);
    }
    expect(moves).toBeGreaterThan(10);

    const final = await anna.get(`/v1/games/${id}`);
    expect(final.body.status).toBe('finished');
    const { scores, breakdown } = final.body.outcome;
    breakdown.forEach((lines: { points: number }[], seat: number) => expect(lines.reduce((n, l) => n + l.points, 0)).toBe(scores[seat]));

    const log = await ben.get(`/v1/games/${id}/log`);
    expect(log.body.entries.some((e: { bot: boolean }) => e.bot)).toBe(true);

    const exported = await anna.get(`/v1/games/${id}/export`);
    expect(exported.status).toBe(200);
    let state = game.setup({ seed: exported.body.seed, players: 4, options: game.options.parse(exported.body.options) });
    for (const { seat, action } of exported.body.actions) state = game.apply(state, seat, action).state;
    expect(game.outcome(state)).toEqual(final.body.outcome);
  }, 120_000);
});

describe('GET /v1/catalog/{game}', () => {
  it('serves the public components a client draws the board with: every route with colour and length (TTRE-1, TTRG-1)', async () => {
    const europe = await api.get('/v1/catalog/ticket-to-ride-europe');
    expect(europe.status).toBe(200);
    expect(europe.body.components.routes).toHaveLength(101);
    expect(europe.body.components.routes[0]).toMatchObject({ a: expect.any(String), b: expect.any(String), length: expect.any(Number), colour: expect.any(String) });
    const germany = await api.get('/v1/catalog/ticket-to-ride-germany');
    expect(germany.body.components.routes).toHaveLength(110);
    expect((await api.get('/v1/catalog/high-card')).status).toBe(404);
    expect((await api.get('/v1/catalog/NOT_A_GAME')).status).toBe(400);
  });
});
