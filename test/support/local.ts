import { createRegistry, type AnyGame } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { afterAll, beforeAll } from 'vitest';
import { startLocalServer, type LocalOptions, type LocalServer } from '../../functions/local/server.js';
import { RAISED_LIMITS } from '../../functions/service/limits.js';
import { highCard } from '../fixture/high-card.js';
import { ApiClient } from './client.js';
import { tally } from '../fixture/tally.js';

export { RAISED_LIMITS };

/** The public catalog plus the unlisted fixture games, as the tests play them. */
export const testRegistry = () => createRegistry([...catalogGames, highCard as AnyGame, tally as AnyGame]);

/** A local server on a free port, in memory unless a data folder is given; tests sweep deadlines by hand; limits raised. */
export function startTestServer(dataDir?: string, onDbCall?: LocalOptions['onDbCall']): Promise<LocalServer> {
  return startLocalServer({ registry: testRegistry(), sweepMs: 0, limits: RAISED_LIMITS, ...(dataDir ? { dataDir } : {}), ...(onDbCall ? { onDbCall } : {}) });
}

/** A test server for the whole suite (started before it, closed after it) and a client without a token. */
export function useTestServer(): { readonly server: LocalServer; readonly api: ApiClient } {
  const suite = {} as { server: LocalServer; api: ApiClient };
  beforeAll(async () => {
    suite.server = await startTestServer();
    suite.api = new ApiClient(suite.server.url);
  });
  afterAll(() => suite.server.close());
  return suite;
}
