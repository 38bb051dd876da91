/**
 * The example bot (examples/bot/) against a local server: one game of each catalog game against
 * easy platform bots, played to its end by random legal moves over the event stream, one over
 * held views; then the lobby, a take-back and resigning. The figures are printed per game.
 */
import { describe, expect, it } from 'vitest';
import { catalogGames } from '../../engine/games/index.js';
import { connect } from '../../examples/bot/client.js';
import { playToEnd, serve, type Mode } from '../../examples/bot/follow.js';
import { catalogGame, createAgainstBots, joinFromLobby, type GameId } from '../../examples/bot/start.js';
import { act, newTally, resign } from '../../examples/bot/turns.js';
import { dataOf, type Api } from '../support/client.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

/** A new account and a personal token with the scopes a bot needs, as a bot's owner makes one. */
async function botToken(api: Api, name: string): Promise<string> {
  const owner = await api.newPlayer(name);
  return dataOf(await owner.POST('/v1/players/me/tokens', { body: { name: 'bot', scopes: ['read', 'play'] } })).token;
}

async function playOne(game: string, players: number, mode: Mode) {
  const bot = connect(suite.server.url, await botToken(suite.api, `Bot ${game}`));
  const tally = newTally();
  const started = performance.now();
  const id = await createAgainstBots(bot, await catalogGame(bot, game), players, 'easy');
  await playToEnd(bot, id, tally, mode);
  const seconds = (performance.now() - started) / 1000;
  const end = dataOf(await bot.GET('/v1/games/{id}', { params: { path: { id } } }));
  console.log(`bot figures: ${game} (${mode}, ${players} seats): ${JSON.stringify(tally)}, ${seconds.toFixed(2)} s`);
  return { end, tally };
}

describe('the example bot plays a whole game against easy bots', () => {
  it.each(catalogGames.map((g) => [g.id, g.minPlayers] as const))(
    '%s: to the end over the event stream, every move a legal one',
    async (game, players) => {
      const { end, tally } = await playOne(game, players, 'stream');
      expect(end.status).toBe('finished');
      expect(end.outcome?.ranking).toHaveLength(players);
      expect(tally.moves).toBeGreaterThan(0);
    },
  );

  it('takes from the command line only a game of the catalog', async () => {
    const bot = connect(suite.server.url, await botToken(suite.api, 'Bot naming games'));
    await expect(catalogGame(bot, 'chess')).rejects.toThrow(/no game chess in the catalog/);
  });

  it('RP-WAIT-1: the same over held views (waitForVersion) instead of the stream', async () => {
    const { end } = await playOne(catalogGames[0]!.id, catalogGames[0]!.minPlayers, 'poll');
    expect(end.status).toBe('finished');
  });
});

describe('the example bot serving its account', () => {
  it('plays a game made outside its loop to the end, told of it only by the list of its games and the stream', async () => {
    const token = await botToken(suite.api, 'Serving bot');
    const bot = connect(suite.server.url, token);
    const tally = newTally();
    const errors: unknown[] = [];
    const served = serve(bot, tally, (e) => errors.push(e));
    try {
      const game = catalogGames.at(-1)!;
      const id = await createAgainstBots(bot, await catalogGame(bot, game.id), game.minPlayers, 'easy');
      const params = { path: { id } };
      let end = dataOf(await bot.GET('/v1/games/{id}', { params }));
      for (const deadline = Date.now() + 30_000; end.status === 'active' && Date.now() < deadline;) {
        await bot.GET('/v1/games/{id}/view', { params: { ...params, query: { waitForVersion: end.version + 1 } } });
        end = dataOf(await bot.GET('/v1/games/{id}', { params }));
      }
      expect([end.status, errors]).toEqual(['finished', []]);
      expect(tally.moves).toBeGreaterThan(0);
    } finally {
      served.stop();
    }
  });
});

describe('the example bot at a table with a person', () => {
  it('joins a public game from the lobby, accepts a take-back (RP-TB-1) and resigns', async () => {
    const person = await suite.api.newPlayer('Person');
    const created = dataOf(
      await person.POST('/v1/games', {
        body: { game: 'high-card', players: 2, options: { rounds: 1, handSize: 2 }, visibility: 'public' },
      }),
    );
    const params = { path: { id: created.id } };
    const bot = connect(suite.server.url, await botToken(suite.api, 'Lobby bot'));
    // A fixture game: the local server plays it, the document's GameId (which the bot takes) leaves it out.
    expect(await joinFromLobby(bot, 'high-card' as GameId)).toBe(created.id);
    // A pass (HC-2) reveals nothing, so it may be taken back.
    const view = dataOf(await person.GET('/v1/games/{id}/view', { params }));
    const pass = view.legalActions.find((a) => a.type === 'pass')!;
    await person.POST('/v1/games/{id}/actions', { params, body: { action: pass, expectedVersion: view.version } });
    const asked = dataOf(await person.POST('/v1/games/{id}/takeback', { params, body: { expectedVersion: 1 } }));
    expect(asked.takeback?.waitingFor).toEqual([1]);
    const tally = newTally();
    await act(bot, created.id, tally);
    const undone = dataOf(await person.GET('/v1/games/{id}', { params }));
    expect([tally.takebacks, undone.takeback, undone.toAct]).toEqual([1, undefined, [0]]);
    await resign(bot, created.id);
    const end = dataOf(await person.GET('/v1/games/{id}', { params }));
    expect([end.status, end.outcome?.ranking]).toEqual(['finished', [1, 2]]);
  });
});
