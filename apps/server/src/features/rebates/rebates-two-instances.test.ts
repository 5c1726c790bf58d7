import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { workerProcesses } from '../../../test/worker-processes.ts';
import { dispatchOnce } from '../../infra/outbox/money-outbox.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { DEMO_REBATE_DEFAULT_BPS } from '../../seed/demo-rebates.ts';
import { findBrand } from '../brand/brand.repository.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { deposit, house, memberWallet } from '../ledger/ledger.fixtures.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { moneyHourlyConsumer } from '../reports/money-hourly-consumer.ts';
import { REBATE_CONSUMER, rebateAccrualConsumer } from './rebate-accrual-consumer.ts';
import { periodOf } from './rebate-rules.ts';
import { saveSettings } from './rebates.service.ts';
import { CASHBACK_JOB, REBATE_PAYOUT_JOB } from './rebates-jobs.ts';

/**
 * The rebate payout and the cashback jobs run by two separate processes on one PostgreSQL database (as two instances
 * would), one of them SIGKILLed while its run waits in the middle of paying: every member is paid each reward
 * exactly once, nothing is left half done, the ledger audit is clean. The workers share a simulated clock on which a
 * day passes every three seconds. Needs a real PostgreSQL (TEST_DATABASE_URL); skipped loudly without one.
 */
const skip = testDbKind !== 'postgres';
if (skip) console.warn('!!! SKIPPED: rebate jobs across two processes: it needs a real PostgreSQL (TEST_DATABASE_URL)');

const DAY_MS = 86_400_000;
// Three seconds of real time per simulated day: a kill and the survivor's next pass must fit inside the day that
// pays (at one second a day, a loaded CI machine let the day pass, and that day's payout was never retried).
const REAL_MS_PER_DAY = 3000;
const tk = (taka: number) => BigInt(taka) * 100n;
const here = path.dirname(fileURLToPath(import.meta.url));
let database: TestDatabase;
const { start, waitFor, killAll, killOneMidRun } = workerProcesses();
const startWorker = (name: string, env: Record<string, string>) =>
  start(name, path.join(here, 'rebates-jobs.worker.ts'), urlFor(database.name), env);

beforeAll(async () => {
  if (skip) return;
  database = await createTestDatabase();
});

afterAll(async () => {
  await killAll();
  await database?.close();
});

describe.skipIf(skip)('rebate jobs on two processes, one SIGKILLed mid-run (postgres)', () => {
  it('pays each member its rebate and its cashback exactly once', async () => {
    const db = database.db;
    const brandId = (await findBrand(db, DEMO_MERCHANT_CODE))!.id;
    await saveSettings(
      db,
      brandId,
      {
        enabled: true,
        defaultBps: DEMO_REBATE_DEFAULT_BPS,
        minimumPayout: '100',
        manualEnabled: true,
        claimIntervalSeconds: 0,
        autoEnabled: true,
        autoPeriod: 'DAILY',
        cashbackEnabled: true,
        cashbackShareBps: 1000,
        cashbackCap: '0',
        cashbackMinimum: '100',
        cashbackPeriod: 'DAILY',
        bonusPromotionId: null,
      },
      new Date(),
    );
    // The simulated clock starts at noon two days on (every period from then ended after the settings were made).
    const day0 = periodOf('DAILY', new Date(Date.now() + 2 * DAY_MS)).start.getTime();
    const t0 = day0 + DAY_MS / 2;

    // Four members: each settled a ৳1,000 slot round (৳3 rebate at 30 bps) and lost ৳1,000 on day 1 (৳100 cashback at 10 %).
    const houseAccount = await house(db);
    const members: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { memberId } = await loggedInMember(db, new Date());
      const wallet = await memberWallet(db, memberId);
      await deposit(db, wallet, tk(1_000));
      await postTransfers(db, {
        scope: 'test-play',
        idempotencyKey: randomUUID(),
        legs: [{ from: wallet.id, to: houseAccount.id, amount: tk(1_000), kind: 'BET' }],
      });
      const reference = { vendor: 'PG', roundId: `two-${randomUUID()}`, gameType: 'RNG', validBet: String(tk(1_000)) };
      await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
        values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb)`.execute(db);
      members.push(memberId);
    }
    for (const consumer of [moneyHourlyConsumer, rebateAccrualConsumer]) {
      await sql`insert into outbox_consumer (name) values (${consumer.name}) on conflict do nothing`.execute(db);
      while ((await dispatchOnce(db, consumer)) > 0) {}
    }
    expect(REBATE_CONSUMER).toBe(rebateAccrualConsumer.name);
    await sql`update member_money_hourly set hour = ${new Date(day0 + DAY_MS + 3_600_000)}
      where member_id = any(${members}::integer[]) and kind = 'BET'`.execute(db);

    // The payout table held: the first run claims its period and then waits in the middle of paying.
    const env = { SIM_T0: String(t0), SIM_EPOCH: String(Date.now()), SIM_REAL_MS_PER_DAY: String(REAL_MS_PER_DAY) };
    const { victim, victimExit, survivor } = await killOneMidRun({
      db,
      databaseUrl: urlFor(database.name),
      table: 'rebate_payout',
      namePrefix: 'pf-rebates-',
      what: 'a worker blocked while paying',
      startWorkers: () => {
        startWorker('pf-rebates-a', env);
        startWorker('pf-rebates-b', env);
      },
    });
    expect(victimExit).toBe('SIGKILL');
    const victimName = victim.name;

    const paid = async () =>
      db
        .selectFrom('rebate_payout')
        .select(['member_id', 'kind', 'amount', 'status'])
        .where('member_id', 'in', members)
        .orderBy('member_id')
        .orderBy('kind')
        .execute();
    await waitFor('the survivor to pay every rebate and cashback', 20_000, async () => (await paid()).length === 8);
    // Two more simulated days: nothing is paid again.
    await new Promise((resolve) => setTimeout(resolve, 2 * REAL_MS_PER_DAY + 300));
    const rows = await paid();
    expect(rows).toEqual(
      members.flatMap((memberId) => [
        { member_id: memberId, kind: 'CASHBACK', amount: tk(100), status: 'PAID' },
        { member_id: memberId, kind: 'REBATE', amount: 300n, status: 'PAID' },
      ]),
    );
    for (const memberId of members) expect(await walletBalance(db, memberId)).toBe(tk(100) + 300n);
    // Every claimed period finished its run: none was left half done by the kill.
    const unfinished = await db
      .selectFrom('job_run')
      .select(['job', 'period'])
      .where('job', 'in', [REBATE_PAYOUT_JOB, CASHBACK_JOB])
      .where('affected', 'is', null)
      .execute();
    expect(unfinished).toEqual([]);
    const runs = await db.selectFrom('rebate_brand_run').select(['kind', 'period', 'members']).where('members', '>', 0).execute();
    expect(runs.map((r) => [r.kind, r.members]).sort()).toEqual([
      ['CASHBACK', 4],
      ['REBATE', 4],
    ]);
    expect((await auditLedger(db)).violations).toEqual([]);
    expect(survivor.child.exitCode).toBe(null);
    console.log(`[rebates two processes] ${victimName} SIGKILLed mid-payout; ${survivor.name} paid 4 rebates and 4 cashbacks once`);
  }, 60_000);
});
