import type { AnyGame } from './contract.js';

export interface GameRegistry {
  get(id: string): AnyGame | undefined;
  /** The public catalog: listed games only. */
  listed(): AnyGame[];
}

export function createRegistry(games: readonly AnyGame[]): GameRegistry {
  const byId = new Map<string, AnyGame>();
  for (const game of games) {
    if (byId.has(game.id)) throw new Error(`duplicate game id ${game.id}`);
    byId.set(game.id, game);
  }
  return {
    get: (id) => byId.get(id),
    listed: () => [...byId.values()].filter((g) => g.listed),
  };
}
