import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawRaffle, raffleClientInput } from '@playfront/contract/lucky';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { workerProcesses } from '../../../test/worker-processes.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { findBrand } from '../brand/brand.repository.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { fairStream } from './lucky-fair.ts';
import { openRaffle } from './raffle.service.ts';

/**
 * The raffle draw job run by two separate processes on one PostgreSQL database (as two instances would), one of them
 * SIGKILLed while its run waits in the middle of drawing and paying: the raffle is drawn once, each winner paid once,
 * the draw is the one its revealed seed gives, the ledger audit is clean. Needs a real PostgreSQL (TEST_DATABASE_URL);
 * skipped loudly without one.
 */
const skip = testDbKind !== 'postgres';
if (skip) console.warn('!!! SKIPPED: raffle draw across two processes: it needs a real PostgreSQL (TEST_DATABASE_URL)');

const tk = (taka: number) => BigInt(taka) * 100n;
const here = path.dirname(fileURLToPath(import.meta.url));
let database: TestDatabase;
const { start, waitFor, killAll, killOneMidRun } = workerProcesses();
const startWorker = (name: string) => start(name, path.join(here, 'raffle-draw.worker.ts'), urlFor(database.name));

beforeAll(async () => {
  if (skip) return;
  database = await createTestDatabase();
});

afterAll(async () => {
  await killAll();
  await database?.close();
});

describe.skipIf(skip)('raffle draw on two processes, one SIGKILLed mid-run (postgres)', () => {
  it('draws the ended raffle once and pays each winner once', async () => {
    const db = database.db;
    const brandId = (await findBrand(db, DEMO_MERCHANT_CODE))!.id;
    const now = Date.now();
    const raffleId = await openRaffle(
      db,
      brandId,
      {
        titleEn: 'Two processes',
        titleBn: 'দুই প্রসেস',
        startsAt: new Date(now - 7_200_000).toISOString(),
        endsAt: new Date(now - 1_000).toISOString(),
        depositPerEntry: String(tk(100)),
        validBetPerEntry: null,
        prizes: [
          { kind: 'CASH', amount: String(tk(300)), promotionId: null },
          { kind: 'CASH', amount: String(tk(200)), promotionId: null },
          { kind: 'CASH', amount: String(tk(100)), promotionId: null },
        ],
      },
      new Date(now - 7_200_000),
    );
    const members: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { memberId } = await loggedInMember(db, new Date());
      await db
        .insertInto('lucky_raffle_entry')
        .values({ raffle_id: raffleId, member_id: memberId, entries: i + 1 })
        .execute();
      members.push(memberId);
    }

    // The winners table held: the first run claims its period, draws, pays, and then waits to write the first winner.
    const { victim, victimExit, survivor } = await killOneMidRun({
      db,
      databaseUrl: urlFor(database.name),
      table: 'lucky_raffle_winner',
      namePrefix: 'pf-raffle-',
      what: 'a worker blocked while drawing',
      startWorkers: () => {
        startWorker('pf-raffle-a');
        startWorker('pf-raffle-b');
      },
    });
    expect(victimExit).toBe('SIGKILL');
    const victimName = victim.name;

    const winners = () =>
      db
        .selectFrom('lucky_raffle_winner')
        .select(['rank', 'member_id', 'ticket', 'amount'])
        .where('raffle_id', '=', raffleId)
        .orderBy('rank')
        .execute();
    await waitFor('the survivor to draw the raffle', 20_000, async () => (await winners()).length === 3);
    // Two more periods: nothing is drawn or paid again.
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const rows = await winners();
    const raffle = await db
      .selectFrom('lucky_raffle')
      .select(['status', 'server_seed'])
      .where('id', '=', raffleId)
      .executeTakeFirstOrThrow();
    expect(raffle.status).toBe('DRAWN');
    const expected = drawRaffle(
      (rank) => fairStream(raffle.server_seed, raffleClientInput(raffleId), rank),
      members.map((memberId, i) => ({ memberId, entries: i + 1 })),
      3,
    );
    expect(rows.map((r) => [r.rank, r.member_id, r.ticket])).toEqual(expected.map((w) => [w.rank, w.memberId, w.ticket]));
    for (const r of rows) expect(await walletBalance(db, r.member_id)).toBe(r.amount);
    const { rows: transfers } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfer
      where kind = 'RAFFLE_PRIZE' and idempotency_key like ${`raffle:${raffleId}:%`}`.execute(db);
    expect(transfers[0]!.n).toBe(3);
    const unfinished = await db
      .selectFrom('job_run')
      .select('period')
      .where('job', '=', 'lucky-raffle-draw')
      .where('affected', 'is', null)
      .execute();
    expect(unfinished).toEqual([]);
    expect((await auditLedger(db)).violations).toEqual([]);
    expect(survivor.child.exitCode).toBe(null);
    console.log(`[raffle two processes] ${victimName} SIGKILLed mid-draw; ${survivor.name} drew and paid 3 winners once`);
  }, 60_000);
});
