// Provider wallet calls per second against the server as deployed: signed `bet` and `win` calls
// (POST /provider/v1/PG/bet|win, HMAC-SHA256 over the timestamp and raw body) from `wrk` (C) to the platform in its
// own process on a scratch PostgreSQL, 50 connections, one launch session per player; pgbench's tpcb-like at 50
// clients just before and just after, on the same database. Aim: each call ≥ 0.5 of pgbench's tps, p99 < 50 ms.
//
// The calls are signed before the run (a pre-signed pool, decision 023): signing is the vendor's work on the
// vendor's machines, so it stays out of the measured window, and wrk sends bytes it did not have to compute. A win
// must follow its bet, which wrk cannot order across connections; so the run has two timed phases, the bets (each
// opening a round) and then the wins of exactly the rounds whose bets were accepted. Rounds per second is what a
// game server alternating bet and win on these two paths would get: 1 / (1/bets + 1/wins).
//
// Afterwards: the ledger audit is clean, every call was answered OK and each player's wallet equals its start
// minus its accepted bets plus its credited wins (from game_round, checked against the ledger).
//
// Run: node --import tsx bench/provider.bench.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_SECONDS default 20 for the bets, half that for the wins; BENCH_PLAYERS default 50; PGBENCH_SCALE default 50, one branch per client).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { getBalance } from '../apps/server/src/features/ledger/ledger.service.ts';
import { createLaunchSession, findLaunchGame } from '../apps/server/src/features/play/launch.service.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { deriveHouseVendorSecret, signProviderRequest } from '../packages/contract/src/provider-signing.ts';
import { PROVIDER_WALLET_BASE } from '../packages/contract/src/provider-wallet.ts';
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
  type WrkResult,
} from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS || 50);
const SCALE = Number(process.env.PGBENCH_SCALE || 50);
/** Calls signed per second of a phase: more than the server can answer, so no call is ever sent twice. */
const POOL_PER_SECOND = Number(process.env.BENCH_POOL_PER_SECOND || 8000);
const HOUSE_SECRET = `bench-house-master-secret-${randomBytes(8).toString('hex')}`;
const VENDOR = 'PG';
const START_BALANCE = 100_000_000n;
const BET = 100n;

