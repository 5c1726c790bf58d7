import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../../test/test-db.ts';
import { workerProcesses } from '../../../../test/worker-processes.ts';
import { dispatchOnce } from '../../../infra/outbox/money-outbox.ts';
import { DEMO_MERCHANT_CODE } from '../../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../../brand/brand.repository.ts';
import { walletBalance } from '../../funds/funds.fixtures.ts';
import { auditLedger } from '../../ledger/ledger.audit.ts';
import { createMember, deposit, memberWallet } from '../../ledger/ledger.fixtures.ts';
import { moneyHourlyConsumer } from '../../reports/money-hourly-consumer.ts';
import { acceptContract, offerContract } from './contracts.service.ts';
import { AGENT_SETTLEMENT_JOBS } from './contracts-jobs.ts';

/**
 * The daily-salary settlement run by two separate processes on one PostgreSQL database (as two instances would), one
 * of them SIGKILLed while its run waits in the middle of settling: every contract is settled and paid exactly once per
 * day, nothing is left half done, the ledger audit is clean. The workers share a simulated clock on which a day passes
 * every 2.5 seconds. Needs a real PostgreSQL (TEST_DATABASE_URL); skipped loudly without one.
 */
const skip = testDbKind !== 'postgres';
if (skip) console.warn('!!! SKIPPED: agent settlement across two processes: it needs a real PostgreSQL (TEST_DATABASE_URL)');

const DAY_MS = 86_400_000;
// Slow enough that starting the workers and the kill (a few real seconds) stay well within the 7 days a run looks back.
const REAL_MS_PER_DAY = 2500;
const tk = (taka: number) => BigInt(taka) * 100n;
const here = path.dirname(fileURLToPath(import.meta.url));
let database: TestDatabase;
const { start, waitFor, killAll, killOneMidRun } = workerProcesses();

beforeAll(async () => {
  if (skip) return;
  database = await createTestDatabase();
});

afterAll(async () => {
  await killAll();
  await database?.close();
});

describe.skipIf(skip)('agent settlement on two processes, one SIGKILLed mid-run (postgres)', () => {
  it('settles and pays each contract each day exactly once', async () => {
    const db = database.db;
    const brandId = (await findBrand(db, DEMO_MERCHANT_CODE))!.id;
    await setBrandFlag(db, brandId, 'CONTRACT_SALARY', true);
    // The simulated clock starts at noon two days on; day 1 and day 2 after it each have play.
    const day0 = Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS;
    const t0 = day0 + DAY_MS / 2;

    // A top agent (funded with ৳1,000) gives four sub-agents 1 % of their team's valid bets; each sub-agent's member
    // bets ৳1,000 on day 1 and ৳2,000 on day 2: ৳10 then ৳20 per sub-agent.
    const top = await createMember(db);
    await sql`update member set type = 1 where id = ${top}`.execute(db);
    await deposit(db, await memberWallet(db, top), tk(1_000));
    const subs: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const sub = await createMember(db);
      const player = await createMember(db);
      await sql`update member set type = 2, upline_id = ${top} where id = ${sub}`.execute(db);
      await sql`update member set upline_id = ${sub} where id = ${player}`.execute(db);
      const offered = await offerContract(
        db,
        { memberId: top, brandId },
        { downlineId: sub, kind: 'DAILY_SALARY', terms: { rateBps: 100 } },
        new Date(day0),
      );
      await acceptContract(db, { memberId: sub, brandId }, BigInt(offered.contract.id), new Date(day0));
      for (const [d, taka] of [
        [1, 1_000],
        [2, 2_000],
      ] as const) {
        await sql`insert into member_money_hourly (member_id, hour, kind, currency, total, moves)
          values (${player}, ${new Date(day0 + d * DAY_MS + 5 * 3_600_000)}, 'BET', 'BDT', ${-tk(taka)}, 1)`.execute(db);
      }
      subs.push(sub);
    }

    // The hourly rollup the settlement reads (its consumer registered, as the app would).
    await sql`insert into outbox_consumer (name) values (${moneyHourlyConsumer.name}) on conflict do nothing`.execute(db);
    while ((await dispatchOnce(db, moneyHourlyConsumer)) > 0) {}

    const env = { SIM_T0: String(t0), SIM_EPOCH: String(Date.now()), SIM_REAL_MS_PER_DAY: String(REAL_MS_PER_DAY) };
    const { victim, victimExit, survivor } = await killOneMidRun({
      db,
      databaseUrl: urlFor(database.name),
      table: 'agent_settlement',
      namePrefix: 'pf-agents-',
      what: 'a worker blocked while settling',
      startWorkers: () => {
        start('pf-agents-a', path.join(here, 'contracts-jobs.worker.ts'), urlFor(database.name), env);
        start('pf-agents-b', path.join(here, 'contracts-jobs.worker.ts'), urlFor(database.name), env);
      },
    });
    expect(victimExit).toBe('SIGKILL');

    const settled = async () =>
      db
        .selectFrom('agent_settlement')
        .select(['payee_id', 'period', 'amount', 'state'])
        .where('payee_id', 'in', subs)
        .orderBy('payee_id')
        .orderBy('period')
        .execute();
    await waitFor('the survivor to settle both days of every contract', 20_000, async () => (await settled()).length === 8);
    // Two more simulated days: nothing is settled or paid again.
    await new Promise((resolve) => setTimeout(resolve, 2 * REAL_MS_PER_DAY + 300));
    const day = (d: number) => new Date(day0 + d * DAY_MS).toISOString().slice(0, 10);
    expect(await settled()).toEqual(
      subs.flatMap((sub) => [
        { payee_id: sub, period: day(1), amount: tk(10), state: 'PAID' },
        { payee_id: sub, period: day(2), amount: tk(20), state: 'PAID' },
      ]),
    );
    for (const sub of subs) expect(await walletBalance(db, sub)).toBe(tk(30));
    expect(await walletBalance(db, top)).toBe(tk(1_000) - 4n * tk(30));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfer where kind = 'AGENT_SALARY'`.execute(db);
    expect(rows[0]!.n).toBe(8);
    const unfinished = await db
      .selectFrom('job_run')
      .select(['job', 'period'])
      .where('job', '=', AGENT_SETTLEMENT_JOBS.DAILY_SALARY)
      .where('affected', 'is', null)
      .execute();
    expect(unfinished).toEqual([]);
    expect((await auditLedger(db)).violations).toEqual([]);
    expect(survivor.child.exitCode).toBe(null);
    console.log(`[agent settlement two processes] ${victim.name} SIGKILLed mid-run; ${survivor.name} settled 8 periods once`);
  }, 60_000);
});
