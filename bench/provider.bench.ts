// Provider wallet round trips per second: a game round as a vendor's game server plays it, a signed `bet` then a
// signed `win` (POST /provider/v1/PG/bet|win, HMAC-SHA256 over the raw body) over real HTTP against the platform on
// a real PostgreSQL, 50 players playing at once, each with its own launch session. Beside it, in the same run and
// on the same server, pgbench's tpcb-like at 50 clients (once before and once after the provider run, the mean of
// both), so the figure reads as a ratio, not a machine-dependent number. Aim: ratio >= 0.5 and round-trip p99 < 50 ms.
//
// Each call: signature check, launch-session lookup, then one database function (decision 009): idempotency claim
// (provider_transaction), round row lock, one double-entry posting (idempotency record, both balances, transfer, two
// entries), stored answer; one transaction. The platform runs in a child process (its own event loop), the load
// generator in this one, as pgbench's client runs beside Postgres. Every 25th call is repeated (same transactionId),
// as a vendor retrying after a timeout would, and must get the first answer back.
//
// Run: npm run provider -w bench   (or node --import tsx bench/provider.bench.ts)
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (default 20),
// BENCH_PLAYERS (default 50), PGBENCH_SCALE (default 50: one branch per client, so pgbench is not throttled by
// branch-row contention). Creates and drops its own database. Exit code 1 on any failed call or ledger violation.
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { getBalance } from '../apps/server/src/features/ledger/ledger.service.ts';
import { createLaunchSession, findLaunchGame } from '../apps/server/src/features/play/launch.service.ts';
import { deriveHouseVendorSecret, signProviderRequest } from '../packages/contract/src/provider-signing.ts';
import { PROVIDER_HEADERS, PROVIDER_WALLET_BASE } from '../packages/contract/src/provider-wallet.ts';
import { fundedMember, prepareBenchDatabase } from './bench-data.ts';
import { reportFigure } from './figures.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS || 50);
const SCALE = Number(process.env.PGBENCH_SCALE || 50);
const HOUSE_SECRET = process.env.BENCH_HOUSE_SECRET || 'bench-house-master-secret-0123456789abcdef';
const VENDOR = 'PG';
const START_BALANCE = 10_000_000n;

function serverEnv(dbUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl,
    PG_POOL_MAX: String(PLAYERS),
    HOUSE_PROVIDER_SECRET: HOUSE_SECRET,
  };
}

// ---------------------------------------------------------------- the platform, in a child process

if (process.env.PROVIDER_BENCH_ROLE === 'server') {
  const dbUrl = process.env.DATABASE_URL as string;
  const handle = openPostgres(dbUrl, PLAYERS);
  const config = loadConfig(serverEnv(dbUrl));
  const app = await buildApp({ config, db: handle.db, dbKind: 'postgres' });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ origin });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      await handle.close();
      process.exit(0);
    }
  });
} else {
  await main();
}

