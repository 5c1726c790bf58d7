import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { auditLedger } from './ledger.audit.ts';
import { clearing, countRows, createMember, deposit, expectAppError, house, memberWallet } from './ledger.fixtures.ts';
import {
  ensureAccount,
  findAccount,
  getBalance,
  LedgerUsageError,
  ledgerMetrics,
  listEntries,
  MAX_TRANSACTION_ATTEMPTS,
  postTransfers,
  withTransactionRetry,
} from './ledger.service.ts';

let database: TestDatabase;
let db: Db;

/**
 * One database for the file (decision 037): each scenario makes its own members and idempotency keys, and measures the
 * shared operator accounts (house, clearing, bonus) and the table counts against what they held when it started.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.close();
});

afterEach(async () => {
  // Every scenario below must leave a ledger that passes the audit (which checks the whole ledger, all scenarios so far).
  const report = await auditLedger(db);
  expect(report.violations).toEqual([]);
});

describe('ensureAccount', () => {
  it('creates a member wallet once, guarded against going negative, and returns the same account afterwards', async () => {
    const memberId = await createMember(db);
    const first = await memberWallet(db, memberId);
    const again = await memberWallet(db, memberId);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ kind: 'MEMBER_WALLET', memberId, vendorCode: null, currency: 'BDT', balance: 0n, allowNegative: false });
    expect((await house(db)).allowNegative).toBe(true);
    expect(await findAccount(db, { kind: 'MEMBER_WALLET', memberId, currency: 'USD' })).toBeUndefined();
  });

  it('gives twenty concurrent first calls one and the same account', async () => {
    const memberId = await createMember(db);
    const accounts = await Promise.all(Array.from({ length: 20 }, () => memberWallet(db, memberId)));
    expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_account where member_id = ${memberId}`.execute(db);
    expect(rows[0]!.n).toBe(1);
  });

  it('keeps operator accounts with and without a vendor code apart (NULLs are not distinct)', async () => {
    const plain = await ensureAccount(db, { kind: 'HOUSE', currency: 'BDT' });
    const plainAgain = await ensureAccount(db, { kind: 'HOUSE', currency: 'BDT', vendorCode: null });
    const vendor = await ensureAccount(db, { kind: 'HOUSE', currency: 'BDT', vendorCode: 'PG' });
    expect(plainAgain.id).toBe(plain.id);
    expect(vendor.id).not.toBe(plain.id);
    // The database itself refuses a duplicate with NULLs, not just the service.
    await expect(
      sql`insert into ledger_account (kind, currency, allow_negative) values ('HOUSE', 'BDT', true)`.execute(db),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('refuses account specs that break the ownership rules', async () => {
    const memberId = await createMember(db);
    await expect(ensureAccount(db, { kind: 'MEMBER_WALLET', currency: 'BDT' })).rejects.toThrow(LedgerUsageError);
    await expect(ensureAccount(db, { kind: 'HOUSE', memberId, currency: 'BDT' })).rejects.toThrow(LedgerUsageError);
    await expect(ensureAccount(db, { kind: 'VENDOR_WALLET', memberId, currency: 'BDT' })).rejects.toThrow(LedgerUsageError);
    await expect(ensureAccount(db, { kind: 'MEMBER_WALLET', memberId, currency: 'bdt' })).rejects.toThrow(LedgerUsageError);
    // And the database backs the rules up: a member wallet can never be created able to go negative.
    await expect(
      sql`insert into ledger_account (kind, member_id, currency, allow_negative) values ('MEMBER_WALLET', ${memberId}, 'BDT', true)`.execute(
        db,
      ),
    ).rejects.toThrow(/ledger_account_owner/);
  });

  it('the database refuses every identity rule an account breaks, and any change of identity after its insert (decision 079)', async () => {
    const memberId = await createMember(db);
    const insert = (kind: string, member: number | null, vendor: string | null, currency: string, allowNegative: boolean) =>
      sql`insert into ledger_account (kind, member_id, vendor_code, currency, allow_negative)
        values (${kind}, ${member}, ${vendor}, ${currency}, ${allowNegative})`.execute(db);
    const refusals: [() => Promise<unknown>, string][] = [
      [() => insert('PIGGY_BANK', null, null, 'BDT', true), 'ledger_account_kind_check'],
      [() => insert('HOUSE', memberId, null, 'BDT', true), 'ledger_account_owner'],
      [() => insert('MEMBER_WALLET', memberId, 'PG', 'BDT', false), 'ledger_account_vendor'],
      [() => insert('HOUSE', null, 'PG', 'bdt', true), 'ledger_account_currency_check'],
      [() => insert('HOUSE', null, 'P G', 'BDT', true), 'ledger_account_vendor_code_check'],
    ];
    for (const [refused, rule] of refusals) {
      await expect(refused()).rejects.toMatchObject({ code: '23514', constraint: rule, message: expect.stringContaining(rule) });
    }
    const wallet = await memberWallet(db, memberId);
    for (const change of [sql`kind = 'HOUSE', member_id = null`, sql`currency = 'USD'`, sql`allow_negative = true`]) {
      await expect(sql`update ledger_account set ${change} where id = ${wallet.id}`.execute(db)).rejects.toThrow(
        /may only change its balance/,
      );
    }
    await expect(sql`update ledger_account set balance = -1 where id = ${wallet.id}`.execute(db)).rejects.toThrow(
      /ledger_account_not_negative/,
    );
    // A transfer's kind is one of the ledger's kinds.
    const bank = await clearing(db);
    await expect(
      sql`insert into ledger_transfer (kind, debit_account_id, credit_account_id, amount, currency, idempotency_scope, idempotency_key)
        values ('GIFT', ${bank.id}, ${wallet.id}, 1, 'BDT', 'test', 'gift-1')`.execute(db),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringContaining('ledger_transfer_kind_check') });
  });
});

describe('postTransfers', () => {
  it('moves money between two accounts, writes two entries and reports the balances after', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const bank = await clearing(db);
    const bankBefore = await getBalance(db, bank.id);
    const result = await postTransfers(db, {
      scope: 'payment',
      idempotencyKey: 'dep-1',
      legs: [{ from: bank.id, to: wallet.id, amount: 10_000n, kind: 'DEPOSIT', reference: { gateway: 'demo', orderNo: 'A1' } }],
    });
    expect(result.replayed).toBe(false);
    expect(result.transfers).toHaveLength(1);
    expect(result.transfers[0]).toMatchObject({
      kind: 'DEPOSIT',
      from: bank.id,
      to: wallet.id,
      amount: 10_000n,
      currency: 'BDT',
      fromBalanceAfter: bankBefore - 10_000n,
      toBalanceAfter: 10_000n,
    });
    expect(await getBalance(db, wallet.id)).toBe(10_000n);
    expect(await getBalance(db, bank.id)).toBe(bankBefore - 10_000n);
    const { rows } = await sql<{ account_id: bigint; amount: bigint; balance_after: bigint }>`
      select account_id, amount, balance_after from ledger_entry where transfer_id = ${result.transfers[0]!.id} order by amount`.execute(
      db,
    );
    expect(rows).toEqual([
      { account_id: bank.id, amount: -10_000n, balance_after: bankBefore - 10_000n },
      { account_id: wallet.id, amount: 10_000n, balance_after: 10_000n },
    ]);
  });

  it("answers with the ids and time its rows were written with, and stores that answer as the key's record", async () => {
    // ledger_post builds its answer before it writes (decision 064): transfer ids from the sequence, createdAt from now().
    const wallet = await memberWallet(db, await createMember(db));
    const bank = await clearing(db);
    const result = await postTransfers(db, {
      scope: 'payment',
      idempotencyKey: 'dep-rows',
      legs: [
        { from: bank.id, to: wallet.id, amount: 700n, kind: 'DEPOSIT' },
        { from: wallet.id, to: bank.id, amount: 200n, kind: 'ADJUSTMENT' },
      ],
    });
    const { rows } = await sql<{ id: bigint; leg: number; created: string }>`
      select id, leg, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
      from ledger_transfer where idempotency_scope = 'payment' and idempotency_key = 'dep-rows' order by leg`.execute(db);
    expect(rows.map((r) => ({ id: r.id, createdAt: r.created }))).toEqual(
      result.transfers.map((t) => ({ id: t.id, createdAt: t.createdAt })),
    );
    const record = await sql<{ id: bigint; transfer_ids: string[] }>`
      select id, transfer_ids::text[] as transfer_ids from idempotency_record where scope = 'payment' and key = 'dep-rows'`.execute(db);
    expect(record.rows[0]?.id).toBe(result.postingId);
    expect(record.rows[0]?.transfer_ids).toEqual(result.transfers.map((t) => String(t.id)));
    const events = await sql<{ reference: { transferId: string } }>`
      select reference from money_event where source = 'payment' and reference->>'transferId' in (${String(result.transfers[0]!.id)}, ${String(result.transfers[1]!.id)})
      order by id`.execute(db);
    expect(events.rows.map((e) => e.reference.transferId)).toEqual(result.transfers.map((t) => String(t.id)));
  });

  it('answers a repeat with the first answer and no second effect, and refuses a repeat with different content', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const bank = await clearing(db);
    const request = {
      scope: 'payment',
      idempotencyKey: 'dep-2',
      legs: [{ from: bank.id, to: wallet.id, amount: 500n, kind: 'DEPOSIT' as const }],
    };
    const transfersBefore = await countRows(db, 'ledger_transfer');
    const first = await postTransfers(db, request);
    const again = await postTransfers(db, request);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await getBalance(db, wallet.id)).toBe(500n);
    expect(await countRows(db, 'ledger_transfer')).toBe(transfersBefore + 1);

    const conflict = await expectAppError(
      postTransfers(db, { ...request, legs: [{ ...request.legs[0]!, amount: 501n }] }),
      'IDEMPOTENCY_CONFLICT',
    );
    expect(conflict.status).toBe(409);
    // The same key in another scope is another request.
    const otherScope = await postTransfers(db, { ...request, scope: 'other' });
    expect(otherScope.replayed).toBe(false);
    expect(await getBalance(db, wallet.id)).toBe(1000n);
  });

  it('uses the caller-supplied request hash to tell repeats from conflicts', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const bank = await clearing(db);
    const legs = [{ from: bank.id, to: wallet.id, amount: 100n, kind: 'DEPOSIT' as const }];
    await postTransfers(db, { scope: 'gw', idempotencyKey: 'n1', requestHash: 'hash-a', legs });
    expect((await postTransfers(db, { scope: 'gw', idempotencyKey: 'n1', requestHash: 'hash-a', legs })).replayed).toBe(true);
    await expectAppError(postTransfers(db, { scope: 'gw', idempotencyKey: 'n1', requestHash: 'hash-b', legs }), 'IDEMPOTENCY_CONFLICT');
  });

  it('refuses a debit beyond the balance with the current balance, leaves nothing behind, and lets a retry succeed after a deposit', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    const casinoBefore = await getBalance(db, casino.id);
    await deposit(db, wallet, 300n);
    const transfersBefore = await countRows(db, 'ledger_transfer');
    const recordsBefore = await countRows(db, 'idempotency_record');
    const bet = { scope: 'bet', idempotencyKey: 'round-9', legs: [{ from: wallet.id, to: casino.id, amount: 400n, kind: 'BET' as const }] };

    const refused = await expectAppError(postTransfers(db, bet), 'INSUFFICIENT_FUNDS');
    expect(refused.status).toBe(409);
    expect(refused.options.value).toEqual({ accountId: String(wallet.id), balance: '300' });
    expect(await getBalance(db, wallet.id)).toBe(300n);
    expect(await getBalance(db, casino.id)).toBe(casinoBefore);
    expect(await countRows(db, 'ledger_transfer')).toBe(transfersBefore);
    expect(await countRows(db, 'idempotency_record')).toBe(recordsBefore);

    await deposit(db, wallet, 100n);
    const accepted = await postTransfers(db, bet);
    expect(accepted.replayed).toBe(false);
    expect(await getBalance(db, wallet.id)).toBe(0n);
    expect(await getBalance(db, casino.id)).toBe(casinoBefore + 400n);
  });

  it('refuses in both lock orders without a partial effect (credit side updated first when its id is lower)', async () => {
    // The house account is created first, so its id is lower than the wallet's: the credit runs before the refused debit.
    const casino = await house(db);
    const casinoBefore = await getBalance(db, casino.id);
    const wallet = await memberWallet(db, await createMember(db));
    expect(casino.id < wallet.id).toBe(true);
    await expectAppError(
      postTransfers(db, { scope: 'bet', idempotencyKey: 'x', legs: [{ from: wallet.id, to: casino.id, amount: 1n, kind: 'BET' }] }),
      'INSUFFICIENT_FUNDS',
    );
    expect(await getBalance(db, casino.id)).toBe(casinoBefore);
  });

  it('remembers a refusal when asked, and answers every repeat with that same refusal even after a deposit', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    await deposit(db, wallet, 50n);
    const bet = {
      scope: 'provider:DEMO',
      idempotencyKey: 'txn-77',
      rememberRefusal: true,
      legs: [{ from: wallet.id, to: casino.id, amount: 80n, kind: 'BET' as const }],
    };
    const first = await expectAppError(postTransfers(db, bet), 'INSUFFICIENT_FUNDS');
    await deposit(db, wallet, 1000n);
    const repeat = await expectAppError(postTransfers(db, bet), 'INSUFFICIENT_FUNDS');
    expect(repeat.options.value).toEqual(first.options.value);
    expect(first.options.value).toEqual({ accountId: String(wallet.id), balance: '50' });
    expect(await getBalance(db, wallet.id)).toBe(1050n);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfer where idempotency_scope = 'provider:DEMO'`.execute(db);
    expect(rows[0]!.n).toBe(0);
    // Different content under the remembered key is still a conflict, not a second chance.
    await expectAppError(postTransfers(db, { ...bet, legs: [{ ...bet.legs[0]!, amount: 10n }] }), 'IDEMPOTENCY_CONFLICT');
  });

  it('applies several legs together, with balance_after following each leg in order', async () => {
    const memberId = await createMember(db);
    const wallet = await memberWallet(db, memberId);
    const bonus = await ensureAccount(db, { kind: 'BONUS', currency: 'BDT' });
    const bonusBefore = await getBalance(db, bonus.id);
    const bank = await clearing(db);
    const result = await postTransfers(db, {
      scope: 'payment',
      idempotencyKey: 'dep-with-bonus',
      legs: [
        { from: bank.id, to: wallet.id, amount: 1000n, kind: 'DEPOSIT' },
        { from: bonus.id, to: wallet.id, amount: 100n, kind: 'BONUS', reference: { promotion: 'first-deposit' } },
      ],
    });
    expect(result.transfers.map((t) => [t.kind, t.toBalanceAfter])).toEqual([
      ['DEPOSIT', 1000n],
      ['BONUS', 1100n],
    ]);
    expect(await getBalance(db, wallet.id)).toBe(1100n);
    expect(await getBalance(db, bonus.id)).toBe(bonusBefore - 100n);
  });

  it('refuses a multi-leg movement whose later leg is short, applying none of its legs', async () => {
    const payer = await memberWallet(db, await createMember(db));
    const payee = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    const casinoBefore = await getBalance(db, casino.id);
    await deposit(db, payer, 100n);
    const refused = await expectAppError(
      postTransfers(db, {
        scope: 'transfer',
        idempotencyKey: 'with-fee',
        legs: [
          { from: payer.id, to: payee.id, amount: 95n, kind: 'DOWNLINE_TRANSFER' },
          { from: payer.id, to: casino.id, amount: 10n, kind: 'ADJUSTMENT' },
        ],
      }),
      'INSUFFICIENT_FUNDS',
    );
    expect(refused.options.value).toEqual({ accountId: String(payer.id), balance: '100' });
    expect([await getBalance(db, payer.id), await getBalance(db, payee.id), await getBalance(db, casino.id)]).toEqual([
      100n,
      0n,
      casinoBefore,
    ]);
  });

  it('joins a caller transaction, and a refusal there undoes only the posting (the caller may still commit)', async () => {
    const casino = await house(db);
    const casinoBefore = await getBalance(db, casino.id);
    const transfersBefore = await countRows(db, 'ledger_transfer');
    const wallet = await memberWallet(db, await createMember(db));
    await deposit(db, wallet, 10n);
    const outcome = await db.transaction().execute(async (trx) => {
      const ok = await postTransfers(trx, {
        scope: 'bet',
        idempotencyKey: 'in-trx-1',
        legs: [{ from: wallet.id, to: casino.id, amount: 4n, kind: 'BET' }],
      });
      const refused = await postTransfers(trx, {
        scope: 'bet',
        idempotencyKey: 'in-trx-2',
        legs: [{ from: wallet.id, to: casino.id, amount: 7n, kind: 'BET' }],
      }).catch((e: unknown) => e);
      return { ok, refused };
    });
    expect(outcome.ok.replayed).toBe(false);
    expect(outcome.refused).toBeInstanceOf(AppError);
    expect((outcome.refused as AppError).code).toBe('INSUFFICIENT_FUNDS');
    expect(await getBalance(db, wallet.id)).toBe(6n);
    expect(await getBalance(db, casino.id)).toBe(casinoBefore + 4n);
    expect(await countRows(db, 'ledger_transfer')).toBe(transfersBefore + 2); // the deposit and the first bet
  });

  it('rejects misuse as a bug, not as a client error', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const usd = await ensureAccount(db, { kind: 'HOUSE', currency: 'USD' });
    const post = (from: bigint, to: bigint, amount: bigint) =>
      postTransfers(db, { scope: 's', idempotencyKey: randomUUID(), legs: [{ from, to, amount, kind: 'ADJUSTMENT' }] });
    await expect(post(usd.id, wallet.id, 1n)).rejects.toThrow(/differ in currency/);
    await expect(post(usd.id, 999_999_999n, 1n)).rejects.toThrow(/does not exist/);
    await expect(post(999_999_999n, usd.id, 1n)).rejects.toThrow(/does not exist/);
    await expect(post(usd.id, wallet.id, 0n)).rejects.toThrow(LedgerUsageError);
    await expect(post(usd.id, usd.id, 5n)).rejects.toThrow(LedgerUsageError);
    expect(await getBalance(db, wallet.id)).toBe(0n);
    expect(await getBalance(db, usd.id)).toBe(0n);
  });
});

describe('the tables themselves', () => {
  it('refuse to edit or delete transfers and entries (corrections are new transfers)', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    await deposit(db, wallet, 100n);
    await expect(sql`update ledger_transfer set amount = 1`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_transfer`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_entry set amount = amount * 2`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entry`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate ledger_entry`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_account set currency = 'USD' where id = ${wallet.id}`.execute(db)).rejects.toThrow(
      /only change its balance/,
    );
    // The last line of defence: even a raw update cannot take a member wallet below zero.
    await expect(sql`update ledger_account set balance = -1 where id = ${wallet.id}`.execute(db)).rejects.toThrow(
      /ledger_account_not_negative/,
    );
    expect(await getBalance(db, wallet.id)).toBe(100n);
  });
});

describe('listEntries', () => {
  it('pages an account history newest first, with the counterparty, kind and reference of each entry', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    const casino = await house(db);
    const bank = await clearing(db);
    await deposit(db, wallet, 1000n);
    for (let round = 1; round <= 3; round++) {
      await postTransfers(db, {
        scope: 'bet',
        idempotencyKey: `r${round}`,
        legs: [{ from: wallet.id, to: casino.id, amount: 100n, kind: 'BET', reference: { round } }],
      });
    }
    const page1 = await listEntries(db, wallet.id, { limit: 2 });
    expect(page1.total).toBe(4);
    expect(page1.entries.map((e) => [e.kind, e.amount, e.balanceAfter, e.reference])).toEqual([
      ['BET', -100n, 700n, { round: 3 }],
      ['BET', -100n, 800n, { round: 2 }],
    ]);
    expect(page1.entries[0]!.counterpartyAccountId).toBe(casino.id);
    const page2 = await listEntries(db, wallet.id, { limit: 2, offset: 2 });
    expect(page2.entries.map((e) => [e.kind, e.balanceAfter, e.counterpartyAccountId])).toEqual([
      ['BET', 900n, casino.id],
      ['DEPOSIT', 1000n, bank.id],
    ]);
    await expect(listEntries(db, wallet.id, { limit: 0 })).rejects.toThrow(LedgerUsageError);
  });

  it('filters by time: from inclusive, to exclusive', async () => {
    const wallet = await memberWallet(db, await createMember(db));
    await deposit(db, wallet, 5n);
    const [entry] = (await listEntries(db, wallet.id)).entries;
    const at = entry!.createdAt;
    expect((await listEntries(db, wallet.id, { from: at })).total).toBe(1);
    expect((await listEntries(db, wallet.id, { to: at })).total).toBe(0);
    expect((await listEntries(db, wallet.id, { from: new Date(at.getTime() + 1) })).total).toBe(0);
    expect((await listEntries(db, wallet.id, { to: new Date(at.getTime() + 1) })).total).toBe(1);
  });
});

describe('withTransactionRetry', () => {
  const failing = (codes: string[]) => {
    let calls = 0;
    const run = async () => {
      const code = codes[calls++];
      if (code) throw Object.assign(new Error(`sqlstate ${code}`), { code });
      return calls;
    };
    return { run, calls: () => calls };
  };

  it('runs the transaction again after serialization failures and deadlocks, and counts why', async () => {
    const before = { ...ledgerMetrics.retries };
    const job = failing(['40001', '40P01', '40001']);
    expect(await withTransactionRetry(job.run)).toBe(4);
    expect(ledgerMetrics.retries.serializationFailure - before.serializationFailure).toBe(2);
    expect(ledgerMetrics.retries.deadlock - before.deadlock).toBe(1);
  });

  it(`gives up after ${MAX_TRANSACTION_ATTEMPTS} attempts`, async () => {
    const job = failing(Array.from({ length: MAX_TRANSACTION_ATTEMPTS }, () => '40P01'));
    await expect(withTransactionRetry(job.run)).rejects.toThrow('sqlstate 40P01');
    expect(job.calls()).toBe(MAX_TRANSACTION_ATTEMPTS);
  });

  it('never retries anything else (a lost connection, a constraint, a refusal)', async () => {
    for (const code of ['57P01', '08006', '23505', '23514']) {
      const job = failing([code]);
      await expect(withTransactionRetry(job.run)).rejects.toThrow(`sqlstate ${code}`);
      expect(job.calls()).toBe(1);
    }
    let calls = 0;
    await expect(
      withTransactionRetry(async () => {
        calls++;
        throw new AppError('INSUFFICIENT_FUNDS');
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(calls).toBe(1);
  });
});