ensureWrk();
const scratch = await createScratchDatabase();
let exitCode = 0;
try {
  const handle = openPostgres(scratch.url, 10);
  const db = handle.db;
  const brandId = await prepareBenchDatabase(db);
  const nodeId = (
    await db
      .selectFrom('game')
      .select('node_id')
      .where('vendor_code', '=', VENDOR)
      .where('active', '=', true)
      .orderBy('node_id')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).node_id;
  const game = await findLaunchGame(db, brandId, { nodeId });
  const players: { token: string; wallet: bigint; memberId: number }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const { id, walletId } = await fundedMember(db, brandId, `player${i}`, START_BALANCE);
    const { token } = await createLaunchSession(db, {
      memberSessionId: null,
      memberId: id,
      brandId,
      game,
      currency: 'BDT',
      language: 'EN',
      device: 'WEB',
      now: new Date(),
      ttlMs: 3_600_000,
    });
    players.push({ token, wallet: walletId, memberId: id });
  }
  const pg = pgbench(scratch, SCALE);
  const server = await startDeployedServer(scratch.url, await freePort(), {
    HOUSE_PROVIDER_SECRET: HOUSE_SECRET,
  });
  const secret = deriveHouseVendorSecret(HOUSE_SECRET, VENDOR);

  /** One pre-signed call a line: path, timestamp, signature, body (what bench/wrk/presigned.lua sends). */
  const signed = (call: 'bet' | 'win', body: Record<string, string>) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    return `${PROVIDER_WALLET_BASE}/${VENDOR}/${call}\t${timestamp}\t${signProviderRequest(secret, timestamp, raw)}\t${raw}`;
  };
  const bets = (run: string, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const p = players[i % PLAYERS] as (typeof players)[number];
      return signed('bet', {
        token: p.token,
        transactionId: `${run}-b${i}`,
        roundId: `${run}-${i}`,
        gameCode: game.gameCode,
        amount: String(BET),
        currency: 'BDT',
      });
    });
  /**
   * Wins of the rounds of `run` whose bets were accepted: two in three pay 1.50, the third pays nothing. Sent in the
   * bets' rotation (each player's first round, then each player's second, …), as the bets were: not in the order
   * the rounds' rows happen to lie in, which follows how the bets were committed.
   */
  const wins = async (run: string) => {
    const { rows } = await sql<{ round_id: string; member_id: number }>`
      select round_id, member_id from game_round where vendor_code = ${VENDOR} and round_id like ${`${run}-%`} and bet_count > 0
      order by row_number() over (partition by member_id order by id), member_id`.execute(db);
    const tokenOf = new Map(players.map((p) => [p.memberId, p.token]));
    return rows.map((r, i) =>
      signed('win', {
        token: tokenOf.get(r.member_id) as string,
        transactionId: `${r.round_id}-w`,
        roundId: r.round_id,
        gameCode: game.gameCode,
        amount: i % 3 === 2 ? '0' : '150',
        currency: 'BDT',
      }),
    );
  };
  const send = (lines: string[], seconds: number) =>
    runWrk({
      url: server.origin,
      script: 'presigned.lua',
      connections: PLAYERS,
      seconds,
      env: { BENCH_REQUESTS: scratchFile('calls.txt', lines), BENCH_THREADS: '2' },
    });

  /** A phase's calls, and the CPU each answered call cost: the server's process, and every PostgreSQL process. */
  type Phase = WrkResult & { cpuMs: { server: number; postgres: number }; transactionsPerCall: number };
  const measured = (run: () => WrkResult): Phase => {
    checkpoint(scratch);
    const server0 = processCpuSeconds(server.child.pid);
    const postgres0 = postgresCpuSeconds();
    const transactions0 = postgresTransactions(scratch);
    const result = run();
    const perCall = (seconds: number) => (seconds * 1000) / result.requests;
    return {
      ...result,
      cpuMs: { server: perCall(processCpuSeconds(server.child.pid) - server0), postgres: perCall(postgresCpuSeconds() - postgres0) },
      // Every transaction on the scratch database in the phase (the outbox's and the counting query's included):
      // below 1 when calls share transactions (decision 079).
      transactionsPerCall: (postgresTransactions(scratch) - transactions0 - 1) / result.requests,
    };
  };
  let phases: { before: { tps: number; latencyMs: number }; bet: Phase; win: Phase; after: { tps: number; latencyMs: number } };
  try {
    // Warm-up: connections, JIT, the house account, plan caches.
    send(bets('warm', 3 * POOL_PER_SECOND), 2);
    send(await wins('warm'), 2);
    const before = pg.run(PLAYERS, SECONDS);
    const betLines = bets('run', SECONDS * POOL_PER_SECOND);
    const bet = measured(() => send(betLines, SECONDS));
    // Half the bets' time: the accepted bets are enough wins for it unless wins run twice as fast as bets
    // (then the pool runs out, presigned.lua says so, and the bench fails rather than count repeats).
    const winLines = await wins('run');
    const win = measured(() => send(winLines, Math.max(1, Math.floor(SECONDS / 2))));
    const after = pg.run(PLAYERS, SECONDS);
    phases = { before, bet, win, after };
  } finally {
    await stopServer(server);
  }
  const { before, bet, win, after } = phases;

  // Correctness: the audit, and each player's wallet = start − accepted bets + credited wins.
  const audit = await auditLedger(db);
  const { rows: perMember } = await sql<{ member_id: number; bets: string; wins: string }>`
    select member_id, sum(bet_total) as bets, sum(win_total) as wins from game_round group by member_id`.execute(db);
  const expected = new Map(perMember.map((r) => [r.member_id, START_BALANCE - BigInt(r.bets) + BigInt(r.wins)]));
  let balancesOk = true;
  for (const p of players) if ((await getBalance(db, p.wallet)) !== (expected.get(p.memberId) ?? START_BALANCE)) balancesOk = false;
  await handle.close();

  const pgTps = (before.tps + after.tps) / 2;
  const roundsPerSecond = 1 / (1 / bet.requestsPerSecond + 1 / win.requestsPerSecond);
  const callsPerSecond = 2 * roundsPerSecond;
  const p99 = Math.max(bet.p99Ms, win.p99Ms);
  console.log(`\nProvider wallet calls (server in its own process, pre-signed calls from wrk) vs pgbench tpcb-like,`);
  console.log(`same PostgreSQL, ${SECONDS} s of bets, then the wins, ${PLAYERS} connections / clients\n`);
  const row = (workload: string, r: Phase) => ({
    workload,
    'per s': fmt(r.requestsPerSecond),
    calls: r.requests,
    'not OK': r.non2xx,
    'p50 ms': fmt(r.p50Ms, 1),
    'p99 ms': fmt(r.p99Ms, 1),
    'ratio to pgbench': fmt(r.requestsPerSecond / pgTps, 3),
    'CPU ms / call (server, PG)': `${fmt(r.cpuMs.server, 2)}, ${fmt(r.cpuMs.postgres, 2)}`,
    'PG transactions / call': fmt(r.transactionsPerCall, 2),
  });
  console.table([
    row('bet calls (each opens a round)', bet),
    row('win calls (of the accepted bets)', win),
    { workload: 'rounds (bet + win), derived', 'per s': fmt(roundsPerSecond), 'ratio to pgbench': fmt(roundsPerSecond / pgTps, 3) },
    { workload: `pgbench tpcb-like before / after (-c ${PLAYERS}, scale ${SCALE})`, 'per s': `${fmt(before.tps)} / ${fmt(after.tps)}` },
  ]);
  for (const line of [...bet.scriptLines, ...win.scriptLines]) console.log(line);
  console.log(`ledger audit: ${audit.ok ? 'clean' : 'VIOLATIONS'}; wallets = start − bets + wins: ${balancesOk ? 'yes' : 'NO'}`);
  reportFigure({
    name: `provider calls over HTTP, bet and win alternating (${PLAYERS} connections)`,
    value: Math.round(callsPerSecond),
    unit: 'calls/s',
  });
  reportFigure({ name: 'provider rounds (bet + win)', value: Math.round(roundsPerSecond), unit: 'rounds/s' });
  reportFigure({
    name: `pgbench tpcb-like, same database (${PLAYERS} clients, mean of before and after)`,
    value: Math.round(pgTps),
    unit: 'tx/s',
  });
  const perCall = Math.min(bet.requestsPerSecond, win.requestsPerSecond) / pgTps;
  reportFigure({
    name: 'provider call / pgbench (the slower of bet and win)',
    value: Number(perCall.toFixed(3)),
    unit: 'ratio',
    aim: '≥ 0.5',
    met: perCall >= 0.5,
  });
  reportFigure({
    name: 'provider call p99 (the slower of bet and win)',
    value: Number(p99.toFixed(1)),
    unit: 'ms',
    aim: '< 50',
    met: p99 < 50,
  });
  const scriptOk = [...bet.scriptLines, ...win.scriptLines].every((l) => / exhausted 0 refused 0$/.test(l));
  if (!audit.ok || !balancesOk || !scriptOk || bet.non2xx + win.non2xx > 0) exitCode = 1;
} finally {
  await scratch.drop();
}
process.exit(exitCode);
