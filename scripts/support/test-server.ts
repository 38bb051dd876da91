import { createRegistry } from '../../engine/core/index.js';
import { fixtureGames } from '../../engine/fixtures/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { startLocalServer, type LocalOptions, type LocalServer } from '../../functions/local/server.js';
import { RAISED_LIMITS } from '../../functions/service/limits.js';

export { RAISED_LIMITS };

/** The public catalog plus the unlisted fixture games, as the tests and the load scripts play them. */
export const testRegistry = () => createRegistry([...catalogGames, ...fixtureGames]);

export type TestServerOptions = Pick<LocalOptions, 'store' | 'dataDir' | 'onDbCall' | 'now'>;

/**
 * A local server on a free port; deadlines swept by hand; limits raised. On the in-memory stores
 * unless told otherwise, or given a data folder or a watcher of store calls (then on dynalite).
 */
export function startTestServer(options: TestServerOptions = {}): Promise<LocalServer> {
  const dynalite = options.dataDir !== undefined || options.onDbCall !== undefined;
  return startLocalServer({
    registry: testRegistry(),
    sweepMs: 0,
    limits: RAISED_LIMITS,
    store: dynalite ? 'dynalite' : 'memory',
    ...options,
  });
}
