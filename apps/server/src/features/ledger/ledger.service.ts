import { createHash } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@playfront/contract/money';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type AccountIdentity,
  countEntries,
  type EntryWindow,
  insertAccountIfAbsent,
  selectAccountById,
  selectAccountByIdentity,
  selectEntries,
  selectIdempotencyRecord,
} from './ledger.repository.ts';
import type { JsonObject, JsonValue, LedgerAccountKind, LedgerAccountRow, LedgerTransferKind } from './ledger.table.ts';

/**
 * The money core (decision 005). Every movement of money is a posting: one or
 * more transfer legs applied together, exactly once per (scope, idempotency key).
 * Balances are cached on `ledger_account`; `ledger_entry` is their history.
 */

/** A caller used the ledger wrongly (unknown account, bad amount…): a bug, reported as a 500. */
export class LedgerUsageError extends Error {
  override name = 'LedgerUsageError';
}

// ---------------------------------------------------------------- accounts

type AccountPolicy = { owner: 'member' | 'operator'; vendor: 'required' | 'optional' | 'none'; allowNegative: boolean };

/** Who owns each kind of account and whether it may go below zero. Mirrors the CHECKs of the migration. */
export const ACCOUNT_POLICY: Record<LedgerAccountKind, AccountPolicy> = {
  MEMBER_WALLET: { owner: 'member', vendor: 'none', allowNegative: false },
  VENDOR_WALLET: { owner: 'member', vendor: 'required', allowNegative: false },
  WITHDRAWAL_HOLD: { owner: 'member', vendor: 'none', allowNegative: false },
  HOUSE: { owner: 'operator', vendor: 'optional', allowNegative: true },
  PAYMENT_CLEARING: { owner: 'operator', vendor: 'optional', allowNegative: true },
  BONUS: { owner: 'operator', vendor: 'none', allowNegative: true },
  SYSTEM_EQUITY: { owner: 'operator', vendor: 'none', allowNegative: true },
};

export type AccountSpec = {
  kind: LedgerAccountKind;
  currency: string;
  memberId?: number | null;
  /** Game vendor code (VENDOR_WALLET, HOUSE) or payment gateway code (PAYMENT_CLEARING). */
  vendorCode?: string | null;
};

export type LedgerAccount = {
  id: bigint;
  kind: LedgerAccountKind;
  memberId: number | null;
  vendorCode: string | null;
  currency: string;
  balance: bigint;
  allowNegative: boolean;
};

function toAccount(row: LedgerAccountRow): LedgerAccount {
  return {
    id: row.id,
    kind: row.kind,
    memberId: row.member_id,
    vendorCode: row.vendor_code,
    currency: row.currency,
    balance: row.balance,
    allowNegative: row.allow_negative,
  };
}

function toIdentity(spec: AccountSpec): AccountIdentity {
  const policy = ACCOUNT_POLICY[spec.kind];
  if (!policy) throw new LedgerUsageError(`unknown account kind ${String(spec.kind)}`);
  const memberId = spec.memberId ?? null;
  const vendorCode = spec.vendorCode ?? null;
  if (!/^[A-Z]{3}$/.test(spec.currency)) throw new LedgerUsageError(`currency must be three capital letters, got ${spec.currency}`);
  if ((policy.owner === 'member') !== (memberId !== null)) {
    throw new LedgerUsageError(`${spec.kind} ${policy.owner === 'member' ? 'needs' : 'must not have'} a memberId`);
  }
  if (policy.vendor === 'required' && vendorCode === null) throw new LedgerUsageError(`${spec.kind} needs a vendorCode`);
  if (policy.vendor === 'none' && vendorCode !== null) throw new LedgerUsageError(`${spec.kind} must not have a vendorCode`);
  return { kind: spec.kind, memberId, vendorCode, currency: spec.currency };
}

/**
 * Gets the account with this identity, creating it on first use. Race-safe: a
 * concurrent creator makes our insert do nothing, and the re-select finds theirs.
 */
