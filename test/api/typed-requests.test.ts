/**
 * The document types requests per game (functions/api/per-game.ts): every legal action of every
 * catalog game is an ActionPost it allows, the server still refuses another game's action and
 * another game's options, the document's duration pattern and the server refuse the same bad
 * duration, and the document's create and action examples are requests the server takes.
 */
import { describe, expect, it } from 'vitest';
import { playout } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { dataOf, problemOf, sendRaw, type Player } from '../support/client.js';
import { useTestServer } from '../support/local.js';
import { committedDocument, createRequestValidator } from '../support/response-validator.js';

const suite = useTestServer();
const doc = committedDocument();
const requestErrors = createRequestValidator(doc);

/** Moves of each seeded game: past every game's opening, into its ordinary turns. */
const MOVES = 40;

interface Operation {
  'x-problem-codes': Record<string, string[]>;
  requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } };
}
const operation = (path: string) => (doc.paths[path] as { post: Operation }).post;
const declared = (path: string, status: number) => operation(path)['x-problem-codes'][String(status)];
const examplesOf = (path: string) => operation(path).requestBody.content['application/json'].examples;

/** A game of `game` made by `player` against easy bots, with its current view as the creator sees it. */
async function gameAgainstBots(player: Player, game: (typeof catalogGames)[number]) {
  // The catalog answers with the document's GameId, which a create request takes.
  const listed = dataOf(await player.GET('/v1/catalog')).find((g) => g.id === game.id)!;
  const body = { game: listed.id, players: game.minPlayers, bots: game.minPlayers - 1 };
  const { id } = dataOf(await player.POST('/v1/games', { body }));
  const view = dataOf(await player.GET('/v1/games/{id}/view', { params: { path: { id } } }));
  return { id, view };
}

const postAction = (player: Player, id: string, body: unknown) =>
  sendRaw(player, 'POST', `/v1/games/${id}/actions`, { body });

describe('the published ActionPost allows every legal action', () => {
  it.each(catalogGames.map((g) => [g.id, g] as const))('%s: every legal action of a seeded game', (_, def) => {
    const refused: unknown[] = [];
    let checked = 0;
    playout(def, 'typed-requests', def.minPlayers, {}, [], MOVES, {
      onStep: (_state, _seat, legal) => {
        for (const action of legal) {
          checked++;
          const errors = requestErrors('/v1/games/{id}/actions', 'post', { action, expectedVersion: 3 });
          if (errors.length > 0) refused.push({ action, errors });
        }
      },
    });
    expect(refused.slice(0, 3)).toEqual([]);
    expect(checked).toBeGreaterThan(MOVES);
  });
});

describe('what the document allows and the game does not', () => {
  it("another game's action, on the seat's turn → 400 invalid_action, as declared", async () => {
    expect(declared('/v1/games/{id}/actions', 400)).toContain('invalid_action');
    const anna = await suite.api.newPlayer('Anna');
    const actions = Object.values(examplesOf('/v1/games/{id}/actions')).map(
      (e) => (e.value as { action: unknown }).action,
    );
    for (const game of catalogGames) {
      const { id, view } = await gameAgainstBots(anna, game);
      expect(view.toAct, game.id).toContain(0);
      const foreign = actions.find((a) => !game.action.safeParse(a).success);
      expect(
        requestErrors('/v1/games/{id}/actions', 'post', { action: foreign, expectedVersion: view.version }),
      ).toEqual([]);
      const r = await postAction(anna, id, { action: foreign, expectedVersion: view.version });
      expect([r.response.status, problemOf(r).code], game.id).toEqual([400, 'invalid_action']);
    }
  });

  it("another game's options → 400 invalid_options, as declared", async () => {
    expect(declared('/v1/games', 400)).toContain('invalid_options');
    const anna = await suite.api.newPlayer('Anna');
    for (const game of catalogGames) {
      // Games of one family share their options; any game with options of its own will do.
      const other = catalogGames.find((o) => !game.options.safeParse(o.options.parse({})).success);
      if (!other) throw new Error(`every game's options fit ${game.id}`);
      const body = { game: game.id, players: game.minPlayers, options: other.options.parse({}) };
      const r = await sendRaw(anna, 'POST', '/v1/games', { body });
      expect([r.response.status, problemOf(r).code], `${game.id} with ${other.id}'s options`).toEqual([
        400,
        'invalid_options',
      ]);
    }
  });

  it('a duration the pattern refuses → 400 invalid_body, as declared, by the document and the server alike', async () => {
    expect(declared('/v1/games', 400)).toContain('invalid_body');
    const anna = await suite.api.newPlayer('Anna');
    const game = catalogGames[0]!;
    for (const perMove of ['P1M', '3 days', 'PT', 'P1DT']) {
      const body = { game: game.id, players: game.minPlayers, timeControl: { perMove, onTimeout: 'bot' } };
      expect(requestErrors('/v1/games', 'post', body), perMove).not.toEqual([]);
      const r = await sendRaw(anna, 'POST', '/v1/games', { body });
      expect([r.response.status, problemOf(r).code], perMove).toEqual([400, 'invalid_body']);
    }
  });
});

describe("the document's request examples", () => {
  it('every create example makes a game', async () => {
    const anna = await suite.api.newPlayer('Anna');
    for (const [name, { value }] of Object.entries(examplesOf('/v1/games'))) {
      const r = await sendRaw(anna, 'POST', '/v1/games', { body: value });
      expect(r.response.status, name).toBe(201);
    }
  });

  it("every action example has its game's shape: the server weighs it by the rules, never refuses its shape", async () => {
    const anna = await suite.api.newPlayer('Anna');
    const examples = Object.entries(examplesOf('/v1/games/{id}/actions'));
    for (const game of catalogGames) {
      const own = examples.filter(([name]) => name.startsWith(`${game.id}.`));
      expect(own.length, game.id).toBeGreaterThan(0);
      for (const [name, { value }] of own) {
        const { id, view } = await gameAgainstBots(anna, game);
        const { action } = value as { action: unknown };
        const r = await postAction(anna, id, { action, expectedVersion: view.version });
        const status = r.response.status;
        expect(status === 200 || (status === 422 && problemOf(r).code === 'illegal_action'), name).toBe(true);
      }
    }
  });
});
