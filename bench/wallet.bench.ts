// Wallet transfers per second through the HTTP API against a real PostgreSQL, next to pgbench's tpcb-like
// figure on the same server and database, so the result reads as a ratio rather than a machine-dependent number.
//
// Each transfer is POST /wps/relay/GCS_walletTransfer (main ↔ SBO vendor wallet, alternating, fresh requestId):
// session check, idempotency record, two conditional balance updates, transfer and two entries, one transaction.
// 256 members, concurrency 32, each member behind its own client address (TRUST_PROXY) so the per-IP rate limit
// measures nothing here. Load generator and server share the machine's 2 cores, as pgbench shares them with Postgres.
//
// Run: node --import tsx bench/wallet.bench.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_SECONDS default 20). Creates and drops its own database.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { createSession } from '../apps/server/src/features/session/session.repository.ts';
import { FUNDS_PATHS } from '../packages/contract/src/funds-paths.ts';
import { fundedMember, prepareBenchDatabase } from './bench-data.ts';
import { reportFigure } from './figures.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 32);
const MEMBERS = 256;

const scratch = await createScratchDatabase();
const { name, url: dbUrl, pgbenchArgs: pgArgs } = scratch;
let exitCode = 0;
try {
  const handle = openPostgres(dbUrl, 40);
  const db = handle.db;
  const brandId = await prepareBenchDatabase(db); // vendors, incl. the transfer-mode SBO
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DATABASE_URL: dbUrl,
    PG_POOL_MAX: '40',
  } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, db, dbKind: 'postgres' });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });

  // Members with a session and 10,000.00 each.
  const members: { token: string; ip: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const { id } = await fundedMember(db, brandId, `bench${i}`, 1_000_000n);
    const token = await createSession(db, {
      memberId: id,
      site: 'member',
      mustChangePassword: false,
      ip: null,
      userAgent: null,
      now: new Date(),
      absoluteMs: 3_600_000,
    });
    members.push({ token, ip: `10.1.${i >> 8}.${i & 255}` });
  }

  const transfer = async (m: { token: string; ip: string }, direction: 'IN' | 'OUT') => {
    const res = await fetch(`${origin}${FUNDS_PATHS.walletTransfer}`, {
      method: 'POST',
      headers: { authorization: m.token, 'content-type': 'application/json', 'x-forwarded-for': m.ip },
      body: JSON.stringify({ requestId: randomUUID(), vendorCode: 'SBO', direction, amount: '100' }),
    });
    const body = await res.text();
    return { ok: res.status === 200, status: res.status, body };
  };
  // Warm-up: connections, JIT, first vendor wallets.
  for (const m of members.slice(0, CONCURRENCY)) await transfer(m, 'IN');

  let done = 0;
  let failed = 0;
  const failures = new Map<string, number>();
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let k = 0; Date.now() < end; k++) {
        // Each member goes IN then OUT, so the vendor wallet always holds what the OUT takes back.
        const m = members[(w + CONCURRENCY * (Math.floor(k / 2) % Math.floor(MEMBERS / CONCURRENCY))) % MEMBERS] as {
          token: string;
          ip: string;
        };
        const t0 = performance.now();
        const r = await transfer(m, k % 2 === 0 ? 'IN' : 'OUT');
        latencies.push(performance.now() - t0);
        if (r.ok) done++;
        else {
          failed++;
          failures.set(`${r.status} ${r.body.slice(0, 80)}`, (failures.get(`${r.status} ${r.body.slice(0, 80)}`) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const walletTps = done / elapsed;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);
  await app.close();

  const audit = await auditLedger(db);
  await handle.close();

  // pgbench on the same server and database.
  execFileSync('pgbench', ['-i', '-q', '-s', '10', ...pgArgs, name], { stdio: 'pipe' });
  const out = execFileSync('pgbench', ['-c', '32', '-j', '2', '-T', String(SECONDS), ...pgArgs, name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgTps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1]);

  console.log(`\nWallet transfers vs pgbench tpcb-like, same PostgreSQL, ${SECONDS} s each, concurrency 32, ${MEMBERS} members\n`);
  console.table([
    {
      workload: 'HTTP wallet transfer (main ↔ vendor)',
      'tx/s': walletTps.toFixed(0),
      ok: done,
      failed,
      'p50 ms': pct(50),
      'p99 ms': pct(99),
    },
    { workload: 'pgbench tpcb-like (-c 32 -j 2, scale 10)', 'tx/s': pgTps.toFixed(0), ok: '', failed: '', 'p50 ms': '', 'p99 ms': '' },
    { workload: 'ratio wallet / pgbench', 'tx/s': (walletTps / pgTps).toFixed(3), ok: '', failed: '', 'p50 ms': '', 'p99 ms': '' },
  ]);
  console.log(
    `ledger audit after the run: ${audit.ok ? 'clean' : 'VIOLATIONS'} (${audit.counts.transfers} transfers, ${audit.counts.entries} entries)`,
  );
  reportFigure({ name: 'wallet transfer over HTTP, tx/s (PostgreSQL, 32 concurrent)', value: Math.round(walletTps), unit: 'tx/s' });
  reportFigure({ name: 'pgbench tpcb-like, same database (32 clients)', value: Math.round(pgTps), unit: 'tx/s' });
  reportFigure({
    name: 'wallet / pgbench',
    value: Number((walletTps / pgTps).toFixed(3)),
    unit: 'ratio',
    aim: '≥ 0.5',
    met: walletTps / pgTps >= 0.5,
  });
  for (const [what, n] of failures) console.log(`  failure x${n}: ${what}`);
  if (!audit.ok || failed > 0) exitCode = 1;
} finally {
  await scratch.drop();
}
process.exit(exitCode);
