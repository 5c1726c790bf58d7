/**
 * Vitest setup file of the server and house projects: with several PostgreSQL servers for the run
 * (TEST_DATABASE_URLS, see test-db.ts), this worker uses the one its pool slot names, and every test file that reads
 * TEST_DATABASE_URL (the test databases, the chaos and two-instance runs) follows. Runs before each file's imports.
 */
const servers = (process.env.TEST_DATABASE_URLS ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
// Only on a real-PostgreSQL run (TEST_DATABASE_URL set): the list alone never turns an embedded run into one.
if (process.env.TEST_DATABASE_URL && servers.length > 0) {
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  process.env.TEST_DATABASE_URL = servers[(slot - 1) % servers.length];
}
