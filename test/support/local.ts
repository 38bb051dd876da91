import { afterAll, beforeAll } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { ApiClient } from '../../scripts/support/api-client.js';
import { startTestServer } from '../../scripts/support/test-server.js';

export { RAISED_LIMITS, startTestServer, testRegistry } from '../../scripts/support/test-server.js';

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
