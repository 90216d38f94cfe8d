import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
// One copy of graphql for the API and its tests ("GraphQLSchema from another module or realm").
const graphql = require.resolve('graphql');

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { graphql } },
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts'],
          environment: 'node',
          // A worker keeps the API's modules loaded from one file to the next: importing them
          // is most of a small file's time. Files share no state but what a module keeps for the
          // process (caches keyed by ids that differ per file); spies are put back after each test.
          isolate: false,
          restoreMocks: true,
          globalSetup: ['api/src/test/global-setup.ts'],
          setupFiles: ['reflect-metadata'],
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
      'web/vitest.config.ts',
      {
        resolve: { alias: { graphql } },
        test: {
          name: 'e2e',
          include: ['web/src/e2e/**/*.e2e.ts'],
          isolate: false,
          // The browser shares two cores with the API suite: give screens time to settle.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          environment: 'node',
          globalSetup: ['api/src/test/global-setup.ts'],
          setupFiles: ['reflect-metadata'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
