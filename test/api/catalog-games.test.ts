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
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

interface Case {
  game: AnyGame;
  players: number;
  options: Record<string, unknown>;
  /** JSON fragments of the full state that no player's view may contain (the deck order and the like). */
  secretKeys: string[];
  /**
   * How the person picks among legalActions: at random, or as the game's bot would from the view
   * (for games where random play barely ends, like Trains & Stations' dice).
   */
  picks: 'random' | 'bot';
}

const cases: [string, Case][] = [
  ['Vlaky na trati (VNT)', { game: vlakyNaTratiGame as AnyGame, players: 3, options: { sheet: 'II' }, secretKeys: ['"deck"', '"rng"'], picks: 'random' }],
  ['Streetcar (SC), base game', { game: streetcar as AnyGame, players: 3, options: {}, secretKeys: ['"rng"'], picks: 'random' }],
  ['Streetcar (SC), turnstile + exchange/pass + central supply', { game: streetcar as AnyGame, players: 2, options: { turnstile: true, exchangePass: true, centralSupply: true }, secretKeys: ['"rng"'], picks: 'random' }],
  ['Trains & Stations (TS)', { game: trainsAndStations as AnyGame, players: 3, options: {}, secretKeys: ['"rng"'], picks: 'bot' }],
  ['Streetcar (SC), complete circuit without a die', { game: streetcar as AnyGame, players: 2, options: { circuit: true }, secretKeys: ['"rng"'], picks: 'random' }],
];

describe.each(cases)('%s through the API', (_, { game, players, options, secretKeys, picks }) => {
  it('is in the catalog with its options schema and its public components', async () => {
    const entry = (await suite.api.get('/v1/catalog')).body.find((g: { id: string }) => g.id === game.id);
    expect(entry).toMatchObject({ title: game.title, minPlayers: game.minPlayers, maxPlayers: game.maxPlayers });
    expect(entry.options.type).toBe('object');
    const full = await suite.api.get(`/v1/catalog/${game.id}`);
    expect(full.body.components).toEqual(JSON.parse(JSON.stringify(game.components)));
  });

  it('a person plays a whole game against bots by posting legalActions; illegal posts change nothing; the export replays to the same result', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const created = await anna.post('/v1/games', { game: game.id, players, bots: players - 1, options });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/games/${created.body.id}`;
    const rng = new Rng(seedRng(`api-${game.id}`));
    let moves = 0;
    for (; moves < 3000; moves++) {
      const { body } = await anna.get(`${path}/view`);
      if (body.toAct.length === 0) break;
      expect(body.toAct, 'bots play by themselves, so only the person can be due').toEqual([0]);
      expect(body.legalActions.length).toBeGreaterThan(0);
      const text = JSON.stringify(body.view);
      for (const key of secretKeys) expect(text).not.toContain(key);
      if (moves === 0) {
        const illegal = await anna.post(`${path}/actions`, { action: { type: 'no-such-action' }, expectedVersion: body.version });
        expect(illegal.status).toBe(400);
        const stale = await anna.post(`${path}/actions`, { action: body.legalActions[0], expectedVersion: body.version + 1 });
        expect(stale.status).toBe(409);
        expect((await anna.get(`${path}/view`)).body.version).toBe(body.version);
      }
      const legal = body.legalActions as { type: string }[];
      const action = picks === 'random' ? rng.pick(legal) : game.bot({ seat: 0, view: body.view, legal, rng });
      const posted = await anna.post(`${path}/actions`, { action, expectedVersion: body.version });
      expect(posted.status, posted.text).toBe(200);
    }
    const final = (await anna.get(path)).body;
    expect(final.status).toBe('finished');
    expect(moves).toBeGreaterThan(3);
    const { scores, ranking } = final.outcome;
    expect(scores).toHaveLength(players);
    expect(Math.min(...ranking)).toBe(1);

    const log = (await anna.get(`${path}/log`)).body;
    expect(log.entries.map((e: { version: number }) => e.version)).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));
    const exported = (await anna.get(`${path}/export`)).body;
    expect(createHash('sha256').update(exported.seed).digest('hex')).toBe(final.seedCommitment);
    let state = game.setup({ seed: exported.seed, players, options: game.options.parse(exported.options) });
    for (const { seat, action } of exported.actions) state = game.apply(state, seat, action).state;
    expect(game.outcome(state)).toEqual(final.outcome);
  }, 120_000);
});
