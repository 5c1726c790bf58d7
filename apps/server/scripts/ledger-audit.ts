/**
 * `npm run ledger:audit`: checks the wallet ledger's invariants and prints
 * every violation. Audits DATABASE_URL when set, else the embedded database in
 * DATA_DIR (default ./data).
 *
 * Exit codes: 0 clean, 1 violations found, 2 the audit could not run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openPGlite, openPostgres } from '../src/db/database.ts';
import { auditLedger } from '../src/features/ledger/ledger.audit.ts';

async function open(): Promise<{ handle: DatabaseHandle; where: string }> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    url.password = url.password ? '***' : '';
    return { handle: openPostgres(config.databaseUrl, 2), where: `PostgreSQL ${url.toString()}` };
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(dir)) throw new Error(`no embedded database at ${dir} (set DATABASE_URL or DATA_DIR)`);
  // PGlite is single-process: a second process opening the same data directory can corrupt it.
  console.warn(`warning: auditing the embedded database at ${config.dataDir}; the server must be stopped while this runs.`);
  return { handle: await openPGlite({ dataDir: config.dataDir }), where: `embedded database ${config.dataDir}` };
}

async function main(): Promise<number> {
  const { handle, where } = await open();
  try {
    const report = await auditLedger(handle.db);
    const { counts } = report;
    console.log(`ledger audit of ${where}`);
    console.log(
      `accounts: ${counts.accounts}, transfers: ${counts.transfers}, entries: ${counts.entries}, idempotency records: ${counts.idempotencyRecords}`,
    );
    for (const c of report.currencies) console.log(`currency ${c.currency}: ${c.accounts} accounts, balances sum to ${c.sum}`);
    for (const v of report.violations) console.log(`VIOLATION ${v.check}: ${v.message}`);
    if (report.truncated) console.log('(some checks found more problems than listed)');
    console.log(report.ok ? 'ledger audit: OK, no violations' : `ledger audit: FAILED, ${report.violations.length} violation(s)`);
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger audit could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
