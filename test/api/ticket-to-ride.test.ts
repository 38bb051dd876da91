import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../../engine/games/ticket-to-ride-germany/index.js';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, problemOf, testClient, textOf, type Api, type Schemas } from '../support/client.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
});
afterAll(() => server.close());

/** The fields a player at the table can see (TTRE-H, TTRG hidden information), and nothing else. */
function expectTableView(view: Schemas['TtrView'], seat: number, players: number, germany: boolean): void {
  expect(view.you?.seat).toBe(seat);
  expect(view.you?.hand).toBeDefined();
  expect(view.revealed).toBeUndefined();
  expect(view.market).toHaveLength(5);
  expect(typeof view.deckCount).toBe('number');
  expect(view.players).toHaveLength(players);
  // Germany's ticket backs show short or long (TTRG-H5); Europe keeps ticket types secret (TTRE-H7).
  const fields = [
    'cards',
    'passengers',
    'ready',
    'routePoints',
    'seat',
    'stationsLeft',
    ...(germany ? ['ticketTypes'] : []),
    'tickets',
    'trains',
  ];
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
    const catalog = await api.GET('/v1/catalog');
    const entry = dataOf(catalog).find((g) => g.id === game.id);
    expect(entry).toMatchObject({ minPlayers: 2, maxPlayers: 5 });
    expect((entry!.options.properties as Record<string, unknown>).firstPlayer).toBeDefined();
  });

  it('rejects a first player who is not a seat (TTRE-2.10 / TTRG-2.8) with 400 invalid_options', async () => {
    const anna = await api.newPlayer('Anna');
    const r = await anna.POST('/v1/games', { body: { game: game.id, players: 2, options: { firstPlayer: 3 } } });
    expect(r.response.status).toBe(400);
    expect(problemOf(r).code).toBe('invalid_options');
  });

  it('two people and two bots play a whole 4-player game; views show the table and no secrets; the export replays', async () => {
    const germany = game.id.endsWith('germany');
    const anna = await api.newPlayer('Anna');
    const ben = await api.newPlayer('Ben');
    const created = await anna.POST('/v1/games', {
      body: { game: game.id, players: 4, bots: 2, options: { firstPlayer: 1 } },
    });
    expect(created.response.status).toBe(201);
    const { id, inviteCode } = dataOf(created);
    const params = { path: { id } };
    expect(dataOf(await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } })).status).toBe(
      'active',
    );
    const people = [anna, ben];
    const rng = new Rng(seedRng(`api-${game.id}`));

    let moves = 0;
    for (; moves < 2000; moves++) {
      const summary = dataOf(await anna.GET('/v1/games/{id}', { params }));
      if (summary.status === 'finished') break;
      const seat = summary.toAct.find((s) => s < 2);
      expect(seat, 'bots play by themselves, so a person is always due').toBeDefined();
      const me = people[seat!]!;
      const body = dataOf(await me.GET('/v1/games/{id}/view', { params }));
      // The view is typed per game: narrowed by `game`, it is a Ticket to Ride view.
      if (body.game !== 'ticket-to-ride-europe' && body.game !== 'ticket-to-ride-germany')
        throw new Error(`a ${body.game} view in a ${game.id} game`);
      expectTableView(body.view, seat!, 4, germany);
      const other = body.view.players.find((p) => p.seat !== seat);
      expect(other).toBeDefined();
      // A client with no game knowledge could pick any legal action; this one plays like the greedy bot.
      const action = game.bot({ seat: seat!, view: body.view, legal: body.legalActions, rng });
      const posted = await me.POST('/v1/games/{id}/actions', {
        params,
        body: { action, expectedVersion: body.version },
      });
      expect(posted.response.status, textOf(posted)).toBe(200);
    }
    expect(moves).toBeGreaterThan(10);

    const final = dataOf(await anna.GET('/v1/games/{id}', { params }));
    expect(final.status).toBe('finished');
    const { scores, breakdown } = final.outcome!;
    breakdown.forEach((lines, seat) => expect(lines.reduce((n, l) => n + l.points, 0)).toBe(scores[seat]));

    const log = dataOf(await ben.GET('/v1/games/{id}/log', { params }));
    expect(log.entries.some((e) => e.bot)).toBe(true);

    const exported = await anna.GET('/v1/games/{id}/export', { params });
    expect(exported.response.status).toBe(200);
    const { seed, options, actions } = dataOf(exported);
    let state = game.setup({ seed, players: 4, options: game.options.parse(options) });
    for (const { seat, action } of actions) state = game.apply(state, seat, action).state;
    expect(game.outcome(state)).toEqual(final.outcome);
  }, 120_000);
});

describe('GET /v1/catalog/{game}', () => {
  it('serves the public components a client draws the board with: every route with colour and length (TTRE-1, TTRG-1)', async () => {
    const catalogGame = (game: string) => api.GET('/v1/catalog/{game}', { params: { path: { game } } });
    const routes = async (game: 'ticket-to-ride-europe' | 'ticket-to-ride-germany') => {
      const entry = dataOf(await catalogGame(game));
      if (entry.id !== 'ticket-to-ride-europe' && entry.id !== 'ticket-to-ride-germany')
        throw new Error(`${game} answered ${entry.id}`);
      return entry.components.routes;
    };
    const europe = await routes('ticket-to-ride-europe');
    expect(europe).toHaveLength(101);
    expect(europe[0]).toMatchObject({
      a: expect.any(String),
      b: expect.any(String),
      length: expect.any(Number),
      colour: expect.any(String),
    });
    expect(await routes('ticket-to-ride-germany')).toHaveLength(110);
    expect((await catalogGame('high-card')).response.status).toBe(404);
    expect((await catalogGame('NOT_A_GAME')).response.status).toBe(400);
  });
});
