/**
 * The engines were made faster without changing the rules. Every catalog game at
 * every seat count, and each variant at the smallest and largest table, keeps the behaviour
 * fingerprint recorded in the snapshot (states, events, views, legal-action lists in order,
 * refusals and outcomes of seeded games). A deliberate rules change updates the snapshot
 * (`npx vitest run test/engine/fingerprint.test.ts -u`) and says so.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { fingerprint, variantsOf } from './fingerprint.js';

type Table = readonly [name: string, game: AnyGame, players: number, options: Record<string, unknown> | undefined];

const tables: Table[] = catalogGames.flatMap((game) =>
  Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i).flatMap(
    (players): Table[] => [
      [`${game.id} with ${players} players`, game, players, undefined],
      ...(players === game.minPlayers || players === game.maxPlayers
        ? variantsOf(game).map((o): Table => [
            `${game.id} with ${players} players, ${JSON.stringify(o)}`,
            game,
            players,
            o,
          ])
        : []),
    ],
  ),
);

describe('the engines behave exactly as before', () => {
  it.each(tables)('%s', (_name, game, players, options) => {
    expect(fingerprint(game, players, options)).toMatchSnapshot();
  });
});
