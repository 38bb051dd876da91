import { createRegistry, type AnyGame } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { startLocalServer, type LocalOptions, type LocalServer } from '../../functions/local/server.js';
import { highCard } from '../fixture/high-card.js';
import { tally } from '../fixture/tally.js';

/** The public catalog plus the unlisted fixture games, as the tests play them. */
export const testRegistry = () => createRegistry([...catalogGames, highCard as AnyGame, tally as AnyGame]);

/** A local server on a free port, in memory unless a data folder is given; tests sweep deadlines by hand. */
export function startTestServer(dataDir?: string, onDbCall?: LocalOptions['onDbCall']): Promise<LocalServer> {
  return startLocalServer({ registry: testRegistry(), sweepMs: 0, ...(dataDir ? { dataDir } : {}), ...(onDbCall ? { onDbCall } : {}) });
}
