import { defineConfig } from 'vitest/config';
import { siteCount } from './support/global-setup.ts';

/**
 * Browser journeys: global setup builds the site once and starts one server per worker; files run two at a time,
 * each worker on its own server and database (support/browser.ts `site()`), so no journey sees another's changes.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: siteCount(),
    fileParallelism: siteCount() > 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
