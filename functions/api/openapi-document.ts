/**
 * The OpenAPI document as committed in api-spec/ (`npm run spec`): generated from the routes,
 * never written by hand. `@hono/zod-openapi` is imported before any schema module so that every
 * `.openapi()` call records its metadata (openapi-zod.ts); the serving app never loads it.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createRegistry } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { createServices } from '../service/index.js';
import { createApp } from './app.js';
import type { AppEnv } from './env.js';
import { repairNullableRefs } from './nullable-refs.js';
import { CATALOG_EXAMPLES } from './catalog/examples.js';
import { CHAT_EXAMPLES } from './chat/examples.js';
import { FINISH_EXAMPLES } from './finishing/examples.js';
import { GAME_EXAMPLES } from './games/examples.js';
import { NOTIFICATION_EXAMPLES } from './notifications/examples.js';
import { PLAY_EXAMPLES } from './play/examples.js';
import { actionExamples, createExamples, gameExampleComponents } from './game-examples.js';
import { PLAYER_EXAMPLES } from './players/examples.js';
import { documenting } from './openapi-zod.js';
import { problemAnswers } from './answers.js';
import { provideExamples } from './route-content.js';
import { ProblemSchema } from './schemas.js';
import { unwrapSingleUnions } from './single-unions.js';
import { anyGameOptions } from './per-game.js';
import { closeTuples } from './tuple-items.js';
import { registerWebhooks } from './notifications/webhooks.js';

export function openApiDocumentText(): string {
  if (!documenting()) {
    throw new Error(
      "The schemas were built without their OpenAPI metadata: import @hono/zod-openapi before any of the API's modules to write the document",
    );
  }
  const gameExamples = gameExampleComponents(catalogGames);
  provideExamples({
    ...gameExamples.refs,
    ...CATALOG_EXAMPLES,
    ...PLAYER_EXAMPLES,
    ...NOTIFICATION_EXAMPLES,
    ...GAME_EXAMPLES,
    ...PLAY_EXAMPLES,
    ...CHAT_EXAMPLES,
    finish: FINISH_EXAMPLES,
  });
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The token from POST /v1/players, a session from POST /v1/sign-in/verify, or a personal access token (POST /v1/players/me/tokens)',
  });
  // Every problem answer refers to it (answers.ts), by reference only.
  app.openAPIRegistry.register('Problem', ProblemSchema);
  // Ahead of the routes, whose answers name it by a placeholder (games/schemas.ts).
  app.openAPIRegistry.register('GameOptions', anyGameOptions(catalogGames));
  registerWebhooks(app.openAPIRegistry);
  for (const [name, example] of Object.entries(gameExamples.components))
    app.openAPIRegistry.registerComponent('examples', name, example);
  // The routes need services to exist, not to work: no command is ever sent to this client.
  const services = createServices(
    dynamoStores(new DynamoDBClient({ region: 'local' }), 'unused'),
    createRegistry(catalogGames),
  );
  app.route(
    '/',
    createApp({
      ...services,
      documentedGames: {
        games: catalogGames,
        createExamples: createExamples(catalogGames),
        actionExamples: actionExamples(catalogGames),
      },
    }),
  );
  // The problem answers the routes refer to (answers.ts), once they are all declared.
  for (const [name, response] of Object.entries(problemAnswers()))
    app.openAPIRegistry.registerComponent('responses', name, response);
  const doc = unwrapSingleUnions(closeTuples(repairNullableRefs(app.getOpenAPI31Document(openApiInfo))));
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const openApiInfo = {
  openapi: '3.1.0',
  info: {
    title: 'railpost API',
    version: '1.0.0',
    description:
      'Play train board games asynchronously. Read `legalActions` from the view, post one back unchanged with the `version` you read. ' +
      'Errors are RFC 9457 problem+json with a stable `code`; the answer of each status (`components/responses`) lists its codes, and each operation names its own by status in `x-problem-codes`. A known path asked with a method it does not have answers 405 `method_not_allowed` with `Allow`.\n\n' +
      'Every answer carries `X-Request-Id`. Every 200 to a GET carries an `ETag`: send it as `If-None-Match` to get 304 without a body while nothing changed. ' +
      '`GET /v1/games` is paged (`limit`, and the `next` cursor as `cursor`). Rate-limited writes answer 429 with `Retry-After`, ' +
      'and carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; each operation states its limits and caps. ' +
      'What railpost POSTs to your webhook endpoints is under `webhooks`.\n\n' +
      'Writing a bot: [the bot guide](/docs/bots.md), from an account and a token to a bot playing whole games.',
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    contact: { name: 'railpost', url: 'https://railpost.dev' },
  },
  servers: [{ url: '/' }],
  tags: [
    { name: 'catalog', description: 'Games on offer' },
    { name: 'players', description: 'Accounts and tokens' },
    { name: 'games', description: 'Creating, joining and listing games' },
    { name: 'challenges', description: 'Asking one player to play: accepted, the game starts' },
    { name: 'play', description: 'Views, actions and the log' },
    { name: 'notifications', description: 'Webhooks, Web Push subscriptions and unsubscribe links' },
    { name: 'webhooks', description: 'What railpost POSTs to your webhook endpoints' },
    {
      name: 'events',
      description:
        "The account's event stream: a WebSocket pushing what happens in your games; its messages: [/asyncapi.yaml](/asyncapi.yaml)",
    },
  ],
};
