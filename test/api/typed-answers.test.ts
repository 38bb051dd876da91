/**
 * The view, action and log answers of every catalog game match the shapes the OpenAPI
 * document publishes for that game (discriminated by `game`), strictly where a game's shape is
 * closed. A person plays the first moves of a game against bots through the API, as a third-party
 * client would, and every answer is parsed with the published schemas.
 */
import { describe, expect, it } from 'vitest';
import { catalogGames } from '../../engine/games/index.js';
import { gameLogSchema, gameViewSchema } from '../../functions/api/play/schemas.js';
import { dataOf, textOf } from '../support/client.js';
import { useTestServer } from '../support/local.js';
import spec from '../../api-spec/openapi.json' with { type: 'json' };

const suite = useTestServer();
const views = gameViewSchema(catalogGames);
const logs = gameLogSchema(catalogGames);
/** Enough moves to reach each game's first decisions after the opening, while the suite stays quick. */
const MOVES = 25;

describe('every catalog game answers in its published shapes', () => {
  it('the OpenAPI document types the view and the log per catalog game, discriminated by game', () => {
    const schemas = spec.components.schemas as Record<
      string,
      { discriminator?: { propertyName: string; mapping: Record<string, string> } }
    >;
    for (const [component, what] of [
      ['GameView', 'ViewAnswer'],
      ['GameLog', 'LogAnswer'],
    ] as const) {
      expect(schemas[component]?.discriminator?.propertyName).toBe('game');
      expect(Object.keys(schemas[component]!.discriminator!.mapping).sort()).toEqual(
        catalogGames.map((g) => g.id).sort(),
      );
      for (const ref of Object.values(schemas[component]!.discriminator!.mapping))
        expect(ref).toMatch(new RegExp(`${what}$`));
    }
  });

  it.each(catalogGames.map((g) => [g.id, g] as const))(
    '%s: views, answers to moves and log pages parse with the published schemas',
    async (id, game) => {
      expect(game.schemas, `${id} publishes its schemas`).toBeDefined();
      const anna = await suite.api.newPlayer('Anna');
      const created = await anna.POST('/v1/games', {
        body: { game: id, players: game.minPlayers, bots: game.minPlayers - 1 },
      });
      expect(created.response.status, textOf(created)).toBe(201);
      const params = { path: { id: dataOf(created).id } };
      let view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
      for (let n = 0; n < MOVES && view.toAct.length > 0; n++) {
        expect(views.parse(view)).toMatchObject({ game: id });
        const answer = await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: view.legalActions[0]!, expectedVersion: view.version },
        });
        expect(answer.response.status, textOf(answer)).toBe(200);
        views.parse(answer.data);
        view = dataOf(answer);
      }
      const log = dataOf(await anna.GET('/v1/games/{id}/log', { params }));
      expect(logs.parse(log)).toMatchObject({ game: id });
      expect(log.entries.length).toBeGreaterThan(0);
      // A past version is an answer of the same shape.
      expect(
        views.parse(dataOf(await anna.GET('/v1/games/{id}/view', { params: { ...params, query: { version: 1 } } }))),
      ).toMatchObject({ game: id, legalActions: [] });
    },
  );

  it('a view that does not match its game is refused by the published schema (closed shapes)', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const created = dataOf(await anna.POST('/v1/games', { body: { game: 'streetcar', players: 2, bots: 1 } }));
    const view = dataOf(await anna.GET('/v1/games/{id}/view', { params: { path: { id: created.id } } }));
    expect(() => views.parse({ ...view, game: 'vlaky-na-trati' })).toThrow();
    expect(() => views.parse({ ...view, view: { ...view.view, secret: 1 } })).toThrow();
  });
});
