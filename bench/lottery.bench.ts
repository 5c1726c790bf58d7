// The built-in lottery as deployed: the platform in its own process on a scratch PostgreSQL (its own lottery loop
// off, LOTTERY_TICK_MS=0), and one lottery instance in this process on the same database, reaching the platform's
// provider wallet API over HTTP as in production. 50 players open the lottery (one launch each, vendor ELOTT) and
// place BENCH_SLIPS slips (default 10,000: 200 each, all 50 at once) on one fast draw (ELOTT_1); then the draw is
// drawn and settled by one pass of the loop: every slip graded and paid (a zero win closes a losing round).
// Printed: placement rate, settlement time, wallet calls made, settled slips per second.
// Afterwards: the ledger audit is clean, every slip settled, each wallet = start − stakes + payouts.
//
// The lottery's clock is held at the start during placement (so 10,000 slips fit before the draw closes, however
// slow the machine) and moved past the draw time for settlement; wallet calls carry the real time.
//
// Run: node --import tsx bench/lottery.bench.ts  (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_PLAYERS default 50; BENCH_SLIPS default 10000).
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { lotteryProvider } from '../apps/lottery/src/index.ts';
import type { LotteryService } from '../apps/lottery/src/service.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { auditLedger } from '../apps/server/src/features/ledger/ledger.audit.ts';
import { getBalance } from '../apps/server/src/features/ledger/ledger.service.ts';
import { createLaunchSession, findLaunchGame } from '../apps/server/src/features/play/launch.service.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { deriveLotteryVendorSecret } from '../packages/contract/src/provider-signing.ts';
import { PROVIDER_WALLET_BASE } from '../packages/contract/src/provider-wallet.ts';
import { fundedMember, prepareBenchDatabase } from './bench-data.ts';
import { reportFigure } from './figures.ts';
import { fmt, startDeployedServer, stopServer } from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS || 50);
const SLIPS = Number(process.env.BENCH_SLIPS || 10_000);
const MASTER = `bench-house-master-secret-${randomBytes(8).toString('hex')}`;
const START_BALANCE = 100_000_000n;
const VENDOR = 'ELOTT';

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
  const players: { token: string; wallet: bigint; memberId: number; session?: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const { id, walletId } = await fundedMember(db, brandId, `lotto${i}`, START_BALANCE);
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
  const server = await startDeployedServer(scratch.url, await freePort(), { HOUSE_PROVIDER_SECRET: MASTER, LOTTERY_TICK_MS: '0' });

  let now = Date.now();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
  let service: LotteryService | undefined;
  const lottery = Fastify();
  await lottery.register(lotteryProvider, {
    prefix: '/lotto',
    walletBaseUrl: `${server.origin}${PROVIDER_WALLET_BASE}`,
    secretForVendor: (vendor) => deriveLotteryVendorSecret(MASTER, vendor),
    sql: { query: async <R>(text: string, params: readonly unknown[] = []) => (await pool.query(text, [...params])).rows as R[] },
    tickMs: 0,
    now: () => now,
    onService: (s) => {
      service = s;
    },
  });
  const port = await freePort();
  await lottery.listen({ port, host: '127.0.0.1' });
  if (!service) throw new Error('no lottery service');
  const origin = `http://127.0.0.1:${port}`;
  const call = async (path: string, session: string | null, body?: unknown) => {
    const r = await fetch(`${origin}/lotto/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(session ? { 'x-lotto-session': session } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
    return (await r.json()) as any;
  };

  for (const p of players) {
    const opened = await call('session', null, { vendor: VENDOR, token: p.token });
    if (!opened.ok) throw new Error(`session: ${JSON.stringify(opened)}`);
    p.session = opened.session;
  }
  const draw = (await call('games/ELOTT_1/draws/current', players[0]?.session ?? null)).draw;

  // Placement: every player at once, each its share of the slips one after the other.
  const perPlayer = Math.ceil(SLIPS / PLAYERS);
  const choices = ['BIG', 'SMALL'];
  let refused = 0;
  const placeStart = performance.now();
  await Promise.all(
    players.map(async (p, i) => {
      for (let k = 0; k < perPlayer && i * perPlayer + k < SLIPS; k++) {
        const placed = await call('slips', p.session ?? null, {
          game: 'ELOTT_1',
          drawId: draw.drawId,
          requestId: `bench-${i}-${k}`,
          lines: [
            { betType: 'P3_BIG_SMALL', numbers: [choices[(i + k) % 2]], stake: '1000' },
            // The middle sums (8–19): 10,000 slips spread over all 28 sums put ~357 × 950× on sums 0 and 27, past the
            // draw's house exposure limit, whose refusal lottery-platform.test.ts covers; here every slip must land.
            { betType: 'P3_SUM', numbers: [String(8 + ((i + k) % 12))], stake: '1000' },
          ],
        });
        if (!placed.ok) refused++;
      }
    }),
  );
  const placeSeconds = (performance.now() - placeStart) / 1000;
  const placedCount = SLIPS - refused;
  const callsBefore = { ...service.calls };

  // Settlement: the draw time passes; one pass of the loop draws, grades and pays every slip.
  now = Date.parse(draw.drawsAt) + 1;
  const settleStart = performance.now();
  await service.tick();
  const settleSeconds = (performance.now() - settleStart) / 1000;
  const wins = service.calls.win - callsBefore.win;
  const counts = await service.store.slipCounts(draw.drawId);

  await lottery.close();
  await pool.end();
  await stopServer(server);

  const audit = await auditLedger(db);
  const { rows } = await sql<{ player_key: string; stake: string; paid: string }>`
    select player_key, sum(total_stake)::text as stake, sum(coalesce(total_payout, 0))::text as paid
    from lottery_slip where status = 'settled' group by player_key`.execute(db);
  const byPlayer = new Map(rows.map((r) => [r.player_key, START_BALANCE - BigInt(r.stake) + BigInt(r.paid)]));
  let balancesOk = byPlayer.size === PLAYERS;
  const expectedTotal = [...byPlayer.values()].reduce((a, b) => a + b, 0n);
  let actualTotal = 0n;
  for (const p of players) actualTotal += await getBalance(db, p.wallet);
  if (actualTotal !== expectedTotal) balancesOk = false;
  await handle.close();

  console.log(`\nLottery (platform in its own process, lottery in this one, one PostgreSQL): ${PLAYERS} players, one ELOTT_1 draw\n`);
  console.table([
    {
      step: 'slips placed (one wallet bet each)',
      count: placedCount,
      refused,
      seconds: fmt(placeSeconds, 2),
      'per s': fmt(placedCount / placeSeconds),
    },
    {
      step: 'settlement: draw, grade, win calls',
      count: counts.settled ?? 0,
      'win calls': wins,
      seconds: fmt(settleSeconds, 2),
      'per s': fmt((counts.settled ?? 0) / settleSeconds),
    },
  ]);
  console.log(`slip statuses after settlement: ${JSON.stringify(counts)}`);
  console.log(
    `ledger audit: ${audit.ok ? 'clean' : 'VIOLATIONS'}; wallets = start − stakes + payouts (total over players): ${balancesOk ? 'yes' : 'NO'}`,
  );
  reportFigure({
    name: `lottery slips placed (${PLAYERS} players at once, one bet call each)`,
    value: Math.round(placedCount / placeSeconds),
    unit: 'slips/s',
  });
  reportFigure({
    name: `lottery settlement of ${counts.settled ?? 0} slips (one win call each)`,
    value: Number(settleSeconds.toFixed(2)),
    unit: 's',
  });
  reportFigure({ name: 'lottery win calls per second while settling', value: Math.round(wins / settleSeconds), unit: 'calls/s' });
  reportFigure({
    name: 'lottery wallet calls per slip (bet + win)',
    value: Number(((callsBefore.bet + wins) / Math.max(1, counts.settled ?? 0)).toFixed(2)),
    unit: 'calls',
    aim: '= 2',
    met: callsBefore.bet + wins === 2 * (counts.settled ?? 0),
  });
  if (!audit.ok || !balancesOk || refused > 0 || (counts.settled ?? 0) !== placedCount) exitCode = 1;
} finally {
  await scratch.drop();
}
process.exit(exitCode);
