import { createRegistry } from '../../engine/core/index.js';
import { fixtureGames } from '../../engine/fixtures/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { startLocalServer, type LocalOptions, type LocalServer } from '../../functions/local/server.js';
import { RAISED_LIMITS } from '../../functions/service/limits.js';

export { RAISED_LIMITS };

/** The public catalog plus the unlisted fixture games, as the tests and the load scripts play them. */
export const testRegistry = () => createRegistry([...catalogGames, ...fixtureGames]);

/** A local server on a free port, in memory unless a data folder is given; deadlines swept by hand; limits raised. */
export function startTestServer(
  dataDir?: string,
  onDbCall?: LocalOptions['onDbCall'],
  now?: LocalOptions['now'],
): Promise<LocalServer> {
  return startLocalServer({
    registry: testRegistry(),
    sweepMs: 0,
    limits: RAISED_LIMITS,
    ...(dataDir ? { dataDir } : {}),
    ...(onDbCall ? { onDbCall } : {}),
    ...(now ? { now } : {}),
  });
}
