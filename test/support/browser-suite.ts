import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { launchChromium, watchedPage } from '../../scripts/support/chromium.js';
import { loadWebAssets } from '../../functions/api/web.js';
import { testClient, type Api } from './client.js';
import { RAISED_LIMITS, testRegistry } from './local.js';

/** Where browser suites put their screenshots. */
export const SHOTS = join('test-results', 'browser');

export interface BrowserSuite {
  readonly server: LocalServer;
  readonly browser: Browser;
  /** The API of `server`, without a token. */
  readonly api: Api;
  /** A fresh page of its own context (a phone by default) that records script errors and CSP violations. */
  open(width?: number, height?: number, locale?: string): Promise<{ page: Page; problems: string[] }>;
  /** The same, signed in as the player of `token` from its first load on. */
  openAs(token: string, width?: number, height?: number, locale?: string): Promise<{ page: Page; problems: string[] }>;
}

/**
 * One local server serving the built web client, and one Chromium, for a whole test file: started
 * before its tests and closed after them. The client is built, and Chromium found or installed, once
 * for the whole run (web-client.setup.ts, chromium.setup.ts).
 */
export function useBrowserSuite(): BrowserSuite {
  const suite = {
    open: (width?: number, height?: number, locale?: string) => watchedPage(suite.browser, { width, height, locale }),
    openAs: (token: string, width?: number, height?: number, locale?: string) =>
      watchedPage(suite.browser, { width, height, locale, token }),
  } as BrowserSuite & { server: LocalServer; browser: Browser; api: Api };
  beforeAll(async () => {
    const noChromium = inject('noChromium');
    if (noChromium) throw new Error(noChromium);
    const client = inject('webClient');
    if ('failed' in client) throw new Error(client.failed);
    mkdirSync(SHOTS, { recursive: true });
    [suite.server, suite.browser] = await Promise.all([
      loadWebAssets(client.dir).then((web) =>
        startLocalServer({ store: 'memory', registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 0, web }),
      ),
      launchChromium(),
    ]);
    suite.api = testClient(suite.server.url);
  }, 180_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
