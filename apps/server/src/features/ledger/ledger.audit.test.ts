import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { type Db, openPGlite } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { type AuditCheck, auditLedger } from './ledger.audit.ts';
import { clearing, createMember, deposit, house, memberWallet } from './ledger.fixtures.ts';
import { ensureAccount, type LedgerAccount, postTransfers } from './ledger.service.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const cli = path.join(repoRoot, 'apps/server/scripts/ledger-audit.ts');

/** Some ordinary activity: two members, deposits, bets, a win, a transfer. */
async function activity(db: Db): Promise<{ alice: LedgerAccount; bob: LedgerAccount; casino: LedgerAccount }> {
  const alice = await memberWallet(db, await createMember(db));
  const bob = await memberWallet(db, await createMember(db));
  const casino = await house(db);
  await deposit(db, alice, 1000n);
  await deposit(db, bob, 500n);
  const post = (from: bigint, to: bigint, amount: bigint, kind: 'BET' | 'WIN' | 'DOWNLINE_TRANSFER') =>
    postTransfers(db, { scope: 'audit-test', idempotencyKey: randomUUID(), legs: [{ from, to, amount, kind }] });
  await post(alice.id, casino.id, 300n, 'BET');
  await post(casino.id, alice.id, 120n, 'WIN');
  await post(alice.id, bob.id, 50n, 'DOWNLINE_TRANSFER');
  return { alice, bob, casino };
}

const sorted = (checks: AuditCheck[]) => [...checks].sort();