export async function ensureAccount(db: Db, spec: AccountSpec): Promise<LedgerAccount> {
  const identity = toIdentity(spec);
  const existing = await selectAccountByIdentity(db, identity);
  if (existing) return toAccount(existing);
  const created = await insertAccountIfAbsent(db, identity, ACCOUNT_POLICY[identity.kind].allowNegative);
  if (created) return toAccount(created);
  const raced = await selectAccountByIdentity(db, identity);
  if (!raced) throw new Error(`ledger account ${identity.kind}/${identity.currency} vanished after a conflicting insert`);
  return toAccount(raced);
}

/** The account with this identity, without creating it. */
export async function findAccount(db: Db, spec: AccountSpec): Promise<LedgerAccount | undefined> {
  const row = await selectAccountByIdentity(db, toIdentity(spec));
  return row ? toAccount(row) : undefined;
}

export async function getBalance(db: Db, accountId: bigint): Promise<bigint> {
  const row = await selectAccountById(db, accountId);
  if (!row) throw new LedgerUsageError(`ledger account ${accountId} does not exist`);
  return row.balance;
}

export type LedgerEntryView = {
  id: bigint;
  transferId: bigint;
  kind: LedgerTransferKind;
  /** Signed: negative when money left this account. */
  amount: bigint;
  balanceAfter: bigint;
  counterpartyAccountId: bigint;
  reference: JsonObject;
  createdAt: Date;
};

export const MAX_ENTRY_PAGE = 500;

/** An account's entries, newest first; `from` is inclusive, `to` exclusive. */
export async function listEntries(
  db: Db,
  accountId: bigint,
  options: EntryWindow & { limit?: number; offset?: number } = {},
): Promise<{ entries: LedgerEntryView[]; total: number }> {
  const limit = options.limit ?? 50;
  const offset = options.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ENTRY_PAGE) throw new LedgerUsageError(`limit must be 1..${MAX_ENTRY_PAGE}`);
  if (!Number.isInteger(offset) || offset < 0) throw new LedgerUsageError('offset must be a non-negative integer');
  const window = { from: options.from, to: options.to };
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const rows = await selectEntries(db, accountId, window, limit, offset);
  const total = await countEntries(db, accountId, window);
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      transferId: r.transfer_id,
      kind: r.kind,
      amount: r.amount,
      balanceAfter: r.balance_after,
      counterpartyAccountId: r.counterparty_account_id,
      reference: r.reference,
      createdAt: r.created_at,
    })),
  };
}

// ---------------------------------------------------------------- postings

export type TransferLeg = {
  /** Debited account id. */
  from: bigint;
  /** Credited account id. */
  to: bigint;
  /** Minor units, > 0. */
  amount: bigint;
  kind: LedgerTransferKind;
  reference?: JsonObject;
};

export type PostTransfersRequest = {
  /** Namespace of the key: e.g. 'provider:PG' or 'member-transfer'. Keys of different scopes never collide. */
  scope: string;
  idempotencyKey: string;
  /**
   * Fingerprint of the caller's request (e.g. of a provider's raw call). A repeat
   * with the same key must carry the same one. Default: a SHA-256 of the legs.
   */
  requestHash?: string;
  legs: TransferLeg[];
  /**
   * Whether a refusal (INSUFFICIENT_FUNDS) is remembered as this key's answer.
   * false (default): nothing is kept, so a retry after a deposit can succeed.
   * true: the refusal is stored and every repeat gets the same refusal (provider wallet calls).
   */
  rememberRefusal?: boolean;
};

export type PostedTransfer = {
  id: bigint;
  kind: LedgerTransferKind;
  from: bigint;
  to: bigint;
  amount: bigint;
  currency: string;
  fromBalanceAfter: bigint;
  toBalanceAfter: bigint;
  /** ISO timestamp, as stored, so a replay is identical to the first answer. */
  createdAt: string;
};

