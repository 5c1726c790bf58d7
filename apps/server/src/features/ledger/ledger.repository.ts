import type { Db } from '../../db/database.ts';
import type { LedgerAccountKind } from './ledger.table.ts';

/** Row-level queries on the ledger tables. Plain functions, `db` first, so a transaction is just another `db`. */

export type AccountIdentity = {
  kind: LedgerAccountKind;
  memberId: number | null;
  vendorCode: string | null;
  currency: string;
};

const ACCOUNT_COLUMNS = ['id', 'kind', 'member_id', 'vendor_code', 'currency', 'balance', 'allow_negative', 'created_at'] as const;

export function selectAccountByIdentity(db: Db, identity: AccountIdentity) {
  return db
    .selectFrom('ledger_account')
    .select(ACCOUNT_COLUMNS)
    .where('kind', '=', identity.kind)
    .where('member_id', 'is not distinct from', identity.memberId)
    .where('vendor_code', 'is not distinct from', identity.vendorCode)
    .where('currency', '=', identity.currency)
    .executeTakeFirst();
}

export function selectAccountById(db: Db, id: bigint) {
  return db.selectFrom('ledger_account').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Inserts the account unless one with the same identity exists; returns the new row, or undefined if it existed. */
export function insertAccountIfAbsent(db: Db, identity: AccountIdentity, allowNegative: boolean) {
  return db
    .insertInto('ledger_account')
    .values({
      kind: identity.kind,
      member_id: identity.memberId,
      vendor_code: identity.vendorCode,
      currency: identity.currency,
      allow_negative: allowNegative,
    })
    .onConflict((oc) => oc.columns(['kind', 'member_id', 'vendor_code', 'currency']).doNothing())
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirst();
}

export function selectIdempotencyRecord(db: Db, scope: string, key: string) {
  return db
    .selectFrom('idempotency_record')
    .select(['id', 'request_hash', 'response', 'transfer_ids'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

export type EntryWindow = { from?: Date | undefined; to?: Date | undefined };

function entriesQuery(db: Db, accountId: bigint, window: EntryWindow) {
  let query = db
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_transfer as t', 't.id', 'e.transfer_id')
    .where('e.account_id', '=', accountId);
  if (window.from) query = query.where('e.created_at', '>=', window.from);
  if (window.to) query = query.where('e.created_at', '<', window.to);
  return query;
}

export function selectEntries(db: Db, accountId: bigint, window: EntryWindow, limit: number, offset: number) {
  return entriesQuery(db, accountId, window)
    .select((eb) => [
      'e.id',
      'e.transfer_id',
      'e.amount',
      'e.balance_after',
      'e.created_at',
      't.kind',
      't.reference',
      eb
        .case()
        .when('t.debit_account_id', '=', accountId)
        .then(eb.ref('t.credit_account_id'))
        .else(eb.ref('t.debit_account_id'))
        .end()
        .as('counterparty_account_id'),
    ])
    .orderBy('e.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countEntries(db: Db, accountId: bigint, window: EntryWindow): Promise<number> {
  const row = await entriesQuery(db, accountId, window)
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
