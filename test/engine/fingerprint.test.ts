/**
 * Issue 22 #1: the engines were made faster without changing the rules. Every catalog game at
 * every seat count keeps the behaviour fingerprint recorded in the snapshot (states, events, views,
 * legal-action lists in order, refusals and outcomes of seeded games). A deliberate rules change
 * updates the snapshot (`npx vitest run -u test/engine/fingerprint.test.ts`) and says so.
 */
import { describe, expect, it } from 'vitest';
import { catalogGames } from '../../engine/games/index.js';
import { fingerprint } from './fingerprint.js';

const tables = catalogGames.flatMap((game) => Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => [game.id, game.minPlayers + i, game] as const));

describe('issue 22 #1: the engines behave exactly as before', () => {
  it.each(tables)('%s with %i players', (_id, players, game) => {
    expect(fingerprint(game, players)).toMatchSnapshot();
  });
});
