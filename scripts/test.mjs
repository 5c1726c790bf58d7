// `npm test`: every test this machine can run, in order, with one closing count.
//  1. contract, server (on embedded PGlite), web and house (built-in game provider) tests;
//  2. the server's (and the house's) database tests again on a real PostgreSQL, when one answers
//     (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres);
//  3. the end-to-end journeys in Chromium against the built site.
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a part out while iterating; a skipped part is said loudly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const skippedParts = [];
/** Every failed test (or test file that did not load), named again at the very end: a CI log is read from its tail. */
const failures = [];
let failedRuns = 0;

/**
 * The first line of a failure message, without its terminal colours, at most 200 characters. Vitest reports a
 * timeout with a stack whose first line is its placeholder "Error: STACK_TRACE_ERROR": that is said as a timeout,
 * with the frame that names where the timed-out test or hook was declared.
 */
function firstLine(message) {
  const lines = stripVTControlCharacters(String(message ?? '')).split('\n');
  if (lines[0] !== 'Error: STACK_TRACE_ERROR') return lines[0].slice(0, 200);
  const declared = lines
    .find((line) => /\.(test|e2e)\.tsx?:/.test(line))
    ?.trim()
    .replace(/^at /, '')
    .replace(`${root}/`, '');
  return `timed out (a test or hook, declared at ${declared ?? 'a place vitest did not say'})`.slice(0, 200);
}

function runVitest(label, args, env = {}) {
  const report = path.join(reportDir, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)),
    },
  );
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${label} › ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && failed.length === 0) failures.push(`${label} › ${where}: ${firstLine(file.message)}`);
    }
    if (r.numTotalTests === 0) {
      console.error(`!!! ${label}: no test ran`);
      failedRuns++;
    }
  }
  if (result.status !== 0) failedRuns++;
}

// The server's tests: most share a module graph per worker, a few need their own (vitest.config.ts).
const SERVER_PROJECTS = ['--project', 'server', '--project', 'server-isolated'];

/** At least two workers (see the PGlite part), more where there are more CPUs. */
function workers() {
  return Math.max(2, os.availableParallelism() - 1);
}

function postgresAnswers(url) {
  const { hostname, port } = new URL(url);
  const ready = spawnSync('pg_isready', ['-h', hostname, '-p', port || '5432'], { encoding: 'utf8' });
  if (ready.error) return { url, reason: 'pg_isready is not installed' };
  return ready.status === 0 ? { url } : { url, reason: `no PostgreSQL answers at ${hostname}:${port || 5432}` };
}

/**
 * The PostgreSQL servers for the real-PostgreSQL part: TEST_DATABASE_URL (default the local one) and any more in
 * TEST_DATABASE_URLS. The part runs one worker per server that answers (see apps/server/test/test-db.ts for why not
 * two workers on one server); CI starts a second server for the second CPU (.ci/run).
 */
function postgresServers() {
  const first = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const more = (process.env.TEST_DATABASE_URLS ?? '').split(',').map((url) => url.trim());
  const wanted = [...new Set([first, ...more].filter(Boolean))];
  const checked = wanted.map(postgresAnswers);
  for (const server of checked.slice(1)) if (server.reason) console.warn(`!!! not used for the tests: ${server.reason}`);
  return { first: checked[0], urls: checked.filter((server) => !server.reason).map((server) => server.url) };
}

/** Whether a Redis answers PING at `url` (the two-instance deployment test needs one beside PostgreSQL). */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

// Vitest's default is one worker fewer than the CPUs: one on a 2-CPU machine, where this part then ran one file at a
// time (1,046 s, with the second CPU mostly idle). The embedded database runs inside its worker, so two workers use
// both CPUs.
runVitest(
  'unit + server on PGlite',
  [
    '--project',
    'contract',
    '--project',
    'web',
    '--project',
    'console',
    ...SERVER_PROJECTS,
    '--project',
    'house',
    '--project',
    'lottery',
    `--maxWorkers=${workers()}`,
  ],
  {
    TEST_DATABASE_URL: undefined,
    TEST_DATABASE_URLS: undefined,
  },
);

if (process.env.SKIP_PG === '1') skippedParts.push('server tests on real PostgreSQL (SKIP_PG=1)');
else {
  const pg = postgresServers();
  if (pg.first.reason) skippedParts.push(`server tests on real PostgreSQL: ${pg.first.reason}`);
  else {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (!(await redisAnswers(redisUrl)))
      skippedParts.push(`two-instance deployment test (apps/server/test/two-instances): no Redis answers at ${redisUrl}`);
    // One worker per server: the outbox reads events below the server-wide xmin, so an open transaction in another
    // test file's database on the same server holds every file's events back (two workers on one server failed the
    // outbox and rebate tests).
    console.log(`\n(real PostgreSQL: ${pg.urls.length} server(s), one test worker each)`);
    runVitest(
      'server on real PostgreSQL',
      // server-isolated holds only an engine-independent file (vitest.config.ts ENGINE_INDEPENDENT, decision 037).
      [
        ...(process.env.TEST_PG_ALL === '1' ? SERVER_PROJECTS : ['--project', 'server']),
        '--project',
        'house',
        '--project',
        'lottery',
        `--maxWorkers=${pg.urls.length}`,
      ],
      {
        TEST_DATABASE_URL: pg.urls[0],
        TEST_DATABASE_URLS: pg.urls.join(','),
      },
    );
  }
}

if (process.env.SKIP_E2E === '1') skippedParts.push('end-to-end tests in Chromium (SKIP_E2E=1)');
else runVitest('end-to-end in Chromium', ['--config', 'e2e/vitest.config.ts']);

fs.rmSync(reportDir, { recursive: true, force: true });
console.log('');
for (const part of skippedParts) console.log(`!!! SKIPPED: ${part}`);
for (const failure of failures) console.log(`!!! FAILED: ${failure}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedRuns > 0 || totals.failed > 0 ? 1 : 0);
