// Wallet transfers per second through the HTTP API of the server as deployed, next to pgbench's tpcb-like on the
// same PostgreSQL and database in the same window, so the result reads as a ratio rather than a machine's number.
//
// The server runs in its own process (bench/load.ts: as `npm start` runs it, on a scratch database); the load is
// `wrk` (C) with bench/wrk/wallet-transfer.lua: POST /wps/relay/GCS_walletTransfer of 1.00, main ↔ SBO vendor
// wallet, IN and OUT in turn, a fresh requestId each, 256 members with a session each, 32 connections. pgbench
// (-c 32 -j 2) runs just before and just after; the ratio uses their mean. Afterwards the ledger audit must be
// clean and the ledger must hold exactly one transfer per answered request.
//
// Run: node --import tsx bench/wallet.bench.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_SECONDS default 20; BENCH_CONNECTIONS default 32). Creates and drops its own database.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { ensureAccount, postTransfers } from '../apps/server/src/features/ledger/ledger.service.ts';
import { createSession } from '../apps/server/src/features/session/session.repository.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { fundedMember, prepareBenchDatabase } from './bench-data.ts';
import { reportFigure } from './figures.ts';
import {
  checkpoint,
  ensureWrk,
  fmt,
  pgbench,
  postgresCpuSeconds,
  postgresTransactions,
  processCpuSeconds,
  runWrk,
  scratchFile,
  startDeployedServer,
  stopServer,
} from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const MEMBERS = 256;