export type PostingResult = {
  /** Id of the idempotency record: the same for the first call and every repeat. */
  postingId: bigint;
  transfers: PostedTransfer[];
  /** True when this answer is the stored answer of an earlier call. */
  replayed: boolean;
};

/** What `idempotency_record.response` holds (bigints as decimal strings). */
type StoredTransfer = { [K in keyof PostedTransfer]: PostedTransfer[K] extends bigint ? string : PostedTransfer[K] };
type StoredAnswer =
  | { outcome: 'PENDING' }
  | { outcome: 'APPLIED'; transfers: StoredTransfer[] }
  | { outcome: 'REFUSED'; code: 'INSUFFICIENT_FUNDS'; value: InsufficientFundsValue };

export type InsufficientFundsValue = { accountId: string; balance: string };

type Outcome =
  | { kind: 'answer'; postingId: bigint; answer: StoredAnswer; replayed: boolean }
  /** A refusal that was remembered (committed as this key's answer). */
  | { kind: 'refusal'; value: InsufficientFundsValue };

export const MAX_LEGS = 16;
/** The contract's one bound for amounts: far above any real amount, far below int8 overflow when summed. */
const MAX_AMOUNT = MAX_AMOUNT_MINOR;

function checkRequest(request: PostTransfersRequest) {
  const { scope, idempotencyKey, legs } = request;
  if (typeof scope !== 'string' || scope.length < 1 || scope.length > 64) throw new LedgerUsageError('scope must be 1..64 characters');
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length < 1 || idempotencyKey.length > 200) {
    throw new LedgerUsageError('idempotencyKey must be 1..200 characters');
  }
  if (!Array.isArray(legs) || legs.length < 1 || legs.length > MAX_LEGS) throw new LedgerUsageError(`a posting has 1..${MAX_LEGS} legs`);
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount <= 0n || leg.amount > MAX_AMOUNT) {
      throw new LedgerUsageError(`amount must be a positive bigint, got ${String(leg.amount)}`);
    }
    if (typeof leg.from !== 'bigint' || typeof leg.to !== 'bigint') throw new LedgerUsageError('from and to are account ids (bigint)');
    if (leg.from === leg.to) throw new LedgerUsageError('a transfer needs two different accounts');
  }
}

/** JSON with sorted keys, so equal requests always hash equally. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // Keys holding undefined are dropped, as JSON.stringify (and so the stored reference) drops them.
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function hashLegs(legs: TransferLeg[]): string {
  const canonical = canonicalJson(
    legs.map((l) => ({ from: String(l.from), to: String(l.to), amount: String(l.amount), kind: l.kind, reference: l.reference ?? {} })),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Applies all legs in one transaction, once per (scope, idempotencyKey).
 *
 * - A repeat with the same request gets the first answer (`replayed: true`), with no second effect.
 * - A repeat with a different request is refused: IDEMPOTENCY_CONFLICT.
 * - A debit that would take a guarded account below zero refuses the whole posting:
 *   INSUFFICIENT_FUNDS, nothing applied (remembered only with `rememberRefusal`).
 * - Given a transaction (`db.isTransaction`), it joins it inside a savepoint, so a
 *   failure undoes only the posting's own work; the caller then owns retries.
 */
export async function postTransfers(db: Db, request: PostTransfersRequest): Promise<PostingResult> {
  checkRequest(request);
  const requestHash = request.requestHash ?? hashLegs(request.legs);
  if (db.isTransaction) {
    return settle(await inSavepoint(db as Transaction<Database>, 'ledger_posting', (trx) => applyPosting(trx, request, requestHash)));
  }
  // Cheap path for repeats: no transaction, no lock.
  const existing = await selectIdempotencyRecord(db, request.scope, request.idempotencyKey);
  if (existing) return settle(replay(existing, requestHash));
  return settle(await withTransactionRetry(() => db.transaction().execute((trx) => applyPosting(trx, request, requestHash))));
}