/** Runs the audit CLI as an operator would, with its own environment. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { TEST_DATABASE_URL: _, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', cli], { cwd: repoRoot, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('auditLedger', () => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterEach(async () => {
    await database.close();
  });

  it('finds nothing wrong with ordinary activity and counts what is there', async () => {
    await activity(db);
    const report = await auditLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.counts).toEqual({ accounts: 4, transfers: 5, entries: 10, idempotencyRecords: 5 });
    expect(report.currencies).toEqual([{ currency: 'BDT', accounts: 4, sum: '0' }]);
  });

  it('catches a balance changed behind the ledger’s back', async () => {
    const { alice } = await activity(db);
    await sql`update ledger_account set balance = balance + 50 where id = ${alice.id}`.execute(db);
    const report = await auditLedger(db);
    expect(report.ok).toBe(false);
    expect(sorted(report.violations.map((v) => v.check))).toEqual(
      sorted(['SUM_NOT_ZERO', 'BALANCE_NOT_SUM_OF_ENTRIES', 'LAST_BALANCE_AFTER_MISMATCH']),
    );
    expect(report.violations).toContainEqual({ check: 'SUM_NOT_ZERO', message: 'currency BDT: balances sum to 50, not 0' });
    expect(report.violations).toContainEqual({
      check: 'BALANCE_NOT_SUM_OF_ENTRIES',
      message: `account ${alice.id}: balance 820 but its entries sum to 770`,
    });
  });

  it('catches a member wallet below zero (with the table’s own guard removed)', async () => {
    const { bob } = await activity(db);
    await sql`alter table ledger_account drop constraint ledger_account_not_negative`.execute(db);
    const usd = await memberWallet(db, await createMember(db), 'USD');
    const usdHouse = await ensureAccount(db, { kind: 'HOUSE', currency: 'USD' });
    // Balanced by hand so only the negative balance (and the missing entries) show.
    await sql`update ledger_account set balance = -5 where id = ${usd.id}`.execute(db);
    await sql`update ledger_account set balance = 5 where id = ${usdHouse.id}`.execute(db);
    const report = await auditLedger(db);
    expect(report.violations.filter((v) => v.check === 'NEGATIVE_BALANCE')).toEqual([
      { check: 'NEGATIVE_BALANCE', message: `account ${usd.id} (MEMBER_WALLET, member ${usd.memberId}) has balance -5` },
    ]);
    expect(report.violations.some((v) => v.message.includes(`account ${bob.id}`))).toBe(false);
  });

  it('catches an edited entry: broken transfer, broken chain, balance off its entries', async () => {
    await activity(db);
    await sql`alter table ledger_entry disable trigger ledger_entry_immutable`.execute(db);
    const { rows } = await sql<{ id: bigint; transfer_id: bigint }>`
      select id, transfer_id from ledger_entry where amount > 0 order by id limit 1`.execute(db);
    await sql`update ledger_entry set amount = amount + 1 where id = ${rows[0]!.id}`.execute(db);
    const report = await auditLedger(db);
    expect(sorted([...new Set(report.violations.map((v) => v.check))])).toEqual(
      sorted(['TRANSFER_ENTRIES', 'ENTRY_CHAIN_BROKEN', 'BALANCE_NOT_SUM_OF_ENTRIES']),
    );
    expect(report.violations).toContainEqual({
      check: 'TRANSFER_ENTRIES',
      message: `transfer ${rows[0]!.transfer_id}: 2 entries summing to 1, credit entry missing or wrong`,
    });
  });

  it('catches a transfer that lost an entry', async () => {
    await activity(db);
    await sql`alter table ledger_entry disable trigger ledger_entry_immutable`.execute(db);
    const { rows } = await sql<{
      id: bigint;
      transfer_id: bigint;
    }>`select id, transfer_id from ledger_entry order by id desc limit 1`.execute(db);
    await sql`delete from ledger_entry where id = ${rows[0]!.id}`.execute(db);
    expect((await auditLedger(db)).violations).toContainEqual(
      expect.objectContaining({
        check: 'TRANSFER_ENTRIES',
        message: expect.stringContaining(`transfer ${rows[0]!.transfer_id}: 1 entries`),
      }),
    );
  });

  it('catches a second effect under one idempotency key, and a transfer in the wrong currency', async () => {
    const { alice, casino } = await activity(db);
    // A perfectly balanced transfer written straight into the tables, reusing a key that already has its effect.
    const { rows: keyRows } = await sql<{ scope: string; key: string }>`
      select idempotency_scope as scope, idempotency_key as key from ledger_transfer where kind = 'BET' limit 1`.execute(db);
    const { scope, key } = keyRows[0]!;
    const { rows } = await sql<{ id: bigint }>`
      insert into ledger_transfer (kind, debit_account_id, credit_account_id, amount, currency, idempotency_scope, idempotency_key, leg)
      values ('BET', ${alice.id}, ${casino.id}, 10, 'USD', ${scope}, ${key}, 1) returning id`.execute(db);
    const id = rows[0]!.id;
    await sql`update ledger_account set balance = balance - 10 where id = ${alice.id}`.execute(db);
    await sql`update ledger_account set balance = balance + 10 where id = ${casino.id}`.execute(db);
    await sql`insert into ledger_entry (transfer_id, account_id, amount, balance_after)
              select ${id}, id, case when id = ${alice.id} then -10 else 10 end, balance from ledger_account
              where id in (${alice.id}, ${casino.id})`.execute(db);
    const report = await auditLedger(db);
    expect(sorted([...new Set(report.violations.map((v) => v.check))])).toEqual(sorted(['IDEMPOTENCY', 'CURRENCY_MISMATCH']));
    expect(report.violations).toContainEqual({
      check: 'IDEMPOTENCY',
      message: `key ${scope}/${key}: record lists 1 transfers, 2 carry the key, 1 match`,
    });
    expect(report.violations).toContainEqual({
      check: 'CURRENCY_MISMATCH',
      message: `transfer ${id} in USD moves between accounts in BDT and BDT`,
    });
  });
});

describe('npm run ledger:audit', () => {
  if (testDbKind === 'postgres') {
    it('reports a clean PostgreSQL database with exit 0, and one corrupted behind the ledger’s back with every violation and exit 1', async () => {
      const database = await createTestDatabase();
      try {
        const { alice, bob } = await activity(database.db);
        const env = { DATABASE_URL: urlFor(database.name) };
        const clean = await runCli(env);
        expect(clean.stdout).toContain('accounts: 4, transfers: 5, entries: 10, idempotency records: 5');
        expect(clean.stdout).toContain('currency BDT: 4 accounts, balances sum to 0');
        expect(clean.stdout).toContain('ledger audit: OK, no violations');
        expect(clean.code).toBe(0);

        // An operator "fixing" a balance with SQL, and someone editing history with the guard switched off.
        await sql`update ledger_account set balance = balance + 100 where id = ${alice.id}`.execute(database.db);
        await sql`alter table ledger_entry disable trigger ledger_entry_immutable`.execute(database.db);
        await sql`update ledger_entry set amount = amount - 7 where account_id = ${bob.id} and amount > 0`.execute(database.db);
        const broken = await runCli(env);
        expect(broken.code).toBe(1);
        expect(broken.stdout).toContain('VIOLATION SUM_NOT_ZERO: currency BDT: balances sum to 100, not 0');
        expect(broken.stdout).toContain(
          `VIOLATION BALANCE_NOT_SUM_OF_ENTRIES: account ${alice.id}: balance 870 but its entries sum to 770`,
        );
        expect(broken.stdout).toContain(`VIOLATION BALANCE_NOT_SUM_OF_ENTRIES: account ${bob.id}: balance 550 but its entries sum to 536`);
        expect(broken.stdout).toMatch(/VIOLATION TRANSFER_ENTRIES: transfer \d+: 2 entries summing to -7, credit entry missing or wrong/);
        expect(broken.stdout).toMatch(/VIOLATION ENTRY_CHAIN_BROKEN: entry \d+ \(account \d+\)/);
        const listed = broken.stdout.split('\n').filter((l) => l.startsWith('VIOLATION ')).length;
        expect(broken.stdout).toContain(`ledger audit: FAILED, ${listed} violation(s)`);
        expect(listed).toBe((await auditLedger(database.db)).violations.length);
      } finally {
        await database.close();
      }
    }, 60_000);
  } else {
    it('audits the embedded database in DATA_DIR (warning that the server must be stopped): exit 0 clean, exit 1 corrupted', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-ledger-audit-'));
      try {
        const handle = await openPGlite({ dataDir });
        await migrateToLatest(handle.db);
        // No members in an unseeded database: operator accounts only.
        const bank = await clearing(handle.db);
        const bonus = await ensureAccount(handle.db, { kind: 'BONUS', currency: 'BDT' });
        const casino = await house(handle.db);
        await postTransfers(handle.db, {
          scope: 's',
          idempotencyKey: 'a',
          legs: [{ from: bank.id, to: casino.id, amount: 900n, kind: 'ADJUSTMENT' }],
        });
        await postTransfers(handle.db, {
          scope: 's',
          idempotencyKey: 'b',
          legs: [{ from: casino.id, to: bonus.id, amount: 40n, kind: 'ADJUSTMENT' }],
        });
        await handle.close();

        const env = { DATABASE_URL: '', DATA_DIR: dataDir };
        const clean = await runCli(env);
        expect(clean.stderr).toContain('the server must be stopped');
        expect(clean.stdout).toContain('accounts: 3, transfers: 2, entries: 4, idempotency records: 2');
        expect(clean.stdout).toContain('ledger audit: OK, no violations');
        expect(clean.code).toBe(0);

        const again = await openPGlite({ dataDir });
        await sql`update ledger_account set balance = balance - 1 where id = ${bonus.id}`.execute(again.db);
        await again.close();
        const broken = await runCli(env);
        expect(broken.stdout).toContain('VIOLATION SUM_NOT_ZERO: currency BDT: balances sum to -1, not 0');
        expect(broken.stdout).toContain(`VIOLATION BALANCE_NOT_SUM_OF_ENTRIES: account ${bonus.id}: balance 39 but its entries sum to 40`);
        expect(broken.stdout).toContain(
          `VIOLATION LAST_BALANCE_AFTER_MISMATCH: account ${bonus.id}: balance 39 but its last entry says 40`,
        );
        expect(broken.stdout).toContain('ledger audit: FAILED, 3 violation(s)');
        expect(broken.code).toBe(1);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  }

  it('says so and exits 2 when there is no database to audit', async () => {
    const missing = path.join(os.tmpdir(), `playfront-no-such-dir-${randomUUID()}`);
    const result = await runCli({ DATABASE_URL: '', DATA_DIR: missing });
    expect(result.stderr).toContain(`ledger audit could not run: no embedded database at ${path.join(missing, 'pglite')}`);
    expect(result.code).toBe(2);
    expect(fs.existsSync(missing)).toBe(false);
  }, 30_000);
});