async function main() {
  const scratch = await createScratchDatabase();
  const { name, url: dbUrl, pgbenchArgs: pgArgs } = scratch;
  let exitCode = 0;
  try {
    const handle = openPostgres(dbUrl, 10);
    const db = handle.db;
    const brandId = await prepareBenchDatabase(db);
    // Registers the house credentials (the child does it again, idempotently).
    await (await buildApp({ config: loadConfig(serverEnv(dbUrl)), db, dbKind: 'postgres' })).close();

    const game = await findLaunchGame(db, {
      nodeId: (
        await db
          .selectFrom('game')
          .select('node_id')
          .where('vendor_code', '=', VENDOR)
          .where('active', '=', true)
          .orderBy('node_id')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).node_id,
    });
    const players: { token: string; wallet: bigint }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const { id, walletId } = await fundedMember(db, brandId, `player${i}`, START_BALANCE);
      const { token } = await createLaunchSession(db, {
        memberId: id,
        brandId,
        game,
        currency: 'BDT',
        language: 'EN',
        device: 'WEB',
        now: new Date(),
        ttlMs: 3_600_000,
      });
      players.push({ token, wallet: walletId });
    }

    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...serverEnv(dbUrl), PROVIDER_BENCH_ROLE: 'server' },
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    });
    const origin = await new Promise<string>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { origin: string }).origin));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });

    // pgbench tpcb-like on the same server, same database, same concurrency: before and after the provider run.
    execFileSync('pgbench', ['-i', '-q', '-s', String(SCALE), ...pgArgs, name], { stdio: 'pipe' });
    const pgbench = () => {
      const out = execFileSync('pgbench', ['-c', String(PLAYERS), '-j', '2', '-T', String(SECONDS), ...pgArgs, name], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return {
        tps: Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1]),
        latency: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]),
      };
    };
    const before = pgbench();

    const secret = deriveHouseVendorSecret(HOUSE_SECRET, VENDOR);
    // node:http with one kept-alive connection per player: a lighter client than fetch, as a game server would use.
    const agent = new http.Agent({ keepAlive: true, maxSockets: PLAYERS });
    const send = async (call: 'bet' | 'win', body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now());
      return new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          `${origin}${PROVIDER_WALLET_BASE}/${VENDOR}/${call}`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(raw),
              [PROVIDER_HEADERS.timestamp]: timestamp,
              [PROVIDER_HEADERS.signature]: signProviderRequest(secret, timestamp, raw),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(raw);
      });
    };

    let rounds = 0;
    let calls = 0;
    let repeats = 0;
    const failures = new Map<string, number>();
    const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
    const latencies: number[] = [];
    const expectedNet = new Map<number, bigint>();

    const play = async (p: { token: string }, index: number, until: number, record: boolean) => {
      let net = 0n;
      for (let r = 0; Date.now() < until; r++) {
        const roundId = `b-${index}-${r}-${randomUUID().slice(0, 8)}`;
        const win = r % 3 === 0 ? 0n : 150n;
        const t0 = performance.now();
        const bet = { token: p.token, transactionId: randomUUID(), roundId, gameCode: game.gameCode, amount: '100', currency: 'BDT' };
        const b = await send('bet', bet);
        const w = await send('win', {
          token: p.token,
          transactionId: randomUUID(),
          roundId,
          gameCode: game.gameCode,
          amount: String(win),
          currency: 'BDT',
        });
        const elapsed = performance.now() - t0;
        if (b.status !== 200) fail(`bet ${b.status} ${b.text.slice(0, 80)}`);
        if (w.status !== 200) fail(`win ${w.status} ${w.text.slice(0, 80)}`);
        if (b.status === 200) net -= 100n;
        if (w.status === 200) net += win;
        if (!record) continue;
        calls += 2;
        latencies.push(elapsed);
        if (b.status === 200 && w.status === 200) rounds++;
        if ((rounds + index) % 25 === 0) {
          // A vendor's retry: the same bet again gets the first answer, with no second effect.
          const again = await send('bet', bet);
          repeats++;
          if (again.text !== b.text) fail(`repeat differs: ${again.status} ${again.text.slice(0, 80)}`);
        }
      }
      expectedNet.set(index, (expectedNet.get(index) ?? 0n) + net);
    };

    // Warm-up: connections, JIT, the house account, plan caches.
    await Promise.all(players.map((p, i) => play(p, i, Date.now() + 2000, false)));
    const started = performance.now();
    await Promise.all(players.map((p, i) => play(p, i, Date.now() + SECONDS * 1000, true)));
    const elapsed = (performance.now() - started) / 1000;
    const roundTrips = rounds / elapsed;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;

    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));

    // Correctness after the run: ledger invariants, and each balance = start + its rounds.
    const audit = await auditLedger(db);
    let balancesOk = true;
    for (const [i, p] of players.entries()) {
      if ((await getBalance(db, p.wallet)) !== START_BALANCE + (expectedNet.get(i) ?? 0n)) balancesOk = false;
    }
    await handle.close();

    // pgbench again after the provider run; the figure is the mean of both (the machine's load drifts).
    const after = pgbench();
    const pgTps = (before.tps + after.tps) / 2;
    const pgLatency = (before.latency + after.latency) / 2;

    console.log(`\nProvider wallet bet+win round trips vs pgbench tpcb-like, same PostgreSQL, ${SECONDS} s each, ${PLAYERS} concurrent\n`);
    console.table([
      {
        workload: `provider API bet+win over HTTP (${PLAYERS} players)`,
        'per s': roundTrips.toFixed(0),
        'calls/s': (calls / elapsed).toFixed(0),
        ok: rounds,
        failed: [...failures.values()].reduce((a, b) => a + b, 0),
        'p50 ms': pct(50).toFixed(1),
        'p99 ms': pct(99).toFixed(1),
      },
      {
        workload: `pgbench tpcb-like (-c ${PLAYERS} -j 2, scale ${SCALE}; mean of ${before.tps.toFixed(0)} before, ${after.tps.toFixed(0)} after)`,
        'per s': pgTps.toFixed(0),
        'calls/s': '',
        ok: '',
        failed: '',
        'p50 ms': `avg ${pgLatency.toFixed(1)}`,
        'p99 ms': '',
      },
      {
        workload: 'ratio round trips / pgbench tps',
        'per s': (roundTrips / pgTps).toFixed(3),
        'calls/s': '',
        ok: '',
        failed: '',
        'p50 ms': '',
        'p99 ms': '',
      },
    ]);
    console.log(
      `aim: ratio >= 0.5 and p99 < 50 ms → ratio ${roundTrips / pgTps >= 0.5 ? 'met' : 'NOT met'}, p99 ${pct(99) < 50 ? 'met' : 'NOT met'}`,
    );
    reportFigure({
      name: `provider bet+win round trips over HTTP (PostgreSQL, ${PLAYERS} players)`,
      value: Math.round(roundTrips),
      unit: '/s',
    });
    reportFigure({ name: `pgbench tpcb-like, same database (${PLAYERS} clients)`, value: Math.round(pgTps), unit: 'tx/s' });
    reportFigure({
      name: 'provider round trips / pgbench',
      value: Number((roundTrips / pgTps).toFixed(3)),
      unit: 'ratio',
      aim: '≥ 0.5',
      met: roundTrips / pgTps >= 0.5,
    });
    reportFigure({ name: 'provider bet+win p99', value: Number(pct(99).toFixed(1)), unit: 'ms', aim: '< 50 ms', met: pct(99) < 50 });
    console.log(`repeated bets (idempotent replays): ${repeats}`);
    console.log(
      `ledger audit after the run: ${audit.ok ? 'clean' : 'VIOLATIONS'} (${audit.counts.transfers} transfers, ${audit.counts.entries} entries); ` +
        `member balances = start + rounds: ${balancesOk ? 'yes' : 'NO'}`,
    );
    for (const [what, n] of failures) console.log(`  failure x${n}: ${what}`);
    if (!audit.ok || failures.size > 0 || !balancesOk) exitCode = 1;
  } finally {
    await scratch.drop();
  }
  process.exit(exitCode);
}