/**
 * Turns an outcome into the caller's answer. Objects are rebuilt field by field
 * because jsonb does not keep key order: a first answer and its replay must be
 * identical down to their serialisation.
 */
function settle(outcome: Outcome): PostingResult {
  const refused = (value: InsufficientFundsValue) =>
    new AppError('INSUFFICIENT_FUNDS', { value: { accountId: value.accountId, balance: value.balance } satisfies InsufficientFundsValue });
  if (outcome.kind === 'refusal') throw refused(outcome.value);
  const { answer } = outcome;
  if (answer.outcome === 'REFUSED') throw refused(answer.value);
  if (answer.outcome !== 'APPLIED') throw new Error(`idempotency record ${outcome.postingId} holds no answer`);
  return {
    postingId: outcome.postingId,
    transfers: answer.transfers.map((t) => ({
      id: BigInt(t.id),
      kind: t.kind,
      from: BigInt(t.from),
      to: BigInt(t.to),
      amount: BigInt(t.amount),
      currency: t.currency,
      fromBalanceAfter: BigInt(t.fromBalanceAfter),
      toBalanceAfter: BigInt(t.toBalanceAfter),
      createdAt: t.createdAt,
    })),
    replayed: outcome.replayed,
  };
}

function replay(record: { id: bigint; request_hash: string; response: JsonValue }, requestHash: string): Outcome {
  if (record.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { kind: 'answer', postingId: record.id, answer: record.response as StoredAnswer, replayed: true };
}

/** Signals a refusal out of the legs so the caller can undo them and decide what to keep. */
class Refusal extends Error {
  constructor(readonly value: InsufficientFundsValue) {
    super('insufficient funds');
  }
}

type LegResult = { currency: string; fromBalanceAfter: bigint; toBalanceAfter: bigint };

async function applyPosting(trx: Transaction<Database>, request: PostTransfersRequest, requestHash: string): Promise<Outcome> {
  const { scope, idempotencyKey: key, legs } = request;
  // The idempotency row comes first: a concurrent twin blocks here on the unique
  // index until we finish, then sees our committed row (ON CONFLICT DO NOTHING
  // means it gets no unique-violation error, just no row).
  const claimed = await trx
    .insertInto('idempotency_record')
    .values({ scope, key, request_hash: requestHash, response: JSON.stringify({ outcome: 'PENDING' } satisfies StoredAnswer) })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const existing = await selectIdempotencyRecord(trx, scope, key);
    if (!existing) throw new Error(`idempotency record ${scope}/${key} conflicted but cannot be read`);
    return replay(existing, requestHash);
  }

  let results: LegResult[];
  try {
    results = request.rememberRefusal ? await inSavepoint(trx, 'ledger_legs', (t) => applyLegs(t, legs)) : await applyLegs(trx, legs);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // Not remembered: throwing rolls back everything, the idempotency row included.
    if (!request.rememberRefusal) throw new AppError('INSUFFICIENT_FUNDS', { value: error.value });
    // The legs were undone by the savepoint; keep the refusal as this key's answer.
    const answer: StoredAnswer = { outcome: 'REFUSED', code: 'INSUFFICIENT_FUNDS', value: error.value };
    await trx
      .updateTable('idempotency_record')
      .set({ response: JSON.stringify(answer) })
      .where('id', '=', claimed.id)
      .execute();
    return { kind: 'refusal', value: error.value };
  }

  const transfers = await trx
    .insertInto('ledger_transfer')
    .values(
      legs.map((leg, i) => ({
        kind: leg.kind,
        debit_account_id: leg.from,
        credit_account_id: leg.to,
        amount: leg.amount,
        currency: results[i]!.currency,
        idempotency_scope: scope,
        idempotency_key: key,
        leg: i,
        reference: JSON.stringify(leg.reference ?? {}),
      })),
    )
    .returning(['id', 'leg', 'created_at'])
    .execute();
  transfers.sort((a, b) => a.leg - b.leg);

  await trx
    .insertInto('ledger_entry')
    .values(
      legs.flatMap((leg, i) => [
        { transfer_id: transfers[i]!.id, account_id: leg.from, amount: -leg.amount, balance_after: results[i]!.fromBalanceAfter },
        { transfer_id: transfers[i]!.id, account_id: leg.to, amount: leg.amount, balance_after: results[i]!.toBalanceAfter },
      ]),
    )
    .execute();

  const answer: StoredAnswer = {
    outcome: 'APPLIED',
    transfers: legs.map((leg, i) => ({
      id: String(transfers[i]!.id),
      kind: leg.kind,
      from: String(leg.from),
      to: String(leg.to),
      amount: String(leg.amount),
      currency: results[i]!.currency,
      fromBalanceAfter: String(results[i]!.fromBalanceAfter),
      toBalanceAfter: String(results[i]!.toBalanceAfter),
      createdAt: new Date(transfers[i]!.created_at).toISOString(),
    })),
  };
  await trx
    .updateTable('idempotency_record')
    .set({ response: JSON.stringify(answer), transfer_ids: transfers.map((t) => t.id) })
    .where('id', '=', claimed.id)
    .execute();
  // The answer the caller gets is exactly the one a repeat will read back.
  return { kind: 'answer', postingId: claimed.id, answer: JSON.parse(JSON.stringify(answer)) as StoredAnswer, replayed: false };
}

