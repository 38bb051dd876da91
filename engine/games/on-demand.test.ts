import { describe, expect, it } from 'vitest';
import { createRegistry } from '../core/index.js';
import { catalogGames } from './index.js';
import { catalogSources } from './on-demand.js';

describe("the Lambdas' catalog loads each game on demand", () => {
  it('lists the games of the catalog, in its order, with their facts, and loads each as its definition', async () => {
    const onDemand = createRegistry(catalogSources);
    const eager = createRegistry(catalogGames);
    expect(onDemand.listed()).toEqual(eager.listed());
    for (const game of catalogGames) expect(await onDemand.get(game.id)).toBe(game);
  });
});
