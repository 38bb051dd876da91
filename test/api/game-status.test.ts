/**
 * The common end signal (docs/api.md, "Status and result"): every catalog game, played to its end
 * through the API by a client with no game knowledge, says `active` while it runs and `finished`
 * with the same `result` in its view, its log and its summary, placed as its outcome ranks; an
 * aborted game says `aborted` without a result; a resignation ends a two-seat game with a winner.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { dataOf, textOf, type Player } from '../support/client.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();
/** A bound on the person's moves, far above what any catalog game takes with the easy bot choosing. */
const MAX_MOVES = 3000;

async function newGame(anna: Player, game: string, players: number) {
  const created = await anna.POST('/v1/games', { body: { game, players, bots: players - 1 } });
  expect(created.response.status, textOf(created)).toBe(201);
  return { path: { id: dataOf(created).id } };
}

describe('status and result, the same for every game', () => {
  it.each(catalogGames.map((g) => [g.id, g] as const))(
    '%s: active while played, then finished with the result its outcome ranks, in the view, the log and the summary',
    async (id, game) => {
      const anna = await suite.api.newPlayer('Anna');
      const params = await newGame(anna, id, game.minPlayers);
      const rng = new Rng(seedRng(`status-${id}`));
      let view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
      for (let moves = 0; view.toAct.length > 0; moves++) {
        expect(moves, 'the game ends').toBeLessThan(MAX_MOVES);
        expect(view).toMatchObject({ status: 'active' });
        expect(view.result).toBeUndefined();
        const legal: { type: string }[] = view.legalActions;
        const action = game.bot({ seat: 0, view: view.view, legal, rng, options: {} });
        const posted = await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action, expectedVersion: view.version },
        });
        expect(posted.response.status, textOf(posted)).toBe(200);
        view = dataOf(posted);
      }
      const summary = dataOf(await anna.GET('/v1/games/{id}', { params }));
      const { ranking, noWinner } = summary.outcome!;
      const result = {
        places: ranking,
        winners: noWinner ? [] : ranking.flatMap((place, seat) => (place === 1 ? [seat] : [])),
        ...(ranking.filter((place) => place === 1).length > 1 ? { draw: true } : {}),
        ...(noWinner ? { noWinner } : {}),
      };
      expect(summary).toMatchObject({ status: 'finished', result });
      expect(view).toMatchObject({ status: 'finished', result });
      expect(dataOf(await anna.GET('/v1/games/{id}/view', { params }))).toMatchObject({ status: 'finished', result });
      expect(dataOf(await anna.GET('/v1/games/{id}/log', { params }))).toMatchObject({ status: 'finished', result });
      // A past version shows the game as it was then: still running.
      const past = dataOf(await anna.GET('/v1/games/{id}/view', { params: { ...params, query: { version: 1 } } }));
      expect(past.status).toBe('active');
      expect(past.result).toBeUndefined();
    },
    120_000,
  );

  it('an aborted game says aborted, with no result, in the view, the log and the summary', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const params = await newGame(anna, 'streetcar', 2);
    const aborted = await anna.POST('/v1/games/{id}/abort', { params });
    expect(aborted.response.status, textOf(aborted)).toBe(200);
    for (const answer of [
      dataOf(aborted),
      dataOf(await anna.GET('/v1/games/{id}/view', { params })),
      dataOf(await anna.GET('/v1/games/{id}/log', { params })),
    ]) {
      expect(answer.status).toBe('aborted');
      expect(answer.result).toBeUndefined();
    }
  });

  it('a resignation ends a two-seat game: the other seat won, placed first, the resigner second', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const params = await newGame(anna, 'ticket-to-ride-europe', 2);
    const resigned = await anna.POST('/v1/games/{id}/resign', { params });
    expect(resigned.response.status, textOf(resigned)).toBe(200);
    const result = { places: [2, 1], winners: [1] };
    expect(dataOf(resigned)).toEqual(expect.objectContaining({ status: 'finished', result }));
    expect(dataOf(await anna.GET('/v1/games/{id}/view', { params }))).toMatchObject({ status: 'finished', result });
    expect(dataOf(await anna.GET('/v1/games/{id}/log', { params }))).toMatchObject({ status: 'finished', result });
  });
});
