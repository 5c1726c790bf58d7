import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { type DatabaseHandle, openPostgres } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { auditLedger } from './ledger.audit.ts';
import { countRows, createMember, deposit, memberWallet } from './ledger.fixtures.ts';
import {
  ensureAccount,
  getBalance,
  type LedgerAccount,
  ledgerMetrics,
  type PostTransfersRequest,
  postTransfers,
} from './ledger.service.ts';

/**
 * Faults that only a real server has: a backend killed in the middle of a
 * transfer, and a deadlock with another transaction. PGlite is one in-process
 * session: there is no backend to kill and no other session to wait for.
 */
const onPostgres = testDbKind === 'postgres';
const why = '(PostgreSQL only: PGlite has one in-process session, no backend to kill or to deadlock with)';

let database: TestDatabase;
/** The pool the transfer under test runs on; its connection is the one that gets killed. */
let victim: DatabaseHandle;
let admin: pg.Client;

beforeEach(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  victim = openPostgres(urlFor(database.name), 2);
  admin = new pg.Client({ connectionString: urlFor(database.name) });
  admin.on('error', () => {});
  await admin.connect();
});

afterEach(async () => {
  if (!onPostgres) return;
  await admin.end();
  await victim.close();
  await database.close();
});

/** Waits until a backend of this database is blocked on a lock; returns its pid and whether it has written (has an xid). */
async function blockedBackend(): Promise<{ pid: number; wrote: boolean }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ pid: number; wrote: boolean }>`
      select pid, backend_xid is not null as wrote from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`.execute(database.db);
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no backend got blocked on a lock within 10 s');
}

async function setupAccounts(): Promise<{ wallet: LedgerAccount; house: LedgerAccount }> {
  const wallet = await memberWallet(database.db, await createMember(database.db));
  await deposit(database.db, wallet, 100n);
  // Created after the wallet, so its id is higher: the debit runs first, then the credit waits for the lock we hold.
  const house = await ensureAccount(database.db, { kind: 'HOUSE', currency: 'BDT', vendorCode: 'FAULT' });
  expect(wallet.id < house.id).toBe(true);
  return { wallet, house };
}

describe('faults on a real server', () => {
  for (const path of ['single-leg', 'multi-leg'] as const) {
    it.skipIf(!onPostgres)(
      `a ${path} transfer whose backend is killed mid-transaction leaves no trace, and its retry applies exactly once ${why}`,
      async () => {
        const { wallet, house } = await setupAccounts();
        const legs: PostTransfersRequest['legs'] =
          path === 'single-leg'
            ? [{ from: wallet.id, to: house.id, amount: 30n, kind: 'BET' }]
            : [
                { from: wallet.id, to: house.id, amount: 20n, kind: 'BET' },
                { from: wallet.id, to: house.id, amount: 10n, kind: 'BET' },
              ];
        const request: PostTransfersRequest = { scope: 'fault', idempotencyKey: `killed-${path}`, legs };
        const transfersBefore = await countRows(database.db, 'ledger_transfer');
        const recordsBefore = await countRows(database.db, 'idempotency_record');

        await admin.query('begin');
        await admin.query('select id from ledger_account where id = $1 for update', [String(house.id)]);
        const pending = postTransfers(victim.db, request).then(
          () => 'applied',
          (e: unknown) => e,
        );
        const blocked = await blockedBackend();
        // The transfer has already written (its idempotency row, and on the single-leg path the debit) when it dies.
        expect(blocked.wrote).toBe(true);
        await sql`select pg_terminate_backend(${blocked.pid})`.execute(database.db);
        const outcome = await pending;
        await admin.query('rollback');

        expect(outcome).toBeInstanceOf(Error);
        expect(outcome).not.toBeInstanceOf(AppError);
        expect(await getBalance(database.db, wallet.id)).toBe(100n);
        expect(await getBalance(database.db, house.id)).toBe(0n);
        expect(await countRows(database.db, 'ledger_transfer')).toBe(transfersBefore);
        expect(await countRows(database.db, 'idempotency_record')).toBe(recordsBefore);
        expect((await auditLedger(database.db)).violations).toEqual([]);

        // The caller did not get an answer, so it asks again with the same key: applied once, then replayed. (It asks on
        // another connection: the killed one may still sit in the victim's pool until the pool notices it is gone.)
        const retried = await postTransfers(database.db, request);
        const again = await postTransfers(database.db, request);
        expect(retried.replayed).toBe(false);
        expect(again).toEqual({ ...retried, replayed: true });
        expect(await getBalance(database.db, wallet.id)).toBe(70n);
        expect(await getBalance(database.db, house.id)).toBe(30n);
        expect(await countRows(database.db, 'ledger_transfer')).toBe(transfersBefore + legs.length);
        expect((await auditLedger(database.db)).violations).toEqual([]);
      },
    );
  }

  it.skipIf(!onPostgres)(`a transfer chosen as a deadlock victim is run again and applies exactly once ${why}`, async () => {
    const { wallet, house } = await setupAccounts();
    const before = ledgerMetrics.retries.deadlock;
    // We hold the house row; the transfer debits the wallet (locking it) and then waits for the house.
    await admin.query('begin');
    await admin.query('select id from ledger_account where id = $1 for update', [String(house.id)]);
    const pending = postTransfers(victim.db, {
      scope: 'fault',
      idempotencyKey: 'deadlock',
      legs: [{ from: wallet.id, to: house.id, amount: 40n, kind: 'BET' }],
    });
    await blockedBackend();
    // Now we wait for the wallet row it holds: a cycle. The transfer has waited longer, so its check finds it and it yields.
    await admin.query('select id from ledger_account where id = $1 for update', [String(wallet.id)]);
    await admin.query('rollback');
    const result = await pending;

    expect(result.replayed).toBe(false);
    expect(ledgerMetrics.retries.deadlock - before).toBe(1);
    expect(await getBalance(database.db, wallet.id)).toBe(60n);
    expect(await getBalance(database.db, house.id)).toBe(40n);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfer where idempotency_key = 'deadlock'`.execute(
      database.db,
    );
    expect(rows[0]!.n).toBe(1);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
