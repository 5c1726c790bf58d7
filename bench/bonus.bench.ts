// Bonus money as deployed (issue 11): the server in its own process on a scratch PostgreSQL, load from `wrk` (C),
// pgbench's tpcb-like on the same database just before and just after.
//
//   1. Claims: BENCH_MEMBERS members each hold one earned (claimable) reward; wrk sends each member's claim once
//      (POST /wps/promotions/weekend-reload/claim with the member's token), 50 connections.
//   2. Bets while wagering: 50 of those members now have an active bonus and no cash, so every stake is bonus money
//      (the cash-first split, the maximum-bet check, the bonus account locked with the wallet); pre-signed bet
//      calls, then the wins of the accepted rounds (shared back to the bonus), as provider.bench.ts does.
//
// Aims (issue 11): each path a money call of one statement for the money (counted in test/money/round-trips.test.ts),
// p99 < 50 ms. Afterwards: the ledger audit is clean, every claim gave exactly one grant, and each bettor's
// cash + bonus = reward − bets + wins.
//
// Run: node --import tsx bench/bonus.bench.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_SECONDS default 10; BENCH_MEMBERS default 12000; PGBENCH_SCALE default 50).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { createLaunchSession, findLaunchGame } from '../apps/server/src/features/play/launch.service.ts';
import { seedDemoPromotions } from '../apps/server/src/seed/demo-promotions.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { PROMOTION_PATHS } from '../packages/contract/src/promotions-paths.ts';
import { deriveHouseVendorSecret, signProviderRequest } from '../packages/contract/src/provider-signing.ts';
import { PROVIDER_WALLET_BASE } from '../packages/contract/src/provider-wallet.ts';
import { prepareBenchDatabase } from './bench-data.ts';
import { reportFigure } from './figures.ts';
import { ensureWrk, fmt, pgbench, runWrk, scratchFile, startDeployedServer, stopServer, type WrkResult } from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 12_000);
const BETTORS = 50;
const SCALE = Number(process.env.PGBENCH_SCALE || 50);
const POOL_PER_SECOND = Number(process.env.BENCH_POOL_PER_SECOND || 8000);
const HOUSE_SECRET = `bench-house-master-secret-${randomBytes(8).toString('hex')}`;
const VENDOR = 'PG';
const REWARD = 1_000_000n;
const PROMOTION = 'weekend-reload';

