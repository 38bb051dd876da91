import { configDefaults, defineConfig } from 'vitest/config';

const BROWSER_SUITES = 'test/browser/**/*.test.ts';

export default defineConfig({
  test: {
    // Checks every answer the API suites receive against the OpenAPI document.
    setupFiles: ['test/support/answer-checks.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: on two cores shared by Chromium and the search bots' duels,
    // a browser's save can take longer to reach the store (the daily digest's browser test timed out so).
    expect: { poll: { timeout: 10_000 } },
    // Two cores: files run two at a time, each with its own embedded store.
    maxWorkers: 2,
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
          exclude: [...configDefaults.exclude, BROWSER_SUITES],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER_SUITES],
          // Finds (or installs) Chromium and builds the web client the suites serve, once, before any worker
          // starts, and only in a run that has a browser suite.
          globalSetup: ['test/support/chromium.setup.ts', 'test/support/web-client.setup.ts'],
          // Each suite starts its own server and Chromium and leaves no global behind: a worker keeps the
          // service's modules loaded from one suite to the next instead of importing them again (seconds each).
          isolate: false,
        },
      },
    ],
  },
});
