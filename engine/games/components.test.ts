import { describe, expect, it } from 'vitest';
import { catalogGames } from './index.js';

describe("each catalog game's static components, as the catalog serves them", () => {
  it.each(catalogGames.map((g) => [g.id, g] as const))('%s: are exactly what its published schema says', (_, game) => {
    const schema = game.schemas.components;
    expect(schema, 'a listed game publishes the shape of its components').toBeDefined();
    const served: unknown = JSON.parse(JSON.stringify(game.components));
    expect(schema!.parse(served)).toEqual(served);
  });

  it('refuses components the schema does not describe', () => {
    for (const game of catalogGames)
      expect(game.schemas.components!.safeParse({ ...(game.components as object), unknown: 1 }).success).toBe(false);
  });
});
