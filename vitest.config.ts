import { configDefaults, defineConfig } from 'vitest/config';
import { SpreadBrowserSuites } from './test/support/spread-browser-suites.js';

/**
 * Suites that change what the whole process sees (environment variables the Lambda entries read
 * at import, and the modules imported under them), or that must import @hono/zod-openapi before
 * any of the API's modules to write the document: each runs in a fresh module graph of its own.
 */
const ISOLATED = [
  'test/lambda.test.ts',
  'test/stream-lambda.test.ts',
  // It mocks the client's api module, which must not stay mocked for the suites after it.
  'web/client/event-stream.test.ts',
  'test/bundle.test.ts',
  'test/adding-a-game.test.ts',
  'test/mail/ses-lambda.test.ts',
  'test/api-spec.test.ts',
];

export default defineConfig({
  test: {
    // Checks every answer the API suites receive against the OpenAPI document.
    setupFiles: ['test/support/answer-checks.setup.ts'],
    // Finds (or installs) Chromium and builds the web client the browser suites serve, once, before
    // any worker starts.
    globalSetup: ['test/support/chromium.setup.ts', 'test/support/web-client.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: on two cores shared by Chromium and the search bots' duels,
    // a browser's save can take longer to reach the store (the daily digest's browser test timed out so).
    expect: { poll: { timeout: 10_000 } },
    // Two cores: files run two at a time, each with its own local server and store, and at most
    // one Chromium at a time where the order can see to it.
    maxWorkers: 2,
    sequence: { sequencer: SpreadBrowserSuites },
    reporters: ['default', ['json', { outputFile: '.test-results.json' }]],
    env: { NODE_NO_WARNINGS: '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'suites',
          include: [
            'engine/**/*.test.ts',
            'functions/**/*.test.ts',
            'web/**/*.test.ts',
            'presentation/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // A worker keeps the service's, the SDK's, the engines' and the browser kit's modules loaded
          // from one suite to the next instead of importing them again (seconds a file, a third of the
          // run). Suites keep their state in their own servers and browsers, and restore what they spy on.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
