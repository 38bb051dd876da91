/** The catalog's operations and schemas; handlers in app.ts, examples in examples.ts. */
import * as z from '../openapi-zod.js';
import { defineRoute } from '../answers.js';
import { answeringIn, json } from '../route-content.js';
import { GameIdSchema, namesCatalogGame } from '../schemas.js';
import type { DocumentedGames } from '../documented-games.js';
import { byGame, pascal, published } from '../per-game.js';

export const CatalogEntrySchema = z
  .strictObject({
    id: GameIdSchema,
    title: z.string(),
    minPlayers: z.number().int(),
    maxPlayers: z.number().int(),
    options: z
      .record(z.string(), z.unknown())
      .openapi({ description: "JSON Schema of the game's options (all optional, with defaults)" }),
  })
  .openapi('CatalogEntry');

export const CatalogGameSchema = z
  .strictObject({
    ...CatalogEntrySchema.shape,
    components: z.unknown().openapi({
      description:
        'Static components to draw the game with (e.g. the map: cities, routes with colour and length, tickets)',
    }),
  })
  .openapi('CatalogGame');

export const CatalogIdParamSchema = z.object({
  game: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .openapi({
      ...namesCatalogGame,
      param: { name: 'game', in: 'path' },
      example: 'ticket-to-ride-europe',
    }),
});

export const catalogRoutes = {
  catalog: defineRoute(
    {
      operationId: 'getCatalog',
      method: 'get',
      path: '/v1/catalog',
      tags: ['catalog'],
      summary: 'The games railpost offers',
      description:
        'Every listed game with its seat range and the JSON Schema of its options (all optional, with defaults): enough to offer a choice and build the options form. The same for everyone until the next release, so cache it (it has an ETag).',
      security: [],
      responses: { 200: json(z.array(CatalogEntrySchema), 'Playable games', (e) => e.catalog) },
    },
    { problems: {}, storeFree: true },
  ),
  catalogGame: defineRoute(
    {
      operationId: 'getCatalogGame',
      method: 'get',
      path: '/v1/catalog/{game}',
      tags: ['catalog'],
      summary: 'One game of the catalog with its static components (board, routes, cards)',
      description:
        "The catalog entry and the game's static components, which views refer to by id: Ticket to Ride's cities, routes and tickets, Streetcar's tiles, and so on. Views never repeat them, so read them once per game.",
      security: [],
      request: { params: CatalogIdParamSchema },
      responses: { 200: json(CatalogGameSchema, 'The game', (e) => e.catalogGame) },
    },
    { problems: { not_found: 'No such game in the catalog' }, storeFree: true },
  ),
};

/** The catalog's game answering with its own static components (discriminated by `id`), for the OpenAPI document. */
export function typedCatalogRoutes({ games }: DocumentedGames) {
  const members = published(games).map(({ def, schemas }) =>
    z
      .strictObject({
        ...CatalogGameSchema.shape,
        id: z.literal(def.id),
        components: schemas.components ?? CatalogGameSchema.shape.components,
      })
      .openapi(`${pascal(def.id)}CatalogGame`),
  );
  return {
    catalogGame: answeringIn(
      catalogRoutes.catalogGame,
      byGame('id', members, CatalogGameSchema).openapi('CatalogGame'),
    ),
  };
}
