import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests. The server project runs on PGlite by default and
 * on a real PostgreSQL when TEST_DATABASE_URL is set (scripts/test.mjs does both).
 * Browser journeys live in e2e/ with their own config.
 */
/** Server test files that replace a module with vi.mock: they need a fresh module graph of their own. */
const SERVER_FILES_WITH_MODULE_MOCKS = ['src/features/session/enumeration.test.ts'];

/**
 * Test files that never open a database (game maths, paytables, pure rules). The real-PostgreSQL part of `npm test`
 * (TEST_DATABASE_URL set) does not run them a second time: they would test the same code twice.
 */
const DATABASE_FREE = {
  server: [
    'src/config.test.ts',
    'src/features/member/password-policy.test.ts',
    'src/features/session/abuse-limits.test.ts',
    'src/infra/two-factor/two-factor.test.ts',
  ],
  house: ['src/games/**', 'src/fair/**', 'src/i18n/**', 'src/boundaries.test.ts'],
  lottery: ['src/games/**', 'src/client/**', 'src/i18n/**', 'src/http/pages.test.ts', 'src/http/client.browser.test.ts'],
};
/**
 * Route-shape tests whose answer does not depend on the database engine (validation, sessions, pages, console
 * permissions, catalogue reads): PGlite runs them, and the real-PostgreSQL part of `npm test` does not run them a
 * second time (decision 037). That part keeps what the engines do differently: money and its races, the outbox and
 * jobs across instances, migrations, SQL functions, the live bus, two instances, chaos. TEST_PG_ALL=1 runs every
 * file on PostgreSQL as well.
 */
const ENGINE_INDEPENDENT = [
  // All but the session cache's test: its triggers, change log and two instances are the engine's work (decision 066).
  'src/features/session/!(session-cache).test.ts',
  'src/features/member/**',
  'src/features/system/**',
  'src/features/security/**',
  'src/features/social/**',
  'src/features/ops/**',
  'src/features/games/**',
  'src/features/content/**',
  'src/features/lobby/**',
  'src/features/web/**',
  'src/features/records/**',
  'src/features/play/rounds/betting-record.test.ts',
  'src/features/play/launch.test.ts',
  'src/features/play/launch-ends-with-session.test.ts',
  'src/features/support/feedback/**',
  'src/features/support/room/**',
  'src/features/support/chat/chat.test.ts',
  'src/features/console/console.test.ts',
  'src/features/console/content-brand-games.test.ts',
  'src/features/console/rich-text.test.ts',
  'src/features/console/social-providers.test.ts',
  'src/features/console/console-create.test.ts',
  'src/features/console/lucky.test.ts',
  'src/features/console/support-images.test.ts',
  'src/seed/**',
  'test/hardening/auth-before-validation.test.ts',
  'test/hardening/contract-fuzz.test.ts',
  'test/hardening/authorization-matrix.test.ts',
  'test/hardening/console-authorization.test.ts',
  'test/hardening/security-headers.test.ts',
  'test/hardening/access-gate.test.ts',
  'test/hardening/slow-body.test.ts',
  'test/hardening/page-route-fuzz.test.ts',
];
const onRealPostgres = Boolean(process.env.TEST_DATABASE_URL);
const allOnPostgres = process.env.TEST_PG_ALL === '1';
const databaseFree = (project: keyof typeof DATABASE_FREE) =>
  onRealPostgres ? [...DATABASE_FREE[project], ...(project === 'server' && !allOnPostgres ? ENGINE_INDEPENDENT : [])] : [];

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
          exclude: [...SERVER_FILES_WITH_MODULE_MOCKS, ...databaseFree('server')],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/worker-database.ts'],
          // A worker imports the server's modules once for all its files, not once per file (decision 037): the
          // files' state lives in their own databases and apps, and module caches are keyed by database or app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          root: 'apps/server',
          include: SERVER_FILES_WITH_MODULE_MOCKS,
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/worker-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'house',
          root: 'apps/house',
          include: ['src/**/*.test.ts'],
          exclude: databaseFree('house'),
          environment: 'node',
          // The house-service tests run against a real Playfront server on a test database.
          globalSetup: ['../server/test/global-setup.ts'],
          setupFiles: ['../server/test/worker-database.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'lottery',
          root: 'apps/lottery',
          include: ['src/**/*.test.ts'],
          exclude: databaseFree('lottery'),
          environment: 'node',
          // The settlement tests run against a real Playfront server on a test database, as the house's do.
          globalSetup: ['../server/test/global-setup.ts'],
          setupFiles: ['../server/test/worker-database.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'console',
          root: 'apps/console',
          include: ['src/**/*.test.ts'],
          environment: 'node',
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
