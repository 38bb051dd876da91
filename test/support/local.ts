import { afterAll, beforeAll } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { startTestServer, type TestServerOptions } from '../../scripts/support/test-server.js';
import { testClient, type Api } from './client.js';

export { RAISED_LIMITS, startTestServer, testRegistry } from '../../scripts/support/test-server.js';

/**
 * A test server for the whole suite (started before it, closed after it) and a client without a
 * token; `options.now`, when given, is the server's clock (a suite that moves time itself).
 */
export function useTestServer(options: TestServerOptions = {}): { readonly server: LocalServer; readonly api: Api } {
  const suite = {} as { server: LocalServer; api: Api };
  beforeAll(async () => {
    suite.server = await startTestServer(options);
    suite.api = testClient(suite.server.url);
  });
  afterAll(() => suite.server.close());
  return suite;
}
