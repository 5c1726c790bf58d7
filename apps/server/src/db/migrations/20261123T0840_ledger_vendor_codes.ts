import { type Kysely, sql } from 'kysely';

/**
 * Vendor codes may hold a hyphen (`JDB-FISH`, `PP-LIVE`: the catalogue's rule is
 * `^[A-Z0-9][A-Z0-9_-]{0,31}$`), but the ledger's account check allowed only
 * letters, digits and `_`, so a house or vendor wallet account of such a vendor
 * could not be created and its games could not be played for money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_vendor_code_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_vendor_code_check
    check (vendor_code is null or vendor_code ~ '^[A-Za-z0-9_-]{1,64}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_vendor_code_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_vendor_code_check
    check (vendor_code is null or vendor_code ~ '^[A-Za-z0-9_]{1,64}$')`.execute(db);
}