ensureWrk();
const scratch = await createScratchDatabase();
let exitCode = 0;
try {
  const handle = openPostgres(scratch.url, 10);
  const db = handle.db;
  const brandId = await prepareBenchDatabase(db);
  await seedDemoPromotions(db, brandId);
  // A budget for every claim, and a requirement no bettor meets in the run (so every stake stays bonus money).
  await sql`update promotion set budget = 1000000000000, wagering_multiplier = 1000, max_bet = 10000 where code = ${PROMOTION}`.execute(db);

  // Members, their sessions and their earned rewards, in three statements.
  const prefix = randomBytes(4).toString('hex');
  await sql`insert into member (brand_id, username) select ${brandId}, ${`b${prefix}_`} || g from generate_series(1, ${MEMBERS}) g`.execute(
    db,
  );
  await sql`
    insert into member_session (member_id, token_hash, site, created_at, last_seen_at, expires_at)
    select id, encode(sha256(convert_to('bench-session-token-' || id, 'UTF8')), 'hex'), 'member', now(), now(), now() + interval '1 day'
    from member where username like ${`b${prefix}_%`}`.execute(db);
  await sql`
    insert into promotion_participation (promotion_id, member_id, period_key, state, reward_amount, deposit_amount, created_at, updated_at)
    select p.id, m.id, 'bench', 'claimable', ${REWARD}, ${REWARD}, now(), now()
    from member m, promotion p where m.username like ${`b${prefix}_%`} and p.code = ${PROMOTION}`.execute(db);
  const { rows: members } = await sql<{ id: number }>`select id from member where username like ${`b${prefix}_%`} order by id`.execute(db);
  // Their wallet accounts exist before the run, as they would for members who deposited.
  await sql`insert into ledger_account (kind, member_id, currency) select 'MEMBER_WALLET', id, 'BDT' from member where username like ${`b${prefix}_%`}`.execute(
    db,
  );

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
  const pg = pgbench(scratch, SCALE);
  const server = await startDeployedServer(scratch.url, await freePort(), { HOUSE_PROVIDER_SECRET: HOUSE_SECRET });
  const secret = deriveHouseVendorSecret(HOUSE_SECRET, VENDOR);
  const claimPath = PROMOTION_PATHS.claim.replace(':code', PROMOTION);
  const signed = (call: 'bet' | 'win', body: Record<string, string>) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    return `${PROVIDER_WALLET_BASE}/${VENDOR}/${call}\t${timestamp}\t${signProviderRequest(secret, timestamp, raw)}\t${raw}`;
  };

  let phases: { before: { tps: number }; claim: WrkResult; bet: WrkResult; win: WrkResult; after: { tps: number } };
  let bettors: { memberId: number; token: string }[] = [];
  try {
    // Warm-up on 1,000 members' claims (JIT, plan caches, connections), then the measured claims on the others.
    const claims = members.map((m) => `${claimPath}\tbench-session-token-${m.id}`);
    runWrk({
      url: server.origin,
      script: 'claims.lua',
      connections: 50,
      seconds: 2,
      env: { BENCH_REQUESTS: scratchFile('warm.txt', claims.slice(0, 1000)), BENCH_THREADS: '2' },
    });
    const before = pg.run(50, SECONDS);
    const claim = runWrk({
      url: server.origin,
      script: 'claims.lua',
      connections: 50,
      seconds: SECONDS,
      env: { BENCH_REQUESTS: scratchFile('claims.txt', claims.slice(1000)), BENCH_THREADS: '2' },
    });

    // Bettors: members whose claim went through, with a launched game each.
    const { rows: granted } = await sql<{ member_id: number }>`
      select member_id from bonus_grant where state = 'active' order by member_id limit ${BETTORS}`.execute(db);
    bettors = [];
    for (const g of granted) {
      const { token } = await createLaunchSession(db, {
        memberSessionId: null,
        memberId: g.member_id,
        brandId,
        game,
        currency: 'BDT',
        language: 'EN',
        device: 'WEB',
        now: new Date(),
        ttlMs: 3_600_000,
      });
      bettors.push({ memberId: g.member_id, token });
    }
    const bets = (run: string, count: number) =>
      Array.from({ length: count }, (_, i) => {
        const p = bettors[i % bettors.length]!;
        return signed('bet', {
          token: p.token,
          transactionId: `${run}-b${i}`,
          roundId: `${run}-${i}`,
          gameCode: game.gameCode,
          amount: '1',
          currency: 'BDT',
        });
      });
    const wins = async (run: string) => {
      const { rows } = await sql<{ round_id: string; member_id: number }>`
        select round_id, member_id from game_round where vendor_code = ${VENDOR} and round_id like ${`${run}-%`} and bet_count > 0`.execute(
        db,
      );
      const tokenOf = new Map(bettors.map((p) => [p.memberId, p.token]));
      return rows.map((r, i) =>
        signed('win', {
          token: tokenOf.get(r.member_id)!,
          transactionId: `${r.round_id}-w`,
          roundId: r.round_id,
          gameCode: game.gameCode,
          amount: i % 3 === 2 ? '0' : '2',
          currency: 'BDT',
        }),
      );
    };
    const send = (lines: string[], seconds: number) =>
      runWrk({
        url: server.origin,
        script: 'presigned.lua',
        connections: BETTORS,
        seconds,
        env: { BENCH_REQUESTS: scratchFile('calls.txt', lines), BENCH_THREADS: '2' },
      });
    send(bets('warm', 2 * POOL_PER_SECOND), 1);
    send(await wins('warm'), 1);
    const bet = send(bets('run', SECONDS * POOL_PER_SECOND), SECONDS);
    const win = send(await wins('run'), Math.max(1, Math.floor(SECONDS / 2)));
    const after = pg.run(50, SECONDS);
    phases = { before, claim, bet, win, after };
  } finally {
    await stopServer(server);
  }
  const { before, claim, bet, win, after } = phases;

  // Correctness: the audit; one grant per claimed member; each bettor's cash + bonus = reward − bets + wins.
  const audit = await auditLedger(db);
  const { rows: dup } = await sql<{ n: number }>`
    select count(*)::int as n from (select member_id from bonus_grant group by member_id having count(*) > 1) d`.execute(db);
  const { rows: perMember } = await sql<{ member_id: number; ok: boolean }>`
    select r.member_id, (select coalesce(sum(balance), 0) from ledger_account a
        where a.member_id = r.member_id and a.kind in ('MEMBER_WALLET', 'MEMBER_BONUS'))
      = ${REWARD} - sum(r.bet_total) + sum(r.win_total) as ok
    from game_round r group by r.member_id`.execute(db);
  const balancesOk = perMember.length === bettors.length && perMember.every((r) => r.ok);
  await handle.close();

  const pgTps = (before.tps + after.tps) / 2;
  console.log(`\nBonus paths (server in its own process, wrk) vs pgbench tpcb-like, same PostgreSQL, ${SECONDS} s each\n`);
  const row = (workload: string, r: WrkResult) => ({
    workload,
    'per s': fmt(r.requestsPerSecond),
    calls: r.requests,
    'not OK': r.non2xx,
    'p50 ms': fmt(r.p50Ms, 1),
    'p99 ms': fmt(r.p99Ms, 1),
    'ratio to pgbench': fmt(r.requestsPerSecond / pgTps, 3),
  });
  console.table([
    row('claims of an earned bonus (each member once)', claim),
    row('bets while wagering (stakes from the bonus)', bet),
    row('wins of those rounds (shared back to the bonus)', win),
    { workload: 'pgbench tpcb-like before / after (-c 50)', 'per s': `${fmt(before.tps)} / ${fmt(after.tps)}` },
  ]);
  for (const line of [...claim.scriptLines, ...bet.scriptLines, ...win.scriptLines]) console.log(line);
  console.log(
    `ledger audit: ${audit.ok ? 'clean' : 'VIOLATIONS'}; one grant per member: ${dup[0]?.n === 0 ? 'yes' : 'NO'}; cash + bonus = reward − bets + wins: ${balancesOk ? 'yes' : 'NO'}`,
  );
  reportFigure({ name: 'bonus claims over HTTP (50 connections)', value: Math.round(claim.requestsPerSecond), unit: 'claims/s' });
  reportFigure({ name: 'bonus claim p99', value: Number(claim.p99Ms.toFixed(1)), unit: 'ms', aim: '< 50', met: claim.p99Ms < 50 });
  const p99 = Math.max(bet.p99Ms, win.p99Ms);
  reportFigure({
    name: 'bet and win while wagering a bonus',
    value: Math.round(Math.min(bet.requestsPerSecond, win.requestsPerSecond)),
    unit: 'calls/s',
  });
  reportFigure({ name: 'bet/win while wagering p99 (the slower)', value: Number(p99.toFixed(1)), unit: 'ms', aim: '< 50', met: p99 < 50 });
  reportFigure({
    name: 'bet while wagering / pgbench',
    value: Number((Math.min(bet.requestsPerSecond, win.requestsPerSecond) / pgTps).toFixed(3)),
    unit: 'ratio',
  });
  const scriptOk = [...claim.scriptLines, ...bet.scriptLines, ...win.scriptLines].every((l) => / exhausted 0 refused 0$/.test(l));
  if (!audit.ok || !balancesOk || dup[0]?.n !== 0 || !scriptOk || claim.non2xx + bet.non2xx + win.non2xx > 0) exitCode = 1;
} finally {
  await scratch.drop();
}
process.exit(exitCode);
