import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'engine/**/*.test.ts',
      'functions/**/*.test.ts',
      'web/**/*.test.ts',
      'presentation/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // Checks every answer the API suites receive against the OpenAPI document.
    setupFiles: ['test/support/answer-checks.setup.ts'],
    // Finds (or installs) the browser suites' Chromium and builds the web client they serve, once, before any worker starts.
    globalSetup: ['test/support/chromium.setup.ts', 'test/support/web-client.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: on two cores shared by Chromium and the search bots' duels,
    // a browser's save can take longer to reach the store (the daily digest's browser test timed out so).
    expect: { poll: { timeout: 10_000 } },
    // Two cores: files run two at a time, each with its own embedded store.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: '.test-results.json' }]],
    env: { NODE_NO_WARNINGS: '1' },
  },
});
