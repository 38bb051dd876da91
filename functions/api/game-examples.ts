/**
 * The OpenAPI document's examples of each catalog game's requests, taken from the game itself: a
 * create request with the options as the game parses them from none, and actions met in a seeded
 * playout of its bots, so they are the same each time the document is written and legal where
 * they were met (test/api/typed-requests.test.ts posts them).
 */
import { playout, type AnyGame } from '../../engine/core/index.js';
import { published } from './per-game.js';

export const EXAMPLE_SEED = 'openapi-examples';
/** Moves of the playout: past each game's opening, into its ordinary turns. */
export const EXAMPLE_MOVES = 60;

interface NamedExample {
  summary: string;
  value: unknown;
}

/** Per game: its fewest seats, the bot in all but yours, and its default options spelled out. */
export function createExamples(games: readonly AnyGame[]): Record<string, NamedExample> {
  return Object.fromEntries(
    published(games).map(({ def }) => [
      def.id,
      {
        summary: `${def.title} against the bot, with its default options`,
        value: { game: def.id, players: def.minPlayers, bots: def.minPlayers - 1, options: def.options.parse({}) },
      },
    ]),
  );
}

/** Per game: the first legal action of each type met in the playout, posted at the version it was legal at. */
export function actionExamples(games: readonly AnyGame[]): Record<string, NamedExample> {
  return Object.fromEntries(
    published(games).flatMap(({ def }) => {
      const first = new Map<string, { action: { type: string }; version: number }>();
      let version = 0;
      playout(def, EXAMPLE_SEED, def.minPlayers, {}, [], EXAMPLE_MOVES, {
        onStep: (_state, _seat, legal) => {
          for (const action of legal) if (!first.has(action.type)) first.set(action.type, { action, version });
          version++;
        },
      });
      return [...first.values()].map(({ action, version: at }) => [
        `${def.id}.${action.type}`,
        { summary: `${def.title}: ${action.type}`, value: { action, expectedVersion: at } },
      ]);
    }),
  );
}
