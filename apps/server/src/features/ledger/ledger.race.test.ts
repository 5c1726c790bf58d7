import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { type DatabaseHandle, type Db, openPostgres } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { auditLedger } from './ledger.audit.ts';
import { createMember, deposit, house, memberWallet } from './ledger.fixtures.ts';
import {
  ensureAccount,
  getBalance,
  ledgerMetrics,
  type PostingResult,
  type PostTransfersRequest,
  postTransfers,
} from './ledger.service.ts';

/**
 * Many callers at once. On PostgreSQL they really run in parallel, through a
 * pool of POOL_SIZE connections; on PGlite (one session) the same calls are
 * issued concurrently and serialise, and must give the same outcomes.
 */
const POOL_SIZE = 60;
const engine = testDbKind === 'postgres' ? `PostgreSQL, ${POOL_SIZE} connections in parallel` : 'PGlite, serialised';

let database: TestDatabase;
let pool: DatabaseHandle | undefined;
let db: Db;

beforeEach(async () => {
  database = await createTestDatabase();
  pool = testDbKind === 'postgres' ? openPostgres(urlFor(database.name), POOL_SIZE) : undefined;
  db = pool?.db ?? database.db;
});

afterEach(async () => {
  const report = await auditLedger(db);
  await pool?.close();
  await database.close();
  expect(report.violations).toEqual([]);
});

type Tally = { ok: PostingResult[]; insufficient: AppError[]; other: unknown[] };

async function tally(calls: Array<Promise<PostingResult>>): Promise<Tally> {
  const settled = await Promise.allSettled(calls);
  const out: Tally = { ok: [], insufficient: [], other: [] };
  for (const s of settled) {
    if (s.status === 'fulfilled') out.ok.push(s.value);
    else if (s.reason instanceof AppError && s.reason.code === 'INSUFFICIENT_FUNDS') out.insufficient.push(s.reason);
    else out.other.push(s.reason);
  }
  return out;
}

/** Makes sure the pool really has its connections open, so the calls below start together. */
async function warmUp() {
  if (!pool) return;
  await Promise.all(Array.from({ length: POOL_SIZE }, () => sql`select pg_sleep(0.05)`.execute(db)));
}

