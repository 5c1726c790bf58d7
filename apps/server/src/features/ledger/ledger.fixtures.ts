import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount, type LedgerAccount, postTransfers } from './ledger.service.ts';

/** Helpers shared by the ledger tests (not a test file itself). */

let memberSeq = 0;

/** A bare member row of the first brand: the ledger only needs its id. */
export async function createMember(db: Db, username = `ledger_${process.pid}_${++memberSeq}_${randomUUID().slice(0, 8)}`): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into member (brand_id, username) select id, ${username} from brand order by id limit 1 returning id`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('no brand to attach a test member to (is the database seeded?)');
  return row.id;
}

export async function memberWallet(db: Db, memberId: number, currency = 'BDT'): Promise<LedgerAccount> {
  return ensureAccount(db, { kind: 'MEMBER_WALLET', memberId, currency });
}

export async function clearing(db: Db, currency = 'BDT'): Promise<LedgerAccount> {
  return ensureAccount(db, { kind: 'PAYMENT_CLEARING', currency });
}

export async function house(db: Db, currency = 'BDT'): Promise<LedgerAccount> {
  return ensureAccount(db, { kind: 'HOUSE', currency });
}

/** Deposits `amount` from payment clearing into the account, under a fresh key. */
export async function deposit(db: Db, to: LedgerAccount, amount: bigint): Promise<void> {
  const from = await clearing(db, to.currency);
  await postTransfers(db, {
    scope: 'test-deposit',
    idempotencyKey: randomUUID(),
    legs: [{ from: from.id, to: to.id, amount, kind: 'DEPOSIT' }],
  });
}

/** Awaits a promise that must fail with this AppError code; returns the error for more checks. */
export async function expectAppError(promise: Promise<unknown>, code: AppError['code']): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected AppError ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

export async function countRows(db: Db, table: 'ledger_transfer' | 'ledger_entry' | 'idempotency_record'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0]!.n;
}
