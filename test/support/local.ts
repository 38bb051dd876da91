import { createRegistry, type AnyGame } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { afterAll, beforeAll } from 'vitest';
import { startLocalServer, type LocalOptions, type LocalServer } from '../../functions/local/server.js';
import { DEFAULT_LIMITS, type LimitedOperation, type Limits, type OperationRates } from '../../functions/service/limits.js';
import { highCard } from '../fixture/high-card.js';
import { ApiClient } from './client.js';
import { tally } from '../fixture/tally.js';

/** The public catalog plus the unlisted fixture games, as the tests play them. */
export const testRegistry = () => createRegistry([...catalogGames, highCard as AnyGame, tally as AnyGame]);

const HIGH = 1_000_000;

/**
 * The real limits with every rate and cap out of reach, for suites that play many games from
 * one address as fast as they can (fuzzers, load runs). test/api/rate-limits.test.ts checks the
 * real ones. The chat notice window stays as it is.
 */
export const RAISED_LIMITS: Limits = {
  ...DEFAULT_LIMITS,
  rates: Object.fromEntries(
    Object.entries(DEFAULT_LIMITS.rates).map(([operation, rates]) => [
      operation,
      { ...rates, ...(rates.perPlayer ? { perPlayer: { ...rates.perPlayer, points: HIGH } } : {}), ...(rates.perAddress ? { perAddress: { ...rates.perAddress, points: HIGH } } : {}) },
    ]),
  ) as Record<LimitedOperation, OperationRates>,
  caps: { openGamesPerPlayer: HIGH, chatMessagesPerGame: HIGH },
};

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