function applyLegs(trx: Transaction<Database>, legs: TransferLeg[]): Promise<LegResult[]> {
  return legs.length === 1 ? applySingleLeg(trx, legs[0]!).then((r) => [r]) : applyManyLegs(trx, legs);
}

/**
 * One leg: each side is one UPDATE; the debit is conditional, so two concurrent
 * debits can never both pass a stale balance check. The two row locks are
 * taken in account-id order, so A→B and B→A cannot deadlock.
 */
async function applySingleLeg(trx: Transaction<Database>, leg: TransferLeg): Promise<LegResult> {
  const debit = () =>
    trx
      .updateTable('ledger_account')
      .set((eb) => ({ balance: eb('balance', '-', leg.amount) }))
      .where('id', '=', leg.from)
      .where((eb) => eb.or([eb('allow_negative', '=', true), eb('balance', '>=', leg.amount)]))
      .returning(['balance', 'currency'])
      .executeTakeFirst();
  const credit = () =>
    trx
      .updateTable('ledger_account')
      .set((eb) => ({ balance: eb('balance', '+', leg.amount) }))
      .where('id', '=', leg.to)
      .returning(['balance', 'currency'])
      .executeTakeFirst();

  let debited: Awaited<ReturnType<typeof debit>>;
  let credited: Awaited<ReturnType<typeof credit>>;
  if (leg.from < leg.to) {
    debited = await debit();
    if (!debited) await refuseDebit(trx, leg);
    credited = await credit();
  } else {
    credited = await credit();
    debited = await debit();
    if (!debited) await refuseDebit(trx, leg);
  }
  if (!credited) throw new LedgerUsageError(`ledger account ${leg.to} does not exist`);
  if (!debited) throw new Error('unreachable: refused debit');
  if (debited.currency !== credited.currency) {
    throw new LedgerUsageError(`accounts ${leg.from} (${debited.currency}) and ${leg.to} (${credited.currency}) differ in currency`);
  }
  return { currency: debited.currency, fromBalanceAfter: debited.balance, toBalanceAfter: credited.balance };
}

/** The conditional debit matched no row: either the account is missing (a bug) or its funds are short. */
async function refuseDebit(trx: Transaction<Database>, leg: TransferLeg): Promise<never> {
  const account = await selectAccountById(trx, leg.from);
  if (!account) throw new LedgerUsageError(`ledger account ${leg.from} does not exist`);
  throw new Refusal({ accountId: String(leg.from), balance: String(account.balance) });
}

