/**
 * Every catalog game beyond Ticket to Ride (which has its own suite) through the HTTP API, the way
 * a third-party client with no game knowledge plays: read the view, post one of its legalActions
 * back with the version read. Game-specific view checks live with each game's own tests.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { streetcar } from '../../engine/games/streetcar/index.js';
import { trainsAndStations } from '../../engine/games/trains-and-stations/index.js';
import { vlakyNaTratiGame } from '../../engine/games/vlaky-na-trati/index.js';
import { dataOf, textOf } from '../support/client.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

/** Person moves played at random before the bot takes over (see Case.picks). */
const RANDOM_MOVES = 200;

interface Case {
  game: AnyGame;
  players: number;
  options: Record<string, unknown>;
  /** JSON fragments of the full state that no player's view may contain (the deck order and the like). */
  secretKeys: string[];
  /**
   * How the person picks among legalActions: at random, or as the game's bot would from the view
   * (for games where random play barely ends, like Trains & Stations' dice). Random play hands over
   * to the bot after RANDOM_MOVES, because a random Streetcar driver may send its tram back to the
   * terminal (SC restart) again and again, and the server's seed differs on every run.
   */
  picks: 'random' | 'bot';
}

const cases: [string, Case][] = [
  [
    'Vlaky na trati (VNT)',
    {
      game: vlakyNaTratiGame as AnyGame,
      players: 3,
      options: { sheet: 'II' },
      secretKeys: ['"deck"', '"rng"'],
      picks: 'random',
    },
  ],
  [
    'Streetcar (SC), base game',
    { game: streetcar as AnyGame, players: 3, options: {}, secretKeys: ['"rng"'], picks: 'random' },
  ],
  [
    'Streetcar (SC), turnstile + exchange/pass + central supply',
    {
      game: streetcar as AnyGame,
      players: 2,
      options: { turnstile: true, exchangePass: true, centralSupply: true },
      secretKeys: ['"rng"'],
      picks: 'random',
    },
  ],
  [
    'Trains & Stations (TS)',
    { game: trainsAndStations as AnyGame, players: 3, options: {}, secretKeys: ['"rng"'], picks: 'bot' },
  ],
  [
    'Streetcar (SC), complete circuit without a die',
    { game: streetcar as AnyGame, players: 2, options: { circuit: true }, secretKeys: ['"rng"'], picks: 'random' },
  ],
];

describe.each(cases)('%s through the API', (_, { game, players, options, secretKeys, picks }) => {
  it('is in the catalog with its options schema and its public components', async () => {
    const entry = dataOf(await suite.api.GET('/v1/catalog')).find((g) => g.id === game.id);
    expect(entry).toMatchObject({ title: game.title, minPlayers: game.minPlayers, maxPlayers: game.maxPlayers });
    expect(entry!.options.type).toBe('object');
    const full = await suite.api.GET('/v1/catalog/{game}', { params: { path: { game: game.id } } });
    expect(dataOf(full).components).toEqual(JSON.parse(JSON.stringify(game.components)));
  });

  it('a person plays a whole game against bots by posting legalActions; illegal posts change nothing; the export replays to the same result', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const created = await anna.POST('/v1/games', { body: { game: game.id, players, bots: players - 1, options } });
    expect(created.response.status, textOf(created)).toBe(201);
    const params = { path: { id: dataOf(created).id } };
    const rng = new Rng(seedRng(`api-${game.id}`));
    let moves = 0;
    for (; moves < 3000; moves++) {
      const body = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
      if (body.toAct.length === 0) break;
      expect(body.toAct, 'bots play by themselves, so only the person can be due').toEqual([0]);
      expect(body.legalActions.length).toBeGreaterThan(0);
      const text = JSON.stringify(body.view);
      for (const key of secretKeys) expect(text).not.toContain(key);
      if (moves === 0) {
        const illegal = await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: { type: 'no-such-action' }, expectedVersion: body.version },
        });
        expect(illegal.response.status).toBe(400);
        const stale = await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: body.legalActions[0]!, expectedVersion: body.version + 1 },
        });
        expect(stale.response.status).toBe(409);
        expect(dataOf(await anna.GET('/v1/games/{id}/view', { params })).version).toBe(body.version);
      }
      const legal: { type: string }[] = body.legalActions;
      const random = picks === 'random' && moves < RANDOM_MOVES;
      const action = random ? rng.pick(legal) : game.bot({ seat: 0, view: body.view, legal, rng });
      const posted = await anna.POST('/v1/games/{id}/actions', {
        params,
        body: { action, expectedVersion: body.version },
      });
      expect(posted.response.status, textOf(posted)).toBe(200);
    }
    const final = dataOf(await anna.GET('/v1/games/{id}', { params }));
    expect(final.status).toBe('finished');
    expect(moves).toBeGreaterThan(3);
    const { scores, ranking } = final.outcome!;
    expect(scores).toHaveLength(players);
    expect(Math.min(...ranking)).toBe(1);

    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params }));
    expect(log.entries.map((e) => e.version)).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));
    const exported = dataOf(await anna.GET('/v1/games/{id}/export', { params }));
    expect(createHash('sha256').update(exported.seed).digest('hex')).toBe(final.seedCommitment);
    let state = game.setup({ seed: exported.seed, players, options: game.options.parse(exported.options) });
    for (const { seat, action } of exported.actions) state = game.apply(state, seat, action).state;
    expect(game.outcome(state)).toEqual(final.outcome);
  }, 120_000);
});
