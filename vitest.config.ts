import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. The server project runs on PGlite by default and
 * on a real PostgreSQL when TEST_DATABASE_URL is set (scripts/test.mjs does both).
 * Browser journeys live in e2e/ with their own config.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'house',
          root: 'apps/house',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The house-service tests run against a real Playfront server on a test database.
          globalSetup: ['../server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
