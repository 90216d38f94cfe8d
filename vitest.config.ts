import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { JourneyOrder } from './api/src/test/journey-order.js';

const require = createRequire(import.meta.url);
// One copy of graphql for the API and its tests ("GraphQLSchema from another module or realm").
const graphql = require.resolve('graphql');

// Component tests share a worker's loaded modules and page from file to file (setting up Vue,
// PrimeVue and happy-dom again for each file was most of the stage's time). A file that replaces
// a module (`vi.mock`) runs in a fresh worker of its own, so the stand-in never reaches another.
const root = new URL('./', import.meta.url);
const mocking = readdirSync(new URL('web/src/', root), { recursive: true, encoding: 'utf8' })
  .map((f) => `web/src/${f}`)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(new URL(f, root), 'utf8')));

export default defineConfig({
  test: {
    sequence: { sequencer: JourneyOrder },
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
      {
        extends: 'web/vitest.config.ts',
        test: { name: 'web', include: ['web/src/**/*.test.ts'], exclude: mocking, isolate: false },
      },
      {
        extends: 'web/vitest.config.ts',
        test: { name: 'web-isolated', include: mocking },
      },
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
