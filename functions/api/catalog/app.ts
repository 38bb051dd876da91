/** The catalog: the games on offer, each with the JSON Schema of its options and its static components. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { listedGames, type AnyGame, type GameRegistry } from '../../../engine/core/index.js';
import { problems } from '../../service/refusal.js';
import type { AppEnv } from '../env.js';
import * as z from '../openapi-zod.js';
import type { DocumentedGames } from '../documented-games.js';
import { catalogRoutes, typedCatalogRoutes } from './routes.js';

function catalogEntry(g: AnyGame) {
  return {
    id: g.id,
    title: g.title,
    minPlayers: g.minPlayers,
    maxPlayers: g.maxPlayers,
    options: z.toJSONSchema(g.options, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  };
}

/** `documentedGames`: the games whose components the answer spells out, for the document only (app.ts). */
export function catalogApp(registry: GameRegistry, documentedGames?: DocumentedGames) {
  const routes = documentedGames ? { ...catalogRoutes, ...typedCatalogRoutes(documentedGames) } : catalogRoutes;
  // Its options need every game's rules loaded: the first request for it loads them all.
  let catalog: Promise<ReturnType<typeof catalogEntry>[]> | undefined;
  const catalogEntries = () =>
    (catalog ??= listedGames(registry).then(
      (games) => games.map(catalogEntry),
      (err: unknown) => {
        catalog = undefined;
        throw err;
      },
    ));
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.catalog, async (c) => c.json(await catalogEntries(), 200))
    .openapi(routes.catalogGame, async (c) => {
      const entry = (await catalogEntries()).find((g) => g.id === c.req.valid('param').game);
      if (!entry) throw problems.notFound('Game');
      return c.json({ ...entry, components: (await registry.get(entry.id))?.components ?? null }, 200);
    });
}
