import type { Db } from '../../db/database.ts';
import { perDatabase, TtlCache } from '../../infra/ttl-cache.ts';
import { type AccountSpec, ensureAccount, type LedgerAccount } from './ledger.service.ts';

/**
 * Ledger account ids by identity, kept in process: an account's id never changes, so money calls need not read it
 * each time (issue 20 item 4). Only the id (and kind, member, vendor, currency) of a cached account may be used:
 * its `balance` is the one it had when first read. One cache per database handle; inside a transaction (another
 * handle) it simply reads.
 */
const accounts = perDatabase(() => new TtlCache<LedgerAccount>(Number.POSITIVE_INFINITY, 50_000));

export function accountOf(db: Db, spec: AccountSpec): Promise<LedgerAccount> {
  const key = `${spec.kind}/${spec.memberId ?? ''}/${spec.vendorCode ?? ''}/${spec.currency}`;
  return accounts(db).get(key, () => ensureAccount(db, spec));
}