async function transfersWithKeyPrefix(scope: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfer where idempotency_scope = ${scope}`.execute(db);
  return rows[0]!.n;
}

describe(`races (${engine})`, () => {
  it('200 concurrent debits of 1 against a balance of 100: exactly 100 pass, 100 are refused, the balance ends at 0', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    await deposit(db, wallet, 100n);
    await warmUp();
    const result = await tally(
      Array.from({ length: 200 }, (_, i) =>
        postTransfers(db, {
          scope: 'race-bet',
          idempotencyKey: `bet-${i}`,
          legs: [{ from: wallet.id, to: casino.id, amount: 1n, kind: 'BET' }],
        }),
      ),
    );
    expect(result.other).toEqual([]);
    expect(result.ok).toHaveLength(100);
    expect(result.insufficient).toHaveLength(100);
    expect(await getBalance(db, wallet.id)).toBe(0n);
    expect(await getBalance(db, casino.id)).toBe(100n);
    expect(await transfersWithKeyPrefix('race-bet')).toBe(100);
    // Each success saw a distinct balance on its way down: 99, 98, … 0.
    const after = result.ok.map((r) => r.transfers[0]!.fromBalanceAfter).sort((a, b) => (a < b ? -1 : 1));
    expect(after).toEqual(Array.from({ length: 100 }, (_, i) => BigInt(i)));
  });

  it('the same through the multi-leg locking path (two legs per debit): 100 pass, 100 refused, balance 0', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    const vendorHouse = await ensureAccount(db, { kind: 'HOUSE', currency: 'BDT', vendorCode: 'DEMO' });
    await deposit(db, wallet, 100n);
    await warmUp();
    const result = await tally(
      Array.from({ length: 200 }, (_, i) =>
        postTransfers(db, {
          scope: 'race-bet2',
          idempotencyKey: `bet-${i}`,
          legs: [
            { from: wallet.id, to: casino.id, amount: 1n, kind: 'BET' },
            { from: casino.id, to: vendorHouse.id, amount: 1n, kind: 'ADJUSTMENT' },
          ],
        }),
      ),
    );
    expect(result.other).toEqual([]);
    expect(result.ok).toHaveLength(100);
    expect(result.insufficient).toHaveLength(100);
    expect([await getBalance(db, wallet.id), await getBalance(db, casino.id), await getBalance(db, vendorHouse.id)]).toEqual([
      0n,
      0n,
      100n,
    ]);
  });

  it('50 concurrent identical requests with one key: one transfer, 50 identical answers, one of them first', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    await deposit(db, wallet, 100n);
    await warmUp();
    const request: PostTransfersRequest = {
      scope: 'race-same',
      idempotencyKey: 'round-1',
      legs: [{ from: wallet.id, to: casino.id, amount: 30n, kind: 'BET', reference: { round: 1 } }],
    };
    const result = await tally(Array.from({ length: 50 }, () => postTransfers(db, request)));
    expect(result.other).toEqual([]);
    expect(result.insufficient).toEqual([]);
    expect(result.ok).toHaveLength(50);
    expect(result.ok.filter((r) => !r.replayed)).toHaveLength(1);
    const answers = new Set(
      result.ok.map(({ replayed: _, ...answer }) => JSON.stringify(answer, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))),
    );
    expect(answers.size).toBe(1);
    expect(await transfersWithKeyPrefix('race-same')).toBe(1);
    expect(await getBalance(db, wallet.id)).toBe(70n);
  });

  it('50 concurrent identical requests refused with rememberRefusal: 50 identical refusals, nothing applied', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    await deposit(db, wallet, 10n);
    await warmUp();
    const request: PostTransfersRequest = {
      scope: 'race-refused',
      idempotencyKey: 'round-2',
      rememberRefusal: true,
      legs: [{ from: wallet.id, to: casino.id, amount: 30n, kind: 'BET' }],
    };
    const result = await tally(Array.from({ length: 50 }, () => postTransfers(db, request)));
    expect(result.other).toEqual([]);
    expect(result.ok).toEqual([]);
    expect(result.insufficient).toHaveLength(50);
    expect(new Set(result.insufficient.map((e) => JSON.stringify(e.options.value))).size).toBe(1);
    expect(result.insufficient[0]!.options.value).toEqual({ accountId: String(wallet.id), balance: '10' });
    expect(await getBalance(db, wallet.id)).toBe(10n);
  });

  it('one key sent at once for two different movements (other accounts): one applies, the other is a conflict and writes nothing', async () => {
    const [a, b, c, d] = [
      await memberWallet(db, await createMember(db)),
      await memberWallet(db, await createMember(db)),
      await memberWallet(db, await createMember(db)),
      await memberWallet(db, await createMember(db)),
    ];
    await deposit(db, a, 100n);
    await deposit(db, c, 100n);
    await warmUp();
    const calls: Array<Promise<PostingResult>> = [];
    for (let i = 0; i < 20; i++) {
      const [from, to] = i % 2 ? [c, d] : [a, b];
      calls.push(
        postTransfers(db, {
          scope: 'race-twins',
          idempotencyKey: 'k',
          legs: [{ from: from.id, to: to.id, amount: 10n, kind: 'DOWNLINE_TRANSFER' }],
        }),
      );
    }
    const settled = await Promise.allSettled(calls);
    const applied = settled.filter((s) => s.status === 'fulfilled' && !s.value.replayed);
    const conflicts = settled.filter(
      (s) => s.status === 'rejected' && s.reason instanceof AppError && s.reason.code === 'IDEMPOTENCY_CONFLICT',
    );
    expect(applied).toHaveLength(1);
    // The twins of the one that applied replay it; the others (the other movement) conflict.
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(10);
    expect(conflicts).toHaveLength(10);
    expect(await transfersWithKeyPrefix('race-twins')).toBe(1);
    const balances = [await getBalance(db, a.id), await getBalance(db, b.id), await getBalance(db, c.id), await getBalance(db, d.id)];
    expect(balances.reduce((sum, x) => sum + x, 0n)).toBe(200n);
    expect([balances[0]! + balances[2]!, balances[1]! + balances[3]!]).toEqual([190n, 10n]);
  });

  it('100 transfers A→B and 100 B→A at once all succeed without a single deadlock (locks taken in id order)', async () => {
    const a = await memberWallet(db, await createMember(db));
    const b = await memberWallet(db, await createMember(db));
    await deposit(db, a, 100n);
    await deposit(db, b, 100n);
    await warmUp();
    const deadlocksBefore = ledgerMetrics.retries.deadlock;
    const calls: Array<Promise<PostingResult>> = [];
    for (let i = 0; i < 100; i++) {
      calls.push(
        postTransfers(db, {
          scope: 'race-ab',
          idempotencyKey: `ab-${i}`,
          legs: [{ from: a.id, to: b.id, amount: 1n, kind: 'DOWNLINE_TRANSFER' }],
        }),
      );
      calls.push(
        postTransfers(db, {
          scope: 'race-ab',
          idempotencyKey: `ba-${i}`,
          legs: [{ from: b.id, to: a.id, amount: 1n, kind: 'UPLINE_TRANSFER' }],
        }),
      );
    }
    const result = await tally(calls);
    expect(result.other).toEqual([]);
    expect(result.insufficient).toEqual([]);
    expect(result.ok).toHaveLength(200);
    expect(ledgerMetrics.retries.deadlock - deadlocksBefore).toBe(0);
    expect([await getBalance(db, a.id), await getBalance(db, b.id)]).toEqual([100n, 100n]);
  });

  it('multi-leg movements crossing the same three accounts in opposite directions do not deadlock either', async () => {
    const [a, b, c] = [
      await memberWallet(db, await createMember(db)),
      await memberWallet(db, await createMember(db)),
      await memberWallet(db, await createMember(db)),
    ];
    for (const account of [a, b, c]) await deposit(db, account, 100n);
    await warmUp();
    const deadlocksBefore = ledgerMetrics.retries.deadlock;
    const calls: Array<Promise<PostingResult>> = [];
    for (let i = 0; i < 50; i++) {
      calls.push(
        postTransfers(db, {
          scope: 'race-abc',
          idempotencyKey: `x-${i}`,
          legs: [
            { from: a.id, to: b.id, amount: 2n, kind: 'DOWNLINE_TRANSFER' },
            { from: b.id, to: c.id, amount: 1n, kind: 'DOWNLINE_TRANSFER' },
          ],
        }),
      );
      calls.push(
        postTransfers(db, {
          scope: 'race-abc',
          idempotencyKey: `y-${i}`,
          legs: [
            { from: c.id, to: b.id, amount: 1n, kind: 'UPLINE_TRANSFER' },
            { from: b.id, to: a.id, amount: 2n, kind: 'UPLINE_TRANSFER' },
          ],
        }),
      );
    }
    const result = await tally(calls);
    expect(result.other).toEqual([]);
    expect(result.insufficient).toEqual([]);
    expect(result.ok).toHaveLength(100);
    expect(ledgerMetrics.retries.deadlock - deadlocksBefore).toBe(0);
    expect([await getBalance(db, a.id), await getBalance(db, b.id), await getBalance(db, c.id)]).toEqual([100n, 100n, 100n]);
  });
});
