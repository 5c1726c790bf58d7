// Data the PostgreSQL benches start from: the demo brand and catalogue, and members with money.
import type { Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ensureAccount, postTransfers } from '../apps/server/src/features/ledger/ledger.service.ts';
import { seedDemoBrand } from '../apps/server/src/seed/demo-brand.ts';
import { seedDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.ts';

/** Migrates an empty database and seeds the demo brand and catalogue (vendors of both wallet modes); returns the brand id. */
export async function prepareBenchDatabase(db: Db): Promise<number> {
  await migrateToLatest(db);
  const brandId = await seedDemoBrand(db);
  await seedDemoCatalogue(db, brandId);
  return brandId;
}

/** A member whose main wallet holds `balance` minor units (an opening balance from system equity). */
export async function fundedMember(db: Db, brandId: number, username: string, balance: bigint): Promise<{ id: number; walletId: bigint }> {
  const { id } = await db.insertInto('member').values({ brand_id: brandId, username }).returning('id').executeTakeFirstOrThrow();
  const equity = await ensureAccount(db, { kind: 'SYSTEM_EQUITY', currency: 'BDT' });
  const wallet = await ensureAccount(db, { kind: 'MEMBER_WALLET', memberId: id, currency: 'BDT' });
  await postTransfers(db, {
    scope: 'bench-opening',
    idempotencyKey: String(id),
    legs: [{ from: equity.id, to: wallet.id, amount: balance, kind: 'OPENING_BALANCE' }],
  });
  return { id, walletId: wallet.id };
}
