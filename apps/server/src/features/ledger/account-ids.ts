import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import { type AccountSpec, ensureAccount, type LedgerAccount } from './ledger.service.ts';

/**
 * Ledger account ids by identity, kept in process: an account's id never changes, so money calls need not read it
 * each time (issue 20 item 4). Only the id (and kind, member, vendor, currency) of a cached account may be used:
 * its `balance` is the one it had when first read. One cache per database handle, so two databases in one process
 * (tests) never share ids; inside a transaction (another handle) it simply reads.
 */
const caches = new WeakMap<Db, LRUCache<string, Promise<LedgerAccount>>>();

export function accountOf(db: Db, spec: AccountSpec): Promise<LedgerAccount> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 50_000 });
    caches.set(db, cache);
  }
  const key = `${spec.kind}/${spec.memberId ?? ''}/${spec.vendorCode ?? ''}/${spec.currency}`;
  let account = cache.get(key);
  if (!account) {
    account = ensureAccount(db, spec);
    // A failed read is not remembered.
    account.catch(() => cache.delete(key));
    cache.set(key, account);
  }
  return account;
}