ensureWrk();
const scratch = await createScratchDatabase();
let exitCode = 0;
try {
  const handle = openPostgres(scratch.url, 10);
  const db = handle.db;
  const brandId = await prepareBenchDatabase(db); // vendors, incl. the transfer-mode SBO
  const countTransfers = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from ledger_transfer`.execute(db)).rows[0]?.n ?? 0);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const { id, walletId } = await fundedMember(db, brandId, `bench${i}`, 1_000_000n);
    // 1,000.00 already in the SBO wallet, so an OUT never waits for its IN.
    const sbo = await ensureAccount(db, { kind: 'VENDOR_WALLET', memberId: id, currency: 'BDT', vendorCode: 'SBO' });
    await postTransfers(db, {
      scope: 'bench-sbo',
      idempotencyKey: String(id),
      legs: [{ from: walletId, to: sbo.id, amount: 100_000n, kind: 'VENDOR_TRANSFER_IN' }],
    });
    tokens.push(
      await createSession(db, {
        memberId: id,
        site: 'member',
        mustChangePassword: false,
        ip: null,
        userAgent: null,
        now: new Date(),
        absoluteMs: 3_600_000,
      }),
    );
  }
  const transfersBefore = await countTransfers();
  const pg = pgbench(scratch, 10);
  const server = await startDeployedServer(scratch.url, await freePort());
  const tokenFile = scratchFile('tokens.txt', tokens);
  const wrk = (seconds: number, run: string) =>
    runWrk({
      url: server.origin,
      script: 'wallet-transfer.lua',
      connections: CONNECTIONS,
      seconds,
      env: { BENCH_TOKENS: tokenFile, BENCH_RUN: run, BENCH_THREADS: '2' },
    });
  const window = (() => {
    try {
      const warm = wrk(3, `w${randomBytes(3).toString('hex')}`); // connections, JIT, plan caches
      const before = pg.run(CONNECTIONS, SECONDS);
      checkpoint(scratch);
      const cpuBefore = { server: processCpuSeconds(server.child.pid), postgres: postgresCpuSeconds() };
      const transactionsBefore = postgresTransactions(scratch);
      const result = wrk(SECONDS, `m${randomBytes(3).toString('hex')}`);
      // Every transaction the server ran per answered request: the session read and the posting (two), plus its
      // share of the outbox dispatcher's and the jobs' work in the same window.
      const transactionsPerRequest = (postgresTransactions(scratch) - transactionsBefore - 1) / result.requests;
      // Where the CPU went, per answered request: the server's process and every PostgreSQL process.
      const cpuMs = {
        server: ((processCpuSeconds(server.child.pid) - cpuBefore.server) * 1000) / result.requests,
        postgres: ((postgresCpuSeconds() - cpuBefore.postgres) * 1000) / result.requests,
      };
      const after = pg.run(CONNECTIONS, SECONDS);
      return { warm, before, result, after, cpuMs, transactionsPerRequest };
    } finally {
      void stopServer(server);
    }
  })();
  await server.exited;
  const { before, result, after, cpuMs, transactionsPerRequest } = window;
  const answeredTotal = window.warm.requests + result.requests;
  const pgTps = (before.tps + after.tps) / 2;
  const ratio = result.requestsPerSecond / pgTps;
  const audit = await auditLedger(db);
  const transfersMade = (await countTransfers()) - transfersBefore;
  await handle.close();

  console.log(`\nWallet transfers (server in its own process, load from wrk) vs pgbench tpcb-like, same PostgreSQL,`);
  console.log(`${SECONDS} s each, ${CONNECTIONS} connections / clients, ${MEMBERS} members\n`);
  console.table([
    {
      workload: 'HTTP wallet transfer (main ↔ vendor), wrk',
      'per s': fmt(result.requestsPerSecond),
      requests: result.requests,
      'not 2xx': result.non2xx,
      'p50 ms': fmt(result.p50Ms, 1),
      'p99 ms': fmt(result.p99Ms, 1),
    },
    { workload: 'pgbench tpcb-like before', 'per s': fmt(before.tps), 'p50 ms': `mean ${fmt(before.latencyMs, 1)}` },
    { workload: 'pgbench tpcb-like after', 'per s': fmt(after.tps), 'p50 ms': `mean ${fmt(after.latencyMs, 1)}` },
    { workload: 'ratio wallet / pgbench (mean)', 'per s': fmt(ratio, 3) },
  ]);
  for (const line of result.scriptLines) console.log(line);
  console.log(`CPU per request: server ${fmt(cpuMs.server, 2)} ms, PostgreSQL ${fmt(cpuMs.postgres, 2)} ms`);
  console.log(`PostgreSQL transactions per request: ${fmt(transactionsPerRequest, 2)}`);
  console.log(
    `ledger audit: ${audit.ok ? 'clean' : 'VIOLATIONS'}; ledger transfers made ${transfersMade}, requests wrk counted ${answeredTotal}`,
  );
  reportFigure({
    name: 'wallet transfer over HTTP, req/s (wrk, 32 connections)',
    value: Math.round(result.requestsPerSecond),
    unit: 'req/s',
  });
  reportFigure({ name: 'wallet transfer p99', value: Number(result.p99Ms.toFixed(1)), unit: 'ms', aim: '< 50', met: result.p99Ms < 50 });
  reportFigure({ name: 'pgbench tpcb-like, same database (32 clients, mean of before and after)', value: Math.round(pgTps), unit: 'tx/s' });
  reportFigure({ name: 'wallet transfer: server CPU per request', value: Number(cpuMs.server.toFixed(2)), unit: 'ms' });
  reportFigure({ name: 'wallet transfer: PostgreSQL CPU per request', value: Number(cpuMs.postgres.toFixed(2)), unit: 'ms' });
  reportFigure({
    name: 'wallet transfer: PostgreSQL transactions per request',
    value: Number(transactionsPerRequest.toFixed(2)),
    unit: 'tx',
  });
  reportFigure({ name: 'wallet / pgbench', value: Number(ratio.toFixed(3)), unit: 'ratio', aim: '≥ 0.5', met: ratio >= 0.5 });
  const refused = result.scriptLines.some((l) => !/refused 0$/.test(l));
  // wrk may leave a few requests unanswered at the end of a run (it stops the clock mid-flight); more ledger
  // transfers than answered requests, or a refusal, is a failure.
  if (!audit.ok || result.non2xx > 0 || refused || transfersMade > answeredTotal + CONNECTIONS * 2) exitCode = 1;
} finally {
  await scratch.drop();
}
process.exit(exitCode);
