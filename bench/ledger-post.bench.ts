// The database's share of a money call, without HTTP or Node: pgbench drives the ledger's posting function
// (ledger_post: idempotency record, balance moves under the lock, transfer and entry rows, the money-outbox events,
// the stored answer) directly, next to its own tpcb-like on the same database in the same window, at the same
// concurrency as the wallet bench. Its ratio is the ceiling any HTTP money call on this machine can reach: the
// HTTP bench adds the session check, the server's CPU and the load generator on the same cores.
// Also prints PostgreSQL's CPU per posting and per tpcb-like transaction, read from /proc for the window.
//
// Run: node --import tsx bench/ledger-post.bench.ts   (BENCH_DATABASE_URL; BENCH_SECONDS default 20;
// BENCH_CONNECTIONS default 32). Creates and drops its own database.
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { ensureAccount } from '../apps/server/src/features/ledger/ledger.service.ts';
import { fundedMember, prepareBenchDatabase } from './bench-data.ts';
import { reportFigure } from './figures.ts';
import { fmt, pgbench, postgresCpuSeconds, scratchFile } from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const MEMBERS = 256;

const scratch = await createScratchDatabase();
let exitCode = 0;
try {
  const handle = openPostgres(scratch.url, 10);
  const db = handle.db;
  const brandId = await prepareBenchDatabase(db);
  await sql`create table bench_pair (n int primary key, legs jsonb not null)`.execute(db);
  for (let n = 1; n <= MEMBERS; n++) {
    const { id, walletId } = await fundedMember(db, brandId, `post${n}`, 100_000_000n);
    const sbo = await ensureAccount(db, { kind: 'VENDOR_WALLET', memberId: id, currency: 'BDT', vendorCode: 'SBO' });
    // The legs the wallet transfer route sends for "1.00 into the SBO wallet".
    const legs = [
      { from: String(walletId), to: String(sbo.id), amount: '100', kind: 'VENDOR_TRANSFER_IN', reference: { vendorCode: 'SBO' } },
    ];
    await sql`insert into bench_pair (n, legs) values (${n}, ${JSON.stringify(legs)}::jsonb)`.execute(db);
  }
  const script = scratchFile('ledger-post.sql', [
    `\\set n random(1, ${MEMBERS})`,
    // A fresh idempotency key per call: every call posts.
    `select ledger_post('bench-post', md5(random()::text || clock_timestamp()::text), 'bench', (select legs from bench_pair where n = :n), false);`,
  ]);
  pgbench(scratch, 10); // creates tpcb-like's tables at scale 10, as the wallet bench does
  const run = (args: string[]) => {
    const cpuBefore = postgresCpuSeconds();
    const out = execFileSync(
      'pgbench',
      ['-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), ...args, ...scratch.pgbenchArgs, scratch.name],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1]);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    return { tps, cpuMsEach: ((postgresCpuSeconds() - cpuBefore) * 1000) / transactions };
  };
  run(['-T', '3', '-f', script, '-n']); // warm: plan caches, the function's compiled body
  const before = run([]);
  const posting = run(['-f', script, '-n']);
  const after = run([]);
  const pgbenchTps = (before.tps + after.tps) / 2;
  const ratio = posting.tps / pgbenchTps;

  console.log(`\nledger_post driven by pgbench vs pgbench tpcb-like, same PostgreSQL, ${SECONDS} s each, ${CONNECTIONS} clients\n`);
  console.table([
    { workload: 'pgbench tpcb-like before', 'per s': fmt(before.tps), 'postgres CPU ms each': fmt(before.cpuMsEach, 2) },
    { workload: 'ledger_post (one leg, fresh key)', 'per s': fmt(posting.tps), 'postgres CPU ms each': fmt(posting.cpuMsEach, 2) },
    { workload: 'pgbench tpcb-like after', 'per s': fmt(after.tps), 'postgres CPU ms each': fmt(after.cpuMsEach, 2) },
    { workload: 'ratio ledger_post / pgbench (mean)', 'per s': fmt(ratio, 3), 'postgres CPU ms each': '' },
  ]);

  const audit = await auditLedger(db);
  console.log(`ledger audit: ${audit.ok ? 'clean' : 'FAILED'}`);
  if (!audit.ok) {
    console.error(JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v), 2));
    exitCode = 1;
  }
  reportFigure({
    name: 'ledger_post alone through pgbench (the database ceiling of a money call), per s',
    value: Math.round(posting.tps),
    unit: 'per s',
  });
  reportFigure({ name: 'ledger_post / pgbench tpcb-like (same database, same window)', value: Number(ratio.toFixed(3)), unit: 'ratio' });
  reportFigure({ name: 'PostgreSQL CPU per ledger_post', value: Number(posting.cpuMsEach.toFixed(2)), unit: 'ms' });
  reportFigure({
    name: 'PostgreSQL CPU per tpcb-like transaction',
    value: Number(((before.cpuMsEach + after.cpuMsEach) / 2).toFixed(2)),
    unit: 'ms',
  });
  await handle.close();
} finally {
  await scratch.drop();
}
process.exit(exitCode);
