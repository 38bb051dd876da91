import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createRegistry } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { createServices } from '../service/index.js';
import { createApp, openApiDocumentOf } from './app.js';

/** The OpenAPI document as committed in api-spec/: generated from the routes, never written by hand. */
export function openApiDocumentText(): string {
  // The routes need services to exist, not to work: no command is ever sent to this client.
  const services = createServices(new DynamoDBClient({ region: 'local' }), 'unused', createRegistry(catalogGames));
  const doc = openApiDocumentOf(createApp({ ...services, documentedGames: catalogGames }));
  return `${JSON.stringify(doc, null, 2)}\n`;
}