/**
 * Several legs: lock every account involved in ascending id order
 * (`SELECT … ORDER BY id FOR UPDATE` locks rows in the sorted order), check the
 * whole movement against the locked balances, then write.
 */
async function applyManyLegs(trx: Transaction<Database>, legs: TransferLeg[]): Promise<LegResult[]> {
  const ids = [...new Set(legs.flatMap((l) => [l.from, l.to]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rows = await trx
    .selectFrom('ledger_account')
    .select(['id', 'balance', 'allow_negative', 'currency'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  const accounts = new Map(rows.map((r) => [r.id, r]));
  const running = new Map(rows.map((r) => [r.id, r.balance]));
  for (const id of ids) if (!accounts.has(id)) throw new LedgerUsageError(`ledger account ${id} does not exist`);

  const results: LegResult[] = [];
  for (const leg of legs) {
    const from = accounts.get(leg.from)!;
    const to = accounts.get(leg.to)!;
    if (from.currency !== to.currency) {
      throw new LedgerUsageError(`accounts ${leg.from} (${from.currency}) and ${leg.to} (${to.currency}) differ in currency`);
    }
    const fromAfter = running.get(leg.from)! - leg.amount;
    // Checked leg by leg, so no entry ever records a guarded balance below zero.
    if (fromAfter < 0n && !from.allow_negative) throw new Refusal({ accountId: String(leg.from), balance: String(from.balance) });
    const toAfter = running.get(leg.to)! + leg.amount;
    running.set(leg.from, fromAfter);
    running.set(leg.to, toAfter);
    results.push({ currency: from.currency, fromBalanceAfter: fromAfter, toBalanceAfter: toAfter });
  }

  for (const id of ids) {
    const delta = running.get(id)! - accounts.get(id)!.balance;
    if (delta === 0n) continue;
    const updated = await trx
      .updateTable('ledger_account')
      .set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('id', '=', id)
      .returning('balance')
      .executeTakeFirstOrThrow();
    if (updated.balance !== running.get(id)) throw new Error(`ledger account ${id} moved while locked`);
  }
  return results;
}

/**
 * Runs `fn` inside a savepoint of an open transaction: on any error the
 * transaction is put back as it was before `fn`, and the error goes on.
 */
async function inSavepoint<T>(trx: Transaction<Database>, name: string, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    const value = await fn(trx);
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return value;
  } catch (error) {
    // If the connection itself is gone, this fails too; the original error is the one to report.
    await sql
      .raw(`rollback to savepoint ${name}`)
      .execute(trx)
      .catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------- retries

/** SQLSTATEs after which the whole transaction can safely run again: nothing of it was committed. */
const RETRYABLE_SQLSTATES = { '40001': 'serializationFailure', '40P01': 'deadlock' } as const;
type RetryReason = (typeof RETRYABLE_SQLSTATES)[keyof typeof RETRYABLE_SQLSTATES];

/** Counters for operators (and tests): how often a transaction had to run again, and why. */
export const ledgerMetrics: { retries: Record<RetryReason, number> } = { retries: { serializationFailure: 0, deadlock: 0 } };

export const MAX_TRANSACTION_ATTEMPTS = 5;

function retryReason(error: unknown): RetryReason | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(RETRYABLE_SQLSTATES, code)
    ? RETRYABLE_SQLSTATES[code as keyof typeof RETRYABLE_SQLSTATES]
    : undefined;
}

/**
 * Runs a whole transaction again after a serialization failure or a deadlock
 * (SQLSTATE 40001, 40P01), at most MAX_TRANSACTION_ATTEMPTS times in all.
 * Nothing else is retried: after a lost connection the outcome is unknown, and
 * only the caller, holding the idempotency key, can safely ask again.
 */
export async function withTransactionRetry<T>(run: () => Promise<T>, attempts = MAX_TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const reason = retryReason(error);
      if (!reason || attempt >= attempts) throw error;
      ledgerMetrics.retries[reason]++;
      // Jittered backoff so the transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** attempt)));
    }
  }
}
